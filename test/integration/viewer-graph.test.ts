// Followers you know, mutual follows and unfollowers on the viewer-graph
// fixture (its README lists the answers), on both protocols and both faces:
// walked forward and backward with exact order, totals and page flags; a
// viewer following nobody, an unknown viewer, bad windows and bad input; and
// one statement per field whatever the number of parent profiles.
import { BUMP_DATA_VERSION_SQL } from '../../src/repositories/protocols.sql';
import { errorOf } from '../helpers/graphql-error';
import { startTestServer, type TestServer } from '../helpers/test-server';

interface Conn {
  totalCount: number;
  edges: { cursor: string; followedAt?: string; unfollowedAt?: string; node: Record<string, unknown> }[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
}

const SELECT = '{ totalCount edges { cursor node { id: nativeId } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } }';

/** Every item of a connection walked one way in pages of `size`, with [behind, ahead] flags per page. */
async function walk(fetch: (args: string) => Promise<Conn>, size: number, backward: boolean) {
  const ids: string[] = [];
  const flags: boolean[][] = [];
  const totals: number[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 20; i++) {
    const c = await fetch(backward ? `last: ${size}${cursor ? `, before: "${cursor}"` : ''}` : `first: ${size}${cursor ? `, after: "${cursor}"` : ''}`);
    const page = c.edges.map((e) => String(e.node.id));
    ids.splice(backward ? 0 : ids.length, 0, ...page);
    totals.push(c.totalCount);
    const { hasNextPage: next, hasPreviousPage: prev } = c.pageInfo;
    flags.push(backward ? [next, prev] : [prev, next]);
    if (!(backward ? prev : next)) return { ids, flags, totals };
    cursor = backward ? c.pageInfo.startCursor : c.pageInfo.endCursor;
  }
  throw new Error('the walk did not end');
}

/** Both walks of a connection equal `expected` in pages of every size from 1 to one past its length. */
async function expectWalks(fetch: (args: string) => Promise<Conn>, expected: string[]) {
  for (let size = 1; size <= expected.length + 1; size++) {
    const pages = Math.max(Math.ceil(expected.length / size), 1);
    const flags = Array.from({ length: pages }, (_, i) => [i > 0, i < pages - 1]);
    for (const backward of [false, true]) {
      expect([size, backward, await walk(fetch, size, backward)]).toEqual([size, backward, { ids: expected, flags, totals: Array(pages).fill(expected.length) }]);
    }
  }
}

const EMPTY = { totalCount: 0, edges: [], pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null } };

