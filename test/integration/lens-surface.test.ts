// The Lens surface on the hand-made lens-surface fixture (its README
// lists the known answers): engagement, collects, collect sums, top creators,
// the Lens graph in GraphQL with bounded SQL, and REST == GraphQL.
import { print } from 'graphql';
import { LENS_ACTIVITY_ROUTES } from '../../src/rest/routes/lens-activity.routes';
import { startTestServer, type TestServer } from '../helpers/test-server';

let s: TestServer;
beforeAll(async () => { s = await startTestServer({ fixture: 'lens-surface' }); });
afterAll(async () => { await s.close(); });

const ids = (list: { profileId: string }[]) => list.map((p) => p.profileId);
const RECORD_KEYS = ['profileId', 'totalFollowers', 'totalFollowing', 'score', 'name', 'profilePic', 'lastUpdated', 'active'];

describe('importer valuation of collects (DATASET.md)', () => {
  it('when usd_amount is empty, then lens_act holds amount × that UTC day\'s price, else 0', async () => {
    const rows = await s.testDb.db.read<{ id: string; usd: number }>('SELECT history_id::text AS id, usd_amount::float8 AS usd FROM lens_act ORDER BY history_id');
    expect(Object.fromEntries(rows.map((r) => [r.id, r.usd]))).toEqual({
      1: 10, 2: 5, 3: 7000, 4: 3500, 5: 3000, 6: 100, 7: 50, 8: 0, 9: 20, 10: 0, 11: 1.5,
    });
  });
});

describe('GET /api/lens/profile/engagement/{id}', () => {
  it('when a profile has engagement, then six lists by interactions desc, then numeric id, self/DOWNVOTE/hidden left out', async () => {
    const res = await s.rest('/api/lens/profile/engagement/0x1');
    expect(res.status).toBe(200);
    const e = res.body;
    expect({
      inbound: { likes: ids(e.inbound.likes), comments: ids(e.inbound.comments), quotes: ids(e.inbound.quotes) },
      outbound: { likes: ids(e.outbound.likes), comments: ids(e.outbound.comments), quotes: ids(e.outbound.quotes) },
    }).toEqual({
      inbound: { likes: ['0x03', '0x09', '0x0100'], comments: ['0x02', '0x04'], quotes: ['0x04'] },
      outbound: { likes: ['0x02', '0x03'], comments: ['0x03', '0x02'], quotes: [] },
    });
    expect(Object.keys(e.inbound.likes[0])).toEqual(RECORD_KEYS);
    expect(e.outbound.likes[0]).toMatchObject({ profileId: '0x02', name: 'Two', totalFollowers: 1, totalFollowing: 1 });
  });

  it('when limit is given, then each list is cut to it; out of range is 400', async () => {
    const res = await s.rest('/api/lens/profile/engagement/0x01?limit=1');
    expect(ids(res.body.inbound.likes)).toEqual(['0x03']);
    expect(ids(res.body.outbound.comments)).toEqual(['0x03']);
    expect((await s.rest('/api/lens/profile/engagement/0x01?limit=101')).status).toBe(400);
    expect((await s.rest('/api/lens/profile/engagement/0x01?limit=0')).status).toBe(400);
  });

  it('when the profile has no engagement, then 200 with empty lists; unknown profile is 404', async () => {
    const empty = { likes: [], comments: [], quotes: [] };
    expect(await s.rest('/api/lens/profile/engagement/0x05').then((r) => [r.status, r.body])).toEqual([200, { inbound: empty, outbound: empty }]);
    const missing = await s.rest('/api/lens/profile/engagement/0x0999');
    expect([missing.status, missing.body]).toEqual([404, { statusCode: 404, message: 'Lens profile 0x0999 not found', error: 'Not Found' }]);
  });

  it('when engagement is asked, then its profiles load in one batch (statements do not grow with items)', async () => {
    const n = await s.statementsFor(() => s.rest('/api/lens/profile/engagement/0x01'));
    // key lookup + last-used stamp + profile + engagement + counterparts + counters + refreshed-at
    expect(n).toBeLessThanOrEqual(7);
  });
});

