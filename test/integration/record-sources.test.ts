// Record sources: CSV, CSV.gz and Parquet files read as text cells (Parquet on
// Neynar's real v3 export files and on a file written here with every cell
// encoding), which files a table has, and what an import does with files it cannot
// read, files no table claims and a folder with nothing to import.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importDataset, type ImportSummary, type TableReport } from '../../src/importer/import-dataset';
import { IMPORT_STEPS } from '../../src/importer/import-steps';
import { parquetReader } from '../../src/importer/sources/esm';
import { openFileBuffer } from '../../src/importer/sources/file-buffer';
import { sourceRecords, type SourceRecord } from '../../src/importer/sources/record-source';
import { datasetFiles, tableFiles } from '../../src/importer/sources/table-files';
import { links } from '../../src/importer/specs/farcaster';
import { leaf, list, writeParquet } from '../helpers/parquet-file';
import type { Database } from '../../src/db/database';
import { bothDatabases, type TestDatabase } from '../helpers/test-database';

const fixture = (...parts: string[]) => path.join(__dirname, '..', 'fixtures', ...parts);
const neynar = (file: string) => fixture('neynar-parquet', 'farcaster', file);

async function readAll(file: string): Promise<SourceRecord[]> {
  const out: SourceRecord[] = [];
  for await (const record of sourceRecords(file)) out.push(record);
  return out;
}

/** Records read before the file failed, and the failure. */
async function readUntilError(file: string): Promise<{ records: SourceRecord[]; error: unknown }> {
  const records: SourceRecord[] = [];
  try {
    for await (const record of sourceRecords(file)) records.push(record);
  } catch (error) {
    return { records, error };
  }
  return { records, error: null };
}

