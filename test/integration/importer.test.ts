// The dataset importer on hand-made fixtures (test/fixtures/import-*) whose answers
// are known: on in-memory PGlite always, and on Postgres too when TEST_DATABASE_URL
// is set (a fresh database, dropped afterwards).
import path from 'node:path';
import type { SqlClient } from '../../src/db/sql-client';
import { coingeckoTokenId } from '../../src/importer/coingecko-ids';
import { importDataset, type ImportSummary, type TableReport } from '../../src/importer/import-dataset';
import type { Database } from '../../src/db/database';
import { JobEvents } from '../../src/db/job-events';
import { bothDatabases, type TestDatabase } from '../helpers/test-database';

const fixture = (name: string) => path.join(__dirname, '..', 'fixtures', name);

const targets = bothDatabases();

/** Every imported table, for "nothing changed" checks: row count, contents and xmin (no row rewritten). */
const TABLES = ['fc_user', 'fc_fname', 'fc_user_data', 'fc_link', 'fc_cast', 'fc_reaction', 'fc_verification',
  'lens_profile', 'lens_profile_metadata', 'lens_handle', 'lens_follow', 'lens_publication', 'lens_publication_metadata',
  'lens_reaction', 'lens_act', 'lens_score', 'token', 'token_category', 'token_market', 'token_price'];

