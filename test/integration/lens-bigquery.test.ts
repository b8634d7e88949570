// A Lens dump as Lens's public BigQuery dataset (v2) exports it to CSV: real table
// and column names, EIP-55 addresses, `… UTC` timestamps, handles linked through
// namespace_handle_link, collects priced on the publication's action module in
// ERC-20 base units (test/fixtures/lens-bigquery, README there lists the answers).
import { importDataset } from '../../src/importer/import-dataset';
import { createTestDatabase } from '../helpers/test-database';
import { fixture, startTestServer, type TestServer } from '../helpers/test-server';

let s: TestServer;
beforeAll(async () => { s = await startTestServer({ fixture: 'lens-bigquery' }); });
afterAll(async () => { await s.close(); });

const rows = <T>(sql: string) => s.testDb.db.read<T>(sql);

describe('Lens BigQuery v2 profiles', () => {
  it('when profile_metadata names the pictures by snapshot URL, then profilePic is the newest row\'s picture (REST and GraphQL)', async () => {
    const res = await s.rest('/api/lens/profile/0x5');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      profileId: '0x05', name: 'Stani', profilePic: 'https://ik.imagekit.io/lens/media-snapshot/stani.png', totalFollowers: 2, score: 97,
    });
    const gql = await s.gql.request<{ lensProfile: { profilePic: string; metadata: unknown } }>(
      '{ lensProfile(id: "0x05") { profilePic metadata { bio coverPicture { optimized { uri } } } } }');
    expect(gql.lensProfile).toEqual({
      profilePic: 'https://ik.imagekit.io/lens/media-snapshot/stani.png',
      metadata: { bio: 'Building Lens', coverPicture: { optimized: { uri: 'https://ik.imagekit.io/lens/media-snapshot/stani-cover.png' } } },
    });
  });

  it('when namespace_handle has no profile, then the handle comes through namespace_handle_link (the newest link of the profile)', async () => {
    const gql = await s.gql.request<{ lensProfiles: { profileId: string; handle: { localName: string } | null }[] }>(
      '{ lensProfiles(ids: ["0x05", "0x01a6", "0x8e"]) { profileId handle { localName } } }');
    expect(gql.lensProfiles).toEqual([
      { profileId: '0x05', handle: { localName: 'stani' } },
      { profileId: '0x01a6', handle: { localName: 'alice' } },
      { profileId: '0x8e', handle: null }, // owns a handle that is linked to no profile
    ]);
  });

  it('when followers are imported, then the counts answer', async () => {
    const res = await s.rest('/api/lens/followersCount?ids=0x05,0x01a6,0x8e');
    expect(res.body).toEqual([
      { profileId: '0x05', followersCount: 2 }, { profileId: '0x01a6', followersCount: 1 }, { profileId: '0x8e', followersCount: 0 },
    ]);
  });

  it('when a publication is on Momoka or comments on one, then its id is kept whole and it is imported', async () => {
    expect(await rows<{ publication_id: string; parent_publication_id: string | null }>(
      `SELECT publication_id, parent_publication_id FROM lens_publication WHERE publication_type = 'COMMENT' ORDER BY publication_id`)).toEqual([
      { publication_id: '0x05-0x04', parent_publication_id: '0x8e-0x0b-DA-951a2a24' },
      { publication_id: '0x8e-0x0b-DA-951a2a24', parent_publication_id: '0x05-0x01' },
    ]);
    expect(await rows(`SELECT tags FROM lens_publication_metadata WHERE publication_id = '0x05-0x01'`)).toEqual([{ tags: ['gm', 'lens'] }]);
  });
});

