// The lag rule: a replica's lag is the age of the newest primary WAL sample it
// has replayed; and a replica list needs a primary.
import { loadConfig } from '../../src/config/load-config';
import { parseLsn, PrimaryWalHistory } from '../../src/db/replica-lag';

describe('replica lag from WAL positions', () => {
  it('when a position is written X/Y, then it is read as bytes (high half shifted by 32 bits)', () => {
    expect(parseLsn('0/16B3740')).toBe(0x16b3740n);
    expect(parseLsn('1/0')).toBe(2n ** 32n);
  });

  it('when the replica has replayed the newest sample, then its lag is that sample\'s age; when it is behind, then the age of the newest sample it reached', () => {
    const h = new PrimaryWalHistory(10_000);
    h.note(1000, 100n);
    h.note(1100, 200n);
    h.note(1200, 200n); // an idle primary: the same position, seen later
    h.note(1300, 300n);
    expect(h.lagMs(300n, 1350)).toBe(50);
    expect(h.lagMs(250n, 1350)).toBe(150); // has everything of 1200, not of 1300
    expect(h.lagMs(100n, 1350)).toBe(350);
  });

  it('when the replica is behind every kept sample, then its lag is at least the oldest one\'s age; before any sample it is unknown', () => {
    const h = new PrimaryWalHistory(500);
    expect(h.lagMs(0n, 0)).toBeNull();
    h.note(0, 100n);
    h.note(600, 200n);
    h.note(1000, 300n); // drops the sample of 0 (older than 500 ms)
    expect(h.lagMs(50n, 1100)).toBe(500);
  });

  it('when the replica stopped replaying and the primary then went idle past the kept window, then its lag stays at least that window (it does not look current again)', () => {
    const h = new PrimaryWalHistory(3000);
    h.note(0, 100n); // the replica replays up to 100, then pauses
    h.note(100, 200n); // one write on the primary
    for (let t = 200; t <= 10_000; t += 100) h.note(t, 200n); // idle: the same position seen again and again
    expect(h.lagMs(100n, 10_000)).toBeGreaterThanOrEqual(3000);
    expect(h.lagMs(200n, 10_000)).toBe(0);
  });
});

describe('DATABASE_REPLICA_URLS', () => {
  it('when set without DATABASE_URL, then start-up stops with a clear error', () => {
    expect(() => loadConfig({ DATABASE_REPLICA_URLS: 'postgresql://replica:5432/app' })).toThrow(/DATABASE_REPLICA_URLS: needs DATABASE_URL/);
  });

  it('when set with DATABASE_URL, then it is the list of URLs', () => {
    const c = loadConfig({ DATABASE_URL: 'postgresql://primary/app', DATABASE_REPLICA_URLS: 'postgresql://r1/app, postgres://r2:5433/app' });
    expect(c.DATABASE_REPLICA_URLS).toEqual(['postgresql://r1/app', 'postgres://r2:5433/app']);
    expect(c.DATABASE_REPLICA_MAX_LAG_MS).toBe(5000);
  });
});
