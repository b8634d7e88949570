// Farcaster channels on the channels fixture (its README lists the answers):
// trending channels per window, a channel and its ranked casters (compared with
// a naive personalized PageRank computed here), trending casts per window with
// the channel and author-score filters, on both faces; unknown channels and
// bad windows; the REST pages; and Lens having no channels.
import { refreshAnalytics } from '../../src/analytics/refresh';
import { errorOf } from '../helpers/graphql-error';
import { startTestServer, type TestServer } from '../helpers/test-server';

const AS_OF = Date.parse('2024-06-30T12:00:00Z');

/** The documented decayed engagement score. */
const castScore = (likes: number, recasts: number, replies: number, posted: string) =>
  (likes + 2 * recasts + 3 * replies) / ((AS_OF - Date.parse(posted)) / 3_600_000 + 2) ** 1.5;

/** Personalized PageRank, the plain way: dense, a follower splits its trust among its followees, dangling mass back to p. */
function naivePageRank(nodes: number[], edges: [number, number][], pretrust: Map<number, number>, alpha = 0.85): Map<number, number> {
  const sum = [...pretrust.values()].reduce((a, b) => a + b, 0);
  const p = new Map(nodes.map((n) => [n, (pretrust.get(n) ?? 0) / sum]));
  let t = new Map(p);
  for (let k = 0; k < 500; k++) {
    const next = new Map(nodes.map((n) => [n, 0]));
    let dangling = 0;
    for (const n of nodes) {
      const out = edges.filter(([a]) => a === n).map(([, b]) => b);
      if (!out.length) dangling += t.get(n)!;
      for (const b of out) next.set(b, next.get(b)! + t.get(n)! / out.length);
    }
    t = new Map(nodes.map((n) => [n, alpha * next.get(n)! + ((1 - alpha) + alpha * dangling) * p.get(n)!]));
  }
  return t;
}

