// Lens Chain (v3) tables on the hand-made lens-v3 fixture (its README lists the
// known answers): accounts become profiles keyed by their full address, an account
// migrated from v2 answers under its v2 id, and the usual Lens answers hold.
import { importDataset } from '../../src/importer/import-dataset';
import { fixture, startTestServer, type TestServer } from '../helpers/test-server';

let s: TestServer;
beforeAll(async () => { s = await startTestServer({ fixture: 'lens-v3' }); });
afterAll(async () => { await s.close(); });

const ALICE = `0x${'00'.repeat(19)}a1`;
const BOB = `0x${'b2'.repeat(20)}`;
const CAROL = `0x${'c3'.repeat(20)}`;
const DAN = `0x${'d4'.repeat(20)}`;
const FIVE = `0x${'4d'.repeat(20)}`;
const post = (n: number) => `0x${n.toString(16).padStart(2, '0').repeat(32)}`;
const ids = (list: { profileId: string }[]) => list.map((p) => p.profileId);
const read = <T>(text: string, ...params: unknown[]) => s.testDb.db.read<T>(text, ...params);

describe('import of the Lens Chain tables', () => {
  it('when accounts come as \\x bytea in any case, then they are profiles keyed by the full lowercase address; migrated ones by their v2 id', async () => {
    expect((await read<{ profile_id: string }>('SELECT profile_id FROM lens_profile ORDER BY length(profile_id), profile_id')).map((r) => r.profile_id))
      .toEqual(['0x05', '0x06', ALICE, BOB, CAROL, DAN]);
    expect(await read('SELECT account_address, profile_id FROM lens_profile_link ORDER BY profile_id')).toEqual([
      { account_address: FIVE, profile_id: '0x05' }, { account_address: `0x${'f6'.repeat(20)}`, profile_id: '0x06' },
    ]);
    // The v3 record of 0x05 is newer than its v2 record: its owner wins.
    expect(await read(`SELECT owned_by FROM lens_profile WHERE profile_id = '0x05'`)).toEqual([{ owned_by: `0x${'5e'.repeat(20)}` }]);
  });

  it('when a post is a comment, quote or repost, then it is a COMMENT, QUOTE or MIRROR of its parent; a deleted post is hidden', async () => {
    expect(await read('SELECT publication_id, profile_id, publication_type, parent_publication_id, is_hidden FROM lens_publication ORDER BY publication_id')).toEqual([
      { publication_id: post(1), profile_id: ALICE, publication_type: 'POST', parent_publication_id: null, is_hidden: false },
      { publication_id: post(2), profile_id: BOB, publication_type: 'COMMENT', parent_publication_id: post(1), is_hidden: false },
      { publication_id: post(3), profile_id: '0x05', publication_type: 'QUOTE', parent_publication_id: post(1), is_hidden: false },
      { publication_id: post(4), profile_id: CAROL, publication_type: 'MIRROR', parent_publication_id: post(1), is_hidden: false },
      { publication_id: post(5), profile_id: '0x05', publication_type: 'POST', parent_publication_id: null, is_hidden: false },
      { publication_id: post(6), profile_id: DAN, publication_type: 'COMMENT', parent_publication_id: post(1), is_hidden: true },
    ]);
    expect(await read(`SELECT content, main_content_focus, tags FROM lens_publication_metadata WHERE publication_id = $1`, post(1)))
      .toEqual([{ content: 'gm Lens Chain', main_content_focus: 'TEXT_ONLY', tags: ['gm', 'lens'] }]);
  });

  it('when a follow is in the v2 and the v3 dump, then it is one follow; scores are the newest, on the v2 scale', async () => {
    expect(await read(`SELECT follower_profile_id FROM lens_follow WHERE profile_id = '0x05' ORDER BY length(follower_profile_id), follower_profile_id`))
      .toEqual([{ follower_profile_id: '0x06' }, { follower_profile_id: ALICE }, { follower_profile_id: BOB }]);
    expect(await read('SELECT profile_id, score FROM lens_score ORDER BY length(profile_id), profile_id')).toEqual([
      { profile_id: '0x05', score: 5000 }, { profile_id: ALICE, score: 9050 },
    ]);
  });

  it('when actions are executed, then collects are the SimpleCollectAction rows keyed v3-<id>; an action on a post not imported is kept without author and reported', async () => {
    expect(await read('SELECT act_id, collected_profile_id, acted_profile_id, is_collect, usd_amount::float8 AS usd FROM lens_act ORDER BY history_id')).toEqual([
      { act_id: 'v3-1', collected_profile_id: ALICE, acted_profile_id: BOB, is_collect: true, usd: 2.5 },
      { act_id: 'v3-2', collected_profile_id: '0x05', acted_profile_id: ALICE, is_collect: true, usd: 0 },
      { act_id: 'v3-3', collected_profile_id: ALICE, acted_profile_id: CAROL, is_collect: false, usd: 0 },
      { act_id: 'v3-4', collected_profile_id: '', acted_profile_id: CAROL, is_collect: true, usd: 0 },
    ]);
    const again = await importDataset(s.testDb.db, { dir: fixture('lens-v3'), progress: 'silent' });
    expect(again.tables.find((t) => t.table === 'lens-v3/post.action_executed')?.warnings)
      .toEqual({ 'acts on posts not in the database (author unknown until the post is imported)': 1 });
  });

  it('when the same dump is imported again, then no row changes', async () => {
    const tables = ['lens_profile', 'lens_profile_link', 'lens_profile_metadata', 'lens_handle', 'lens_follow', 'lens_publication',
      'lens_publication_metadata', 'lens_reaction', 'lens_act', 'lens_score'];
    const snapshot = () => Promise.all(tables.map((t) => read(`SELECT count(*)::int AS n,
      md5(coalesce(string_agg(x::text || '@' || x.xmin::text, '|' ORDER BY x::text), '')) AS h FROM ${t} x`)));
    const before = await snapshot();
    const again = await importDataset(s.testDb.db, { dir: fixture('lens-v3'), progress: 'silent', batchRows: 2 });
    expect(again.tables.find((t) => t.table === 'lens-v3/account.known_smart_wallet')).toBeDefined();
    // The wallet table is read twice, and the report names each pass once.
    expect(again.tables.map((t) => t.table).filter((t) => t.includes('known_smart_wallet')))
      .toEqual(['lens-v3/account.known_smart_wallet (v2 profile link)', 'lens-v3/account.known_smart_wallet']);
    expect(await snapshot()).toEqual(before);
  });
});

