// The Farcaster surface on the farcaster-surface fixture (answers derived
// in its README): followers/following, casts, engagement, Farcaster ↔ Lens
// match, deleted data, paging boundaries, batching, REST == GraphQL.
import { print } from 'graphql';
import { FARCASTER_ACTIVITY_ROUTES } from '../../src/rest/routes/farcaster-activity.routes';
import { errorOf } from '../helpers/graphql-error';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SqlClient } from '../../src/db/sql-client';
import { clearFarcasterLiveStale, farcasterLiveIsStale, markFarcasterLiveStale } from '../../src/repositories/live-state.repository';
import { createTestDatabase } from '../helpers/test-database';
import { startTestServer, type TestServer } from '../helpers/test-server';

let s: TestServer;
beforeAll(async () => { s = await startTestServer({ fixture: 'farcaster-surface' }); });
afterAll(async () => { await s.close(); });

const fids = (list: { fid: number }[]) => list.map((u) => u.fid);

describe('followers and following', () => {
  it('when followers are paged, then newest first (ties by fid desc), unfollows and self left out, with page totals', async () => {
    const p1 = (await s.rest('/api/farcaster/followers/1?limit=4')).body;
    expect([p1.fid, p1.page, p1.total, p1.totalPages]).toEqual([1, 1, 6, 2]);
    expect(fids(p1.users)).toEqual([8, 7, 5, 4]);
    expect(Object.keys(p1.users[0])).toEqual(['fid', 'handle', 'metadata', 'stats', 'followedAt']);
    expect(p1.users[0]).toMatchObject({ fid: 8, handle: { localName: 'hal' }, followedAt: '2024-05-06T00:00:00.000Z' });
    const p2 = (await s.rest('/api/farcaster/followers/1?limit=4&page=2')).body;
    expect([p2.page, fids(p2.users)]).toEqual([2, [3, 2]]);
    const past = (await s.rest('/api/farcaster/followers/1?limit=4&page=3')).body;
    expect([past.page, past.total, past.totalPages, past.users]).toEqual([3, 6, 2, []]);
    // Exactly two full pages of 3.
    expect(fids((await s.rest('/api/farcaster/followers/1?limit=3&page=2')).body.users)).toEqual([4, 3, 2]);
    const byDefault = (await s.rest('/api/farcaster/followers/1')).body;
    expect([byDefault.page, byDefault.totalPages, byDefault.users.length]).toEqual([1, 1, 6]);
  });

  it('when following is asked, then live follows newest first', async () => {
    const { body } = await s.rest('/api/farcaster/following/1');
    expect([body.total, fids(body.users), body.users[0].followedAt]).toEqual([2, [3, 2], '2024-05-11T00:00:00.000Z']);
    // fid 6 unfollowed its only follow.
    expect((await s.rest('/api/farcaster/following/6')).body).toEqual({ fid: 6, page: 1, total: 0, totalPages: 0, users: [] });
  });

  it('when an import has left the live counters stale, then page totals and cast counts are counted from the rows until a refresh rebuilds them', async () => {
    // The totals read the live counters; an import marks them stale (they were not updated row by row).
    const sql = s.testDb.db.sql;
    const firstCast = async () => (await s.rest('/api/farcaster/casts/1')).body.casts[4];
    const counted = async () => [(await s.rest('/api/farcaster/followers/1?limit=4')).body.total, (await s.rest('/api/farcaster/following/1')).body.total,
      (await firstCast()).likes, (await firstCast()).quotes];
    expect(await counted()).toEqual([6, 2, 2, 1]);
    await sql.query('UPDATE fc_profile_counts SET followers = followers + 100, following = following + 10 WHERE fid = 1');
    await sql.query(`UPDATE fc_cast_counts SET likes = likes + 100, quotes = quotes + 10 WHERE hash = '0x0101'`);
    try {
      expect(await counted()).toEqual([106, 12, 102, 11]);
      await markFarcasterLiveStale(sql);
      expect(await counted()).toEqual([6, 2, 2, 1]);
    } finally {
      await clearFarcasterLiveStale(sql);
      await sql.query('UPDATE fc_profile_counts SET followers = followers - 100, following = following - 10 WHERE fid = 1');
      await sql.query(`UPDATE fc_cast_counts SET likes = likes - 100, quotes = quotes - 10 WHERE hash = '0x0101'`);
    }
    expect(await counted()).toEqual([6, 2, 2, 1]);
  });

  it('when the migration that adds the cast counters runs on a database holding casts, then it marks the live tables stale; on an empty one it does not', async () => {
    const migration = readFileSync(path.join(__dirname, '../../prisma/migrations/20261127180000_fc_cast_counts/migration.sql'), 'utf8');
    const markStatement = migration.slice(migration.indexOf('INSERT INTO "app_meta"'));
    const stale = (sql: SqlClient) => farcasterLiveIsStale(sql);
    const sql = s.testDb.db.sql;
    expect(await stale(sql)).toBe(false);
    try {
      await sql.exec(markStatement);
      expect(await stale(sql)).toBe(true);
    } finally {
      await clearFarcasterLiveStale(sql);
    }
    const empty = await createTestDatabase();
    try {
      await empty.db.sql.exec(markStatement);
      expect(await stale(empty.db.sql)).toBe(false);
    } finally {
      await empty.close();
    }
  });

  it('when paging parameters break a rule, then 400', async () => {
    for (const q of ['limit=0', 'limit=101', 'page=0', 'limit=abc', 'page=-1']) {
      const res = await s.rest(`/api/farcaster/followers/1?${q}`);
      expect([q, res.status]).toEqual([q, 400]);
    }
    expect((await s.rest('/api/farcaster/casts/1?limit=101')).status).toBe(400);
  });

  it('when GraphQL pages with cursors, then the pages join up and hasNextPage ends', async () => {
    const q = `query($after: String, $page: Int) { farcasterUser(fid: 1) { followers(first: 3, after: $after, page: $page) {
      totalCount page totalPages pageInfo { hasNextPage endCursor } edges { cursor followedAt node { fid } } } } }`;
    const a = (await s.gql.request<any>(q)).farcasterUser.followers;
    expect([a.totalCount, a.page, a.pageInfo.hasNextPage, a.edges.map((e: any) => e.node.fid)]).toEqual([6, 1, true, [8, 7, 5]]);
    const b = (await s.gql.request<any>(q, { after: a.pageInfo.endCursor })).farcasterUser.followers;
    expect([b.page, b.pageInfo.hasNextPage, b.edges.map((e: any) => e.node.fid)]).toEqual([2, false, [4, 3, 2]]);
    // An edge cursor continues right after that edge.
    const c = (await s.gql.request<any>(q, { after: a.edges[0].cursor })).farcasterUser.followers;
    expect(c.edges.map((e: any) => e.node.fid)).toEqual([7, 5, 4]);
    const bad: Record<string, unknown>[] = [{ after: 'nope' }, { after: a.pageInfo.endCursor, page: 2 }];
    for (const vars of bad) {
      const res = await errorOf(s.gql.request(q, vars));
      // Cursors are checked as the field runs: the request executed, so 200 with the field's error.
      expect([res.status, res.errors?.[0]?.extensions?.code]).toEqual([200, 'BAD_USER_INPUT']);
    }
  });
});

