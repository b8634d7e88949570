// The import report on fixtures whose every count is known (test/fixtures/import-report-*):
// chunks of 3 rows, so duplicates meet both within a chunk and across chunks and files.
// Runs on in-memory PGlite, or on Postgres with TEST_DATABASE_URL.
import path from 'node:path';
import { tableLine, totalsLine } from '../../src/cli/import-lines';
import { importDataset, type ImportSummary, type RowCounts, type TableReport } from '../../src/importer/import-dataset';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

const fixture = (name: string) => path.join(__dirname, '..', 'fixtures', name);
const ACTS = 'lens/publication_open_action_module_acted_record';
const NOT_A_FOLLOW = 'link type is not follow (no answer uses other link types)';

/** The counts of a report, as one object to compare whole. */
const counts = (c: RowCounts) => ({
  read: c.rowsRead, stored: c.rowsStored, updated: c.rowsUpdated, unchanged: c.rowsUnchanged,
  duplicate: c.unchangedReasons.duplicate, notNewer: c.unchangedReasons.notNewer, bad: c.rowsBad, ignored: c.rowsIgnored, ok: c.rowsOk,
});

type Counts = ReturnType<typeof counts>;
const zero: Counts = { read: 0, stored: 0, updated: 0, unchanged: 0, duplicate: 0, notNewer: 0, bad: 0, ignored: 0, ok: 0 };
/** Expected counts: the ones given, unchanged and ok derived, the rest 0. */
const expected = (given: Partial<Counts>): Counts => {
  const c = { ...zero, ...given };
  const unchanged = c.duplicate + c.notNewer;
  return { ...c, unchanged, ok: c.stored + c.updated + unchanged };
};

/** rowsRead = stored + updated + unchanged + bad + ignored, in every file, table and the totals; tables are the sum of their files. */
function expectAddsUp(s: ImportSummary): void {
  const addsUp = (c: RowCounts) => c.rowsStored + c.rowsUpdated + c.rowsUnchanged + c.rowsBad + c.rowsIgnored;
  const sum = (parts: RowCounts[]) => parts.map(counts).reduce((a, b) => Object.fromEntries(
    Object.entries(a).map(([k, v]) => [k, v + b[k as keyof Counts]])) as Counts, zero);
  for (const t of s.tables) {
    for (const f of t.perFile) expect({ file: f.file, read: addsUp(f) }).toEqual({ file: f.file, read: f.rowsRead });
    expect({ table: t.table, read: addsUp(t) }).toEqual({ table: t.table, read: t.rowsRead });
    expect(counts(t)).toEqual(sum(t.perFile));
  }
  expect(addsUp(s)).toBe(s.rowsRead);
  expect(counts(s)).toEqual(sum(s.tables));
}

