// Postgres failures as an operator meets them, through a TCP relay between the
// service and the database: a silent stall (nothing answers, nothing closes),
// a hard cut, a query cut mid-flight, a statement stuck on a lock. Every
// request answers within bounded time with the right status, /readyz follows,
// recovery needs no restart, and an abandoned statement stops in Postgres.
import { writeFileSync } from 'node:fs';
import { Client } from 'pg';
import { closeRelayedApp, relayedApp, type RelayedApp } from '../helpers/relayed-app';

/** Measured timings; written to FIGURES_OUT (a JSON file) when set, for docs/performance.md#failure-handling. */
const figures: Record<string, number> = {};
const note = (name: string, ms: number) => { figures[name] = Math.round(ms); };
afterAll(() => { if (process.env.FIGURES_OUT) writeFileSync(process.env.FIGURES_OUT, `${JSON.stringify(figures, null, 2)}\n`); });

async function timed(run: () => Promise<Response>): Promise<{ status: number; ms: number; body: any }> {
  const started = performance.now();
  const res = await run();
  const body = await res.json().catch(() => null);
  return { status: res.status, ms: performance.now() - started, body };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `run` answers `status`; returns how long that took. */
async function timeUntil(status: number, run: () => Promise<Response>, limitMs = 5000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    const res = await run().catch(() => null);
    await res?.arrayBuffer();
    if (res?.status === status) return performance.now() - started;
    await sleep(25);
  }
  return Infinity;
}

