// lens_collect_category_month (src/repositories/collect-categories.sql.ts) against the
// statement top categories ran before it: the collects summed per publication and
// labelled from post_content, for every filter the data allows, after each writer
// of its inputs: an import bringing collects, one bringing the prices that value
// them, a classify rebuild that relabels publications, and a classify run that
// removes hidden ones. lens_collect_creator (collect-creators.sql.ts) the same way
// against the statement top creators ran before it, after each import.
// Generated `tiny` data; PGlite, or Postgres with TEST_DATABASE_URL.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { classifyPosts } from '../../src/content/classify-posts';
import { LexiconClassifier } from '../../src/content/lexicon-classifier';
import type { Database } from '../../src/db/database';
import { importDataset } from '../../src/importer/import-dataset';
import { collectWindow, type CollectFilter } from '../../src/queries/collects';
import { topCollectedCategories, type TopCategoryRow } from '../../src/repositories/category.repository';
import { collectWhere, topCreators, type CollectWindow, type TopCreatorRow } from '../../src/repositories/lens-collects.repository';
import { KeywordClassifier } from '../helpers/keyword-classifier';
import { createTestDatabase, onPostgres, type TestDatabase } from '../helpers/test-database';
import { removeTinyDatasets, tinyDataset, tinyDatasetWithout } from '../helpers/tiny-dataset';

const SEED = 3;
const ACTS = 'lens/publication_open_action_module_acted_record.csv';
const PRICES = 'tokens/prices.csv';

/** The statement top categories ran before the table: what it must still answer. */
function counted(db: Database, w: CollectWindow, limit: number): Promise<TopCategoryRow[]> {
  const where = collectWhere(w, 2);
  return db.read<TopCategoryRow>(`
    WITH collected AS (
      SELECT a.publication_id, count(*) AS collects, sum(a.usd_amount) AS usd_amount
      FROM lens_act a WHERE ${where.sql} GROUP BY a.publication_id)
    SELECT c.id AS category_id, sum(x.collects)::int AS collects, coalesce(sum(x.usd_amount), 0)::float8 AS usd_amount
    FROM collected x
    CROSS JOIN LATERAL (SELECT p.categories FROM post_content p WHERE p.protocol = 'lens' AND p.post_id = x.publication_id LIMIT 1) p
    CROSS JOIN LATERAL unnest(p.categories) AS c(id)
    GROUP BY c.id
    ORDER BY coalesce(sum(x.usd_amount), 0) DESC, sum(x.collects) DESC, c.id
    LIMIT $1`, limit, ...where.params);
}

/** The statement top creators ran before lens_collect_creator: every creator's collects summed and sorted per request. */
function countedCreators(db: Database, w: CollectWindow, limit: number): Promise<TopCreatorRow[]> {
  const where = collectWhere(w, 2);
  return db.read<TopCreatorRow>(`
    SELECT s.profile_id, s.count, s.usd::float8 AS usd_total
    FROM (
      SELECT a.collected_profile_id AS profile_id, count(*)::int AS count, coalesce(sum(a.usd_amount), 0) AS usd
      FROM lens_act a WHERE ${where.sql} GROUP BY a.collected_profile_id) s
    WHERE EXISTS (SELECT 1 FROM lens_profile p WHERE p.profile_id = s.profile_id)
    ORDER BY s.usd DESC, s.count DESC, length(s.profile_id), s.profile_id
    LIMIT $1`, limit, ...where.params);
}

/** Every filter the collects allow: none, each year, each month, each currency (as written and lower-cased) alone and with its years, and an unknown one. */
async function filtersOf(db: Database): Promise<CollectFilter[]> {
  const months = await db.sql.query<{ year: number; month: number }>(`
    SELECT DISTINCT extract(year FROM "timestamp" AT TIME ZONE 'UTC')::int AS year, extract(month FROM "timestamp" AT TIME ZONE 'UTC')::int AS month
    FROM lens_act WHERE is_collect ORDER BY 1, 2`);
  const currencies = await db.sql.query<{ currency: string }>(`SELECT DISTINCT currency FROM lens_act WHERE is_collect AND currency IS NOT NULL ORDER BY 1`);
  const years = [...new Set(months.map((m) => m.year))];
  return [
    {}, { currency: 'NOPE' }, ...years.map((year) => ({ year })), ...months.map(({ year, month }) => ({ year, month })),
    ...currencies.flatMap(({ currency }) => [{ currency }, { currency: currency.toLowerCase() }, ...years.map((year) => ({ currency, year }))]),
  ];
}

type Answer<R> = (db: Database, w: CollectWindow, limit: number) => Promise<R[]>;