describe('import report', () => {
  let testDb: TestDatabase;
  const sql = () => testDb.db.sql;
  const run = (dir: string) => importDataset(testDb.db, { dir: fixture(dir), progress: 'silent', batchRows: 3 });
  const table = (s: ImportSummary, name: string) => s.tables.find((t) => t.table === name) as TableReport;
  const file = (t: TableReport, name: string) => counts(t.perFile.find((f) => f.file === name)!);
  let first: ImportSummary;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    first = await run('import-report-first');
  });
  afterAll(() => testDb.close());

  test('when one key comes several times in a file and across files, then one row is stored and the others count as duplicates', async () => {
    const acts = table(first, ACTS);
    // part-00000: keys 1 and 2 twice (one pair in one chunk, one across chunks), key 1 again older, a bad id.
    expect(file(acts, `${ACTS}/part-00000.csv`)).toEqual(expected({ read: 7, stored: 3, duplicate: 3, bad: 1 }));
    // part-00001: key 3 again (already merged from part-00000), key 4 new.
    expect(file(acts, `${ACTS}/part-00001.csv`)).toEqual(expected({ read: 2, stored: 1, duplicate: 1 }));
    expect(counts(acts)).toEqual(expected({ read: 9, stored: 4, duplicate: 4, bad: 1 }));
    expect(await sql().query('SELECT history_id::int AS id, usd_amount::int AS usd FROM lens_act ORDER BY 1'))
      .toEqual([{ id: 1, usd: 10 }, { id: 2, usd: 11 }, { id: 3, usd: 10 }, { id: 4, usd: 0 }]);
  });

  test('when rows are ignored, bad, or a whole file is bad, then each is counted once, with why, and everything adds up', async () => {
    expect(counts(table(first, 'farcaster/links'))).toEqual(expected({ read: 6, stored: 3, duplicate: 1, bad: 1, ignored: 1 }));
    expect(table(first, 'farcaster/links')).toMatchObject({
      ignoredReasons: { [NOT_A_FOLLOW]: 1 },
      badSamples: [{ file: 'farcaster/links.csv', line: 6, reason: 'bad timestamp: "yesterday"' }],
    });
    expect(counts(table(first, 'farcaster/casts'))).toEqual(expected({ read: 2, bad: 2 }));
    expect(table(first, 'farcaster/casts').badSamples)
      .toEqual([{ file: 'farcaster/casts.csv', line: 1, reason: 'missing required column(s) hash: file skipped' }]);
    expect(counts(first)).toEqual(expected({ read: 17, stored: 7, duplicate: 5, bad: 4, ignored: 1 }));
    expectAddsUp(first);
    expect((await sql().query<{ n: number }>('SELECT count(*)::int AS n FROM fc_link'))[0].n).toBe(3);
  });

  test('when the import is recorded, then import_run carries the counts and rows_ok is stored + updated + unchanged', async () => {
    const [run0] = await sql().query<{ ok: number; bad: number; report: ImportSummary }>(
      `SELECT rows_ok::int AS ok, rows_bad::int AS bad, report FROM import_run ORDER BY id LIMIT 1`);
    expect([run0.ok, run0.bad]).toEqual([12, 4]);
    expect(counts(run0.report)).toEqual(counts(first));
    expect(counts(table(run0.report, ACTS))).toEqual(counts(table(first, ACTS)));
    expect(table(run0.report, ACTS).perFile.map(counts)).toEqual(table(first, ACTS).perFile.map(counts));
  });

  test('when the CLI prints the report, then one line per table and a totals line of rows read', () => {
    expect(tableLine(table(first, 'farcaster/links')))
      .toBe(`farcaster/links: read 6, stored 3, updated 0, unchanged 1 (1 duplicate), bad 1, ignored 1 (${NOT_A_FOLLOW})`);
    expect(totalsLine(first)).toMatch(
      /^imported 17 rows read: stored 7, updated 0, unchanged 5 \(5 duplicate\), bad 4, ignored 1 in \d+\.\ds, \d+ rows\/s$/);
  });

  test('when the same folder is imported again, then every good row is unchanged and nothing is stored or updated', async () => {
    const again = await run('import-report-first');
    // Only the pair in one chunk is a duplicate now: the other repeats meet rows stored by the first import.
    expect(counts(table(again, ACTS))).toEqual(expected({ read: 9, duplicate: 1, notNewer: 7, bad: 1 }));
    expect(counts(table(again, 'farcaster/links'))).toEqual(expected({ read: 6, notNewer: 4, bad: 1, ignored: 1 }));
    expect(counts(again)).toEqual(expected({ read: 17, duplicate: 1, notNewer: 11, bad: 4, ignored: 1 }));
    expectAddsUp(again);
  });

  test('when a newer dump is imported, then replaced rows count as updated, new keys as stored, the rest unchanged', async () => {
    const newer = await run('import-report-newer');
    // Act 2 newer (updated), 5 new (stored), 3 identical (not newer); act 2 again in the next chunk replaces this import's own row (duplicate).
    expect(counts(table(newer, ACTS))).toEqual(expected({ read: 4, stored: 1, updated: 1, duplicate: 1, notNewer: 1 }));
    // The follow 2 → 1 is now an unfollow (updated); 1 → 2 is the same (not newer).
    expect(counts(table(newer, 'farcaster/links'))).toEqual(expected({ read: 2, updated: 1, notNewer: 1 }));
    expect(counts(newer)).toEqual(expected({ read: 6, stored: 1, updated: 2, duplicate: 1, notNewer: 2 }));
    expectAddsUp(newer);
    expect(await sql().query('SELECT history_id::int AS id, usd_amount::int AS usd FROM lens_act WHERE history_id IN (2, 5) ORDER BY 1'))
      .toEqual([{ id: 2, usd: 13 }, { id: 5, usd: 20 }]);
  });

  test('when an older dump is imported, then every row is unchanged because the stored one is newer', async () => {
    const older = await run('import-report-older');
    expect(counts(table(older, ACTS))).toEqual(expected({ read: 2, notNewer: 2 }));
    expect(counts(table(older, 'farcaster/links'))).toEqual(expected({ read: 3, notNewer: 3 }));
    expectAddsUp(older);
    expect(await sql().query('SELECT history_id::int AS id, usd_amount::int AS usd FROM lens_act WHERE history_id IN (2, 5) ORDER BY 1'))
      .toEqual([{ id: 2, usd: 13 }, { id: 5, usd: 20 }]);
  });
});