describe('casts', () => {
  it('when casts are asked, then live casts newest first with counts from others only', async () => {
    const { status, body } = await s.rest('/api/farcaster/casts/1');
    expect(status).toBe(200);
    expect([body.fid, body.page, body.total, body.totalPages]).toEqual([1, 1, 5, 1]);
    expect(body.casts.map((c: { hash: string }) => c.hash)).toEqual(['0x0106', '0x0105', '0x0104', '0x0102', '0x0101']);
    const first = body.casts[4];
    expect(Object.keys(first)).toEqual(['hash', 'text', 'timestamp', 'parentHash', 'parentUrl', 'quotedHash', 'likes', 'recasts', 'replies', 'quotes']);
    // likes: 2, 3 (4's like deleted, 1's own like left out); replies: 2, 3 (4's deleted, 1's self-reply left out); quote: 2.
    expect(first).toEqual({ hash: '0x0101', text: 'first', timestamp: '2024-06-01T00:00:00.000Z', parentHash: null, parentUrl: null,
      quotedHash: null, likes: 2, recasts: 1, replies: 2, quotes: 1 });
    expect(body.casts[1]).toMatchObject({ hash: '0x0105', quotedHash: '0x0201', parentHash: null });
    expect(body.casts[2]).toMatchObject({ hash: '0x0104', parentHash: '0x0201', quotedHash: null });
    expect(body.casts[3]).toMatchObject({ parentUrl: 'https://warpcast.com/~/channel/dev', likes: 1 });
  });

  it('when a cast embeds a castId, then it is a quote; a url embed is not', async () => {
    const two = (await s.rest('/api/farcaster/casts/2')).body.casts;
    expect(two.find((c: { hash: string }) => c.hash === '0x0203').quotedHash).toBe('0x0101');
    expect(two.find((c: { hash: string }) => c.hash === '0x0201')).toMatchObject({ likes: 1, recasts: 1, replies: 1, quotes: 1 });
    expect((await s.rest('/api/farcaster/casts/5')).body.casts[0]).toMatchObject({ hash: '0x0501', quotedHash: null });
  });

  it('when casts are paged past a boundary, then the last page holds the rest and later pages are empty', async () => {
    const p3 = (await s.rest('/api/farcaster/casts/1?limit=2&page=3')).body;
    expect([p3.page, p3.totalPages, p3.casts.map((c: { hash: string }) => c.hash)]).toEqual([3, 3, ['0x0101']]);
    expect((await s.rest('/api/farcaster/casts/1?limit=2&page=4')).body.casts).toEqual([]);
    expect((await s.rest('/api/farcaster/casts/6')).body).toEqual({ fid: 6, page: 1, total: 0, totalPages: 0, casts: [] });
  });
});

