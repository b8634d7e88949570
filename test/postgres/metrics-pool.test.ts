// The Postgres pools as /metrics shows them, with known answers: a full request
// pool and a caller waiting, a wait for a connection that runs out of time, a
// statement Postgres stops at statement_timeout.
import type { Server } from 'node:http';
import { Database } from '../../src/db/database';
import type { App } from '../../src/http/app';
import { serveApp, stopServer, testConfig } from '../helpers/serve-app';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';
import { parsePrometheus, type Exposition } from '../helpers/prometheus-text';

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase(); });
afterAll(async () => { await t.close(); });

interface Served { db: Database; app: App; server: Server; base: string }

async function serve(db: Database): Promise<Served> {
  const { app, server, base } = await serveApp(testConfig(), db);
  return { db, app, server, base };
}

async function stop(s: Served, ownDb: boolean): Promise<void> {
  await stopServer(s.server);
  await s.app.close();
  if (ownDb) await s.db.close();
}

async function scrape(base: string): Promise<Exposition> {
  const res = await fetch(`${base}/metrics`);
  expect(res.status).toBe(200);
  return parsePrometheus(await res.text());
}

describe('/metrics: Postgres pools', () => {
  it('when every request connection is held and one more caller waits, then the request pool shows 4 open, 0 idle, 1 waiting of 4', async () => {
    const s = await serve(t.db);
    let release!: () => void;
    const released = new Promise<void>((resolve) => { release = resolve; });
    const holds: Promise<unknown>[] = [];
    let waiter: Promise<unknown> | null = null;
    try {
      // An interactive transaction keeps its connection until it ends.
      let inside = 0;
      const allIn = new Promise<void>((resolve) => {
        for (let i = 0; i < 4; i++) {
          holds.push(t.db.prisma.$transaction(async (tx) => {
            await tx.$queryRawUnsafe('SELECT 1');
            if (++inside === 4) resolve();
            await released;
          }, { timeout: 20_000, maxWait: 10_000 }));
        }
      });
      await allIn;
      waiter = t.db.read('SELECT 1');
      const m = await scrape(s.base);
      const pool = (name: string) => m.value(name, { pool: 'requests' });
      expect({
        max: pool('sga_db_pool_max_connections'), total: pool('sga_db_pool_total_connections'),
        idle: pool('sga_db_pool_idle_connections'), waiting: pool('sga_db_pool_waiting_clients'),
      }).toEqual({ max: 4, total: 4, idle: 0, waiting: 1 });
      expect(m.value('sga_db_pool_max_connections', { pool: 'jobs' })).toBe(4);
      expect(m.value('sga_db_up')).toBe(1);
      expect(m.all('sga_db_pglite_pending_operations')).toEqual([]);
    } finally {
      release();
      await Promise.all(holds);
      await waiter;
      await stop(s, false);
    }
    const after = await (async () => { const again = await serve(t.db); try { return await scrape(again.base); } finally { await stop(again, false); } })();
    expect(after.value('sga_db_pool_waiting_clients', { pool: 'requests' })).toBe(0);
  });

  it('when a request waits past DB_ACQUIRE_TIMEOUT_MS and a statement runs past DB_STATEMENT_TIMEOUT_MS, then each is counted once', async () => {
    const db = Database.open({ databaseUrl: t.url, dataDir: '', poolSize: 1, acquireTimeoutMs: 200, statementTimeoutMs: 100 });
    const s = await serve(db);
    try {
      const before = await scrape(s.base);
      expect([before.value('sga_db_acquire_timeouts_total'), before.value('sga_db_statement_timeouts_total')]).toEqual([0, 0]);

      // Both reach the request as a 503; the pool tells the two causes apart.
      await expect(db.read('SELECT pg_sleep(1)')).rejects.toThrow('Database unavailable');
      // The one connection held by a transaction: a read beside it waits 200 ms and gives up.
      await db.prisma.$transaction(async (tx) => {
        await tx.$queryRawUnsafe('SELECT 1');
        await expect(db.read('SELECT 1')).rejects.toThrow('Database unavailable');
      });

      const m = await scrape(s.base);
      expect([m.value('sga_db_acquire_timeouts_total'), m.value('sga_db_statement_timeouts_total')]).toEqual([1, 1]);
      expect(m.value('sga_db_pool_max_connections', { pool: 'requests' })).toBe(1);
    } finally {
      await stop(s, true);
    }
  });
});