describe.each(targets)('importer on %s', (_name, open) => {
  let testDb: TestDatabase;
  let basic: ImportSummary;
  const sql = () => testDb.db.sql;
  const rows = <T = Record<string, unknown>>(text: string, params?: unknown[]) => sql().query<T>(text, params);
  const one = async <T = Record<string, unknown>>(text: string, params?: unknown[]) => (await rows<T>(text, params))[0];
  const table = (summary: ImportSummary, name: string) => summary.tables.find((t) => t.table === name) as TableReport;
  const run = (dir: string) => importDataset(testDb.db, { dir: fixture(dir), progress: 'silent', batchRows: 4 });

  async function snapshot(): Promise<Record<string, unknown>> {
    const out: Record<string, unknown> = {};
    for (const t of TABLES) {
      out[t] = await one(`SELECT count(*)::int AS n,
        md5(coalesce(string_agg(x::text || '@' || x.xmin::text, '|' ORDER BY x::text), '')) AS h FROM ${t} x`);
    }
    return out;
  }

  beforeAll(async () => {
    testDb = await open();
    basic = await run('import-basic');
  });
  afterAll(() => testDb.close());

  test('when hashes and ids come in any case or with \\x, then they are stored lowercase 0x and Lens ids canonical', async () => {
    expect((await rows('SELECT hash FROM fc_cast ORDER BY hash')).map((r) => r.hash))
      .toEqual(['0xabcd01', '0xabcd02', '0xabcd03', '0xabcd05']);
    expect(await one(`SELECT parent_hash, root_parent_hash FROM fc_cast WHERE hash = '0xabcd02'`))
      .toEqual({ parent_hash: '0xabcd01', root_parent_hash: '0xabcd01' });
    expect(await rows('SELECT fid, custody_address FROM fc_user ORDER BY fid'))
      .toEqual([{ fid: 1, custody_address: '0xabcdef' }, { fid: 2, custody_address: '0xabcd' }, { fid: 3, custody_address: null }]);
    expect((await rows('SELECT DISTINCT target_hash FROM fc_reaction')).map((r) => r.target_hash)).toEqual(['0xabcd01']);
    expect(await rows('SELECT address, protocol FROM fc_verification ORDER BY fid, address')).toEqual([
      { address: '0xaaaabbbbccccddddeeeeffff0000111122223333', protocol: 'ethereum' },
      { address: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV', protocol: 'solana' },
      { address: '0xbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb', protocol: 'ethereum' },
    ]);
    // `0x1` and `0x01` are one profile; its newer record wins.
    expect(await rows('SELECT profile_id, owned_by, is_burnt FROM lens_profile ORDER BY profile_id')).toEqual([
      { profile_id: '0x01', owned_by: '0xbbbb', is_burnt: false },
      { profile_id: '0x02', owned_by: '0xcccc', is_burnt: true },
      { profile_id: '0x0a', owned_by: '0xdddd', is_burnt: false },
    ]);
    expect(await one(`SELECT name, updated_at FROM lens_profile_metadata WHERE profile_id = '0x01'`))
      .toEqual({ name: 'New Name', updated_at: new Date('2023-07-01T00:00:00Z') });
    expect(await rows('SELECT publication_id, parent_publication_id FROM lens_publication ORDER BY publication_id')).toEqual([
      { publication_id: '0x01-0x01', parent_publication_id: null },
      { publication_id: '0x02-0x01', parent_publication_id: '0x01-0x01' },
      { publication_id: '0x0a-0x01', parent_publication_id: '0x01-0x01' },
    ]);
    expect((await rows('SELECT follower_profile_id FROM lens_follow ORDER BY 1')).map((r) => r.follower_profile_id))
      .toEqual(['0x01', '0x02', '0x0a']);
    expect((await one('SELECT address FROM token WHERE id = 2'))?.address).toBe('0x2791bca1f2de4661ed88a30c99a7a9449aa84174');
  });

  test('when timestamps are BigQuery " UTC" strings or carry offsets, then they are stored as the right instant', async () => {
    const casts = await rows<{ hash: string; ts: string }>(
      `SELECT hash, to_char("timestamp" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS') AS ts FROM fc_cast ORDER BY hash`);
    expect(casts.map((c) => c.ts)).toEqual(
      ['2024-03-01T12:00:00.000', '2024-03-01T12:00:00.000', '2024-03-01T12:00:00.000', '2024-03-01T12:00:00.123']);
    expect((await one('SELECT registered_at FROM fc_user WHERE fid = 3'))?.registered_at).toEqual(new Date('2023-01-02T00:00:00Z'));
    expect((await one('SELECT genesis_date::text AS d FROM token WHERE id = 1'))?.d).toBe('2017-12-12');
  });

  test('when a file has bad rows, then each is reported with file and line and the good rows of that file are imported', async () => {
    expect(table(basic, 'farcaster/casts')).toMatchObject({
      rowsRead: 6, rowsStored: 4, rowsOk: 4, rowsBad: 2,
      perFile: [{ file: 'farcaster/casts.csv', rowsRead: 6, rowsStored: 4, rowsOk: 4, rowsBad: 2 }], badSamples: [
      { file: 'farcaster/casts.csv', line: 6, reason: expect.stringContaining('timestamp') },
      { file: 'farcaster/casts.csv', line: 7, reason: expect.stringContaining('hash') },
    ] });
    expect(table(basic, 'farcaster/reactions').badSamples)
      .toEqual([{ file: 'farcaster/reactions.csv', line: 4, reason: expect.stringContaining('reaction_type') }]);
    expect(table(basic, 'tokens/tokens').badSamples)
      .toEqual([{ file: 'tokens/tokens.csv', line: 4, reason: expect.stringContaining('decimals') }]);
    // A value only the database rejects (too large for numeric(78,18)) is isolated from its chunk.
    expect(table(basic, 'lens/publication_open_action_module_acted_record')).toMatchObject({ rowsOk: 6, rowsBad: 2, badSamples: [
      { line: 8, reason: expect.stringContaining('history_id') },
      { line: 9, reason: expect.stringContaining('rejected by the database') },
    ] });
    // 3 rows repeat a key of the same file (user_data, profile_record, profile_metadata): ok, but not stored.
    expect([basic.rowsRead, basic.rowsStored, basic.rowsUnchanged, basic.rowsOk, basic.rowsBad, basic.rowsIgnored])
      .toEqual([67, 54, 3, 57, 9, 1]);
    expect(await one(`SELECT status, rows_ok::int AS ok, rows_bad::int AS bad FROM import_run ORDER BY id DESC LIMIT 1`))
      .toEqual({ status: 'ok', ok: 57, bad: 9 });
  });

  test('when a cast embeds a castId, then it quotes that cast; mentions become an integer array', async () => {
    expect(await rows('SELECT hash, quoted_hash, quoted_fid, mentions FROM fc_cast ORDER BY hash')).toEqual([
      { hash: '0xabcd01', quoted_hash: null, quoted_fid: null, mentions: [] },
      { hash: '0xabcd02', quoted_hash: null, quoted_fid: null, mentions: [1] },
      { hash: '0xabcd03', quoted_hash: '0xabcd01', quoted_fid: 1, mentions: [1, 2] },
      { hash: '0xabcd05', quoted_hash: null, quoted_fid: null, mentions: [] },
    ]);
    expect((await one(`SELECT text FROM fc_cast WHERE hash = '0xabcd02'`))?.text).toBe('reply, with "quotes"\nand a newline');
    expect((await one(`SELECT tags FROM lens_publication_metadata WHERE publication_id = '0x01-0x01'`))?.tags).toEqual(['gm', 'lens']);
  });

  test('when a collect has no usd_amount, then it is amount × that day\'s USD price (else the newest earlier one), 0 without one', async () => {
    const acts = await rows('SELECT history_id::int AS id, collected_profile_id AS author, usd_amount::float8 AS usd FROM lens_act ORDER BY 1');
    expect(acts).toEqual([
      { id: 1, author: '0x01', usd: 6200.5 }, // 2 WETH × 3100.25, the newest price of 2024-03-01
      { id: 2, author: '0x01', usd: 3100.25 }, // no price on 2024-03-02: the newest earlier one
      { id: 3, author: '0x01', usd: 0 }, // DAI: no token
      { id: 4, author: '0x02', usd: 12.34 }, // given
      { id: 5, author: '0x02', usd: 0 }, // USDC priced only later
      { id: 6, author: '0x05', usd: 0 }, // not a collect; publication unknown: the id's profile
    ]);
  });

  test('when tables are split, missing, carry extra columns or aliases, then what exists is read', async () => {
    expect(table(basic, 'farcaster/links')).toMatchObject({
      files: ['farcaster/links/part-00000.csv', 'farcaster/links/part-00001.csv'], rowsRead: 5, rowsOk: 4, rowsBad: 0, rowsIgnored: 1,
      ignoredReasons: { 'link type is not follow (no answer uses other link types)': 1 },
      perFile: [
        { file: 'farcaster/links/part-00000.csv', rowsRead: 3, rowsOk: 3, rowsBad: 0, rowsIgnored: 0 },
        { file: 'farcaster/links/part-00001.csv', rowsRead: 2, rowsOk: 1, rowsBad: 0, rowsIgnored: 1 },
      ],
    });
    expect(await one('SELECT count(*)::int AS n FROM fc_link')).toEqual({ n: 4 });
    // Not Parquet inside: reported as unreadable, the import goes on.
    expect(table(basic, 'tokens/markets')).toMatchObject({
      files: ['tokens/markets.parquet'], rowsOk: 0, rowsBad: 0,
      unreadableFiles: [{ file: 'tokens/markets.parquet', line: 1, reason: expect.stringMatching(/^unreadable parquet file: .*parquet/) }],
    });
    expect(basic.warnings).toEqual([]);
    expect(await rows('SELECT fid, fname, deleted_at FROM fc_fname ORDER BY fid, fname')).toEqual([
      { fid: 1, fname: 'alice', deleted_at: null },
      { fid: 2, fname: 'bob', deleted_at: null },
      { fid: 2, fname: 'bobby', deleted_at: new Date('2024-01-01T00:00:00Z') },
    ]);
    expect(await rows('SELECT fid, reaction_type, target_fid FROM fc_reaction ORDER BY fid'))
      .toEqual([{ fid: 2, reaction_type: 1, target_fid: 1 }, { fid: 3, reaction_type: 2, target_fid: 1 }]);
    expect((await one(`SELECT value FROM fc_user_data WHERE fid = 1 AND type = 3`))?.value).toBe('bio v2');
  });

  test('when the CoinGecko markets file is read, then its decimals are stored exactly', async () => {
    const id = coingeckoTokenId('pepe');
    expect(id).toBeGreaterThanOrEqual(2 ** 30);
    expect(await one('SELECT symbol, chain, address, name FROM token WHERE id = $1', [id]))
      .toEqual({ symbol: 'PEPE', chain: 'coingecko', address: 'pepe', name: 'Pepe' });
    expect(await one(`SELECT price_usd::text AS price, market_cap::text AS cap, atl::text AS atl,
        price_change_percentage_24h::text AS d1, price_change_percentage_7d::text AS d7, created_at FROM token_price WHERE token_id = $1`, [id]))
      .toEqual({ price: '0.000012345678901234', cap: '5234567890123456789012', atl: '0.000000055',
        d1: '-3.14159265358979323846', d7: '12.5', created_at: new Date('2024-03-01T12:34:56.789Z') });
    expect(table(basic, 'tokens/coingecko_markets')).toMatchObject({ rowsRead: 2, rowsOk: 1, rowsBad: 1, badSamples: [{ line: 2 }] });
  });

  test('when the import ends, then protocol_state.as_of is the newest event time of each protocol', async () => {
    expect(await rows('SELECT protocol, as_of FROM protocol_state ORDER BY protocol')).toEqual([
      { protocol: 'farcaster', as_of: new Date('2024-03-04T00:00:00Z') }, // a cast's deletion
      { protocol: 'lens', as_of: new Date('2024-03-08T09:30:00Z') }, // an act
    ]);
  });

  test('when the same folder is imported again, then nothing changes', async () => {
    const before = await snapshot();
    const again = await run('import-basic');
    expect(await snapshot()).toEqual(before);
    expect([again.rowsRead, again.rowsOk, again.rowsBad]).toEqual([basic.rowsRead, basic.rowsOk, basic.rowsBad]);
    expect([again.rowsStored, again.rowsUpdated, again.rowsUnchanged]).toEqual([0, 0, basic.rowsOk]);
  });

  test('when a newer dump is imported, then newer rows win, older ones do not, and a deleted follow becomes an unfollow', async () => {
    await run('import-newer');
    expect(await rows('SELECT fid, value FROM fc_user_data WHERE type = 2 ORDER BY fid'))
      .toEqual([{ fid: 1, value: 'Alice Newer' }, { fid: 2, value: 'Bob' }]);
    const unfollow = { timestamp: new Date('2024-03-01T13:00:00Z'), deleted_at: new Date('2024-03-06T08:00:00Z') };
    expect(await one('SELECT "timestamp", deleted_at FROM fc_link WHERE fid = 2 AND target_fid = 1')).toEqual(unfollow);
    expect(await one(`SELECT deleted_at FROM lens_follow WHERE profile_id = '0x01' AND follower_profile_id = '0x02'`))
      .toEqual({ deleted_at: new Date('2024-03-07T00:00:00Z') });
    expect((await one(`SELECT as_of FROM protocol_state WHERE protocol = 'farcaster'`))?.as_of).toEqual(new Date('2024-03-06T08:00:00Z'));

    await run('import-basic'); // the older dump again
    expect(await one('SELECT "timestamp", deleted_at FROM fc_link WHERE fid = 2 AND target_fid = 1')).toEqual(unfollow);
    expect((await one(`SELECT value FROM fc_user_data WHERE fid = 1 AND type = 2`))?.value).toBe('Alice Newer');
  });

  test('when token prices arrive in a later import, then collects valued 0 for want of a price get their value', async () => {
    await run('import-late-prices');
    expect(await rows(`SELECT history_id::int AS id, usd_amount::text AS usd FROM lens_act WHERE history_id IN (3, 5) ORDER BY 1`))
      .toEqual([{ id: 3, usd: '4.995000000000000000' }, { id: 5, usd: '0.000000000000000000' }]);
  });

  test('when a file lacks a required column, then the whole file is reported bad and the import goes on', async () => {
    const summary = await run('import-bad-header');
    expect(table(summary, 'farcaster/links')).toMatchObject({ rowsRead: 2, rowsOk: 0, rowsBad: 2, badSamples: [
      { file: 'farcaster/links.csv', line: 1, reason: expect.stringContaining('target_fid') },
    ] });
    expect(await one('SELECT fid FROM fc_user WHERE fid = 7')).toEqual({ fid: 7 });
  });

  test('when the import fails mid-way, then committed chunks stay, the run is marked failed and the error propagates', async () => {
    const failing = { sql: failOn(sql(), /INSERT INTO "fc_cast"/), jobEvents: new JobEvents() } as unknown as Database;
    await sql().exec('DELETE FROM fc_user WHERE fid = 3');
    await expect(importDataset(failing, { dir: fixture('import-basic'), progress: 'silent' })).rejects.toThrow('merge failed');
    expect(await one('SELECT fid FROM fc_user WHERE fid = 3')).toEqual({ fid: 3 }); // imported before the failure
    expect(await one(`SELECT status, report->>'error' AS error FROM import_run ORDER BY id DESC LIMIT 1`))
      .toEqual({ status: 'failed', error: 'merge failed' });
  });

  test('when a table is loaded, then it is analyzed before the next tables merge (their statements and triggers read it)', async () => {
    const statements: string[] = [];
    const recording = { sql: onStatement(sql(), (text) => statements.push(text)), jobEvents: new JobEvents() } as unknown as Database;
    await importDataset(recording, { dir: fixture('import-basic'), progress: 'silent' });
    const first = (pattern: RegExp) => statements.findIndex((text) => pattern.test(text));
    const analyzed = first(/^ANALYZE "fc_verification"$/);
    expect(analyzed).toBeGreaterThan(first(/INSERT INTO "fc_verification"/));
    // The cross-match trigger of lens_profile joins fc_verification: planned without its statistics, a chunk of a large import stalls in that join.
    expect(analyzed).toBeLessThan(first(/INSERT INTO "lens_profile"/));
    expect(statements.filter((text) => text === 'ANALYZE "fc_verification"')).toHaveLength(1);
  });
});

/** A SqlClient that reports every statement's text before running it; a throw from `seen` fails the statement. */
function onStatement(inner: SqlClient, seen: (text: string) => void): SqlClient {
  return {
    kind: inner.kind,
    query: async <T>(text: string, params?: unknown[]) => { seen(text); return inner.query<T>(text, params); },
    exec: async (text) => { seen(text); return inner.exec(text); },
    copyCsv: (t, columns, csv) => inner.copyCsv(t, columns, csv),
    transaction: (fn) => inner.transaction((tx) => fn(onStatement(tx, seen))),
    session: (fn) => inner.session((session) => fn(onStatement(session, seen))),
  };
}

/** A SqlClient whose statements matching `pattern` fail, as a lost server would. */
function failOn(inner: SqlClient, pattern: RegExp): SqlClient {
  return onStatement(inner, (text) => {
    if (pattern.test(text)) throw new Error('merge failed');
  });
}
