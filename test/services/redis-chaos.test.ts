// Runs when TEST_REDIS_URL is set (jest.config.js): two service instances reach
// Redis through a TCP relay that stalls (a silent partition) or cuts (a crash).
// The limits fall back to per-instance memory without making requests wait
// more than once, /readyz stays ready and says where the limits are, and once
// Redis answers again the instances share one budget, without a restart.
import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { KeyService } from '../../src/auth/key.service';
import { serve, type ServedApp } from '../helpers/serve-app';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';
import { tcpRelay, type TcpRelay } from '../helpers/tcp-relay';

const redisUrl = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
const PATH = '/api/lens/followersCount?ids=0x01';
// The cheapest authenticated request (no database work), so its time is the key check's and the limiter's.
const TYPENAME = JSON.stringify({ query: '{ __typename }' });
// Half a second: a stalled command's wait stays well inside the 1 s a request may lose, and a request
// during a cut that answers well under it cannot have waited for a timeout.
const COMMAND_TIMEOUT_MS = 500;

let t: TestDatabase;
let relay: TcpRelay;
const instances: ServedApp[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  relay = tcpRelay({ host: redisUrl.hostname, port: Number(redisUrl.port || 6379) });
  const port = await relay.listen();
  // Failure counts of this address may be left in Redis by an earlier run within the minute.
  const direct = new Redis(redisUrl.toString());
  await direct.del('sga-authfail:127.0.0.1');
  await direct.quit();
  for (let i = 0; i < 2; i++) {
    instances.push(await serve(t.db, {
      // Keys cached as in production: a request's own work is then the rate limit alone.
      KEY_CACHE_SECONDS: 10, REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_COMMAND_TIMEOUT_MS: COMMAND_TIMEOUT_MS, AUTH_FAILURE_LIMIT: 3,
    }));
  }
});
afterAll(async () => {
  for (const i of instances) { i.server.close(); await i.app.close(); }
  await relay.close();
  await t.close();
});

const newKey = (rateLimit: number) => new KeyService(t.db, 600, 0).create({ name: `chaos-${randomUUID()}`, rateLimit });

async function timed(i: number, key: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${instances[i].base}/graphql`, { method: 'POST', headers: { apikey: key, 'content-type': 'application/json' }, body: TYPENAME });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

async function readyz(i: number): Promise<{ status: number; rateLimits: string }> {
  const res = await fetch(`${instances[i].base}/readyz`);
  return { status: res.status, rateLimits: (await res.json()).rateLimits };
}

/** Polls both instances' /readyz until their limits are shared again (a probe runs every second). */
async function untilShared(): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const states = await Promise.all([readyz(0), readyz(1)]);
    if (states.every((s) => s.status === 200 && s.rateLimits === 'shared')) return;
    if (Date.now() > deadline) throw new Error(`limits not shared again: ${JSON.stringify(states)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Spends a fresh 3-request budget alternately on both instances: the 4th is 429 only if they share it. */
async function expectSharedBudget(): Promise<void> {
  const { key } = await newKey(3);
  const statuses = [];
  for (const i of [0, 1, 0, 1]) statuses.push((await timed(i, key)).status);
  expect(statuses).toEqual([200, 200, 200, 429]);
}

describe('rate limits when Redis fails', () => {
  it('when Redis answers, then /readyz shows shared limits and both instances spend one budget', async () => {
    expect(await readyz(0)).toEqual({ status: 200, rateLimits: 'shared' });
    await expectSharedBudget();
  });

  it('when Redis stalls silently, then each request answers within 1 s, from the 5th on at normal speed, and /readyz stays ready; when it heals, then one budget again', async () => {
    const { key } = await newKey(100000);
    expect((await timed(0, key)).status).toBe(200);
    relay.stall();
    try {
      const answers = [];
      for (let n = 0; n < 20; n++) answers.push(await timed(0, key));
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
      for (const a of answers) expect(a.ms).toBeLessThan(1000);
      // "At normal speed": none of them waits on Redis, whose every wait is the 500 ms command timeout. The bound
      // is half of that rather than a fixed 100 ms, so a busy CI machine's pause is not taken for a wait on Redis.
      for (const a of answers.slice(4)) expect(a.ms).toBeLessThan(COMMAND_TIMEOUT_MS / 2);
      // A key not cached yet: the check of this address's failures must not wait on Redis either.
      const fresh = await timed(0, (await newKey(100000)).key);
      expect(fresh.status).toBe(200);
      expect(fresh.ms).toBeLessThan(COMMAND_TIMEOUT_MS * 0.8);
      expect(await readyz(0)).toEqual({ status: 200, rateLimits: 'memory (redis unreachable)' });
    } finally {
      relay.restore();
    }
    await untilShared();
    await expectSharedBudget();
  });

  it('when the Redis connection is cut, then requests answer 200 at once and /readyz stays ready; when it is back, then one budget again', async () => {
    const { key } = await newKey(100000);
    expect((await timed(1, key)).status).toBe(200);
    relay.cut();
    try {
      const answers = [];
      for (let n = 0; n < 10; n++) answers.push(await timed(1, key));
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
      for (const a of answers) expect(a.ms).toBeLessThan(COMMAND_TIMEOUT_MS * 0.8);
      expect(await readyz(1)).toEqual({ status: 200, rateLimits: 'memory (redis unreachable)' });
    } finally {
      relay.restore();
    }
    await untilShared();
    await expectSharedBudget();
  });

  it('when an address presents bad keys to both instances, then the failures count against one budget', async () => {
    const bad = () => fetch(`${instances[0].base}${PATH}`, { headers: { apikey: `sga_${randomUUID()}` } });
    const badOn1 = () => fetch(`${instances[1].base}${PATH}`, { headers: { apikey: `sga_${randomUUID()}` } });
    expect([(await bad()).status, (await badOn1()).status, (await bad()).status]).toEqual([401, 401, 401]);
    const limited = await badOn1();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});