describe('Postgres chaos (through a TCP relay)', () => {
  let r: RelayedApp;
  const get = (p: string) => fetch(`${r.base}${p}`, { headers: { apikey: r.key } });
  afterEach(async () => { if (r) await closeRelayedApp(r); });

  it('when Postgres stalls silently, then requests answer 503 within 1 s, /readyz is not ready within 1 s, and 200 again within 1 s of recovery', async () => {
    r = await relayedApp();
    expect((await get('/api/farcaster/user/profile/1')).status).toBe(200);
    r.relay.stall();
    const during = await Promise.all(Array.from({ length: 6 }, (_, i) => timed(() => get(i % 2 ? '/api/farcaster/user/profile/1' : '/api/lens/followersCount?ids=0x01'))));
    note('stall: slowest of 6 concurrent requests (ms)', Math.max(...during.map((d) => d.ms)));
    for (const d of during) {
      expect(d.status).toBe(503);
      expect(d.ms).toBeLessThan(1000);
      expect(d.body).toEqual({ statusCode: 503, message: 'Database unavailable', error: 'Service Unavailable' });
    }
    const ready = await timed(() => fetch(`${r.base}/readyz`));
    note('stall: /readyz answer (ms)', ready.ms);
    expect(ready.status).toBe(503);
    expect(ready.ms).toBeLessThan(1000);
    // Still stalled: new requests fail fast, not after a timeout.
    const later = await timed(() => get('/api/farcaster/user/profile/1'));
    note('stall: a request once the stall is known (ms)', later.ms);
    expect(later.status).toBe(503);
    expect(later.ms).toBeLessThan(1000);
    r.relay.restore();
    const back = await timeUntil(200, () => get('/api/farcaster/user/profile/1'));
    note('stall: first 200 after recovery (ms)', back);
    expect(back).toBeLessThan(1000);
    expect(await timeUntil(200, () => fetch(`${r.base}/readyz`))).toBeLessThan(1000);
  });

  it('when the connection is cut, then 503 within 1 s, /readyz not ready, and 200 within 1 s after it is back', async () => {
    r = await relayedApp();
    expect((await get('/api/lens/followersCount?ids=0x01')).status).toBe(200);
    r.relay.cut();
    const cut = await timed(() => get('/api/lens/followersCount?ids=0x01'));
    note('cut: request (ms)', cut.ms);
    expect(cut.status).toBe(503);
    expect(cut.ms).toBeLessThan(1000);
    expect(await timeUntil(503, () => fetch(`${r.base}/readyz`))).toBeLessThan(1000);
    r.relay.restore();
    const back = await timeUntil(200, () => get('/api/lens/followersCount?ids=0x01'));
    note('cut: first 200 after recovery (ms)', back);
    expect(back).toBeLessThan(1000);
  });

  it('when the database fails behind a cached key, then profile lists answer 503 on REST and SERVICE_UNAVAILABLE on GraphQL, never an empty list', async () => {
    r = await relayedApp({ KEY_CACHE_SECONDS: 300 });
    const ok = await timed(() => get('/api/farcaster/user/profiles?fids=1,2'));
    expect(ok.status).toBe(200);
    expect(ok.body.length).toBeGreaterThan(0);
    r.relay.cut();
    const rest = await timed(() => get('/api/farcaster/user/profiles?fids=1,2'));
    expect(rest.status).toBe(503);
    const gql = await timed(() => fetch(`${r.base}/graphql`, {
      method: 'POST', headers: { apikey: r.key, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ farcasterUsers(fids: [1, 2]) { fid } lensProfiles(ids: ["0x01"]) { profileId } }' }),
    }));
    // The request executed (the key was cached), so GraphQL over HTTP answers 200: the lists are non-null, so
    // data is null with SERVICE_UNAVAILABLE errors, never an empty list a client would take for "no profiles".
    expect([gql.status, gql.body.data, [...new Set(gql.body.errors.map((e: { extensions: { code: string } }) => e.extensions.code))]])
      .toEqual([200, null, ['SERVICE_UNAVAILABLE']]);
  });

  it('when the connection is lost mid-query, then 503, not 500', async () => {
    r = await relayedApp({ KEY_CACHE_SECONDS: 300, DB_HEALTH_TIMEOUT_MS: 5000 });
    expect((await get('/api/farcaster/user/profile/1')).status).toBe(200);
    r.relay.stall();
    const pending = timed(() => get('/api/farcaster/user/profile/2'));
    await sleep(150);
    r.relay.cut();
    const res = await pending;
    expect(res.status).toBe(503);
  });

  it('when a statement waits past the request deadline, then 503 at the deadline and the statement is cancelled in Postgres', async () => {
    r = await relayedApp({ KEY_CACHE_SECONDS: 300, REQUEST_TIMEOUT_MS: 800, DB_STATEMENT_TIMEOUT_MS: 0 });
    expect((await get('/api/farcaster/followersCount?fids=1')).status).toBe(200);
    const locker = new Client({ connectionString: r.t.url });
    await locker.connect();
    const waiting = () => locker.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_locks WHERE relation = 'fc_profile_stats'::regclass AND NOT granted");
    try {
      await locker.query('BEGIN');
      // Every read of follower counts now waits for this lock: a statement that would run for ever.
      await locker.query('LOCK TABLE fc_profile_stats, lens_profile_stats IN ACCESS EXCLUSIVE MODE');
      const pending = timed(() => get('/api/farcaster/followersCount?fids=1'));
      // The statement is really waiting in Postgres before the deadline.
      const since = performance.now();
      while ((await waiting()).rows[0].n === 0 && performance.now() - since < 700) await sleep(20);
      expect((await waiting()).rows[0].n).toBe(1);
      const res = await pending;
      expect(res.status).toBe(503);
      expect(res.ms).toBeGreaterThanOrEqual(700);
      expect(res.ms).toBeLessThan(1800);
      expect(res.body.message).toBe('The request took longer than the 800 ms limit');
      // Cancelled in Postgres while the lock is still held: nothing left waiting.
      note('deadline 800 ms: answer (ms)', res.ms);
      const started = performance.now();
      while ((await waiting()).rows[0].n > 0 && performance.now() - started < 3000) await sleep(20);
      note('deadline: statement gone from Postgres after the answer (ms)', performance.now() - started);
      expect((await waiting()).rows[0].n).toBe(0);
    } finally {
      await locker.query('ROLLBACK').catch(() => undefined);
      await locker.end();
    }
    expect((await get('/api/farcaster/followersCount?fids=1')).status).toBe(200);
  });

  it('when a statement runs past the statement timeout, then 503 (not 500) and the service goes on', async () => {
    r = await relayedApp({ KEY_CACHE_SECONDS: 300, DB_STATEMENT_TIMEOUT_MS: 300 });
    expect((await get('/api/farcaster/followersCount?fids=1')).status).toBe(200);
    const locker = new Client({ connectionString: r.t.url });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE fc_profile_stats, lens_profile_stats IN ACCESS EXCLUSIVE MODE');
      const res = await timed(() => get('/api/farcaster/followersCount?fids=1'));
      expect(res.status).toBe(503);
      expect(res.ms).toBeLessThan(1500);
    } finally {
      await locker.query('ROLLBACK').catch(() => undefined);
      await locker.end();
    }
    expect((await get('/api/farcaster/followersCount?fids=1')).status).toBe(200);
  });
});