describe('followers you know, mutual follows, unfollowers (viewer-graph)', () => {
  let s: TestServer;
  beforeAll(async () => { s = await startTestServer({ fixture: 'viewer-graph' }); });
  afterAll(async () => { await s.close(); });

  const fc = (fid: number, field: string) => async (args: string): Promise<Conn> =>
    (await s.gql.request<{ farcasterUser: { c: Conn } }>(`{ farcasterUser(fid: ${fid}) { c: ${field}${args ? `(${args})` : ''} ${SELECT} } }`)).farcasterUser.c;
  const lens = (id: string, field: string) => async (args: string): Promise<Conn> =>
    (await s.gql.request<{ lensProfile: { c: Conn } }>(`{ lensProfile(id: "${id}") { c: ${field}${args ? `(${args})` : ''} ${SELECT} } }`)).lensProfile.c;
  /** `followersYouKnow(viewer: …, <paging>)` and friends: the field's own arguments first. */
  const withArgs = (field: string, own: string) => (args: string) => `${field}(${[own, args].filter(Boolean).join(', ')})`;
  const fcField = (fid: number, field: string, own: string) => (args: string) => fc(fid, withArgs(field, own)(args))('');
  const lensField = (id: string, field: string, own: string) => (args: string) => lens(id, withArgs(field, own)(args))('');

  it('when followersYouKnow of 1 is asked with viewer 2, then 5, 3, 4, 6 (by followers, ties by id) on both protocols, walked both ways', async () => {
    await expectWalks(fcField(1, 'followersYouKnow', 'viewer: 2'), ['5', '3', '4', '6']);
    await expectWalks(lensField('0x01', 'followersYouKnow', 'viewer: "0x2"'), ['0x05', '0x03', '0x0100', '0x06']);
    // A page past the end reads no row to carry the total: it is counted on its own.
    expect(await fcField(1, 'followersYouKnow', 'viewer: 2')('first: 2, page: 5')).toMatchObject({ totalCount: 4, edges: [], pageInfo: { hasPreviousPage: true, hasNextPage: false } });
  });

  it('when followersYouKnow is asked, then edges carry when the follower followed and nodes their counts in list order', async () => {
    const d = await s.gql.request<any>(`{ farcasterUser(fid: 1) { followersYouKnow(viewer: 2, first: 2) { edges { followedAt node { fid stats { followers } } } } } }`);
    expect(d.farcasterUser.followersYouKnow.edges).toEqual([
      { followedAt: '2024-05-05T00:00:00.000Z', node: { fid: 5, stats: { followers: 4 } } },
      { followedAt: '2024-05-03T00:00:00.000Z', node: { fid: 3, stats: { followers: 2 } } },
    ]);
  });

  it('when the viewer is the profile itself, then its mutual follows; when the viewer is followed, it is never listed', async () => {
    expect((await fcField(1, 'followersYouKnow', 'viewer: 1')('')).edges.map((e) => e.node.id)).toEqual(['3', '4', '2', '7']);
    expect((await fcField(5, 'followersYouKnow', 'viewer: 2')('')).edges.map((e) => e.node.id)).toEqual(['3', '4']);
    expect((await lensField('0x05', 'followersYouKnow', 'viewer: "0x02"')('')).edges.map((e) => e.node.id)).toEqual(['0x03', '0x0100']);
  });

  it('when the viewer follows nobody, then one empty page with no neighbour either way', async () => {
    expect(await fcField(1, 'followersYouKnow', 'viewer: 9')('')).toEqual(EMPTY);
    expect(await lensField('0x01', 'followersYouKnow', 'viewer: "0x09"')('last: 3')).toEqual(EMPTY);
  });

  it('when the viewer is unknown, then NOT_FOUND naming it (GraphQL, the rest of the profile still answers) and a 404 (REST)', async () => {
    const res = await errorOf(s.gql.request(`{ farcasterUser(fid: 1) { fid followersYouKnow(viewer: 999) { totalCount } } lensProfile(id: "0x01") { followersYouKnow(viewer: "0x99") { totalCount } } }`));
    expect(res.data).toEqual({ farcasterUser: { fid: 1, followersYouKnow: null }, lensProfile: { followersYouKnow: null } });
    expect((res.errors ?? []).map((e) => [e.extensions?.code, e.message]).sort()).toEqual([
      ['NOT_FOUND', 'viewer Farcaster user 999 not found'], ['NOT_FOUND', 'viewer Lens profile 0x99 not found']]);
    expect(await s.rest('/api/v2/farcaster/user/1/followers-you-know?viewer=999')).toMatchObject({ status: 404, body: { statusCode: 404, message: 'viewer Farcaster user 999 not found', error: 'Not Found' } });
    expect(await s.rest('/api/v2/lens/profile/0x01/followers-you-know?viewer=0x99')).toMatchObject({ status: 404, body: { message: 'viewer Lens profile 0x99 not found' } });
    expect(await s.rest('/api/v2/farcaster/user/999/followers-you-know?viewer=2')).toMatchObject({ status: 404, body: { message: 'Farcaster user 999 not found' } });
  });

  it('when mutualFollows is walked, then 3, 4, 2, 7 (ties by id) on both protocols; 2 has only 1', async () => {
    await expectWalks(fc(1, 'mutualFollows'), ['3', '4', '2', '7']);
    await expectWalks(lens('0x01', 'mutualFollows'), ['0x03', '0x0100', '0x02', '0x07']);
    expect((await fc(2, 'mutualFollows')('')).edges.map((e) => e.node.id)).toEqual(['1']);
    expect((await lens('0x09', 'mutualFollows')('')).totalCount).toBe(0);
  });

  it('when unfollowers are asked without a window, then the 30 days up to the as-of day: 11, 10, 8 (newest first, ties by id descending), no self-unfollow', async () => {
    await expectWalks(fc(1, 'unfollowers'), ['11', '10', '8']);
    await expectWalks(lens('0x01', 'unfollowers'), ['0x0b', '0x0a', '0x08']);
    const d = await s.gql.request<any>('{ farcasterUser(fid: 1) { unfollowers(first: 1) { edges { followedAt unfollowedAt node { fid } } } } }');
    expect(d.farcasterUser.unfollowers.edges).toEqual([{ followedAt: '2024-05-11T00:00:00.000Z', unfollowedAt: '2024-06-20T00:00:00.000Z', node: { fid: 11 } }]);
  });

  it('when unfollowers are asked for a window, then the unfollows of its days, both ends included', async () => {
    await expectWalks(fcField(1, 'unfollowers', 'from: "2024-05-01", to: "2024-06-30"'), ['11', '10', '8', '9']);
    await expectWalks(lensField('0x01', 'unfollowers', 'from: "2024-05-01", to: "2024-06-30"'), ['0x0b', '0x0a', '0x08', '0x09']);
    expect((await fcField(1, 'unfollowers', 'from: "2024-06-10", to: "2024-06-10"')('')).edges.map((e) => e.node.id)).toEqual(['10', '8']);
    expect(await lensField('0x01', 'unfollowers', 'from: "2024-05-02", to: "2024-06-09"')('')).toEqual(EMPTY);
  });

  it('when a window is refused, then BAD_USER_INPUT (GraphQL) and a 400 naming the parameter (REST), never a 500', async () => {
    const gql = async (args: string) => (await errorOf(s.gql.request(`{ farcasterUser(fid: 1) { unfollowers(${args}) { totalCount } } }`))).errors?.map((e) => [e.extensions?.code, e.message]);
    expect(await gql('from: "2024-07-01", to: "2024-06-01"')).toEqual([['BAD_USER_INPUT', 'from (2024-07-01) must not be after to (2024-06-01)']]);
    expect(await gql('from: "2023-06-29", to: "2024-06-30"')).toEqual([['BAD_USER_INPUT', 'from..to must span at most 366 days; got 368']]);
    const rest = async (path: string) => { const r = await s.rest(path); return [r.status, r.body.message]; };
    expect(await rest('/api/v2/farcaster/user/1/unfollowers?from=2024-07-01&to=2024-06-01')).toEqual([400, 'from (2024-07-01) must not be after to (2024-06-01)']);
    expect(await rest('/api/v2/lens/profile/0x01/unfollowers?from=2023-06-30&to=2024-06-30')).toEqual([400, 'from..to must span at most 366 days; got 367']);
    expect((await rest('/api/v2/lens/profile/0x01/unfollowers?from=2023-07-01&to=2024-06-30'))[0]).toBe(200);
    expect(await rest('/api/v2/farcaster/user/1/unfollowers?from=2024-02-30')).toEqual([400, 'from must be a date YYYY-MM-DD; got "2024-02-30"']);
    expect(await rest('/api/v2/farcaster/user/1/unfollowers?to=1999-12-31')).toEqual([400, 'to must be between 2000-01-01 and 2099-12-31; got "1999-12-31"']);
    expect(await rest('/api/v2/farcaster/user/1/followers-you-know')).toEqual([400, 'viewer is required']);
    expect(await rest('/api/v2/farcaster/user/1/followers-you-know?viewer=abc')).toEqual([400, 'viewer must be an integer (got "abc")']);
    expect((await rest('/api/v2/lens/profile/0x01/followers-you-know?viewer=zz'))[0]).toBe(400);
    expect(await rest('/api/v2/farcaster/user/1/mutual-follows?first=101')).toEqual([400, 'first must be an integer between 1 and 100']);
    expect(await rest('/api/v2/farcaster/user/1/mutual-follows?first=2&last=2')).toEqual([400, 'give either first or last, not both']);
    expect(await rest('/api/v2/lens/profile/0x01/unfollowers?after=nope')).toEqual([400, 'after is not a cursor returned by this API']);
  });

  it('when a REST route is called, then its body is the GraphQL page flattened, with freshness headers, and its cursors page on', async () => {
    const r = await s.rest('/api/v2/farcaster/user/1/followers-you-know?viewer=2&first=2');
    expect(r.status).toBe(200);
    expect(r.headers.get('x-data-as-of')).toBe('2024-06-30T12:00:00.000Z');
    expect(r.body).toMatchObject({ fid: 1, totalCount: 4, pageInfo: { hasNextPage: true, hasPreviousPage: false } });
    expect(r.body.users.map((u: any) => [u.fid, u.handle?.localName, u.stats.followers, u.followedAt])).toEqual([
      [5, 'eve', 4, '2024-05-05T00:00:00.000Z'], [3, 'cat', 2, '2024-05-03T00:00:00.000Z']]);
    const next = await s.rest(`/api/v2/farcaster/user/1/followers-you-know?viewer=2&first=2&after=${r.body.pageInfo.endCursor}`);
    expect(next.body.users.map((u: any) => u.fid)).toEqual([4, 6]);
    const back = await s.rest(`/api/v2/farcaster/user/1/followers-you-know?viewer=2&last=3&before=${next.body.pageInfo.endCursor}`);
    expect(back.body.users.map((u: any) => u.fid)).toEqual([5, 3, 4]);

    const m = await s.rest('/api/v2/lens/profile/0x1/mutual-follows');
    expect([m.status, m.body.profileId, m.body.totalCount, m.body.profiles.map((p: any) => p.id)]).toEqual([200, '0x01', 4, ['0x03', '0x0100', '0x02', '0x07']]);
    const u = await s.rest('/api/v2/lens/profile/0x01/unfollowers?first=1');
    expect(u.body).toMatchObject({ profileId: '0x01', totalCount: 3 });
    expect(u.body.profiles.map((p: any) => [p.id, p.followedAt, p.unfollowedAt])).toEqual([['0x0b', '2024-05-11T00:00:00.000Z', '2024-06-20T00:00:00.000Z']]);
    const f = await s.rest('/api/v2/farcaster/user/1/unfollowers?from=2024-05-01&to=2024-06-30&last=1');
    expect([f.body.totalCount, f.body.users.map((x: any) => x.fid), f.body.pageInfo.hasPreviousPage]).toEqual([4, [9], true]);
  });

  it('when the lists are asked for many profiles, then the statements do not grow with them', async () => {
    // Per field: its page, its nodes and its total (at most), plus the viewer and protocol_state, over what the bare root
    // costs (key lookup, last-used stamp, the root). A total is read when its connection resolves, which is at
    // once for a parent with no nodes to load and after the node batch otherwise: at most two batches per field.
    const root = await s.statementsFor(() => s.gql.request('{ farcasterUsers(fids: [1, 2]) { fid } }'));
    const BOUND = root + 3 * (1 + 1 + 2) + 2;
    const q = (fids: number[]) => `{ farcasterUsers(fids: [${fids.join(',')}]) { fid
      a: followersYouKnow(viewer: 2, first: 2) { totalCount edges { node { fid } } }
      b: mutualFollows(first: 2) { totalCount edges { node { fid } } }
      c: unfollowers(from: "2024-05-01", to: "2024-06-30") { totalCount edges { node { fid } } } } }`;
    const lq = (ids: string[]) => `{ lensProfiles(ids: [${ids.map((i) => `"${i}"`).join(',')}]) { id: nativeId
      a: followersYouKnow(viewer: "0x02") { totalCount edges { node { id: nativeId } } }
      b: mutualFollows { totalCount edges { node { id: nativeId } } }
      c: unfollowers { totalCount edges { node { id: nativeId } } } } }`;
    for (const query of [q([1, 2]), q([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]), lq(['0x01', '0x05']), lq(['0x01', '0x05', '0x0100', '0x09', '0x02', '0x03'])]) {
      expect(await s.statementsFor(() => s.gql.request(query))).toBeLessThanOrEqual(BOUND);
    }
  });

  it('when the counts that choose how to read the follows say otherwise, then the same lists (they choose the way, not the rows)', async () => {
    const sql = s.testDb.db.sql;
    const lists = () => Promise.all([
      fcField(1, 'followersYouKnow', 'viewer: 2')(''), fc(1, 'mutualFollows')(''),
      lensField('0x01', 'followersYouKnow', 'viewer: "0x2"')(''), lens('0x01', 'mutualFollows')(''),
    ]);
    const shift = async (by: number) => {
      await sql.exec(`UPDATE fc_profile_counts SET followers = followers + ${by} WHERE fid = 1`);
      await sql.exec(`UPDATE lens_profile_stats SET followers = followers + ${by} WHERE profile_id = '0x01'`);
      await sql.exec(BUMP_DATA_VERSION_SQL);
    };
    const asIs = await lists();
    expect(asIs.map((c) => c.edges.map((e) => e.node.id))).toEqual([
      ['5', '3', '4', '6'], ['3', '4', '2', '7'], ['0x05', '0x03', '0x0100', '0x06'], ['0x03', '0x0100', '0x02', '0x07']]);
    try {
      // Counted as many followers: every list is read from the viewer's (or the profile's own) follows.
      await shift(1000);
      expect(await lists()).toEqual(asIs);
      // Counted as none: every list is read from the profile's followers.
      await shift(-2000);
      expect(await lists()).toEqual(asIs);
    } finally {
      await shift(1000);
    }
  });

  it('when an unfollower follows again, then it leaves the list (one row per pair: the follow is live again)', async () => {
    await s.testDb.db.sql.exec("UPDATE fc_link SET deleted_at = NULL WHERE fid = 11 AND target_fid = 1; UPDATE lens_follow SET deleted_at = NULL WHERE profile_id = '0x01' AND follower_profile_id = '0x0b'");
    expect((await fc(1, 'unfollowers')('')).edges.map((e) => e.node.id)).toEqual(['10', '8']);
    expect((await lens('0x01', 'unfollowers')('')).edges.map((e) => e.node.id)).toEqual(['0x0a', '0x08']);
  });
});