/** For each filter, [filter, stored answer] and [filter, counted answer]: equal when the table is exact. */
async function answersOf<R>(db: Database, storedAnswer: Answer<R>, countedAnswer: Answer<R>, limit: number) {
  const stored: [CollectFilter, R[]][] = [];
  const live: [CollectFilter, R[]][] = [];
  for (const f of await filtersOf(db)) {
    stored.push([f, await storedAnswer(db, collectWindow(f), limit)]);
    live.push([f, await countedAnswer(db, collectWindow(f), limit)]);
  }
  return { stored, live };
}

const bothAnswers = (db: Database) => answersOf(db, topCollectedCategories, counted, 100);
/** The top creators (every creator of the tiny data fits in the limit). */
const bothCreatorAnswers = (db: Database) => answersOf(db, topCreators, countedCreators, 1000);

const creatorRows = (db: Database) => db.sql.query(`SELECT period, currency, profile_id, collects, usd_amount::text FROM lens_collect_creator ORDER BY 1, 2, 3`);

const tableRows = (db: Database) => db.sql.query(`SELECT category_id, currency, month::text, collects, usd_amount::text FROM lens_collect_category_month ORDER BY 1, 2, 3`);

describe(`collects per category, currency and month (${onPostgres() ? 'Postgres' : 'PGlite'})`, () => {
  let t: TestDatabase;
  beforeAll(async () => { t = await createTestDatabase(); });
  afterAll(async () => { await t.close(); await removeTinyDatasets(); });

  it('when collects, then their prices arrive by import, and classify relabels and removes publications, then every filter answers what the collects themselves sum to', async () => {
    const db = t.db;
    // Posts and labels first, no collects yet.
    await importDataset(db, { dir: await tinyDatasetWithout(SEED, [ACTS, PRICES]), progress: 'silent' });
    await classifyPosts(db, { classifier: new LexiconClassifier() });
    expect(await topCollectedCategories(db, collectWindow({}), 100)).toEqual([]);

    // The collects arrive, valued 0 where their token has no price yet.
    await importDataset(db, { dir: await tinyDatasetWithout(SEED, [PRICES]), progress: 'silent' });
    const unpriced = await bothAnswers(db);
    expect(unpriced.stored).toEqual(unpriced.live);
    expect(unpriced.stored[0][1].length).toBeGreaterThan(3);
    const unpricedCreators = await bothCreatorAnswers(db);
    expect(unpricedCreators.stored).toEqual(unpricedCreators.live);
    expect(unpricedCreators.stored[0][1].length).toBeGreaterThan(10);

    // The prices arrive: the import re-values the collects.
    await importDataset(db, { dir: await tinyDataset(SEED), progress: 'silent' });
    const priced = await bothAnswers(db);
    expect(priced.stored).toEqual(priced.live);
    expect(priced.stored).not.toEqual(unpriced.stored);
    const pricedCreators = await bothCreatorAnswers(db);
    expect(pricedCreators.stored).toEqual(pricedCreators.live);
    expect(pricedCreators.stored).not.toEqual(unpricedCreators.stored);

    // Another classifier labels every publication again.
    await classifyPosts(db, { classifier: new KeywordClassifier(), rebuild: true, pageSize: 50 });
    const relabelled = await bothAnswers(db);
    expect(relabelled.stored).toEqual(relabelled.live);
    expect(relabelled.stored).not.toEqual(priced.stored);

    // The most collected labelled publications are hidden: the next run removes their labels.
    await db.sql.exec(`UPDATE lens_publication SET is_hidden = true WHERE publication_id IN (
      SELECT a.publication_id FROM lens_act a JOIN post_content p ON p.protocol = 'lens' AND p.post_id = a.publication_id
      WHERE a.is_collect AND cardinality(p.categories) > 0 GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 5)`);
    const report = await classifyPosts(db, { classifier: new KeywordClassifier() });
    expect(report?.removed.lens).toBeGreaterThanOrEqual(5);
    const removed = await bothAnswers(db);
    expect(removed.stored).toEqual(removed.live);
    expect(removed.stored).not.toEqual(relabelled.stored);

    // The migration fills the table with the statement the import rebuilds it with.
    const rows = await tableRows(db);
    const migration = readFileSync(path.join(__dirname, '../../prisma/migrations/20261127030000_lens_collect_category_month/migration.sql'), 'utf8');
    await db.sql.exec('DELETE FROM lens_collect_category_month');
    await db.sql.exec(migration.slice(migration.indexOf('INSERT INTO')));
    expect(await tableRows(db)).toEqual(rows);
    const creators = await creatorRows(db);
    expect(creators.length).toBeGreaterThan(100);
    const creatorMigration = readFileSync(path.join(__dirname, '../../prisma/migrations/20261128040000_lens_collect_creator/migration.sql'), 'utf8');
    await db.sql.exec('DELETE FROM lens_collect_creator');
    await db.sql.exec(creatorMigration.slice(creatorMigration.indexOf('INSERT INTO')));
    expect(await creatorRows(db)).toEqual(creators);
  }, 600_000);
});
