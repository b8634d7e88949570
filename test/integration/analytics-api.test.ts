// Analytics endpoints on the api-basic fixture (answers derived in its README):
// Farcaster as-of 2024-06-13T00:00:00Z (a cast deleted then), Lens as-of 2024-06-30T12:00:00Z.
import { startTestServer, type TestServer } from '../helpers/test-server';

let s: TestServer;
beforeAll(async () => { s = await startTestServer({ fixture: 'api-basic' }); });
afterAll(async () => { await s.close(); });

const ids = (list: { id?: string; fid?: number }[]) => list.map((x) => x.id ?? x.fid);

describe('analytics REST', () => {
  it('when the profile rank is asked, then five ranks with ties and exact bands', async () => {
    expect((await s.rest('/api/farcaster/profile/rank/1')).body.followerRank).toEqual({ rank: 1, percentileCategory: 'top 25%' });
    const three = (await s.rest('/api/farcaster/profile/rank/3')).body;
    expect(Object.keys(three)).toEqual(['followerRank', 'engagementRank', 'scoreRank', 'likesRank', 'collectRank']);
    expect(three.followerRank).toEqual({ rank: 3, percentileCategory: 'top 50%' });
    // fids 4, 5 and 6 have no followers: tied at 4 of 6.
    for (const fid of [4, 5, 6]) expect((await s.rest(`/api/farcaster/profile/rank/${fid}`)).body.followerRank).toEqual({ rank: 4, percentileCategory: 'bottom 50%' });
    expect((await s.rest('/api/farcaster/profile/rank/1')).body.likesRank.rank).toBe(1);
    expect((await s.rest('/api/farcaster/profile/rank/999')).status).toBe(404);
  });

  it('when the user rank is asked for a window, then rank and net gain as strings and top followers as summaries', async () => {
    const { status, body } = await s.rest('/api/farcaster/user/rank/1?ratio=month');
    expect(status).toBe(200);
    expect(body).toMatchObject({ profileId: '1', rank: '1', count: '4' });
    expect(ids(body.topFollowers)).toEqual(['2', '3', '4', '5']);
    expect(Object.keys(body.topFollowers[0])).toEqual(['id', 'handle', 'metadata', 'stats']);
    // Nothing happened in the last week before the as-of time: everybody ties at rank 1 with 0.
    expect((await s.rest('/api/farcaster/user/rank/1?ratio=7d')).body).toMatchObject({ rank: '1', count: '0' });
  });

  it('when ratio is not a window, then 400 naming it', async () => {
    const { status, body } = await s.rest('/api/farcaster/user/rank/1?ratio=year');
    expect(status).toBe(400);
    expect(body.message).toMatch(/ratio/);
  });

  it('when the history is asked, then cumulative counts per day including the unfollow', async () => {
    const { body } = await s.rest('/api/farcaster/followers/history/1?from=2024-06-01&to=2024-06-07');
    expect(body.fid).toBe(1);
    expect(body.points.map((p: { followers: number }) => p.followers)).toEqual([1, 2, 3, 4, 5, 4, 4]);
    const weekly = await s.rest('/api/farcaster/followers/history/1?from=2024-06-01&to=2024-06-13&interval=week');
    expect(weekly.body.points).toEqual([
      { start: '2024-06-01', end: '2024-06-02', followers: 2 },
      { start: '2024-06-03', end: '2024-06-09', followers: 4 },
      { start: '2024-06-10', end: '2024-06-13', followers: 4 },
    ]);
    const byDefault = await s.rest('/api/farcaster/followers/history/1');
    expect([byDefault.body.from, byDefault.body.to, byDefault.body.points.length]).toEqual(['2024-05-15', '2024-06-13', 30]);
  });

  it('when history parameters are malformed, then 400', async () => {
    for (const q of ['?from=2024-13-01', '?from=2024-06-10&to=2024-06-01', '?interval=year', '?from=2000-01-01&to=2024-01-01']) {
      expect([q, (await s.rest(`/api/farcaster/followers/history/1${q}`)).status]).toEqual([q, 400]);
    }
  });

  it('when the histogram is asked, then followers are bucketed by their own followers', async () => {
    const { body } = await s.rest('/api/farcaster/followers/histogram/1');
    expect(body.total).toBe(4);
    expect(body.buckets.map((b: { label: string; count: number }) => [b.label, b.count])).toEqual([
      ['0', 2], ['1-9', 2], ['10-99', 0], ['100-999', 0], ['1000-9999', 0], ['10000+', 0]]);
  });

  it('when recent and top followers are asked, then newest first with the follow time, and best first', async () => {
    const recent = (await s.rest('/api/farcaster/followers/recent/1?limit=2')).body;
    expect(recent.map((r: { fid: number; followedAt: string }) => [r.fid, r.followedAt])).toEqual([[5, '2024-06-04T00:00:00.000Z'], [4, '2024-06-03T00:00:00.000Z']]);
    expect((await s.rest('/api/farcaster/followers/top/1?limit=3')).body.map((u: { fid: number }) => u.fid)).toEqual([2, 3, 4]);
    expect((await s.rest('/api/farcaster/followers/top/1?limit=50')).status).toBe(400);
  });

  it('when trending users are searched, then ordered by trend score with paging totals', async () => {
    const { status, body } = await s.rest('/api/trending/find', { body: { protocol: 'farcaster', ratio: '30d', limit: 2 } });
    expect(status).toBe(200);
    expect(ids(body.users.map((u: { user: { id: string } }) => u.user))).toEqual(['1', '2']);
    expect([body.page, body.total, body.totalPages]).toEqual([1, 3, 2]);
    expect(ids(body.users[0].topFollowers)).toEqual(['2', '3', '4']);
    const page2 = (await s.rest('/api/trending/find', { body: { protocol: 'farcaster', ratio: 'month', limit: 2, page: 2 } })).body;
    expect(ids(page2.users.map((u: { user: { id: string } }) => u.user))).toEqual(['3']);
    const past = (await s.rest('/api/trending/find', { body: { protocol: 'farcaster', ratio: 'month', limit: 2, page: 9 } })).body;
    expect([past.users, past.total, past.totalPages]).toEqual([[], 3, 2]);
    // A page whose offset passes 2^31 (any page the input allows) is past the last one too, with or without categories.
    for (const categories of [[], [1]]) {
      const far = await s.rest('/api/trending/find', { body: { protocol: 'farcaster', ratio: 'month', limit: 100, page: 21474837, categories } });
      expect([far.status, far.body.users, far.body.page]).toEqual([200, [], 21474837]);
    }
    const lens = (await s.rest('/api/trending/find', { body: {} })).body;
    expect(ids(lens.users.map((u: { user: { id: string } }) => u.user))).toEqual(['0x01']);
  });

  it('when the trending body is malformed, then 400 naming the field', async () => {
    const cases: [unknown, RegExp][] = [
      [{ ratio: 'year' }, /ratio/], [{ protocol: 'myspace' }, /protocol/], [{ page: 0 }, /page/], [{ limit: 101 }, /limit/],
      [{ page: 'one' }, /page|Int/], [{ categories: [99999] }, /categor/], [{ categories: 'x' }, /categories|Int/], ['{not json', /JSON/],
    ];
    for (const [body, message] of cases) {
      const res = await s.rest('/api/trending/find', { body });
      expect([body, res.status]).toEqual([body, 400]);
      expect(res.body.message).toMatch(message);
    }
  });

  it('when Lens analytics are asked, then the same shapes with canonical ids', async () => {
    expect((await s.rest('/api/lens/profile/rank/0x1')).body.followerRank).toEqual({ rank: 1, percentileCategory: 'top 25%' });
    expect((await s.rest('/api/lens/user/rank/0x01?ratio=day')).body).toMatchObject({ profileId: '0x01', rank: '1', count: '1' });
    expect((await s.rest('/api/lens/followers/top/0x01')).body.map((p: { id: string }) => p.id)).toEqual(['0x02', '0x03']);
    expect((await s.rest('/api/lens/followers/recent/0x01')).body.map((p: { id: string }) => p.id)).toEqual(['0x02', '0x03']);
    expect((await s.rest('/api/lens/followers/histogram/0x01')).body).toMatchObject({ profileId: '0x01', total: 2 });
    const history = (await s.rest('/api/lens/followers/history/0x01?from=2024-02-01&to=2024-06-30&interval=month')).body;
    expect(history.points.map((p: { followers: number }) => p.followers)).toEqual([0, 1, 1, 1, 2]);
    expect((await s.rest('/api/lens/score/average')).body).toEqual({ average: 0.9, profiles: 1 });
    expect((await s.rest('/api/lens/score/average?ids=0x02')).body).toEqual({ average: null, profiles: 0 });
  });
});