describe('engagement', () => {
  it('when engagement is asked, then six lists of profile summaries by count then fid', async () => {
    const { status, body } = await s.rest('/api/farcaster/user/engagement/1');
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['inbound', 'outbound']);
    expect(Object.keys(body.inbound)).toEqual(['likes', 'comments', 'quotes']);
    expect(Object.keys(body.inbound.likes[0])).toEqual(['fid', 'handle', 'metadata', 'stats']);
    const lists = (d: any) => ({ likes: fids(d.likes), comments: fids(d.comments), quotes: fids(d.quotes) });
    expect(lists(body.inbound)).toEqual({ likes: [3, 2], comments: [2, 3], quotes: [2] });
    expect(lists(body.outbound)).toEqual({ likes: [3, 2], comments: [2], quotes: [2] });
    const one = (await s.rest('/api/farcaster/user/engagement/1?limit=1')).body;
    expect(lists(one.inbound)).toEqual({ likes: [3], comments: [2], quotes: [2] });
    expect((await s.rest('/api/farcaster/user/engagement/1?limit=101')).status).toBe(400);
  });

  it('when the live tables are current, then the lists are read from the engaging pairs; while an import has left them stale, they are counted from the rows, with the same answer', async () => {
    const sql = s.testDb.db.sql;
    const answer = async () => (await s.rest('/api/farcaster/user/engagement/1')).body;
    const stored = await answer();
    const inboundLikes = async () => fids((await answer()).inbound.likes);
    expect(await inboundLikes()).toEqual([3, 2]);
    // 2 liked one of 1's casts; the stored pair now says 101 times, so 2 comes first when the pair is read.
    await sql.query('UPDATE fc_engagement_pair SET n = n + 100 WHERE author = 1 AND kind = 0 AND actor = 2');
    try {
      expect(await inboundLikes()).toEqual([2, 3]);
      await markFarcasterLiveStale(sql);
      expect(await answer()).toEqual(stored);
    } finally {
      await clearFarcasterLiveStale(sql);
      await sql.query('UPDATE fc_engagement_pair SET n = n - 100 WHERE author = 1 AND kind = 0 AND actor = 2');
    }
    expect(await answer()).toEqual(stored);
  });

  it('when a reply or quote targets a deleted cast, then it counts for nobody', async () => {
    const three = (await s.rest('/api/farcaster/user/engagement/3')).body;
    expect([fids(three.outbound.comments), fids(three.outbound.quotes), fids(three.inbound.likes)]).toEqual([[1], [], [1]]);
    const five = (await s.rest('/api/farcaster/user/engagement/5')).body;
    expect(five).toEqual({ inbound: { likes: [], comments: [], quotes: [] }, outbound: { likes: [], comments: [], quotes: [] } });
  });
});

