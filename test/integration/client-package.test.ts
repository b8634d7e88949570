// The frontend package in client/: its typed operations against a real server
// on the hand-made fixtures answer exactly what the fixtures' READMEs list; its
// errors carry the service's codes with the partial data; and a browser on
// another origin may call it. test/system/client-current.test.ts holds the
// committed package to what its sources make today.
import {
  createClient, isServiceError, ServiceError, type Client,
  CompareFarcasterUsersDocument, FarcasterFollowerHistoryDocument, FarcasterFollowersPageDocument,
  FarcasterProfileCardDocument, FreshnessDocument, LensFollowersPageDocument, LensProfileCardDocument,
  TokenMentionsDocument, TokenPostsDocument, TrendingTokensDocument, TrendingUsersDocument,
} from '../../client/src/index';
import { globalId } from '../../src/graphql/node/global-id';
import type { KeyService } from '../../src/auth/key.service';
import { ingest } from '../../src/jobs/ingest';
import { serve, testConfig, type ServedApp } from '../helpers/serve-app';
import { fixture, startTestServer, type TestServer } from '../helpers/test-server';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';


/** The error a request must end in; fails the test when it succeeds or throws anything else. */
async function serviceErrorOf(request: Promise<unknown>): Promise<ServiceError> {
  try { await request; } catch (e) { if (e instanceof ServiceError) return e; throw e; }
  throw new Error('expected a ServiceError');
}

const band = (rank: number, percentileCategory: string) => ({ rank, percentileCategory });

