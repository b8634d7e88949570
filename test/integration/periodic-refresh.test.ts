// REFRESH_INTERVAL: the server refreshes in the background, one at a time.
import { startPeriodicRefresh } from '../../src/analytics/periodic-refresh';
import { importDataset } from '../../src/importer/import-dataset';
import { createLogger } from '../../src/logging/logger';
import { fixture } from '../helpers/test-server';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase(); });
afterAll(async () => { await t.close(); });

const generations = async () =>
  (await t.db.sql.query<{ protocol: string; generation: number }>('SELECT protocol, generation FROM protocol_state ORDER BY protocol'))
    .map((r) => [r.protocol, r.generation]);

describe('periodic refresh', () => {
  it('when an interval is set, then analytics are refreshed in the background until stopped', async () => {
    await importDataset(t.db, { dir: fixture('api-basic'), progress: 'silent' });
    expect(await generations()).toEqual([['farcaster', 0], ['lens', 0]]);
    const stop = startPeriodicRefresh(t.db, 0.2, {}, createLogger('silent'));
    try {
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline && (await generations()).some(([, g]) => (g as number) < 1)) await new Promise((r) => setTimeout(r, 100));
    } finally {
      stop();
    }
    const after = await generations();
    expect(after.every(([, g]) => (g as number) >= 1)).toBe(true);
    const [{ n }] = await t.db.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM fc_profile_stats WHERE generation = (SELECT generation FROM protocol_state WHERE protocol = 'farcaster')`);
    expect(n).toBe(6);
  });
});