describe('GET /api/lens/profile/collect/list/{id}', () => {
  const list = async (q = '') => {
    const res = await s.rest(`/api/lens/profile/collect/list/0x01${q}`);
    return { status: res.status, body: res.body, hist: Array.isArray(res.body) ? res.body.map((c: { id: string }) => c.id) : res.body };
  };

  it('when unfiltered, then collects newest first; self-collects and non-collect acts left out; the collect record exactly', async () => {
    const { status, body, hist } = await list();
    expect(status).toBe(200);
    expect(hist).toEqual(['4', '3', '8', '1', '2', '5', '11', '10']);
    expect(body[3]).toEqual({
      id: '1', collectedProfileId: '0x01', collectedPubId: '0x01-0x01', collectorProfileId: '0x02', collectActionResult: 'minted',
      collectActionData: '{"a":1}', currency: 'USDC', amount: 10, usdAmount: 10, timestamp: '2024-06-01T00:00:00.000Z',
    });
    expect(body[2]).toMatchObject({ id: '8', currency: null, amount: 0, usdAmount: 0, collectActionData: null });
    expect(body.find((c: { id: string }) => c.id === '3')).toMatchObject({ amount: 2, usdAmount: 7000, timestamp: '2024-06-30T23:59:59.999Z' });
  });

  it('when filtered by month/year (UTC) and currency (any case), then boundaries hold', async () => {
    expect((await list('?month=6&year=2024')).hist).toEqual(['3', '8', '1']);
    expect((await list('?month=5&year=2024')).hist).toEqual(['2', '5']);
    expect((await list('?month=12&year=2023')).hist).toEqual(['10']);
    expect((await list('?year=2024')).hist).toEqual(['4', '3', '8', '1', '2', '5', '11']);
    expect((await list('?currency=usdc')).hist).toEqual(['1', '2', '11']);
    expect((await list('?currency=UsDc&month=6&year=2024')).hist).toEqual(['1']);
    expect((await list('?currency=BTC')).body).toEqual([]);
  });

  it('when paged, then page and limit cut the same order', async () => {
    expect((await list('?limit=3&page=2')).hist).toEqual(['1', '2', '5']);
    expect((await list('?limit=3&page=4')).hist).toEqual([]);
  });

  it('when a filter breaks a rule, then 400 naming the field', async () => {
    for (const q of ['?month=6', '?month=13&year=2024', '?month=0&year=2024', '?year=24', '?month=june&year=2024', '?limit=101', '?page=0']) {
      const { status, body } = await list(q);
      expect([q, status]).toEqual([q, 400]);
      expect(body.message).toMatch(/month|year|limit|page/);
    }
    expect((await list('?month=6')).body.message).toBe('month requires year');
  });

  it('when the profile has no collects, then 200 []; unknown profile is 404', async () => {
    expect(await s.rest('/api/lens/profile/collect/list/0x05').then((r) => [r.status, r.body])).toEqual([200, []]);
    expect((await s.rest('/api/lens/profile/collect/list/0x0999')).status).toBe(404);
  });
});

describe('GET /api/lens/profile/collect/sum/{id}', () => {
  it('when unfiltered, then count, USD total and per-currency totals (usd desc, then symbol, null last)', async () => {
    const res = await s.rest('/api/lens/profile/collect/sum/0x01');
    expect([res.status, res.body]).toEqual([200, {
      profileId: '0x01', count: 8, usdTotal: 13516.5, currencies: [
        { currency: 'WETH', count: 3, amount: 4, usdAmount: 13500 },
        { currency: 'USDC', count: 3, amount: 16, usdAmount: 16.5 },
        { currency: 'DAI', count: 1, amount: 3, usdAmount: 0 },
        { currency: null, count: 1, amount: 0, usdAmount: 0 },
      ],
    }]);
  });

  it('when filtered, then the same filters as the list apply', async () => {
    expect((await s.rest('/api/lens/profile/collect/sum/0x01?month=6&year=2024')).body).toMatchObject({ count: 3, usdTotal: 7010 });
    expect((await s.rest('/api/lens/profile/collect/sum/0x01?currency=usdc')).body).toEqual({
      profileId: '0x01', count: 3, usdTotal: 16.5, currencies: [{ currency: 'USDC', count: 3, amount: 16, usdAmount: 16.5 }],
    });
    expect((await s.rest('/api/lens/profile/collect/sum/0x05')).body).toEqual({ profileId: '0x05', count: 0, usdTotal: 0, currencies: [] });
    expect((await s.rest('/api/lens/profile/collect/sum/0x01?month=6')).status).toBe(400);
    expect((await s.rest('/api/lens/profile/collect/sum/0x0999')).status).toBe(404);
  });
});