describe('Farcaster channels (channels fixture)', () => {
  let s: TestServer;
  beforeAll(async () => { s = await startTestServer({ fixture: 'channels' }); });
  afterAll(async () => { await s.close(); });

  const trendingChannels = async (window: string, paging = '') => (await s.gql.request<any>(`{ trendingChannels(window: ${window}${paging}) {
    totalCount pageInfo { hasNextPage hasPreviousPage } edges { node { rank id: nativeId url casts casters newCasters score } } } }`)).trendingChannels;

  it('when trending channels are asked per window, then casts, casters, new casters and score as the README counts them, best first', async () => {
    const row = (rank: number, id: string, url: string, casts: number, casters: number, newCasters: number) =>
      ({ rank, id, url, casts, casters, newCasters, score: casts + 2 * casters + 3 * newCasters });
    const base = 'https://warpcast.com/~/channel/base';
    const art = 'https://warpcast.com/~/channel/art';
    const chain = 'chain://eip155:1/erc721:0xabc';
    expect((await trendingChannels('DAY')).edges.map((e: any) => e.node)).toEqual([row(1, 'base', base, 3, 3, 2), row(2, 'art', art, 2, 2, 1)]);
    expect((await trendingChannels('WEEK')).edges.map((e: any) => e.node)).toEqual([row(1, 'base', base, 4, 4, 3), row(2, 'art', art, 2, 2, 1)]);
    const month = await trendingChannels('MONTH');
    expect(month.edges.map((e: any) => e.node)).toEqual([row(1, 'base', base, 4, 4, 3), row(2, 'art', art, 3, 2, 2), row(3, chain, chain, 1, 1, 1)]);
    expect(month.totalCount).toBe(3);
    expect(month.edges.map((e: any) => e.node.score)).toEqual([21, 13, 6]);
    const second = await trendingChannels('MONTH', ', first: 1, page: 2');
    expect([second.edges.map((e: any) => e.node.id), second.pageInfo]).toEqual([['art'], { hasNextPage: true, hasPreviousPage: true }]);
    const last = await trendingChannels('MONTH', ', last: 2');
    expect(last.edges.map((e: any) => e.node.id)).toEqual(['art', chain]);
  });

  it('when a channel is asked by name, URL or any case, then its all-time totals; replies count in their thread root\'s channel', async () => {
    const q = (id: string) => s.gql.request<any>(`{ farcasterChannel(id: ${JSON.stringify(id)}) { id: nativeId url casts casters firstCastAt lastCastAt ranked } }`);
    const base = { id: 'base', url: 'https://warpcast.com/~/channel/base', casts: 5, casters: 4, firstCastAt: '2024-05-01T00:00:00.000Z', lastCastAt: '2024-06-30T10:00:00.000Z', ranked: true };
    expect((await q('base')).farcasterChannel).toEqual(base);
    expect((await q('https://warpcast.com/~/channel/BASE')).farcasterChannel).toEqual(base);
    expect((await q('ART')).farcasterChannel).toMatchObject({ id: 'art', casts: 3, casters: 2, ranked: false });
    expect((await q('chain://eip155:1/erc721:0xABC')).farcasterChannel).toMatchObject({ id: 'chain://eip155:1/erc721:0xabc', casts: 1, ranked: false });
  });

  it('when a channel\'s casters are ranked, then by a PageRank seeded by its casters in proportion to their casts, as a naive computation gives', async () => {
    const d = await s.gql.request<any>(`{ farcasterChannel(id: "base") { rankedCasters { totalCount edges { node { rank fid casts score user { username } } } } }
      art: farcasterChannel(id: "art") { rankedCasters { totalCount edges { node { fid } } } } }`);
    const edges: [number, number][] = [[1, 2], [3, 2], [4, 2], [2, 1], [4, 3], [5, 4], [6, 1], [7, 3]];
    const casts = new Map([[1, 2], [2, 1], [3, 1], [4, 1]]);
    const pr = naivePageRank([1, 2, 3, 4, 5, 6, 7, 8], edges, casts);
    const expected = [1, 2, 3, 4].sort((a, b) => pr.get(b)! - pr.get(a)! || casts.get(b)! - casts.get(a)! || a - b);
    const top = pr.get(expected[0])!;
    const got = d.farcasterChannel.rankedCasters;
    expect(got.totalCount).toBe(4);
    expect(got.edges.map((e: any) => e.node.fid)).toEqual(expected);
    got.edges.forEach((e: any, i: number) => {
      expect(e.node).toMatchObject({ rank: i + 1, casts: casts.get(e.node.fid) });
      expect(e.node.score).toBeCloseTo(pr.get(e.node.fid)! / top, 6);
    });
    expect(got.edges[0].node.score).toBe(1);
    expect(got.edges.map((e: any) => e.node.user.username)).toEqual(expected.map((f) => ['alice', 'bob', 'cat', 'dan'][f - 1]));
    expect(d.art.rankedCasters).toEqual({ totalCount: 0, edges: [] });
  });

  const trendingCasts = async (args: string) => (await s.gql.request<any>(`{ trendingCasts(${args}) {
    totalCount edges { node { rank hash fid channelId likes recasts replies score authorScore cast { hash text } } } } }`)).trendingCasts;

  it('when trending casts are asked per window, then top-level live casts with engagement from others, by decayed score', async () => {
    const hashes = async (window: string) => (await trendingCasts(`window: ${window}`)).edges.map((e: any) => e.node.hash);
    expect(await hashes('HOUR')).toEqual(['0xd1', '0xa3']);
    for (const w of ['SIX_HOURS', 'DAY', 'THREE_DAYS']) expect(await hashes(w)).toEqual(['0xd1', '0xb5', '0xa3']);
    const week = await trendingCasts('window: WEEK');
    expect(week.totalCount).toBe(4);
    const nodes = week.edges.map((e: any) => e.node);
    expect(nodes.map((n: any) => [n.rank, n.hash, n.channelId, n.likes, n.recasts, n.replies])).toEqual([
      [1, '0xd1', null, 1, 0, 1], [2, '0xb5', 'base', 2, 1, 0], [3, '0xa3', 'art', 1, 0, 0], [4, '0xb2', 'base', 5, 0, 1]]);
    const scores = [castScore(1, 0, 1, '2024-06-30T11:10:00Z'), castScore(2, 1, 0, '2024-06-30T10:00:00Z'), castScore(1, 0, 0, '2024-06-30T12:00:00Z'), castScore(5, 0, 1, '2024-06-25T00:00:00Z')];
    nodes.forEach((n: any, i: number) => expect(n.score).toBeCloseTo(scores[i], 9));
    expect(nodes[1].cast).toEqual({ hash: '0xb5', text: 'gm base' });
  });

  it('when trending casts are filtered by channel and author score, then only those casts, in the same order', async () => {
    expect((await trendingCasts('window: WEEK, channel: "base"')).edges.map((e: any) => e.node.hash)).toEqual(['0xb5', '0xb2']);
    expect((await trendingCasts('window: WEEK, channel: "https://warpcast.com/~/channel/Art"')).edges.map((e: any) => [e.node.rank, e.node.hash])).toEqual([[3, '0xa3']]);
    const scores = (await s.gql.request<any>('{ farcasterUsers(fids: [1, 2, 6]) { fid graphScore } }')).farcasterUsers;
    const scoreOf = new Map<number, number>(scores.map((u: any) => [u.fid, u.graphScore]));
    const week = (await trendingCasts('window: WEEK')).edges.map((e: any) => e.node);
    week.forEach((n: any) => expect(n.authorScore).toBeCloseTo(scoreOf.get(n.fid)!, 9));
    for (const min of [0, ...scoreOf.values()]) {
      const kept = week.filter((n: any) => n.authorScore >= min).map((n: any) => n.hash);
      const got = await trendingCasts(`window: WEEK, minAuthorScore: ${min}`);
      expect([min, got.edges.map((e: any) => e.node.hash), got.totalCount]).toEqual([min, kept, kept.length]);
    }
  });

  it('when a channel is unknown or a window is bad, then NOT_FOUND / 404 naming it and BAD_USER_INPUT / 400 naming the parameter', async () => {
    const res = await errorOf(s.gql.request('{ farcasterChannel(id: "nope") { id } }'));
    expect(res.errors?.map((e) => [e.extensions?.code, e.message])).toEqual([['NOT_FOUND', 'Farcaster channel nope not found']]);
    const c = await errorOf(s.gql.request('{ trendingCasts(channel: "nope") { totalCount } }'));
    expect(c.errors?.map((e) => [e.extensions?.code, e.message])).toEqual([['NOT_FOUND', 'Farcaster channel nope not found']]);
    const rest = async (path: string) => { const r = await s.rest(path); return [r.status, r.body.message]; };
    expect(await rest('/api/v2/farcaster/channel/nope/ranks')).toEqual([404, 'Farcaster channel nope not found']);
    expect(await rest('/api/v2/farcaster/channel/nope')).toEqual([404, 'Farcaster channel nope not found']);
    expect(await rest('/api/v2/farcaster/casts/trending?channel=nope')).toEqual([404, 'Farcaster channel nope not found']);
    const badWindow = await rest('/api/v2/farcaster/channels/trending?window=2d');
    expect([badWindow[0], String(badWindow[1]).startsWith('window')]).toEqual([400, true]);
    const badCastWindow = await rest('/api/v2/farcaster/casts/trending?window=30d');
    expect([badCastWindow[0], String(badCastWindow[1]).startsWith('window')]).toEqual([400, true]);
    const badScore = await rest('/api/v2/farcaster/casts/trending?minAuthorScore=2');
    expect([badScore[0], String(badScore[1]).includes('minAuthorScore')]).toEqual([400, true]);
  });

  it('when the REST routes are called, then the GraphQL pages flattened, with freshness headers', async () => {
    const t = await s.rest('/api/v2/farcaster/channels/trending?window=30d&first=2');
    expect(t.status).toBe(200);
    expect(t.headers.get('x-data-as-of')).toBe('2024-06-30T12:00:00.000Z');
    expect(t.body).toMatchObject({ totalCount: 3, page: 1, totalPages: 2, pageInfo: { hasNextPage: true } });
    expect(t.body.channels.map((c: any) => [c.id, c.casts, c.casters, c.newCasters, c.score])).toEqual([['base', 4, 4, 3, 21], ['art', 3, 2, 2, 13]]);
    expect((await s.rest('/api/v2/farcaster/channels/trending?window=1d')).body.channels.map((c: any) => c.id)).toEqual(['base', 'art']);

    const ch = await s.rest(`/api/v2/farcaster/channel/${encodeURIComponent('chain://eip155:1/erc721:0xabc')}`);
    expect([ch.status, ch.body.id, ch.body.casters]).toEqual([200, 'chain://eip155:1/erc721:0xabc', 1]);

    const r = await s.rest('/api/v2/farcaster/channel/base/ranks?first=2');
    const gql = (await s.gql.request<any>('{ farcasterChannel(id: "base") { rankedCasters(first: 2) { edges { node { rank fid casts score } } } } }')).farcasterChannel.rankedCasters;
    expect(r.body.channel).toMatchObject({ id: 'base', casts: 5, casters: 4, ranked: true });
    expect([r.body.totalCount, r.body.totalPages]).toEqual([4, 2]);
    expect(r.body.users.map((u: any) => ({ rank: u.rank, fid: u.fid, casts: u.casts, score: u.score }))).toEqual(gql.edges.map((e: any) => e.node));
    expect(r.body.users[0].handle).toBeTruthy();

    const c = await s.rest('/api/v2/farcaster/casts/trending?window=7d&channel=base');
    expect([c.status, c.body.totalCount]).toEqual([200, 2]);
    expect(c.body.casts.map((x: any) => [x.rank, x.hash, x.channelId, x.text, x.deleted])).toEqual([[2, '0xb5', 'base', 'gm base', false], [4, '0xb2', 'base', 'shipping on base', false]]);
    expect((await s.rest('/api/v2/farcaster/casts/trending?window=1h')).body.casts.map((x: any) => x.hash)).toEqual(['0xd1', '0xa3']);
    expect((await s.rest('/api/v2/farcaster/casts/trending?window=1d')).body.casts.map((x: any) => x.hash)).toEqual(['0xd1', '0xb5', '0xa3']);
  });

  it('when every trending channel is asked with its channel and ranked casters, then the statements do not grow with the channels', async () => {
    // One page of trending channels, then one batch each: channels, their ranked casters, the casters' profiles (and counts).
    const q = (first: number) => `{ trendingChannels(window: MONTH, first: ${first}) { edges { node { id channel { casts rankedCasters(first: 2) { totalCount edges { node { fid user { username stats { followers } } } } } } } } } }`;
    const one = await s.statementsFor(() => s.gql.request(q(1)));
    expect(await s.statementsFor(() => s.gql.request(q(3)))).toBeLessThanOrEqual(one);
  });

  it('when trending casts are walked page by page both ways, then the same list', async () => {
    const ids = async (args: string) => (await trendingCasts(`window: WEEK, ${args}`)).edges.map((e: any) => e.node.hash);
    expect([...await ids('first: 3'), ...await ids('first: 3, page: 2')]).toEqual(['0xd1', '0xb5', '0xa3', '0xb2']);
    expect(await ids('last: 3')).toEqual(['0xb5', '0xa3', '0xb2']);
    expect(await ids('first: 2, page: 2')).toEqual(['0xa3', '0xb2']);
  });

  it('when the analytics are refreshed again, then the channel tables hold the new generation only, with the same answers', async () => {
    const before = (await trendingChannels('MONTH')).edges;
    await refreshAnalytics(s.testDb.db, { protocols: ['farcaster'] });
    for (const table of ['fc_channel', 'fc_channel_trending', 'fc_channel_rank', 'fc_trending_cast']) {
      const rows = await s.testDb.db.sql.query<{ generation: number }>(`SELECT DISTINCT generation FROM ${table}`);
      const [{ generation }] = await s.testDb.db.sql.query<{ generation: number }>("SELECT generation FROM protocol_state WHERE protocol = 'farcaster'");
      expect([table, rows.map((r) => r.generation)]).toEqual([table, [generation]]);
    }
    expect((await trendingChannels('MONTH')).edges).toEqual(before);
  });

  it('when a cast is deleted after the refresh, then it keeps its place until the next one, with no cast', async () => {
    await s.testDb.db.sql.exec("UPDATE fc_cast SET deleted_at = '2024-06-30T12:00:00Z' WHERE hash = '0xa3'");
    const week = await trendingCasts('window: WEEK');
    expect(week.edges.map((e: any) => [e.node.hash, e.node.cast?.hash ?? null])).toEqual([['0xd1', '0xd1'], ['0xb5', '0xb5'], ['0xa3', null], ['0xb2', '0xb2']]);
  });
});