let tmp: string;
beforeAll(() => { tmp = mkdtempSync(path.join(os.tmpdir(), 'sga-sources-')); });
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('Parquet records', () => {
  test('when Neynar\'s v3 verifications file is read, then its row is the text a CSV export would hold', async () => {
    expect(await readAll(neynar('nindexer-verifications-1749145661-1749145662.parquet'))).toEqual([
      { line: 1, cells: ['id', 'created_at', 'updated_at', 'deleted_at', 'timestamp', 'address', 'fid', 'protocol'] },
      // created_at keeps its microseconds (a Date would have dropped the 792).
      { line: 2, cells: ['0x01974134b234f5c25f0e693087bb36c6', '2025-06-05T17:47:41.993792Z', '2025-06-05T17:47:41.993792Z', '',
        '2025-06-05T17:47:40.000000Z', '0x04ee847672af9266d88ec0456e13c8831bf75b57', '1086932', '0'] },
    ]);
  });

  test('when Neynar\'s v3 follows file is read, then every row comes in order with its row number', async () => {
    const records = await readAll(neynar('nindexer-follows-1750957186-1750957187.parquet'));
    expect(records[0].cells).toEqual(['id', 'deleted_at', 'timestamp', 'fid', 'target_fid', 'created_at', 'updated_at', 'display_timestamp']);
    expect(records.map((r) => r.line)).toEqual([1, 2, 3, 4, 5]);
    expect(records[1].cells).toEqual(['0x0197ad2e5cdc071d3e52ffe65124cd20', '', '2025-06-26T16:59:42.000000Z', '948795', '324034',
      '2025-06-26T16:59:46.216589Z', '2025-06-26T16:59:46.216589Z', '']);
    expect(records.slice(1).map((r) => [r.cells[3], r.cells[4]]))
      .toEqual([['948795', '324034'], ['948795', '1099502'], ['948795', '1086463'], expect.any(Array)]);
  });

  test('when a file holds µs timestamps, int64 past 2^53, binary, decimals, lists, JSON and nulls in several row groups, then each cell is exact', async () => {
    const file = path.join(tmp, 'typed.parquet');
    await writeParquet(file, [
      leaf('id', [1n, 9007199254740993n, null, -5n, 4n], { type: 'INT64' }),
      leaf('ts', [1717609660123456n, null, 0n, -1n, 1n], { type: 'INT64', converted_type: 'TIMESTAMP_MICROS' }),
      leaf('ts_ns', [1717609660123456789n, null, 0n, -1n, 1000n],
        { type: 'INT64', logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: false, unit: 'NANOS' } }),
      leaf('ts_ms', [1717609660123n, null, 0n, -1n, 1n], { type: 'INT64', converted_type: 'TIMESTAMP_MILLIS' }),
      leaf('day', [19879, null, 0, -1, 1], { type: 'INT32', converted_type: 'DATE' }),
      leaf('hash', [new Uint8Array([0xab, 0xcd]), null, new Uint8Array([]), new Uint8Array([0]), new Uint8Array([255])], { type: 'BYTE_ARRAY' }),
      leaf('name', ['héllo', '', null, 'x,"y"\nz', 'ok'], { type: 'BYTE_ARRAY', converted_type: 'UTF8' }),
      leaf('ok', [true, false, null, true, false], { type: 'BOOLEAN' }),
      leaf('price', [123456789n, -5n, null, 0n, 10n ** 19n],
        { type: 'FIXED_LEN_BYTE_ARRAY', type_length: 10, converted_type: 'DECIMAL', precision: 22, scale: 6 }),
      list('tags', [['a', 'b'], [], null, ['c'], ['d']], { type: 'BYTE_ARRAY', converted_type: 'UTF8' }),
      list('nums', [[9007199254740993n, 2n], null, [], [1n], [null]], { type: 'INT64' }),
      leaf('meta', [{ a: 1 }, null, [1, 2], 'x', { b: null }], { type: 'BYTE_ARRAY', converted_type: 'JSON' }),
    ], 2);
    const { hyparquet } = await parquetReader();
    const buffer = await openFileBuffer(file);
    const metadata = await hyparquet.parquetMetadataAsync(buffer).finally(() => buffer.close());
    expect(metadata.row_groups.map((g) => Number(g.num_rows))).toEqual([2, 2, 1]);

    expect(await readAll(file)).toEqual([
      { line: 1, cells: ['id', 'ts', 'ts_ns', 'ts_ms', 'day', 'hash', 'name', 'ok', 'price', 'tags', 'nums', 'meta'] },
      { line: 2, cells: ['1', '2024-06-05T17:47:40.123456Z', '2024-06-05T17:47:40.123456Z', '2024-06-05T17:47:40.123000Z', '2024-06-05',
        '0xabcd', 'héllo', 'true', '123.456789', '["a","b"]', '[9007199254740993,2]', '{"a":1}'] },
      { line: 3, cells: ['9007199254740993', '', '', '', '', '', '', 'false', '-0.000005', '[]', '', ''] },
      { line: 4, cells: ['', '1970-01-01T00:00:00.000000Z', '1970-01-01T00:00:00.000000Z', '1970-01-01T00:00:00.000000Z', '1970-01-01',
        '0x', '', '', '', '', '[]', '[1,2]'] },
      { line: 5, cells: ['-5', '1969-12-31T23:59:59.999999Z', '1969-12-31T23:59:59.999999Z', '1969-12-31T23:59:59.999000Z', '1969-12-31',
        '0x00', 'x,"y"\nz', 'true', '0.000000', '["c"]', '[1]', '"x"'] },
      { line: 6, cells: ['4', '1970-01-01T00:00:00.000001Z', '1970-01-01T00:00:00.000001Z', '1970-01-01T00:00:00.001000Z', '1970-01-02',
        '0xff', 'ok', 'false', '10000000000000.000000', '["d"]', '[null]', '{"b":null}'] },
    ]);
  });

  test('when a row group is larger than one slice and its pages are indexed, then it is read in slices and every row comes once, in order', async () => {
    const file = path.join(tmp, 'large-group.parquet');
    const n = 130_001;
    const ids = Array.from({ length: n }, (_, i) => BigInt(i));
    await writeParquet(file, [
      leaf('id', ids, { type: 'INT64' }),
      leaf('name', ids.map((i) => (i % 7n === 0n ? null : `n${i}`)), { type: 'BYTE_ARRAY', converted_type: 'UTF8' }),
      list('nums', ids.map((i) => (i % 5n === 0n ? [] : [i, i + 1n])), { type: 'INT64' }),
    ], n, 64 * 1024);
    let expected = 0;
    let wrong = 0;
    for await (const { cells, line } of sourceRecords(file)) {
      if (line === 1) continue;
      const i = BigInt(expected);
      const want = [`${i}`, i % 7n === 0n ? '' : `n${i}`, i % 5n === 0n ? '[]' : `[${i},${i + 1n}]`];
      if (line !== expected + 2 || cells.join('|') !== want.join('|')) wrong += 1;
      expected += 1;
    }
    expect({ rows: expected, wrong }).toEqual({ rows: n, wrong: 0 });
  });

  test('when a Parquet file is cut short or is not Parquet, then reading it fails with why, before any record', async () => {
    for (const file of [fixture('sources-formats', 'farcaster', 'verifications.parquet'), fixture('import-basic', 'tokens', 'markets.parquet')]) {
      const { records, error } = await readUntilError(file);
      expect(records).toEqual([]);
      expect(String(error)).toMatch(/^Error: unreadable parquet file: .*parquet/);
    }
  });
});