describe('Lens answers for an account address', () => {
  it('when the profile of an address is asked in any case or with \\x, then it answers under the full lowercase address', async () => {
    for (const id of [ALICE, ALICE.toUpperCase().replace('0X', '0x'), `\\x${ALICE.slice(2)}`]) {
      const { status, body } = await s.rest(`/api/lens/profile/${encodeURIComponent(id)}`);
      expect([status, body.profileId]).toEqual([200, ALICE]);
    }
    expect((await s.rest(`/api/lens/profile/${ALICE}`)).body).toMatchObject({
      profileId: ALICE, totalFollowers: 4, totalFollowing: 2, score: 9050, name: 'Alice', profilePic: 'ipfs://alice', active: true,
    });
  });

  it('when an id has 40 hex digits, then it is an address kept whole (0x00…05 is not 0x05); fewer digits are a v2 id by value', async () => {
    expect((await s.rest(`/api/lens/profile/0x${'ee'.repeat(20)}`)).status).toBe(404);
    expect((await s.rest(`/api/lens/profile/0x${'00'.repeat(19)}05`)).status).toBe(404);
    expect((await s.rest('/api/lens/profile/0x0005')).body.profileId).toBe('0x05');
  });

  it('when followers are counted, then v3 follows count', async () => {
    expect((await s.rest(`/api/lens/followersCount?ids=${ALICE},${BOB},0x05`)).body).toEqual([
      { profileId: ALICE, followersCount: 4 }, { profileId: BOB, followersCount: 1 }, { profileId: '0x05', followersCount: 3 },
    ]);
  });

  it('when engagement is asked, then upvotes are likes, comments and quotes count; a DOWNVOTE and a deleted comment do not', async () => {
    const { status, body } = await s.rest(`/api/lens/profile/engagement/${ALICE}`);
    expect(status).toBe(200);
    expect({ likes: ids(body.inbound.likes), comments: ids(body.inbound.comments), quotes: ids(body.inbound.quotes) })
      .toEqual({ likes: ['0x05', BOB], comments: [BOB], quotes: ['0x05'] });
    expect(ids(body.outbound.likes)).toEqual(['0x05']);
  });

  it('when collects are listed, then the SimpleCollectAction on its posts, with the exported USD value', async () => {
    const { status, body } = await s.rest(`/api/lens/profile/collect/list/${ALICE}`);
    expect(status).toBe(200);
    expect(body).toEqual([{
      id: 'v3-1', collectedProfileId: ALICE, collectedPubId: post(1), collectorProfileId: BOB, collectActionResult: null,
      collectActionData: expect.stringContaining('lens.param.amount'), currency: 'GHO', amount: 2, usdAmount: 2.5,
      timestamp: '2025-05-12T09:00:00.000Z',
    }]);
  });
});

describe('Lens answers for a v2 profile migrated to Lens Chain', () => {
  it('when the v2 id is asked, then the profile built from its v3 rows answers', async () => {
    const { status, body } = await s.rest('/api/lens/profile/0x5');
    expect(status).toBe(200);
    expect(body).toMatchObject({ profileId: '0x05', totalFollowers: 3, totalFollowing: 1, score: 5000, name: 'Five', profilePic: 'https://img.example/five.png' });
    expect((await s.rest('/api/lens/followers/total/0x05')).body).toEqual({ profileId: '0x05', totalFollowers: 3 });
  });

  it('when its collects are listed, then the collect of its v3 post', async () => {
    const { body } = await s.rest('/api/lens/profile/collect/list/0x05');
    expect(body.map((c: { id: string; collectorProfileId: string; collectedPubId: string }) => [c.id, c.collectorProfileId, c.collectedPubId]))
      .toEqual([['v3-2', ALICE, post(5)]]);
  });
});
