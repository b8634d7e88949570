// The follower summaries the refresh computes in memory from the follow graph
// (top 20 followers by their own followers, ties by id; the histogram of those
// followers' follower counts) against the SQL statement that built them before:
// the same row for every followed profile of both protocols. Generated `tiny`
// data; PGlite, or Postgres with TEST_DATABASE_URL.
import { refreshAnalytics } from '../../src/analytics/refresh';
import { PROTOCOLS, type ProtocolName } from '../../src/domain/protocols';
import { importDataset } from '../../src/importer/import-dataset';
import { createTestDatabase, onPostgres, type TestDatabase } from '../helpers/test-database';
import { removeTinyDatasets, tinyDataset } from '../helpers/tiny-dataset';

/** The summary as one statement: every live follow sorted per followed profile by the follower's stats. */
const bySql = (protocol: ProtocolName) => {
  const p = PROTOCOLS[protocol];
  const { table, follower, followee } = p.follows;
  const s = p.analytics.stats;
  return `
    SELECT f.${followee} AS id,
      (array_agg(f.${follower} ORDER BY s.followers DESC, ${p.id.order(`f.${follower}`)}))[1:20] AS top_followers,
      ARRAY[count(*) FILTER (WHERE s.followers = 0), count(*) FILTER (WHERE s.followers BETWEEN 1 AND 9),
            count(*) FILTER (WHERE s.followers BETWEEN 10 AND 99), count(*) FILTER (WHERE s.followers BETWEEN 100 AND 999),
            count(*) FILTER (WHERE s.followers BETWEEN 1000 AND 9999), count(*) FILTER (WHERE s.followers >= 10000)]::int[] AS histogram
    FROM ${table} f JOIN ${s} s ON s.generation = $1 AND s.${p.key} = f.${follower}
    WHERE f.deleted_at IS NULL AND f.${follower} <> f.${followee}
    GROUP BY f.${followee} ORDER BY 1`;
};

describe(`follower summaries from the in-memory graph (${onPostgres() ? 'Postgres' : 'PGlite'})`, () => {
  let t: TestDatabase;
  beforeAll(async () => { t = await createTestDatabase(); });
  afterAll(async () => { await t.close(); await removeTinyDatasets(); });

  it('when refreshed, then every followed profile has the row the SQL statement gives, on both protocols', async () => {
    const db = t.db;
    await importDataset(db, { dir: await tinyDataset(5), progress: 'silent' });
    await refreshAnalytics(db);
    for (const protocol of ['farcaster', 'lens'] as const) {
      const p = PROTOCOLS[protocol];
      const [{ generation }] = await db.read<{ generation: number }>(`SELECT generation FROM protocol_state WHERE protocol = $1`, protocol);
      const expected = await db.read<{ id: unknown; top_followers: unknown[]; histogram: number[] }>(bySql(protocol), generation);
      const stored = await db.read<{ id: unknown; top_followers: unknown[]; histogram: number[] }>(
        `SELECT ${p.key} AS id, top_followers, histogram FROM ${p.analytics.summary} WHERE generation = $1 ORDER BY 1`, generation);
      expect(stored).toEqual(expected);
      // The data exercises the cut at 20 and ties on the follower count.
      expect(expected.some((r) => r.histogram.reduce((a, b) => a + b, 0) > 20)).toBe(true);
    }
  }, 600_000);
});