describe('CSV.gz records', () => {
  test('when a gzip-compressed CSV is read, then its records are those of the CSV', async () => {
    expect(await readAll(fixture('sources-formats', 'farcaster', 'fids.csv.gz'))).toEqual([
      { line: 1, cells: ['fid', 'registered_at', 'custody_address'] },
      { line: 2, cells: ['1', '2023-01-01 00:00:00 UTC', '\\xABCDEF'] },
      { line: 3, cells: ['2', '', '0xAbCd'] },
      { line: 4, cells: ['3', '2023-01-02T00:00:00Z', ''] },
    ]);
  });

  test('when a gzip stream ends early, then the records before come and then the failure', async () => {
    const { records, error } = await readUntilError(fixture('sources-formats', 'farcaster', 'user_data.csv.gz'));
    expect(records.length).toBeGreaterThan(100);
    expect(records[1]).toEqual({ line: 2, cells: ['1', '2', expect.stringMatching(/^name 0 /), '2024-03-01 10:00:00 UTC', ''] });
    expect(String(error)).toBe('Error: unreadable csv.gz file: unexpected end of file');
  });
});

describe('which files a table has', () => {
  test('when a table has single files, a folder of shards and exporter-named files (Neynar v2 and v3), then all are its, in numeric name order; marker files are not data', () => {
    const dir = path.join(tmp, 'layout');
    const put = (file: string) => { mkdirSync(path.dirname(path.join(dir, file)), { recursive: true }); writeFileSync(path.join(dir, file), ''); };
    ['farcaster/links.csv', 'farcaster/links.csv.gz', 'farcaster/links.parquet', 'farcaster/links/000000000010.csv',
      'farcaster/links/000000000002.csv.gz', 'farcaster/links/part-10.parquet', 'farcaster/links/part-9.csv', 'farcaster/links/_SUCCESS',
      'farcaster/links/.part-9.csv.crc', 'farcaster/links/notes.txt', 'farcaster/nindexer-follows-20-21.parquet',
      'farcaster/nindexer-follows-3-4.parquet', 'farcaster/nindexer-follows-3-4.csv', 'farcaster/links_old.csv', 'lens/links.csv',
      'farcaster/farcaster-links-0-100.parquet', 'farcaster/farcaster-links-100-200.empty', 'farcaster/nindexer-follows-4-5.empty',
      'farcaster/farcaster-user_data-0-100.parquet', 'farcaster/nindexer-profiles-0-100.parquet',
    ].forEach(put);
    const rel = (files: string[]) => files.map((f) => path.relative(dir, f));
    expect(rel(tableFiles(dir, links))).toEqual([
      'farcaster/links.csv', 'farcaster/links.csv.gz', 'farcaster/links.parquet', 'farcaster/farcaster-links-0-100.parquet',
      'farcaster/nindexer-follows-3-4.parquet', 'farcaster/nindexer-follows-20-21.parquet',
      'farcaster/links/000000000002.csv.gz', 'farcaster/links/000000000010.csv', 'farcaster/links/part-9.csv', 'farcaster/links/part-10.parquet',
    ]);
    const claimed = new Set(IMPORT_STEPS.flatMap((s) => s.files(dir)));
    expect(rel(datasetFiles(dir).filter((f) => !claimed.has(f))))
      .toEqual(['farcaster/links_old.csv', 'farcaster/links/notes.txt', 'farcaster/nindexer-follows-3-4.csv', 'lens/links.csv']);
  });
});

const targets = bothDatabases();