describe('Lens BigQuery v2 collects', () => {
  it('when 14 acts share 3 history ids, then 14 acts are stored, keyed by tx hash and log index', async () => {
    const acts = await rows<{ n: number; histories: number; bundle: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT history_id)::int AS histories,
        count(*) FILTER (WHERE act_id LIKE '%-102' OR act_id LIKE '%-103')::int AS bundle FROM lens_act WHERE collected_profile_id = '0x05'`);
    expect(acts).toEqual([{ n: 14, histories: 3, bundle: 2 }]);
  });

  it('when the collects of the author are listed, then 14 records, each with its act id, currency symbol and amount in units', async () => {
    const res = await s.rest('/api/lens/profile/collect/list/0x05?limit=100');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(14);
    expect(new Set(res.body.map((c: { id: string }) => c.id)).size).toBe(14);
    expect(res.body.every((c: { id: string }) => /^0x[0-9a-f]{64}-\d+$/.test(c.id))).toBe(true);
    const [unknown, ...rest] = res.body;
    expect(unknown).toMatchObject({ collectedPubId: '0x05-0x03', collectorProfileId: '0x8e', currency: '0x1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b', amount: 7, usdAmount: 0 });
    expect(rest.slice(0, 3).map((c: { currency: string; amount: number; usdAmount: number }) => [c.currency, c.amount, c.usdAmount]))
      .toEqual(Array(3).fill(['USDC', 1.5, 1.5]));
    expect(rest.slice(3).map((c: { currency: string; amount: number; usdAmount: number }) => [c.currency, c.amount, c.usdAmount]))
      .toEqual(Array(10).fill(['WMATIC', 2.5, 2]));
    // Two acts of one transaction at one time: newest log first.
    const bundle = res.body.filter((c: { id: string }) => /-10[23]$/.test(c.id)).map((c: { id: string }) => c.id.split('-')[1]);
    expect(bundle).toEqual(['103', '102']);
  });

  it('when a module asks 0 (in the zero address), then the collect is free: no currency, amount 0, USD 0, nothing reported', async () => {
    expect((await s.rest('/api/lens/profile/collect/sum/0x01a6')).body).toEqual({
      profileId: '0x01a6', count: 1, usdTotal: 0, currencies: [{ currency: null, count: 1, amount: 0, usdAmount: 0 }],
    });
  });

  it('when the collects are summed, then USD is amount in units × the token\'s price; the unresolved currency is 0', async () => {
    const res = await s.rest('/api/lens/profile/collect/sum/0x05');
    expect(res.body).toEqual({
      profileId: '0x05', count: 14, usdTotal: 24.5, currencies: [
        { currency: 'WMATIC', count: 10, amount: 25, usdAmount: 20 },
        { currency: 'USDC', count: 3, amount: 4.5, usdAmount: 4.5 },
        { currency: '0x1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b', count: 1, amount: 7, usdAmount: 0 },
      ],
    });
  });

  it('when collects are filtered by a symbol in any case, then only that currency counts (REST and GraphQL)', async () => {
    expect((await s.rest('/api/lens/profile/collect/sum/0x05?currency=wmatic')).body).toMatchObject({ count: 10, usdTotal: 20 });
    const gql = await s.gql.request<{ lensProfile: { collectList: { id: string; currency: string }[] } }>(
      '{ lensProfile(id: "0x05") { collectList(filter: { currency: "Usdc" }, limit: 10) { id: nativeId currency } } }');
    expect(gql.lensProfile.collectList.map((c) => c.currency)).toEqual(['USDC', 'USDC', 'USDC']);
    const byAddress = await s.rest('/api/lens/profile/collect/sum/0x05?currency=0x1A2B3C4D5E6F7A8B9C0D1E2F3A4B5C6D7E8F9A0B');
    expect(byAddress.body).toMatchObject({ count: 1, usdTotal: 0 });
  });

  it('when the dump is imported again, then nothing changes and the unresolved currency is reported', async () => {
    const before = await rows('SELECT act_id, currency, amount::text, usd_amount::text, xmin::text FROM lens_act ORDER BY act_id');
    const summary = await importDataset(s.testDb.db, { dir: fixture('lens-bigquery'), progress: 'silent', batchRows: 5 });
    const acts = summary.tables.find((t) => t.table === 'lens/publication_open_action_module_acted_record');
    expect(acts).toMatchObject({ rowsOk: 15, rowsBad: 0, warnings: {
      'collects in currency 0x1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b with no known symbol and decimals (amount unscaled, USD 0)': 1,
    } });
    expect(summary.rowsBad).toBe(0);
    expect(await rows('SELECT act_id, currency, amount::text, usd_amount::text, xmin::text FROM lens_act ORDER BY act_id')).toEqual(before);
  });
});

describe('Lens BigQuery v2 collects, then the token of their currency', () => {
  it('when the unresolved currency\'s token arrives in a later import, then its collect gets symbol, units and USD', async () => {
    const summary = await importDataset(s.testDb.db, { dir: fixture('lens-bigquery-late-token'), progress: 'silent' });
    expect(summary.rowsBad).toBe(0);
    expect((await s.rest('/api/lens/profile/collect/sum/0x05?currency=zorb')).body).toMatchObject({
      count: 1, usdTotal: 7, currencies: [{ currency: 'ZORB', count: 1, amount: 0.7, usdAmount: 7 }],
    });
  });
});

describe('namespace_handle with profile_id (other dumps)', () => {
  it('when namespace_handle carries profile_id, then that is the profile\'s handle, with no link table', async () => {
    const t = await createTestDatabase();
    try {
      await importDataset(t.db, { dir: fixture('import-basic'), progress: 'silent' });
      expect(await t.db.read('SELECT profile_id, local_name FROM lens_handle ORDER BY profile_id')).toEqual([
        { profile_id: '0x01', local_name: 'alice' }, { profile_id: '0x02', local_name: 'bob' },
      ]);
    } finally {
      await t.close();
    }
  });
});