describe('typed operations on the analytics fixture', () => {
  let s: TestServer;
  let client: Client;
  beforeAll(async () => {
    s = await startTestServer({ fixture: 'analytics' });
    client = createClient({ url: `${s.baseUrl}/graphql`, apiKey: s.key });
  });
  afterAll(() => s.close());

  it('when a Farcaster card is asked, then counters, the five ranks with bands and the week gain rank are the fixture\'s', async () => {
    const { farcasterUser: u } = await client.request(FarcasterProfileCardDocument, { fid: 2 });
    expect(u).toMatchObject({
      fid: 2, id: globalId('FarcasterUser', 2), username: 'user2', handle: { localName: 'user2' },
      stats: { followers: 7, following: 1, posts: 1 }, totalFollowers: 7, likesCount: 2,
      // Rank 2 of 40 is 0.05, on the top-5% limit; the week's net gain of 2 is the best.
      rank: {
        followerRank: band(2, 'TOP_5'), engagementRank: band(2, 'TOP_5'), scoreRank: band(2, 'TOP_5'),
        likesRank: band(2, 'TOP_5'), collectRank: band(2, 'TOP_5'),
      },
      userRank: { rank: 1, count: 2 },
      asOf: '2024-06-30T12:00:00.000Z', analyticsAsOf: '2024-06-30T12:00:00.000Z',
    });
    // The month's window: 5 gained, still first; fid 6 lost 2 in the week and ranks last of 40.
    expect((await client.request(FarcasterProfileCardDocument, { fid: 2, window: 'MONTH' })).farcasterUser?.userRank).toEqual({ rank: 1, count: 5 });
    expect((await client.request(FarcasterProfileCardDocument, { fid: 6 })).farcasterUser?.userRank).toEqual({ rank: 40, count: -2 });
  });

  it('when a Lens card is asked by a non-canonical id, then it answers the canonical profile with its ranks and gains', async () => {
    const { lensProfile: p } = await client.request(LensProfileCardDocument, { id: '0x1' });
    expect(p).toMatchObject({
      profileId: '0x01', id: globalId('LensProfile', '0x01'), handle: { localName: 'lens1' }, score: 0.9,
      stats: { followers: 6, following: 2, posts: 2 }, totalFollowers: 6, totalFollowing: 2,
      // Rank 1 of 13 is 0.077: top 10%.
      rank: {
        followerRank: band(1, 'TOP_10'), engagementRank: band(1, 'TOP_10'), scoreRank: band(1, 'TOP_10'),
        likesRank: band(1, 'TOP_10'), collectRank: band(1, 'TOP_10'),
      },
      // 0x06 unfollowed inside the week: −1, the last of 13.
      userRank: { rank: 13, count: -1 },
      asOf: '2024-06-15T00:00:00.000Z',
    });
  });

  it('when a followers page is walked forward with first/after and back with last/before, then every follower comes once, newest first, with exact flags', async () => {
    const page = (v: { first?: number; after?: string | null; last?: number; before?: string | null }) =>
      client.request(FarcasterFollowersPageDocument, { fid: 2, ...v }).then((d) => d.farcasterUser!.followers);
    const fids = (p: Awaited<ReturnType<typeof page>>) => p.edges.map((e) => e.node.fid);

    const p1 = await page({ first: 3 });
    expect([p1.totalCount, fids(p1), p1.pageInfo.hasPreviousPage, p1.pageInfo.hasNextPage]).toEqual([7, [5, 4, 3], false, true]);
    expect(p1.edges.map((e) => e.followedAt)).toEqual(['2024-06-29T12:00:01.000Z', '2024-06-29T12:00:00.000Z', '2024-06-23T12:00:00.000Z']);
    const p2 = await page({ first: 3, after: p1.pageInfo.endCursor });
    expect([fids(p2), p2.pageInfo.hasPreviousPage, p2.pageInfo.hasNextPage]).toEqual([[1, 32, 31], true, true]);
    const p3 = await page({ first: 3, after: p2.pageInfo.endCursor });
    expect([fids(p3), p3.pageInfo.hasNextPage]).toEqual([[30], false]);
    // Backward from p3's start: the same slice p2 was, in list order.
    const back = await page({ last: 3, before: p3.pageInfo.startCursor });
    expect([fids(back), back.pageInfo.hasPreviousPage, back.pageInfo.hasNextPage]).toEqual([[1, 32, 31], true, true]);
    const end = await page({ last: 2 });
    expect([fids(end), end.pageInfo.hasPreviousPage, end.pageInfo.hasNextPage]).toEqual([[31, 30], true, false]);

    // Lens follows are keyset-paged; all seven 03-01 follows tie on time, so ids (numeric) order them; 0x06 unfollowed.
    const lens = await client.request(LensFollowersPageDocument, { id: '0x01', first: 10 });
    expect(lens.lensProfile?.followers.totalCount).toBe(6);
    expect(lens.lensProfile?.followers.edges.map((e) => e.node.profileId)).toEqual(['0x0100', '0x09', '0x05', '0x04', '0x03', '0x02']);
  });

  it('when follower history is asked by day and by ISO week, then the cumulative counts are the fixture\'s', async () => {
    const days = await client.request(FarcasterFollowerHistoryDocument, { fid: 2, from: '2024-06-22', to: '2024-06-30' });
    expect(days.farcasterUser?.followersHistory).toMatchObject({ from: '2024-06-22', to: '2024-06-30', interval: 'DAY' });
    expect(days.farcasterUser?.followersHistory.points.map((p) => [p.start, p.followers])).toEqual([
      ['2024-06-22', 3], ['2024-06-23', 5], ['2024-06-24', 5], ['2024-06-25', 5], ['2024-06-26', 5],
      ['2024-06-27', 5], ['2024-06-28', 5], ['2024-06-29', 7], ['2024-06-30', 7],
    ]);
    const weeks = await client.request(FarcasterFollowerHistoryDocument, { fid: 2, from: '2024-05-27', to: '2024-06-30', interval: 'WEEK' });
    expect(weeks.farcasterUser?.followersHistory.points.map((p) => [p.start, p.end, p.followers])).toEqual([
      ['2024-05-27', '2024-06-02', 3], ['2024-06-03', '2024-06-09', 3], ['2024-06-10', '2024-06-16', 3],
      ['2024-06-17', '2024-06-23', 5], ['2024-06-24', '2024-06-30', 7],
    ]);
  });

  it('when trending users are asked per protocol and window, then the order is the fixture\'s and the union is told apart by __typename', async () => {
    const fc = await client.request(TrendingUsersDocument, { protocol: 'FARCASTER' });
    expect([fc.trending.totalCount, fc.trending.totalPages]).toEqual([4, 1]);
    expect(fc.trending.edges.map(({ node: { user } }) => (user.__typename === 'FarcasterUser' ? user.fid : null))).toEqual([2, 1, 20, 21]);
    expect(fc.trending.edges[0]?.node.topFollowers.map((f) => f.id)).toEqual([1, 3, 4].map((fid) => globalId('FarcasterUser', fid)));
    const day = await client.request(TrendingUsersDocument, { protocol: 'FARCASTER', ratio: 'DAY' });
    expect(day.trending.edges.map(({ node }) => node.user.id)).toEqual([globalId('FarcasterUser', 2)]);
    const lens = await client.request(TrendingUsersDocument, { protocol: 'LENS', first: 2 });
    expect([lens.trending.totalCount, lens.trending.totalPages, lens.trending.pageInfo.hasNextPage]).toEqual([3, 2, true]);
    expect(lens.trending.edges.map(({ node: { user } }) => (user.__typename === 'LensProfile' ? user.profileId : null))).toEqual(['0x04', '0x0c']);
    const rest = await client.request(TrendingUsersDocument, { protocol: 'LENS', first: 2, after: lens.trending.pageInfo.endCursor });
    expect([rest.trending.edges.length, rest.trending.page, rest.trending.pageInfo.hasNextPage]).toEqual([1, 2, false]);
  });

  it('when freshness is asked, then both protocols answer their as-of times, Farcaster first', async () => {
    const { freshness } = await client.request(FreshnessDocument);
    expect(freshness.map(({ protocol, asOf, analyticsAsOf }) => [protocol, asOf, analyticsAsOf])).toEqual([
      ['FARCASTER', '2024-06-30T12:00:00.000Z', '2024-06-30T12:00:00.000Z'],
      ['LENS', '2024-06-15T00:00:00.000Z', '2024-06-15T00:00:00.000Z'],
    ]);
    // The refresh ran when the fixture's database was built, which may be a cached copy from an earlier run:
    // its time is real wall-clock time, after the data it summarizes and not in the future.
    for (const f of freshness) {
      expect(Date.parse(f.refreshedAt!)).toBeLessThanOrEqual(Date.now());
      expect(Date.parse(f.refreshedAt!)).toBeGreaterThan(Date.parse(f.asOf!));
    }
    expect((await client.request(FreshnessDocument, { protocol: 'LENS' })).freshness.map((f) => f.protocol)).toEqual(['LENS']);
  });

  it('when one alias names an unknown fid, then the other alias still answers and the error is NOT_FOUND at that alias, with the partial data', async () => {
    const e = await serviceErrorOf(client.request(CompareFarcasterUsersDocument, { a: 1, b: 99999999 }));
    expect([e.code, e.status, e.message, e.retryAfter]).toEqual(['NOT_FOUND', 200, 'Farcaster user 99999999 not found', null]);
    expect(e.errorAt('b')?.extensions?.code).toBe('NOT_FOUND');
    expect(e.errorAt('a')).toBeUndefined();
    expect(e.data).toEqual({ a: expect.objectContaining({ fid: 1, username: 'user1', stats: { followers: 12, following: 1, posts: 3 } }), b: null });
    // Typed as the operation's data: a frontend reads the alias that answered without a cast.
    if (!isServiceError(e, CompareFarcasterUsersDocument)) throw e;
    expect([e.data?.a?.username, e.data?.a?.stats.followers, e.data?.b]).toEqual(['user1', 12, null]);
  });

  it('when the request is refused before it runs, then the code and status are the service\'s', async () => {
    const wrongKey = createClient({ url: `${s.baseUrl}/graphql`, apiKey: 'sga_not-a-key' });
    const unauth = await serviceErrorOf(wrongKey.request(FreshnessDocument));
    expect([unauth.code, unauth.status, unauth.data]).toEqual(['UNAUTHENTICATED', 401, null]);
    // Mixed paging directions are refused by the rule, not by the client.
    const mixed = await serviceErrorOf(client.request(FarcasterFollowersPageDocument, { fid: 2, first: 2, last: 2 }));
    expect(mixed.code).toBe('BAD_USER_INPUT');
    const nowhere = createClient({ url: 'http://127.0.0.1:9/graphql', apiKey: s.key });
    expect((await serviceErrorOf(nowhere.request(FreshnessDocument))).code).toBe('NETWORK_ERROR');
  });

  it('when a fetch is given, then every request goes through it with the apikey header, JSON body and the GraphQL-over-HTTP accept', async () => {
    const seen: Array<{ url: string; headers: Record<string, string>; body: unknown }> = [];
    const traced = createClient({
      url: `${s.baseUrl}/graphql`, apiKey: s.key, headers: { 'x-request-id': 'client-test' },
      fetch: async (input, init) => {
        seen.push({ url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, headers: init?.headers as Record<string, string>, body: JSON.parse(init?.body as string) });
        return fetch(input, init);
      },
    });
    await traced.request(FreshnessDocument, { protocol: 'FARCASTER' });
    expect(seen).toHaveLength(1);
    expect(seen[0].headers).toEqual({
      'x-request-id': 'client-test', apikey: s.key, 'content-type': 'application/json',
      accept: 'application/graphql-response+json, application/json',
    });
    expect(seen[0].body).toEqual({ query: FreshnessDocument.toString(), variables: { protocol: 'FARCASTER' } });
  });
});