describe('GET /api/lens/collect/top-creators', () => {
  const top = async (q = '') => (await s.rest(`/api/lens/collect/top-creators${q}`)).body.map((t: { profileId: string; count: number; usdTotal: number }) => [t.profileId, t.count, t.usdTotal]);

  it('when asked, then profiles by USD collected under the same filters, with their Lens profile record', async () => {
    expect(await top()).toEqual([['0x01', 8, 13516.5], ['0x02', 1, 20]]);
    expect(await top('?currency=USDC')).toEqual([['0x02', 1, 20], ['0x01', 3, 16.5]]);
    expect(await top('?month=6&year=2024')).toEqual([['0x01', 3, 7010], ['0x02', 1, 20]]);
    expect(await top('?year=2023')).toEqual([['0x01', 1, 0]]);
    expect(await top('?limit=1')).toEqual([['0x01', 8, 13516.5]]);
    expect(await top('?year=2020')).toEqual([]);
    const res = await s.rest('/api/lens/collect/top-creators?limit=1');
    expect(Object.keys(res.body[0].profile)).toEqual(RECORD_KEYS);
    expect((await s.rest('/api/lens/collect/top-creators?month=2')).status).toBe(400);
  });
});

describe('GraphQL Lens graph', () => {
  it('when followers, following and publications are paged, then newest first with cursors', async () => {
    const q = `query($after: String, $fafter: String) { lensProfile(id: "0x1") {
      followers(first: 2, after: $after) { edges { node { profileId } followedAt } pageInfo { hasNextPage endCursor } }
      following(first: 1, after: $fafter) { edges { node { profileId } } pageInfo { hasNextPage endCursor } }
      publications(first: 2) { edges { node { publicationId type reactionCount commentCount quoteCount mirrorCount collectCount } } pageInfo { hasNextPage } }
    } }`;
    const a = await s.gql.request<any>(q);
    expect(a.lensProfile.followers.edges.map((e: any) => e.node.profileId)).toEqual(['0x0100', '0x09']);
    expect(a.lensProfile.followers.pageInfo.hasNextPage).toBe(true);
    expect(a.lensProfile.following.edges.map((e: any) => e.node.profileId)).toEqual(['0x03']);
    const b = await s.gql.request<any>(q, { after: a.lensProfile.followers.pageInfo.endCursor, fafter: a.lensProfile.following.pageInfo.endCursor });
    expect(b.lensProfile.followers.edges.map((e: any) => e.node.profileId)).toEqual(['0x03', '0x02']);
    expect(b.lensProfile.followers.pageInfo.hasNextPage).toBe(false);
    expect(b.lensProfile.following.edges.map((e: any) => e.node.profileId)).toEqual(['0x02']);
    expect(b.lensProfile.following.pageInfo.hasNextPage).toBe(false);

    const pubs = await s.gql.request<any>(`{ lensProfile(id: "0x01") { publications(first: 10) { edges { node {
      publicationId reactionCount commentCount quoteCount mirrorCount collectCount } } } } }`);
    const nodes = pubs.lensProfile.publications.edges.map((e: any) => e.node);
    expect(nodes.map((n: any) => n.publicationId)).toEqual(['0x01-0x07', '0x01-0x06', '0x01-0x05', '0x01-0x04', '0x01-0x02', '0x01-0x01']);
    expect(nodes.at(-1)).toEqual({ publicationId: '0x01-0x01', reactionCount: 2, commentCount: 2, quoteCount: 0, mirrorCount: 1, collectCount: 5 });
    expect(nodes.at(-2)).toEqual({ publicationId: '0x01-0x02', reactionCount: 2, commentCount: 1, quoteCount: 1, mirrorCount: 0, collectCount: 3 });
  });

  it('when collects are paged by cursor, then the pages join to the REST order; collectSum and engagement nest too', async () => {
    const q = `query($after: String) { lensProfile(id: "0x01") {
      collects(first: 3, after: $after, filter: { year: 2024 }) { edges { node { id: nativeId } } pageInfo { hasNextPage endCursor } }
      collectSum(filter: { currency: "weth" }) { count usdTotal }
      engagement(limit: 1) { inbound { likes { profileId stats { followers } } } }
    } }`;
    const seen: string[] = [];
    let after: string | null = null;
    for (let i = 0; i < 5; i++) {
      const d: any = await s.gql.request<any>(q, { after });
      seen.push(...d.lensProfile.collects.edges.map((e: any) => e.node.id));
      expect(d.lensProfile.collectSum).toEqual({ count: 3, usdTotal: 13500 });
      expect(d.lensProfile.engagement.inbound.likes).toEqual([{ profileId: '0x03', stats: { followers: 1 } }]);
      if (!d.lensProfile.collects.pageInfo.hasNextPage) break;
      after = d.lensProfile.collects.pageInfo.endCursor;
    }
    expect(seen).toEqual(['4', '3', '8', '1', '2', '5', '11']);
  });

  it('when the filter breaks a rule in GraphQL, then BAD_USER_INPUT', async () => {
    const res = await fetch(`${s.baseUrl}/graphql`, {
      method: 'POST', headers: { 'content-type': 'application/json', apikey: s.key },
      body: JSON.stringify({ query: '{ lensProfile(id: "0x01") { collectSum(filter: { month: 3 }) { count } } }' }),
    });
    const body = await res.json();
    // The argument is checked as the field runs: the request executed, so 200 with the field's error.
    expect([res.status, body.errors?.[0]?.extensions?.code, body.errors?.[0]?.message]).toEqual([200, 'BAD_USER_INPUT', 'month requires year']);
  });

  it('when 50 profiles × 10 followers × their stats (and more nesting) are asked, then the statement count does not grow with 50 or 10', async () => {
    const block = Array.from({ length: 50 }, (_, i) => `0x${(0x1000 + i).toString(16)}`);
    const q = `query($ids: [LensProfileId!]!, $n: Int!) { lensProfiles(ids: $ids) {
      profileId stats { followers }
      followers(first: $n) { edges { node { profileId stats { followers following } active
        following(first: 2) { edges { node { profileId } } }
        engagement(limit: 2) { inbound { likes { profileId } } }
        collectSum { count } publications(first: 2) { edges { node { publicationId } } } } } }
      collects(first: 2) { edges { node { id: nativeId } } }
    } }`;
    let answer: any;
    const many = await s.statementsFor(async () => { answer = await s.gql.request<any>(q, { ids: block, n: 10 }); });
    // Two profiles whose followers are not among them (else the loader cache saves a statement).
    const few = await s.statementsFor(() => s.gql.request<any>(q, { ids: [block[0], block[25]], n: 1 }));
    expect(answer.lensProfiles).toHaveLength(50);
    expect(answer.lensProfiles.every((p: any) => p.followers.edges.length === 10 && p.stats.followers === 10)).toBe(true);
    expect(answer.lensProfiles[0].followers.edges[0].node.stats).toEqual({ followers: 10, following: 10 });
    // The 50-profile block is closed (followers are block profiles too), so the loader cache can only save statements.
    expect(many).toBeLessThanOrEqual(few);
    // key lookup + last-used stamp; then one statement per level and field: profiles, counters, followers, collects,
    // follower profiles, follower counters, following, engagement, collect sums, publications, followed profiles.
    expect(few).toBeLessThanOrEqual(13);
  });
});

