// The health monitor tells a stalled server from a busy one: a ping that gets
// no answer in time takes the database down, unless the pool's own queries were
// answered while it waited (load, not an outage).
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { DbHealthMonitor } from '../../src/db/db-health';

/** A server that accepts connections and never says a word: a silent stall. */
let silent: net.Server;
const sockets = new Set<net.Socket>();
let port: number;

beforeAll(async () => {
  silent = net.createServer((s) => { sockets.add(s); s.on('error', () => undefined); });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  port = (silent.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

const monitor = () => new DbHealthMonitor({ host: '127.0.0.1', port, user: 'x', database: 'x' }, { intervalMs: 50, timeoutMs: 150 });

describe('database health monitor', () => {
  it('when a ping gets no answer and nothing else was answered meanwhile, then the database is down', async () => {
    const m = monitor();
    expect(await m.ping()).toBe(false);
    expect(m.status()).toMatchObject({ state: 'down', lastError: 'no answer from the database within 150 ms' });
  });

  it('when a ping gets no answer in time but the pool\'s queries were answered while it waited, then the database stays up', async () => {
    const m = monitor();
    const answers = setInterval(() => m.noteAnswer(), 20);
    try {
      expect(await m.ping()).toBe(true);
      expect(m.status()).toMatchObject({ state: 'up', lastError: null });
    } finally {
      clearInterval(answers);
    }
  });

  it('when the pool\'s last answer came before the ping was sent, then a ping with no answer still takes the database down', async () => {
    const m = monitor();
    m.noteAnswer();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await m.ping()).toBe(false);
    expect(m.status().state).toBe('down');
  });

  it('when the pool was answered only early in the ping\'s wait (a stall that began just after the ping was sent), then the ping still takes the database down', async () => {
    const m = monitor();
    const early = setTimeout(() => m.noteAnswer(), 20);
    try {
      expect(await m.ping()).toBe(false);
      expect(m.status().state).toBe('down');
    } finally {
      clearTimeout(early);
    }
  });

  it('when a ping was taken for load, then the next ping follows at once rather than after the interval, so a stall that began during it is noticed within 1.5 × the timeout', async () => {
    const m = new DbHealthMonitor({ host: '127.0.0.1', port, user: 'x', database: 'x' }, { intervalMs: 5000, timeoutMs: 150 });
    // The pool is answered for the first 100 ms (past half of the first ping's wait), then nothing: a stall.
    const answers = setInterval(() => m.noteAnswer(), 10);
    const stall = setTimeout(() => clearInterval(answers), 100);
    m.start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(m.isDown).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 800));
      // With the 5 s interval between them, the second ping would not have been sent yet.
      expect(m.isDown).toBe(true);
    } finally {
      clearInterval(answers); clearTimeout(stall);
      await m.stop();
    }
  });

  it('when the database is already down, then answers noted during a failed ping do not bring it back (only a ping that succeeds does)', async () => {
    const m = monitor();
    expect(await m.ping()).toBe(false);
    const answers = setInterval(() => m.noteAnswer(), 20);
    try {
      expect(await m.ping()).toBe(false);
      expect(m.status().state).toBe('down');
    } finally {
      clearInterval(answers);
    }
  });
});