describe.each(targets)('importing files of every format on %s', (_name, open) => {
  let testDb: TestDatabase;
  let db: Database;
  const run = (dir: string) => importDataset(db, { dir, progress: 'silent', batchRows: 4 });
  const table = (summary: ImportSummary, name: string) => summary.tables.find((t) => t.table === name) as TableReport;
  beforeAll(async () => {
    testDb = await open();
    db = testDb.db;
  });
  afterAll(() => testDb.close());

  test('when a dataset mixes CSV, CSV.gz, shards, a cut gzip, a cut Parquet file and unknown files, then the readable rows load and the rest is reported', async () => {
    const summary = await run(fixture('sources-formats'));
    expect(await db.sql.query('SELECT fid, custody_address FROM fc_user ORDER BY fid'))
      .toEqual([{ fid: 1, custody_address: '0xabcdef' }, { fid: 2, custody_address: '0xabcd' }, { fid: 3, custody_address: null }]);
    expect(table(summary, 'farcaster/links')).toMatchObject({
      files: ['farcaster/links/000000000000.csv', 'farcaster/links/000000000001.csv.gz', 'farcaster/links/000000000010.csv'], rowsOk: 3,
    });
    expect(await db.sql.query('SELECT fid, target_fid FROM fc_link ORDER BY fid')).toEqual([
      { fid: 1, target_fid: 2 }, { fid: 2, target_fid: 1 }, { fid: 3, target_fid: 1 }]);

    const userData = table(summary, 'farcaster/user_data');
    expect(userData.rowsOk).toBeGreaterThan(100);
    expect(userData.unreadableFiles).toEqual([
      { file: 'farcaster/user_data.csv.gz', line: userData.rowsOk + 2, reason: 'unreadable csv.gz file: unexpected end of file' }]);
    expect(await db.sql.query('SELECT count(*)::int AS n FROM fc_user_data')).toEqual([{ n: 3 }]);
    expect(table(summary, 'farcaster/verifications')).toMatchObject({
      rowsOk: 0, rowsBad: 0, files: ['farcaster/verifications.parquet'],
      unreadableFiles: [{ file: 'farcaster/verifications.parquet', line: 1, reason: expect.stringMatching(/^unreadable parquet file: /) }],
    });
    expect(await db.sql.query('SELECT profile_id FROM lens_profile')).toEqual([{ profile_id: '0x01' }]);
    expect(summary.warnings).toEqual([
      'unrecognised file lens/notes.txt: not imported', 'unrecognised file lens/profile_stats.csv: not imported']);
  });

  test('when Neynar\'s v3 Parquet files sit in farcaster/, then their tables claim them and the follows and the verification are stored', async () => {
    const summary = await run(fixture('neynar-parquet'));
    expect(summary.warnings).toEqual([]);
    expect(table(summary, 'farcaster/links').files).toEqual([
      'farcaster/nindexer-follows-1750957186-1750957187.parquet', 'farcaster/nindexer-follows-1750957187-1750957188.parquet',
      'farcaster/nindexer-follows-1750957189-1750957190.parquet', 'farcaster/nindexer-follows-1750957190-1750957191.parquet']);
    // Neynar's follows carry no type column: all 7 real rows are follows.
    expect(table(summary, 'farcaster/links')).toMatchObject({ rowsRead: 7, rowsStored: 7, rowsBad: 0, rowsIgnored: 0 });
    expect(await db.sql.query(`SELECT fid, count(*)::int AS following, max("timestamp") AS newest FROM fc_link
      WHERE fid IN (948795, 520171) AND deleted_at IS NULL GROUP BY fid ORDER BY fid`)).toEqual([
      { fid: 520171, following: 1, newest: new Date('2025-06-26T16:59:49.000Z') },
      { fid: 948795, following: 6, newest: new Date('2025-06-26T16:59:46.000Z') },
    ]);
    expect(table(summary, 'farcaster/verifications')).toMatchObject({ rowsOk: 1, rowsBad: 0, unreadableFiles: [] });
    expect(await db.sql.query('SELECT fid, address, protocol, "timestamp", deleted_at FROM fc_verification WHERE fid = 1086932')).toEqual([{
      fid: 1086932, address: '0x04ee847672af9266d88ec0456e13c8831bf75b57', protocol: 'ethereum',
      timestamp: new Date('2025-06-05T17:47:40.000Z'), deleted_at: null,
    }]);
  });

  test('when no table has a file, then the import fails naming the folder and what it expected, and records no run', async () => {
    const dir = path.join(tmp, 'nothing');
    mkdirSync(path.join(dir, 'farcaster'), { recursive: true });
    writeFileSync(path.join(dir, 'farcaster', 'follows.json'), '[]');
    const runs = async () => (await db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM import_run'))[0].n;
    const before = await runs();
    await expect(run(dir)).rejects.toThrow(
      `nothing to import in ${dir}: expected table files in tokens/, farcaster/, lens/, lens-v3/ (NAME.csv, NAME.csv.gz, NAME.parquet`);
    expect(await runs()).toBe(before);
  });
});
