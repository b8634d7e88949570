// The request pool keeps an idle connection for DB_POOL_IDLE_TIMEOUT_MS, then closes it, and the
// config's default is the pool's.
import { loadConfig } from '../../src/config/load-config';
import { Database } from '../../src/db/database';
import { DEFAULT_IDLE_TIMEOUT_MS } from '../../src/db/database-options';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase(); });
afterAll(() => t.close());

const open = (idleTimeoutMs?: number) => Database.open({ databaseUrl: t.url!, dataDir: '', poolSize: 3, ...(idleTimeoutMs ? { idleTimeoutMs } : {}) });
const requestConnections = (db: Database) => {
  const s = db.connectionStats();
  return s.kind === 'postgres' ? s.pools.find((p) => p.pool === 'requests')!.total : -1;
};

describe('idle request connections', () => {
  it('when the pool is idle past its timeout, then its connections are closed; before it, kept', async () => {
    const short = open(1_000);
    const long = open();
    try {
      await Promise.all([short.read('SELECT 1'), long.read('SELECT 1')]);
      expect([requestConnections(short), requestConnections(long)]).toEqual([1, 1]);
      await new Promise((resolve) => setTimeout(resolve, 1_600));
      expect([requestConnections(short), requestConnections(long)]).toEqual([0, 1]);
    } finally {
      await Promise.all([short.close(), long.close()]);
    }
  });

  it('when nothing sets it, then the config and the pool agree on the default', () => {
    expect(loadConfig({}).DB_POOL_IDLE_TIMEOUT_MS).toBe(DEFAULT_IDLE_TIMEOUT_MS);
  });
});
