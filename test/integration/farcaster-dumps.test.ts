// Farcaster tables exactly as the real dumps write them, imported and answered:
// a hub replicator export (psql \copy CSV: bytea as \x, timestamptz with +00 or a
// session's +01), a Dune download of dune.neynar.dataset_farcaster_* (every field
// quoted, 0x varbinary, " UTC", address inside claim, embeds in four shapes) and
// Neynar v3 (nindexer) tables in the cells the Parquet reader hands over. Answers
// are derived in test/fixtures/fc-*/README.md.
import type { TableReport } from '../../src/importer/report';
import { startTestServer, type TestServer } from '../helpers/test-server';

const C1 = '0xa48dd46161d8e57725f5e26e34ec19c13ff7f3b9';
const C2 = '0xd2b1ddc6c88e865a33cb1a565e0058d757042974';
const C4 = '0x5e0a3c9d8b7f6e1d2c3b4a5968778695a4b3c2d1';
const ETH1 = '0x8fc5d6afe572fefc4ec153587b63ce543f6fa2ea';
const ETH3 = '0x2d3a0f7c1b9e8d6f5a4c3b2e1d0f9a8b7c6d5e4f';
const URL_REACTION = 'reaction to a URL (no cast): no answer counts it';
const ALICE = {
  coverPicture: { optimized: { uri: 'https://i.imgur.com/alice-banner.png' } },
  displayName: 'Alice A.',
  picture: { raw: { uri: 'https://i.imgur.com/alice.png' } },
};

async function importReport(s: TestServer, table: string): Promise<TableReport> {
  const [{ report }] = await s.testDb.db.sql.query<{ report: { tables: TableReport[] } }>(
    `SELECT report FROM import_run WHERE status = 'ok' ORDER BY id DESC LIMIT 1`);
  return report.tables.find((t) => t.table === table) as TableReport;
}

const rows = <T = Record<string, unknown>>(s: TestServer, text: string) => s.testDb.db.sql.query<T>(text);
const verificationsOf = async (s: TestServer, fid: number) =>
  (await s.gql.request<{ farcasterUser: { verifications: unknown[] } }>(
    `{ farcasterUser(fid: ${fid}) { verifications { address protocol } } }`)).farcasterUser.verifications;