describe('Farcaster ↔ Lens match', () => {
  it('when a fid is matched, then live Ethereum addresses (lowercase) and the Lens profiles they own, whatever the case', async () => {
    const { body } = await s.rest('/api/farcaster/match/1');
    expect(body).toEqual({
      fid: 1, addresses: ['0xabcdef0000000000000000000000000000000001'],
      lensProfiles: [
        { profileId: '0x01', handle: { localName: 'alpha' }, ownedBy: '0xabcdef0000000000000000000000000000000001' },
        { profileId: '0x02', handle: { localName: 'beta' }, ownedBy: '0xabcdef0000000000000000000000000000000001' },
        { profileId: '0x0100', handle: null, ownedBy: '0xabcdef0000000000000000000000000000000001' },
      ],
    });
    expect((await s.rest('/api/farcaster/match/4')).body).toEqual({ fid: 4, addresses: [], lensProfiles: [] });
  });

  it('when a Lens profile is matched, then the fids verifying its owner; a deleted verification does not match', async () => {
    expect((await s.rest('/api/lens/match/0x1')).body).toEqual({ profileId: '0x01', ownedBy: '0xabcdef0000000000000000000000000000000001', fids: [1, 2] });
    expect((await s.rest('/api/lens/match/0x03')).body.fids).toEqual([]);
    expect((await s.rest('/api/lens/match/0x04')).body.fids).toEqual([]);
  });

  it('when verifications are asked in GraphQL, then live ones of both protocols, filterable', async () => {
    const data = await s.gql.request<any>(`{ farcasterUser(fid: 1) { all: verifications { address protocol verifiedAt }
      eth: verifications(protocol: ETHEREUM) { address } lensProfiles { profileId farcasterUsers { fid } } } }`);
    expect(data.farcasterUser.all.map((v: { protocol: string }) => v.protocol)).toEqual(['ETHEREUM', 'SOLANA']);
    expect(data.farcasterUser.eth).toHaveLength(1);
    expect(data.farcasterUser.lensProfiles[0].farcasterUsers.map((u: { fid: number }) => u.fid)).toEqual([1, 2]);
    const res = await errorOf(s.gql.request('{ farcasterUser(fid: 1) { verifications(protocol: "btc") { address } } }'));
    expect([res.status, res.errors?.[0]?.extensions?.code]).toEqual([400, 'BAD_USER_INPUT']);
  });
});

describe('unknown ids and deleted data', () => {
  it('when a single-profile route gets an unknown fid or profile, then 404', async () => {
    for (const p of ['/api/farcaster/followers/999', '/api/farcaster/following/999', '/api/farcaster/casts/999',
      '/api/farcaster/user/engagement/999', '/api/farcaster/match/999', '/api/lens/match/0x99']) {
      const res = await s.rest(p);
      const message = p.endsWith('0x99') ? 'Lens profile 0x99 not found' : 'Farcaster user 999 not found';
      expect([p, res.status, res.body]).toEqual([p, 404, { statusCode: 404, message, error: 'Not Found' }]);
    }
  });

  it('when batch routes get an unknown fid, then 0 inside the answer; GraphQL lists leave it out', async () => {
    expect((await s.rest('/api/farcaster/followersCount?fids=1,999')).body).toEqual([{ fid: 1, followersCount: 6 }, { fid: 999, followersCount: 0 }]);
    // likes from others on live casts: 2 + 3 on 0x0101, 3 on 0x0102; deleted likes and the like on a deleted cast left out.
    expect((await s.rest('/api/farcaster/likes-count?fids=1,999')).body).toEqual([{ fid: 1, likesCount: 3 }, { fid: 999, likesCount: 0 }]);
    const data = await s.gql.request<any>('{ farcasterUsers(fids: [999, 1]) { fid followers(first: 1) { totalCount } } }');
    expect(data.farcasterUsers).toEqual([{ fid: 1, followers: { totalCount: 6 } }]);
  });
});

