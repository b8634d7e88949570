// Who to follow on the suggest fixture (its README derives the order and the
// reasons), both protocols and both faces: order and reasons, cross-protocol
// suggestions, exclusion of the viewer, its live follows and its dismissals,
// dismissals per key (another key unaffected), minQuality, paging, bad input.
import { BUMP_DATA_VERSION_SQL } from '../../src/repositories/protocols.sql';
import { errorOf } from '../helpers/graphql-error';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { setQualityScores } from '../helpers/quality-scores';

interface Edge { score: number; reason: string; reasons: { kind: string; count: number; accounts: { id: string }[]; cross: { id: string } | null }[]; node: { id: string } }
interface Conn { totalCount: number; edges: Edge[]; pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; endCursor: string | null } }

const SELECT = `{ totalCount pageInfo { hasNextPage hasPreviousPage endCursor }
  edges { score reason reasons { kind count accounts { id: nativeId } cross: crossProtocolAccount { id: nativeId } } node { id: nativeId } } }`;

const FC_ORDER = ['8', '10', '6', '7', '9'];
const FC_REASONS = [
  'you follow them on Lens; followed by 1 you follow: cat',
  'you follow them on Lens',
  'followed by 4 you follow: cat, bob, dan',
  'followed by 2 you follow: cat, bob',
  'followed by 1 you follow: eve',
];
const LENS_ORDER = ['0x0b', '0x06', '0x07', '0x09'];
const LENS_REASONS = ['you follow them on Farcaster', 'followed by 4 you follow: cat, bob, dan', 'followed by 2 you follow: cat, bob', 'followed by 1 you follow: eve'];

