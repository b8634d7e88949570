// The database gone, as each way of reaching it reports it: the request reads,
// Prisma (the keys, a model query and a raw one), the jobs' SQL client, and on
// Postgres a connection held across statements (a job's session). Each
// error is a connection error, answered SERVICE_UNAVAILABLE, never a bug's 500.
// Driven by the real errors of the database under test (PGlite closed; Postgres
// through a TCP relay that cuts its connections or refuses new ones), so a change
// of driver or of Prisma's wrapping shows up here.
import { Database } from '../../src/db/database';
import { isConnectionError } from '../../src/db/db-errors';
import { classifyError } from '../../src/graphql/classify-error';
import { tcpRelay, type TcpRelay } from '../helpers/tcp-relay';
import { createTestDatabase, onPostgres, type TestDatabase } from '../helpers/test-database';

/** The error of each way a request or a job reaches the database. */
async function errorsOf(db: Database): Promise<Record<string, unknown>> {
  const failure = async (run: () => Promise<unknown>) => {
    try { await run(); } catch (err) { return err; }
    throw new Error('the statement did not fail');
  };
  return {
    'a request read': await failure(() => db.read('SELECT 1 AS x')),
    'a key lookup (Prisma model query)': await failure(() => db.prisma.apiKey.findUnique({ where: { key_hash: 'none' } })),
    'a Prisma raw query': await failure(() => db.prisma.$queryRawUnsafe('SELECT 1 AS x')),
    'a job statement (SqlClient)': await failure(() => db.sql.query('SELECT 1 AS x')),
  };
}

function expectUnavailable(errors: Record<string, unknown>): void {
  const answers = Object.fromEntries(Object.entries(errors).map(([path, err]) => [path, [isConnectionError(err), classifyError(err).code]]));
  expect(answers).toEqual(Object.fromEntries(Object.keys(errors).map((path) => [path, [true, 'SERVICE_UNAVAILABLE']])));
}

describe('database connection errors as the drivers raise them', () => {
  let t: TestDatabase;
  let relay: TcpRelay | undefined;
  let db: Database;
  let closed = false;

  beforeAll(async () => {
    t = await createTestDatabase();
    if (!onPostgres()) { db = t.db; return; }
    const url = new URL(t.url!);
    relay = tcpRelay({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = '127.0.0.1'; url.port = String(await relay.listen());
    // No health monitor: each error is the driver's own, not the pool's fail-fast answer while the monitor says down.
    db = Database.open({ databaseUrl: url.toString(), dataDir: '', poolSize: 2, acquireTimeoutMs: 1000 });
  });
  afterAll(async () => {
    if (relay) { await db.close(); await relay.close(); }
    if (!closed) await t.close();
  });

  if (onPostgres()) {
    it.each([{ outage: 'cut', words: 'cuts every connection' }, { outage: 'refuse', words: 'refuses new connections' }] as const)(
      'when the relay $words, then every way of reaching the database fails with a connection error, and works again once healed',
      async ({ outage }) => {
        // Pooled connections first, so a cut meets live ones.
        await db.read('SELECT 1 AS x'); await db.prisma.apiKey.findMany(); await db.sql.query('SELECT 1 AS x');
        try {
          const held = await db.sql.session(async (s) => {
            await s.query('SELECT 1 AS x');
            relay![outage]();
            // The relay's sockets are closed now; pg learns it from its socket a moment later.
            await new Promise((resolve) => setTimeout(resolve, 50));
            return s.query('SELECT 1 AS x').then(() => new Error('the held connection still answered'), (err: unknown) => err);
          });
          expectUnavailable({ ...await errorsOf(db), 'a statement on a connection held across it (SqlClient session)': held });
        } finally {
          relay!.restore();
        }
        expect(await db.read<{ x: number }>('SELECT 1 AS x')).toEqual([{ x: 1 }]);
        expect(await db.sql.query('SELECT 1 AS x')).toEqual([{ x: 1 }]);
      });
  } else {
    it('when the embedded store is closed, then every way of reaching it fails with a connection error', async () => {
      expect(await db.read<{ x: number }>('SELECT 1 AS x')).toEqual([{ x: 1 }]);
      await db.close();
      closed = true;
      expectUnavailable(await errorsOf(db));
    });
  }
});
