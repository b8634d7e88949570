// SIGTERM on the real server process: it stops accepting, lets the requests in
// flight finish, closes the database and exits 0. The requests are held in
// flight deterministically: another session locks the table they read, and
// releases it only after the signal was sent.
import { Client } from 'pg';
import { KeyService } from '../../src/auth/key.service';
import { importDataset } from '../../src/importer/import-dataset';
import { refreshAnalytics } from '../../src/analytics/refresh';
import { startServerProcess } from '../helpers/server-process';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';
import { fixture } from '../helpers/test-server';

const IN_FLIGHT = 16;


describe('graceful shutdown', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
    await importDataset(t.db, { dir: fixture('api-basic'), progress: 'silent' });
    await refreshAnalytics(t.db);
  });
  afterAll(async () => { await t.close(); });

  it(`when SIGTERM arrives with ${IN_FLIGHT} requests in flight, then all ${IN_FLIGHT} are answered, new connections are refused and the process exits 0`, async () => {
    const { key } = await new KeyService(t.db, 600, 0).create({ name: 'drain', rateLimit: 100000 });
    // Room for every request's statement to wait in Postgres, and no timeout that would end the wait first;
    // no answer cache, or the 16 requests would be answered from the first one's answer without reaching the lock.
    const server = await startServerProcess({
      DATABASE_URL: t.url!, SHUTDOWN_DRAIN_MS: '10000', DB_POOL_SIZE: '20', DB_STATEMENT_TIMEOUT_MS: '0', DB_ACQUIRE_TIMEOUT_MS: '15000', REQUEST_TIMEOUT_MS: '30000',
      ANSWER_CACHE_MB: '0',
    });
    const base = `http://127.0.0.1:${server.port}`;
    const get = () => fetch(`${base}/api/farcaster/followersCount?fids=1,2`, { headers: { apikey: key } });
    expect((await get()).status).toBe(200);

    const locker = new Client({ connectionString: t.url });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE fc_profile_stats IN ACCESS EXCLUSIVE MODE');
    const inFlight = Array.from({ length: IN_FLIGHT }, () => get().then(async (r) => ({ status: r.status, body: await r.json() })));
    // Every request is waiting on the lock in Postgres before the signal.
    const waiting = async () => (await locker.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_locks WHERE relation = 'fc_profile_stats'::regclass AND NOT granted")).rows[0].n;
    const started = Date.now();
    while ((await waiting()) < IN_FLIGHT && Date.now() - started < 15000) await new Promise((r) => setTimeout(r, 100));
    expect(await waiting()).toBe(IN_FLIGHT);

    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 400));
    // Draining: the listening socket is closed.
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    await locker.query('ROLLBACK');
    await locker.end();

    const answers = await Promise.all(inFlight);
    expect(answers.map((a) => a.status)).toEqual(Array(IN_FLIGHT).fill(200));
    expect(answers[0].body).toEqual([{ fid: 1, followersCount: expect.any(Number) }, { fid: 2, followersCount: expect.any(Number) }]);
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });
});