describe('GraphQL nesting', () => {
  const NESTED = `query($fids: [Int!]!) { farcasterUsers(fids: $fids) {
    fid stats { followers } rank { followerRank { rank } } graphScore
    followers(first: 3) { totalCount edges { followedAt node { fid stats { followers } casts(first: 2) { totalCount edges { node { hash likes quotes } } } } } }
    following(first: 2) { edges { node { fid lensProfiles { profileId } } } }
    casts(first: 5) { totalCount edges { node { hash likes recasts replies quotes author { fid } } } }
    engagement(limit: 3) { inbound { likes { fid stats { posts } } comments { fid } quotes { fid } } outbound { likes { fid } } }
    verifications { address }
    lensProfiles { profileId farcasterUsers { fid } }
  } }`;

  it('when the whole graph is nested for many users, then the statement count does not grow with the users', async () => {
    const few = await s.statementsFor(() => s.gql.request(NESTED, { fids: [1] }));
    const many = await s.statementsFor(() => s.gql.request(NESTED, { fids: [1, 2, 3, 4, 5, 6, 7, 8] }));
    // More users can only hit the per-request cache more (nested nodes already loaded).
    expect(many).toBeLessThanOrEqual(few);
    expect(few).toBeLessThanOrEqual(25);
  });

  it('when engagement is nested, then the GraphQL lists equal the REST lists', async () => {
    const data = await s.gql.request<any>(NESTED, { fids: [1] });
    expect(data.farcasterUsers[0].engagement.inbound.likes.map((u: { fid: number }) => u.fid)).toEqual([3, 2]);
    expect(data.farcasterUsers[0].followers.edges[0].node.fid).toBe(8);
  });
});

describe('REST == GraphQL', () => {
  const calls: Record<string, { path: string; query?: string }[]> = {
    '/api/farcaster/followers/:fid': [{ path: '1', query: 'limit=4&page=2' }, { path: '1' }, { path: '8' }],
    '/api/farcaster/following/:fid': [{ path: '1', query: 'limit=1&page=2' }, { path: '5' }],
    '/api/farcaster/casts/:fid': [{ path: '1', query: 'limit=2&page=3' }, { path: '2' }, { path: '3' }],
    '/api/farcaster/user/engagement/:fid': [{ path: '1' }, { path: '3', query: 'limit=1' }],
    '/api/farcaster/match/:fid': [{ path: '1' }, { path: '4' }],
    '/api/lens/match/:id': [{ path: '0x01' }, { path: '0x3' }],
  };

  it('when each Farcaster route is called, then its body equals the GraphQL answer for the same arguments', async () => {
    expect(Object.keys(calls).sort()).toEqual(FARCASTER_ACTIVITY_ROUTES.map((r) => r.path).sort());
    for (const r of FARCASTER_ACTIVITY_ROUTES) {
      for (const c of calls[r.path]) {
        const url = `${r.path.replace(/:\w+/, c.path)}${c.query ? `?${c.query}` : ''}`;
        const rest = await s.rest(url);
        const req = { params: Object.fromEntries((r.path.match(/:(\w+)/g) ?? []).map((p) => [p.slice(1), c.path])), query: Object.fromEntries(new URLSearchParams(c.query ?? '')) };
        const variables = Object.fromEntries(Object.entries(r.variables(req as never)).filter(([, v]) => v !== undefined));
        const gql = await s.gql.request<Record<string, unknown>>(print(r.document), variables);
        expect([url, rest.status, rest.body]).toEqual([url, 200, JSON.parse(JSON.stringify(r.answer(gql)))]);
      }
    }
  });
});