describe('REST == GraphQL for every Lens activity route', () => {
  const cases: Record<string, string[]> = {
    '/api/lens/profile/engagement/:id': ['0x01', '0x01?limit=2', '0x05'],
    '/api/lens/profile/collect/list/:id': ['0x01', '0x01?currency=usdc', '0x01?month=6&year=2024', '0x01?year=2024&limit=2&page=2', '0x05'],
    '/api/lens/profile/collect/sum/:id': ['0x01', '0x01?currency=WETH&year=2024', '0x05'],
    '/api/lens/collect/top-creators': ['', '?currency=usdc', '?month=6&year=2024&limit=1'],
  };
  it('when each route is called with several arguments, then the body equals the GraphQL answer', async () => {
    expect(LENS_ACTIVITY_ROUTES.map((r) => r.path).sort()).toEqual(Object.keys(cases).sort());
    for (const r of LENS_ACTIVITY_ROUTES) {
      for (const c of cases[r.path]) {
        const [param, query = ''] = c.split('?');
        const url = r.path.replace(':id', param) + (query ? `?${query}` : '');
        const rest = await s.rest(url);
        const req = { params: { id: param }, query: Object.fromEntries(new URLSearchParams(query)) };
        const variables = Object.fromEntries(Object.entries(r.variables(req as never)).filter(([, v]) => v !== undefined));
        const gql = await s.gql.request<Record<string, unknown>>(print(r.document), variables);
        expect([url, rest.status, rest.body]).toEqual([url, 200, JSON.parse(JSON.stringify(r.answer(gql)))]);
      }
    }
  });
});