describe('typed token operations, rate limits and CORS on the content-tokens fixture', () => {
  const ORIGIN = 'http://localhost:5173';
  let t: TestDatabase;
  let served: ServedApp;
  let keys: KeyService;
  let client: Client;
  beforeAll(async () => {
    t = await createTestDatabase();
    // A frontend's origin listed, as a deployment that does not allow every origin would.
    const config = testConfig({ CORS_ORIGINS: `${ORIGIN},https://app.example` });
    await ingest(t.db, config, { import: { dir: fixture('content-tokens'), progress: 'silent' }, classify: {}, refresh: {} });
    served = await serve(t.db, { CORS_ORIGINS: config.CORS_ORIGINS });
    keys = served.app.keys;
    const { key } = await keys.create({ name: 'client', rateLimit: 100000 });
    client = createClient({ url: `${served.base}/graphql`, apiKey: key });
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => served.server.close(() => resolve()));
    await served.app.close();
    await t.close();
  });

  it('when the day\'s token mentions and trending tokens are asked, then symbols, counts, ids and prices are the fixture\'s', async () => {
    const { tokenMentions } = await client.request(TokenMentionsDocument);
    expect(tokenMentions.map((m) => [m.token, m.postCount, m.day])).toEqual([
      ['ETH', 3, '2024-06-10'], ['USDC', 2, '2024-06-10'], ['DOGE', 1, '2024-06-10'], ['PEPE', 1, '2024-06-10'], ['WIF', 1, '2024-06-10'],
    ]);
    expect(tokenMentions[0]?.id).toBe(globalId('TokenMention', 'a772bd11-11d1-51f6-8f27-f5a161feca99'));
    expect((await client.request(TokenMentionsDocument, { date: '2024-06-09' })).tokenMentions.map((m) => [m.token, m.postCount])).toEqual([['SOL', 2], ['ETH', 1]]);

    const { trendingTokens } = await client.request(TrendingTokensDocument, { limit: 3 });
    expect(trendingTokens.map((x) => [x.id, x.symbol, x.chain])).toEqual([[globalId('Token', 1), 'ETH', 'ethereum'], [globalId('Token', 2), 'USDC', 'base'], [globalId('Token', 3), 'USDC', 'ethereum']]);
    expect(trendingTokens[1]?.price).toMatchObject({ priceUsd: '1.0000', priceChangePercentage24h: '0' });
    expect(trendingTokens[2]?.price).toBeNull();
  });

  it('when a token\'s posts are paged by symbol and by mention id, then they come newest first with exact flags', async () => {
    const first = await client.request(TokenPostsDocument, { tokenId: 'eth', first: 2 });
    expect([first.tokenPosts.totalCount, first.tokenPosts.edges.map((e) => e.node.postId), first.tokenPosts.pageInfo.hasNextPage]).toEqual([5, ['0xc05', '0xc02'], true]);
    const next = await client.request(TokenPostsDocument, { tokenId: 'eth', first: 2, after: first.tokenPosts.pageInfo.endCursor });
    expect(next.tokenPosts.edges.map((e) => e.node.postId)).toEqual(['0xc01', '0xc06']);
    const last = await client.request(TokenPostsDocument, { tokenId: 'eth', last: 2 });
    expect(last.tokenPosts.edges.map((e) => e.node.postId)).toEqual(['0xc06', '0xc08']);
    const usdc = await client.request(TokenPostsDocument, { tokenId: 'USDC', date: '2024-06-10' });
    expect(usdc.tokenPosts.edges.map((e) => [e.node.postId, e.node.protocol])).toEqual([['0x01-0x01', 'LENS'], ['0xc01', 'FARCASTER']]);
    const byId = await client.request(TokenPostsDocument, { tokenId: 'a772bd11-11d1-51f6-8f27-f5a161feca99' });
    expect(byId.tokenPosts.edges.map((e) => e.node.postId)).toEqual(['0xc05', '0xc02', '0xc01']);
    expect((await serviceErrorOf(client.request(TokenPostsDocument, { tokenId: 'NOPE' }))).code).toBe('NOT_FOUND');
  });

  it('when a key\'s budget is spent, then RATE_LIMITED with the Retry-After seconds and no data', async () => {
    const { key } = await keys.create({ name: 'one-a-minute', rateLimit: 1 });
    const limited = createClient({ url: `${served.base}/graphql`, apiKey: key });
    await limited.request(TokenMentionsDocument);
    const e = await serviceErrorOf(limited.request(TokenMentionsDocument));
    expect([e.code, e.status, e.data]).toEqual(['RATE_LIMITED', 429, null]);
    expect(e.retryAfter).toBeGreaterThan(0);
    expect(e.retryAfter).toBeLessThanOrEqual(60);
  });

  it('when a browser on a listed origin preflights and posts, then apikey and content-type are allowed and the budget headers exposed', async () => {
    const preflight = await fetch(`${served.base}/graphql`, {
      method: 'OPTIONS',
      headers: { origin: ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'apikey,content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(preflight.headers.get('access-control-allow-headers')?.split(',')).toEqual(expect.arrayContaining(['apikey', 'content-type']));
    expect(preflight.headers.get('access-control-allow-methods')?.split(',')).toContain('POST');

    // The client's own request, with the browser's Origin added.
    let answer: Response | undefined;
    const browser = createClient({
      url: `${served.base}/graphql`, apiKey: (await keys.create({ name: 'browser', rateLimit: 100 })).key,
      fetch: async (input, init) => (answer = await fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), origin: ORIGIN } })),
    });
    expect((await browser.request(TokenMentionsDocument, { date: '2024-06-07' })).tokenMentions.map((m) => m.token)).toEqual(['ETH']);
    expect(answer!.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(answer!.headers.get('access-control-expose-headers')?.split(',')).toEqual(expect.arrayContaining(['retry-after', 'ratelimit', 'ratelimit-policy']));

    // An origin not listed gets no grant: the browser would keep the answer from the page.
    const other = await fetch(`${served.base}/graphql`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'apikey,content-type' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});