describe('who to follow (suggest)', () => {
  let s: TestServer;
  let other: string;
  beforeAll(async () => {
    s = await startTestServer({ fixture: 'suggest' });
    other = (await s.app.keys.create({ name: 'other', rateLimit: 100000, scopes: ['read', 'personalize'] })).key;
  });
  afterAll(async () => { await s.close(); });

  const fc = async (args = '', key?: string): Promise<Conn> => {
    const query = `{ c: farcasterSuggestedFollows(viewer: 1${args ? `, ${args}` : ''}) ${SELECT} }`;
    if (!key) return (await s.gql.request<{ c: Conn }>(query)).c;
    const r = await fetch(`${s.baseUrl}/graphql`, { method: 'POST', headers: { apikey: key, 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
    return ((await r.json()) as { data: { c: Conn } }).data.c;
  };
  const lens = async (args = ''): Promise<Conn> => (await s.gql.request<{ c: Conn }>(`{ c: lensSuggestedFollows(viewer: "0x1"${args ? `, ${args}` : ''}) ${SELECT} }`)).c;
  const ids = (c: Conn) => c.edges.map((e) => e.node.id);

  it('when a Farcaster viewer asks, then cross-protocol suggestions come first and the rest by personalized score, with exact reasons', async () => {
    const c = await fc();
    expect(ids(c)).toEqual(FC_ORDER);
    expect(c.edges.map((e) => e.reason)).toEqual(FC_REASONS);
    expect(c.totalCount).toBe(5);
    const [eight, ten, six] = c.edges;
    expect(eight.reasons).toEqual([
      { kind: 'CROSS_PROTOCOL', count: 0, accounts: [], cross: { id: '0x08' } },
      { kind: 'FOLLOWED_BY_FOLLOWS', count: 1, accounts: [{ id: '3' }], cross: null },
    ]);
    expect(ten.score).toBe(0);
    expect(six.reasons).toEqual([{ kind: 'FOLLOWED_BY_FOLLOWS', count: 4, accounts: [{ id: '3' }, { id: '2' }, { id: '4' }], cross: null }]);
    // 6 > 7 > 9 > 8 by score (README): 8 is listed first only as a cross-protocol suggestion.
    const score = Object.fromEntries(c.edges.map((e) => [e.node.id, e.score]));
    expect(score['6']).toBeGreaterThan(score['7']);
    expect(score['7']).toBeGreaterThan(score['9']);
    expect(score['9']).toBeGreaterThan(score['8']);
  });

  it('when a Lens viewer asks, then its Farcaster follow comes first and its own follows (0x08 among them) are left out', async () => {
    const c = await lens();
    expect(ids(c)).toEqual(LENS_ORDER);
    expect(c.edges.map((e) => e.reason)).toEqual(LENS_REASONS);
    expect(c.edges[0].reasons).toEqual([{ kind: 'CROSS_PROTOCOL', count: 0, accounts: [], cross: { id: '11' } }]);
  });

  it('when paged by 2, then the same list in slices with the page flags', async () => {
    const one = await fc('first: 2');
    const two = await fc(`first: 2, after: "${one.pageInfo.endCursor}"`);
    const three = await fc(`first: 2, after: "${two.pageInfo.endCursor}"`);
    expect([ids(one), ids(two), ids(three)]).toEqual([['8', '10'], ['6', '7'], ['9']]);
    expect([one.pageInfo.hasNextPage, two.pageInfo.hasNextPage, three.pageInfo.hasNextPage, three.pageInfo.hasPreviousPage]).toEqual([true, true, false, true]);
    const r = await s.rest('/api/v2/farcaster/user/1/suggested-follows?first=2&page=2');
    expect(r.status).toBe(200);
    expect(r.body.users.map((u: { fid: number }) => u.fid)).toEqual([6, 7]);
  });

  it('when minQuality is given, then only accounts scored at least that at the current generation', async () => {
    await setQualityScores(s.testDb.db, 'farcaster', [[8, 0.8], [6, 0.9], [7, 0.2], [9, 0.6]]);
    await setQualityScores(s.testDb.db, 'lens', [['0x0b', 0.7], ['0x06', 0.4]]);
    expect(ids(await fc('minQuality: 0.5'))).toEqual(['8', '6', '9']);
    expect(ids(await lens('minQuality: 0.5'))).toEqual(['0x0b']);
    const r = await s.rest('/api/v2/lens/profile/0x01/suggested-follows?minQuality=0.5');
    expect(r.body.profiles.map((p: { id: string }) => p.id)).toEqual(['0x0b']);
  });

  it('when a suggestion is dismissed, then it is gone for that key only, dismissing again is a no-op, and undismissing brings it back', async () => {
    const m = (name: string, target: string) => `mutation { d: ${name}(protocol: FARCASTER, viewer: "1", target: "${target}") { dismissed dismissals limit target } }`;
    expect((await s.gql.request<{ d: object }>(m('dismissSuggestion', '7'))).d).toEqual({ dismissed: true, dismissals: 1, limit: 1000, target: '7' });
    expect((await s.gql.request<{ d: object }>(m('dismissSuggestion', '7'))).d).toEqual({ dismissed: true, dismissals: 1, limit: 1000, target: '7' });
    expect(ids(await fc())).toEqual(['8', '10', '6', '9']);
    expect(ids(await fc('', other))).toEqual(FC_ORDER);
    // REST: dismiss a cross-protocol one, then take both back.
    const post = await s.rest('/api/v2/farcaster/user/1/suggested-follows/dismissals', { body: { target: '10' } });
    expect([post.status, post.body.dismissals]).toEqual([201, 2]);
    expect(ids(await fc())).toEqual(['8', '6', '9']);
    expect((await s.rest('/api/v2/farcaster/user/1/suggested-follows/dismissals?target=10', { method: 'DELETE' })).status).toBe(204);
    expect((await s.gql.request<{ d: { dismissals: number } }>(m('undismissSuggestion', '7'))).d.dismissals).toBe(0);
    expect(ids(await fc())).toEqual(FC_ORDER);
    // Lens, through the other key: only that key's list changes.
    const lensPost = await s.rest('/api/v2/lens/profile/0x01/suggested-follows/dismissals', { body: { target: '0x6' }, key: other });
    expect([lensPost.status, lensPost.body.target]).toEqual([201, '0x06']);
    expect(ids(await lens())).toEqual(LENS_ORDER);
  });

  it('when a key lacks the personalize scope, then a dismissal is FORBIDDEN', async () => {
    const readOnly = (await s.app.keys.create({ name: 'read-only', rateLimit: 100000, scopes: ['read'] })).key;
    const r = await s.rest('/api/v2/farcaster/user/1/suggested-follows/dismissals', { body: { target: '7' }, key: readOnly });
    expect(r.status).toBe(403);
  });

  it('when the input is bad, then 400 naming it; an unknown viewer or target is 404', async () => {
    for (const q of ['/api/v2/farcaster/user/1/suggested-follows?minQuality=1.5', '/api/v2/farcaster/user/0/suggested-follows',
      '/api/v2/farcaster/user/1/suggested-follows?first=0', '/api/v2/lens/profile/zz/suggested-follows']) {
      expect([q, (await s.rest(q)).status]).toEqual([q, 400]);
    }
    expect((await s.rest('/api/v2/farcaster/user/999/suggested-follows')).status).toBe(404);
    for (const body of [{ target: '1' }, { target: 'x' }, {}]) {
      expect([body, (await s.rest('/api/v2/farcaster/user/1/suggested-follows/dismissals', { body })).status]).toEqual([body, 400]);
    }
    expect((await s.rest('/api/v2/farcaster/user/1/suggested-follows/dismissals', { body: { target: '999' } })).status).toBe(404);
    const e = await errorOf(s.gql.request('{ farcasterSuggestedFollows(viewer: 1, minQuality: -0.1) { totalCount } }'));
    expect(e.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('when the viewer follows a suggestion live after the refresh, then it is no longer suggested', async () => {
    await s.testDb.db.sql.query(`INSERT INTO fc_link (fid, target_fid, timestamp) VALUES (1, 6, now())`);
    await s.testDb.db.sql.query(BUMP_DATA_VERSION_SQL);
    expect(ids(await fc())).toEqual(['8', '10', '7', '9']);
  });
});