describe('a hub replicator export', () => {
  let s: TestServer;
  beforeAll(async () => { s = await startTestServer({ fixture: 'fc-replicator' }); });
  afterAll(async () => { await s.close(); });

  it('when the replicator tables are imported, then every row is read (a reaction to a URL ignored, not bad)', async () => {
    for (const [table, ok] of [['fids', 4], ['fnames', 4], ['user_data', 9], ['links', 4], ['casts', 4], ['reactions', 3], ['verifications', 3]] as const) {
      expect([table, await importReport(s, `farcaster/${table}`)]).toEqual([table, expect.objectContaining({ rowsOk: ok, rowsBad: 0 })]);
    }
    expect(await importReport(s, 'farcaster/reactions')).toMatchObject({ rowsIgnored: 1, ignoredReasons: { [URL_REACTION]: 1 } });
    expect(await rows(s, 'SELECT fid, target_hash FROM fc_reaction ORDER BY fid')).toEqual([
      { fid: 2, target_hash: C1 }, { fid: 3, target_hash: C1 }, { fid: 4, target_hash: C1 }]);
  });

  it('when timestamps carry +01 (the session time zone), then the instants are UTC-correct', async () => {
    expect(await rows(s, 'SELECT fid, "timestamp", deleted_at FROM fc_link WHERE target_fid = 1 ORDER BY fid')).toEqual([
      { fid: 2, timestamp: new Date('2024-01-03T10:00:00Z'), deleted_at: null },
      { fid: 3, timestamp: new Date('2024-01-04T10:00:00.250Z'), deleted_at: null },
      { fid: 4, timestamp: new Date('2024-01-05T10:00:00Z'), deleted_at: new Date('2024-01-06T12:30:00.500Z') },
    ]);
    expect((await rows(s, `SELECT "timestamp" FROM fc_cast WHERE hash = '${C1}'`))[0]).toEqual({ timestamp: new Date('2024-01-07T09:00:00.415Z') });
  });

  it('when signer_address is raw bytes with no protocol, then 20 bytes are Ethereum and 32 bytes a base58 Solana address', async () => {
    expect(await rows(s, 'SELECT fid, address, protocol, deleted_at IS NOT NULL AS deleted FROM fc_verification ORDER BY fid')).toEqual([
      { fid: 1, address: ETH1, protocol: 'ethereum', deleted: false },
      { fid: 2, address: 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL', protocol: 'solana', deleted: false },
      { fid: 3, address: ETH3, protocol: 'ethereum', deleted: true },
    ]);
    expect(await verificationsOf(s, 2)).toEqual([{ address: 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL', protocol: 'SOLANA' }]);
    expect(await verificationsOf(s, 3)).toEqual([]);
  });

  it('when a profile is asked, then the cover is the banner (type 10), not the location (type 7), with exact stats', async () => {
    const { status, body } = await s.rest('/api/farcaster/user/profile/1');
    expect(status).toBe(200);
    expect(body).toMatchObject({ fid: 1, handle: { localName: 'alice' }, metadata: { ...ALICE, bio: 'gm, I build "things"' } });
    expect(body.stats).toMatchObject({ followers: 2, following: 1, posts: 1 });
    // fid 2 has only a location: no cover.
    expect((await s.rest('/api/farcaster/user/profile/2')).body.metadata).toEqual({ coverPicture: null, displayName: 'Bob', picture: null, bio: null });
  });

  it('when casts are asked, then the replicator castId quote, the reply and the live reactions count', async () => {
    const { body } = await s.rest('/api/farcaster/casts/1');
    expect(body.casts).toEqual([expect.objectContaining({ hash: C1, likes: 1, recasts: 1, replies: 1, quotes: 1 })]);
    expect((await s.rest('/api/farcaster/casts/2')).body.casts).toEqual([expect.objectContaining({ hash: C2, quotedHash: C1 })]);
    expect((await s.rest('/api/farcaster/likes-count?fids=1')).body).toEqual([{ fid: 1, likesCount: 1 }]);
  });
});

describe('a Dune download', () => {
  let s: TestServer;
  beforeAll(async () => { s = await startTestServer({ fixture: 'fc-dune' }); });
  afterAll(async () => { await s.close(); });

  it('when every field is quoted and the address is inside claim, then every row is read', async () => {
    for (const [table, ok] of [['fids', 4], ['fnames', 4], ['user_data', 5], ['links', 4], ['casts', 4], ['reactions', 3], ['verifications', 3]] as const) {
      expect([table, await importReport(s, `farcaster/${table}`)]).toEqual([table, expect.objectContaining({ rowsOk: ok, rowsBad: 0 })]);
    }
    expect((await importReport(s, 'farcaster/reactions')).ignoredReasons).toEqual({ [URL_REACTION]: 1 });
    expect(await rows(s, 'SELECT fid, address, protocol FROM fc_verification ORDER BY fid')).toEqual([
      { fid: 1, address: ETH1, protocol: 'ethereum' },
      { fid: 2, address: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', protocol: 'solana' },
      { fid: 3, address: ETH3, protocol: 'ethereum' },
    ]);
    expect(await rows(s, `SELECT registered_at FROM fc_user WHERE fid = 2`)).toEqual([{ registered_at: new Date('2023-10-03T08:12:45Z') }]);
  });

  it('when embeds are JSON, a Node Buffer, a Python literal or JSON in a string, then each is stored as normalised JSON', async () => {
    expect(await rows(s, 'SELECT hash, embeds, quoted_hash, quoted_fid, mentions FROM fc_cast ORDER BY "timestamp"')).toEqual([
      { hash: C1, embeds: [{ url: 'https://i.imgur.com/ship.png' }], quoted_hash: null, quoted_fid: null, mentions: [] },
      { hash: C2, embeds: [{ castId: { fid: 1, hash: C1 } }], quoted_hash: C1, quoted_fid: 1, mentions: [1] },
      { hash: expect.any(String), embeds: [{ url: "https://example.com/it's-live" }], quoted_hash: null, quoted_fid: null, mentions: [] },
      { hash: C4, embeds: [{ castId: { fid: 1, hash: C1 } }], quoted_hash: C1, quoted_fid: 1, mentions: [] },
    ]);
  });

  it('when the API is asked, then cover, followers, quotes and verifications come from the Dune rows', async () => {
    const { body } = await s.rest('/api/farcaster/user/profile/1');
    expect(body).toMatchObject({ fid: 1, handle: { localName: 'alice' }, metadata: ALICE, stats: { followers: 2, following: 1 } });
    expect((await s.rest('/api/farcaster/followersCount?fids=1,2')).body).toEqual([{ fid: 1, followersCount: 2 }, { fid: 2, followersCount: 1 }]);
    expect((await s.rest('/api/farcaster/casts/1')).body.casts).toEqual([expect.objectContaining({ hash: C1, likes: 2, recasts: 1, replies: 1, quotes: 2 })]);
    expect(await verificationsOf(s, 2)).toEqual([{ address: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', protocol: 'SOLANA' }]);
  });
});

describe('Neynar v3 (nindexer) tables', () => {
  let s: TestServer;
  beforeAll(async () => { s = await startTestServer({ fixture: 'fc-nindexer' }); });
  afterAll(async () => { await s.close(); });

  it('when follows carry no type, then every row is a follow', async () => {
    expect(await importReport(s, 'farcaster/follows')).toMatchObject({ rowsOk: 3, rowsBad: 0, rowsIgnored: 0 });
    expect((await s.rest('/api/farcaster/followersCount?fids=1,2')).body).toEqual([{ fid: 1, followersCount: 2 }, { fid: 2, followersCount: 0 }]);
  });

  it('when a verification is raw bytes with a protocol number, then Solana bytes become base58 and a 21-byte address is bad', async () => {
    expect(await rows(s, 'SELECT fid, address, protocol FROM fc_verification ORDER BY fid')).toEqual([
      { fid: 1, address: ETH1, protocol: 'ethereum' },
      { fid: 2, address: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', protocol: 'solana' },
    ]);
    expect((await importReport(s, 'farcaster/verifications')).badSamples)
      .toEqual([{ file: 'farcaster/verifications.csv', line: 4, reason: expect.stringContaining('bad address for ethereum') }]);
  });

  it('when usernames, casts and reactions come in v3 columns, then they are read (a quote from embedded_casts)', async () => {
    expect(await rows(s, 'SELECT fid, fname, deleted_at IS NOT NULL AS deleted FROM fc_fname ORDER BY fid')).toEqual([
      { fid: 1, fname: 'alice', deleted: false }, { fid: 2, fname: 'bob', deleted: false }, { fid: 3, fname: 'carol-old', deleted: true }]);
    expect(await rows(s, 'SELECT hash, quoted_hash, quoted_fid, mentions FROM fc_cast ORDER BY "timestamp"')).toEqual([
      { hash: C1, quoted_hash: null, quoted_fid: null, mentions: [] },
      { hash: C2, quoted_hash: C1, quoted_fid: 1, mentions: [1] },
    ]);
    expect(await importReport(s, 'farcaster/reactions')).toMatchObject({ rowsOk: 1, rowsIgnored: 1 });
    expect((await s.rest('/api/farcaster/casts/1')).body.casts).toEqual([expect.objectContaining({ hash: C1, likes: 1, quotes: 1 })]);
  });
  it('when profiles come as Neynar wide Parquet rows, then each column is its user data type (banner the cover, location not), a deleted profile shows nothing', async () => {
    const profile = (await s.rest('/api/farcaster/user/profile/1')).body;
    expect(profile.metadata).toEqual({
      coverPicture: { optimized: { uri: 'https://i.imgur.com/alice-banner.png' } }, displayName: 'Alice',
      picture: { raw: { uri: 'https://i.imgur.com/alice.png' } }, bio: 'building on farcaster',
    });
    expect(await rows(s, `SELECT type, value, "timestamp" FROM fc_user_data WHERE fid = 1 AND type IN (6, 7) ORDER BY type`)).toEqual([
      { type: 6, value: 'alice', timestamp: new Date('2025-06-26T17:00:01.123Z') },
      { type: 7, value: 'Los Angeles, CA', timestamp: new Date('2025-06-26T17:00:01.123Z') },
    ]);
    expect((await s.rest('/api/farcaster/user/profile/3')).body.metadata).toEqual({ coverPicture: null, displayName: null, picture: null, bio: null });
    // One spec per column: 3 rows read for each, every one stored (an empty cell is a cleared value).
    expect(await importReport(s, 'farcaster/profiles (banner_url)')).toMatchObject({
      files: ['farcaster/nindexer-profiles-1750957186-1750957187.parquet'], rowsRead: 3, rowsStored: 3, rowsBad: 0 });
  });
});
