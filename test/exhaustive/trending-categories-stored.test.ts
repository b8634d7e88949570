// The trending `categories` filter reads who posted in each category per period as
// the analytics refresh stored it (trendingCategorySql), against the statement that
// built that set from post_category per request before: the same pages and totals
// for every protocol, period and category set right after a refresh; a classify run
// that relabels posts changes them only at the next refresh, as it does the trending
// list itself. Generated `tiny` data; PGlite, or Postgres with TEST_DATABASE_URL.
import { refreshAnalytics } from '../../src/analytics/refresh';
import { classifyPosts } from '../../src/content/classify-posts';
import { LexiconClassifier } from '../../src/content/lexicon-classifier';
import type { Database } from '../../src/db/database';
import { PERIODS, type Period } from '../../src/domain/periods';
import { PROTOCOLS, type ProtocolName } from '../../src/domain/protocols';
import { generationOf } from '../../src/repositories/protocols.sql';
import { importDataset } from '../../src/importer/import-dataset';
import { trendingInCategories, trendingInCategoriesTotal, type TrendingRow } from '../../src/repositories/analytics.repository';
import { KeywordClassifier } from '../helpers/keyword-classifier';
import { createTestDatabase, onPostgres, type TestDatabase } from '../helpers/test-database';
import { removeTinyDatasets, tinyDataset } from '../helpers/tiny-dataset';

/** The filter as it was built per request before: post_category in (as_of − days, as_of]. */
const gainersInCategories = (protocol: ProtocolName) => {
  const p = PROTOCOLS[protocol];
  return `
    FROM ${p.analytics.gain} g WHERE g.generation = ${generationOf(p)} AND g.period = $1 AND g.trend_position IS NOT NULL
      AND g.${p.key} IN (
        SELECT ${p.id.fromText('pc.author_id')}
        FROM post_category pc JOIN protocol_state ps ON ps.protocol = '${protocol}'
        WHERE pc.protocol = '${protocol}' AND pc.category_id = ANY($2::int[])
          AND pc.posted_at > ps.as_of - $3::int * interval '1 day' AND pc.posted_at <= ps.as_of)`;
};

async function counted(db: Database, protocol: ProtocolName, period: Period, ids: number[], offset: number, limit: number) {
  const rows = await db.read<TrendingRow>(`
    SELECT g.${PROTOCOLS[protocol].key} AS id, g.gained, g.trend_score ${gainersInCategories(protocol)}
    ORDER BY g.trend_position OFFSET $4::bigint LIMIT $5`, period, ids, PERIODS[period], String(offset), limit);
  const [total] = await db.read<{ total: number }>(`SELECT count(*)::int AS total ${gainersInCategories(protocol)}`, period, ids, PERIODS[period]);
  return { rows, total: total.total };
}

async function stored(db: Database, protocol: ProtocolName, period: Period, ids: number[], offset: number, limit: number) {
  const rows = await trendingInCategories(db, protocol, period, ids, offset, limit);
  const [total] = await trendingInCategoriesTotal(db, protocol, period, ids);
  return { rows, total: total.total };
}

const CATEGORY_SETS = [...Array.from({ length: 15 }, (_, i) => [i + 1]), [1, 2], [2, 5, 7, 7], Array.from({ length: 15 }, (_, i) => i + 1)];
const PAGES: [number, number][] = [[0, 100], [0, 3], [3, 3]];

async function bothAnswers(db: Database) {
  const out = { stored: [] as unknown[], live: [] as unknown[] };
  for (const protocol of ['farcaster', 'lens'] as const) {
    for (const period of Object.keys(PERIODS) as Period[]) {
      for (const ids of CATEGORY_SETS) {
        for (const [offset, limit] of PAGES) {
          const key = { protocol, period, ids, offset, limit };
          out.stored.push({ ...key, ...await stored(db, protocol, period, [...new Set(ids)], offset, limit) });
          out.live.push({ ...key, ...await counted(db, protocol, period, [...new Set(ids)], offset, limit) });
        }
      }
    }
  }
  return out;
}

describe(`trending by category as of the analytics refresh (${onPostgres() ? 'Postgres' : 'PGlite'})`, () => {
  let t: TestDatabase;
  beforeAll(async () => { t = await createTestDatabase(); });
  afterAll(async () => { await t.close(); await removeTinyDatasets(); });

  it('when refreshed, then every page and total is the one post_category gave; a relabelling shows only after the next refresh', async () => {
    const db = t.db;
    await importDataset(db, { dir: await tinyDataset(3), progress: 'silent' });
    await classifyPosts(db, { classifier: new LexiconClassifier() });
    await refreshAnalytics(db);
    const refreshed = await bothAnswers(db);
    expect(refreshed.stored).toEqual(refreshed.live);
    const totals = (answers: unknown[]) => (answers as { protocol: string; total: number }[]).map((a) => a.total);
    // Both protocols have gainers in categories to page through.
    for (const protocol of ['farcaster', 'lens']) {
      expect(Math.max(...(refreshed.stored as { protocol: string; total: number }[]).filter((a) => a.protocol === protocol).map((a) => a.total))).toBeGreaterThan(3);
    }

    await classifyPosts(db, { classifier: new KeywordClassifier(), rebuild: true });
    const relabelled = await bothAnswers(db);
    expect(relabelled.stored).toEqual(refreshed.stored);
    expect(totals(relabelled.live)).not.toEqual(totals(refreshed.live));

    await refreshAnalytics(db);
    const next = await bothAnswers(db);
    expect(next.stored).toEqual(next.live);
  }, 600_000);
});