describe('analytics GraphQL batching', () => {
  const statementsFor = (query: string, variables: Record<string, unknown>) => s.statementsFor(() => s.gql.request(query, variables));

  it('when many users are asked with every analytics field nested, then the statement count does not grow with them', async () => {
    const query = `query ($fids: [Int!]!) { farcasterUsers(fids: $fids) {
      fid graphScore rank { followerRank { rank percentileCategory } }
      userRank(ratio: MONTH) { rank count topFollowers { fid stats { followers } } }
      followerHistogram { total } followersHistory(interval: WEEK) { points { followers } }
      recentFollowers(first: 3) { edges { followedAt node { fid stats { followers } } } }
      topFollowers(first: 2) { fid } } }`;
    const two = await statementsFor(query, { fids: [1, 2] });
    const six = await statementsFor(query, { fids: [1, 2, 3, 4, 5, 6] });
    // Each nesting level costs a fixed number of batched statements; more users never add any.
    expect(six).toBeLessThanOrEqual(two);
    expect(two).toBeLessThanOrEqual(14);
  });

  it('when a trending page is asked, then its users and their top followers load in a bounded number of statements', async () => {
    const query = `query ($limit: Int!) { trendingUsers(input: { protocol: FARCASTER, ratio: MONTH, limit: $limit }) {
      users { user { id stats { followers } } topFollowers { id stats { followers } } } total } }`;
    const one = await statementsFor(query, { limit: 1 });
    const three = await statementsFor(query, { limit: 3 });
    expect(three).toBe(one);
  });
});
