// Planner statistics of what the analytics refresh and the classify pipeline
// write: each table is ANALYZEd by the job that wrote it, so no plan depends on
// autovacuum (off, or minutes late, after a bulk load). A never-analyzed table
// has pg_class.reltuples = -1; ANALYZE of a table this small reads every row,
// so reltuples is then its exact row count. PGlite, or Postgres with TEST_DATABASE_URL.
import { FC_TABLES } from '../../src/analytics/farcaster-refresh.sql';
import { LENS_TABLES } from '../../src/analytics/lens-refresh.sql';
import { refreshAnalytics } from '../../src/analytics/refresh';
import { classifyPosts } from '../../src/content/classify-posts';
import type { Database } from '../../src/db/database';
import { importDataset } from '../../src/importer/import-dataset';
import { KeywordClassifier } from '../helpers/keyword-classifier';
import { createTestDatabase, onPostgres, type TestDatabase } from '../helpers/test-database';
import { fixture } from '../helpers/test-server';

const REFRESH_TABLES = [...FC_TABLES, ...LENS_TABLES, 'protocol_state'];
/** Who posted in each category: empty here (the fixture is not classified), analyzed all the same (reltuples 0, not -1). */
const EMPTY_UNCLASSIFIED = ['fc_trending_category', 'lens_trending_category'];
/** The channel tables: no cast of this fixture is in a channel (the channels test fills them); only their statistics are checked. */
const CHANNEL_TABLES = ['fc_channel', 'fc_channel_trending', 'fc_channel_rank', 'fc_trending_cast'];
const CONTENT_TABLES = ['post_content', 'post_category', 'post_cashtag', 'token_mention_daily', 'topic_daily', 'content_dirty_day', 'llm_classification'];

/** Per table: the planner's row count (-1: never analyzed) and the true one. */
async function statistics(db: Database, tables: string[]): Promise<Record<string, { reltuples: number; rows: number }>> {
  const out: Record<string, { reltuples: number; rows: number }> = {};
  for (const table of tables) {
    const [{ reltuples }] = await db.sql.query<{ reltuples: number }>(
      `SELECT reltuples::float8 AS reltuples FROM pg_class WHERE oid = $1::regclass`, [table]);
    const [{ rows }] = await db.sql.query<{ rows: number }>(`SELECT count(*)::int AS rows FROM ${table}`);
    out[table] = { reltuples: Number(reltuples), rows };
  }
  return out;
}

const neverAnalyzed = (stats: Record<string, { reltuples: number; rows: number }>) =>
  Object.entries(stats).filter(([, s]) => s.reltuples < 0).map(([t]) => t);

/** Postgres also records when: tables without a last_analyze. */
async function withoutLastAnalyze(db: Database, tables: string[]): Promise<string[]> {
  const rows = await db.sql.query<{ relname: string }>(
    `SELECT relname FROM pg_stat_user_tables WHERE relname = ANY($1::text[]) AND last_analyze IS NOT NULL`, [tables]);
  return tables.filter((t) => !rows.some((r) => r.relname === t));
}

describe(`planner statistics after refresh and classify (${onPostgres() ? 'Postgres' : 'PGlite'})`, () => {
  let t: TestDatabase;
  afterEach(() => t.close());

  it('when the analytics are refreshed, then every table the refresh wrote has statistics counting its rows exactly', async () => {
    t = await createTestDatabase();
    await importDataset(t.db, { dir: fixture('analytics'), progress: 'silent' });
    // Before: nothing analyzed them (the import writes protocol_state without ANALYZE).
    expect(neverAnalyzed(await statistics(t.db, REFRESH_TABLES))).toEqual(REFRESH_TABLES);

    await refreshAnalytics(t.db);
    const after = await statistics(t.db, REFRESH_TABLES);
    for (const table of REFRESH_TABLES) {
      if (!CHANNEL_TABLES.includes(table)) expect([table, after[table].rows > 0]).toEqual([table, !EMPTY_UNCLASSIFIED.includes(table)]);
      expect([table, after[table].reltuples]).toEqual([table, after[table].rows]);
    }
    if (onPostgres()) expect(await withoutLastAnalyze(t.db, REFRESH_TABLES)).toEqual([]);
  });

  it('when posts are classified, and then a run only removes a deleted post, then each run leaves the content tables analyzed as they are', async () => {
    t = await createTestDatabase();
    await importDataset(t.db, { dir: fixture('content-pipeline'), progress: 'silent' });
    expect(neverAnalyzed(await statistics(t.db, CONTENT_TABLES))).toEqual(CONTENT_TABLES);

    await classifyPosts(t.db, { classifier: new KeywordClassifier() });
    const first = await statistics(t.db, CONTENT_TABLES);
    expect(neverAnalyzed(first)).toEqual([]);
    expect(first.post_content).toEqual({ reltuples: 6, rows: 6 });
    if (onPostgres()) expect(await withoutLastAnalyze(t.db, CONTENT_TABLES)).toEqual([]);

    // A run that classifies nothing but removes a post changes the tables too.
    await t.db.sql.query(`UPDATE fc_cast SET deleted_at = timestamp + interval '1 hour' WHERE hash = '0xa1'`);
    const report = await classifyPosts(t.db, { classifier: new KeywordClassifier() });
    expect(report).toMatchObject({ classified: { farcaster: 0, lens: 0 }, removed: { farcaster: 1, lens: 0 } });
    expect((await statistics(t.db, ['post_content'])).post_content).toEqual({ reltuples: 5, rows: 5 });
  });
});
