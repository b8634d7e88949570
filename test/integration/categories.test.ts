// Categories on the hand-made content-categories fixture (its README lists the
// known answers), classified by the keyword test classifier: getCategories,
// publications by category, Lens getTopCategories, the trending `categories` filter, on both
// faces, with bounded SQL.
import { print } from 'graphql';
import { CATEGORY_ROUTES } from '../../src/rest/routes/category.routes';
import { CATEGORIES } from '../../src/domain/taxonomy';
import { KeywordClassifier } from '../helpers/keyword-classifier';
import { errorOf } from '../helpers/graphql-error';
import { startTestServer, type TestServer } from '../helpers/test-server';

let s: TestServer;
beforeAll(async () => { s = await startTestServer({ fixture: 'content-categories', classifier: new KeywordClassifier() }); });
afterAll(async () => { await s.close(); });

type Pub = { publicationId: string; reactioncount: string };
const pubs = (body: Pub[]) => body.map((p) => [p.publicationId, p.reactioncount]);

describe('GET /api/llm/categories (getCategories)', () => {
  it('when the categories are asked, then every taxonomy category as {id, name} by id', async () => {
    const res = await s.rest('/api/llm/categories');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(15);
    expect(res.body.slice(0, 3)).toEqual([{ id: 1, name: 'defi' }, { id: 2, name: 'nft' }, { id: 3, name: 'gaming' }]);
    expect(res.body.map((c: { id: number }) => c.id)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
  });

  it('when GraphQL asks for categories, then they carry their descriptions', async () => {
    const data = await s.gql.request<{ categories: { id: number; name: string; description: string }[] }>('{ categories { id: nativeId name description } }');
    expect(data.categories).toEqual(CATEGORIES.map((c) => ({ id: c.id, name: c.name, description: c.description })));
  });
});

describe('GET /api/llm/categories/publications', () => {
  it('when a category and day are given, then its live publications by reactions from others, then publicationId', async () => {
    const res = await s.rest('/api/llm/categories/publications?category=defi&date=2024-06-10');
    expect(res.status).toBe(200);
    // 0x01-0x01: 4 upvotes (self-upvote and DOWNVOTE left out); 0xa1: 2 likes + 1 recast (deleted like,
    // self-like left out); 0x03-0x01 and 0xa2 tie at 1 (0x0… before 0xa…); 0xa5: none.
    // Not listed: the deleted cast 0xa3 (4 likes) and the hidden publication 0x02-0x01 (5 upvotes).
    expect(pubs(res.body)).toEqual([['0x01-0x01', '4'], ['0xa1', '3'], ['0x03-0x01', '1'], ['0xa2', '1'], ['0xa5', '0']]);
    expect(res.body[0]).toEqual({ publicationId: '0x01-0x01', category: 'defi', reactioncount: '4' });
  });

  it('when no date is given, then the newest day with classified posts; the name is case-insensitive', async () => {
    expect(pubs((await s.rest('/api/llm/categories/publications?category=DeFi')).body))
      .toEqual([['0x01-0x01', '4'], ['0xa1', '3'], ['0x03-0x01', '1'], ['0xa2', '1'], ['0xa5', '0']]);
    // A post in two categories is in both lists.
    expect(pubs((await s.rest('/api/llm/categories/publications?category=nft')).body)).toEqual([['0x01-0x02', '1'], ['0xa4', '1'], ['0xa5', '0']]);
  });

  it('when another day is given, then that UTC day only', async () => {
    expect(pubs((await s.rest('/api/llm/categories/publications?category=defi&date=2024-06-09')).body)).toEqual([['0xb1', '1']]);
    expect(pubs((await s.rest('/api/llm/categories/publications?category=defi&date=2024-06-01')).body)).toEqual([['0x05-0x01', '0'], ['0xc1', '0']]);
    expect(await s.rest('/api/llm/categories/publications?category=music&date=2024-06-10').then((r) => [r.status, r.body])).toEqual([200, []]);
  });

  it('when page and limit are given, then that slice; past the end is empty', async () => {
    const page = async (q: string) => pubs((await s.rest(`/api/llm/categories/publications?category=defi&${q}`)).body).map(([id]) => id);
    expect(await page('limit=2')).toEqual(['0x01-0x01', '0xa1']);
    expect(await page('limit=2&page=2')).toEqual(['0x03-0x01', '0xa2']);
    expect(await page('limit=2&page=3')).toEqual(['0xa5']);
    expect(await page('limit=2&page=4')).toEqual([]);
  });

  it('when category or paging is bad, then 400 naming the argument', async () => {
    const cases: [string, RegExp][] = [
      ['', /category/], ['category=cooking', /category must be one of defi, nft, gaming.*"cooking"/], ['category=defi&date=2024-13-01', /date/],
      ['category=defi&date=yesterday', /date/], ['category=defi&page=0', /page/], ['category=defi&limit=0', /limit/],
      ['category=defi&limit=101', /limit/], ['category=defi&page=x', /page|Int/],
    ];
    for (const [q, message] of cases) {
      const res = await s.rest(`/api/llm/categories/publications?${q}`);
      expect([q, res.status, res.body.message]).toEqual([q, 400, expect.stringMatching(message)]);
    }
  });

  it('when GraphQL asks, then reactionCount is an Int with protocol, author and time; bad input is BAD_USER_INPUT', async () => {
    const data = await s.gql.request<{ categoryPublications: unknown[] }>(
      'query ($c: String!) { categoryPublications(category: $c, date: "2024-06-10", limit: 2) { publicationId category reactionCount protocol authorId postedAt } }', { c: 'defi' });
    expect(data.categoryPublications).toEqual([
      { publicationId: '0x01-0x01', category: 'defi', reactionCount: 4, protocol: 'LENS', authorId: '0x01', postedAt: '2024-06-10T07:00:00.000Z' },
      { publicationId: '0xa1', category: 'defi', reactionCount: 3, protocol: 'FARCASTER', authorId: '1', postedAt: '2024-06-10T08:00:00.000Z' },
    ]);
    const res = await errorOf(s.gql.request('{ categoryPublications(category: "cooking") { publicationId } }'));
    // Checked as the field runs: the request executed, so HTTP 200 with the field's error (GraphQL over HTTP).
    expect([res.status, res.errors?.[0]?.extensions?.code]).toEqual([200, 'BAD_USER_INPUT']);
  });

  it('when a page is asked, then one SQL statement whatever its size', async () => {
    const base = await s.statementsFor(() => s.gql.request('{ categories { id } }'));
    const one = await s.statementsFor(() => s.gql.request('{ categoryPublications(category: "defi", limit: 1) { publicationId } }'));
    const all = await s.statementsFor(() => s.gql.request('{ categoryPublications(category: "defi", limit: 100) { publicationId reactionCount } }'));
    expect([one - base, all - base]).toEqual([1, 1]);
  });
});

describe('GET /api/lens/collect/top-categories (getTopCategories)', () => {
  type Top = { id: number; name: string; collects: number; usdAmount: number };
  const top = async (q: string) => {
    const res = await s.rest(`/api/lens/collect/top-categories${q}`);
    expect([q, res.status]).toEqual([q, 200]);
    return (res.body as Top[]).map((c) => [c.name, c.collects, c.usdAmount]);
  };

  it('when no filter is given, then categories by USD collected, then collects, then id', async () => {
    const res = await s.rest('/api/lens/collect/top-categories');
    expect(res.body[0]).toEqual({ id: 2, name: 'nft', collects: 3, usdAmount: 1090 });
    // The self-collect (100), the collect of the hidden publication (500) and the non-collect act are left
    // out; history 7 (a defi + nft publication) counts for both; free collects tie at 0: gaming (2) first,
    // then art (id 4) before music (id 5).
    expect(await top('')).toEqual([['nft', 3, 1090], ['defi', 4, 120], ['gaming', 2, 0], ['art', 1, 0], ['music', 1, 0]]);
  });

  it('when filtered by year, month and currency, then only those collects', async () => {
    expect(await top('?year=2024')).toEqual([['defi', 4, 120], ['nft', 2, 90], ['gaming', 2, 0], ['art', 1, 0], ['music', 1, 0]]);
    expect(await top('?year=2024&month=6')).toEqual([['defi', 3, 115], ['nft', 2, 90], ['gaming', 2, 0], ['art', 1, 0], ['music', 1, 0]]);
    expect(await top('?year=2024&month=5')).toEqual([['defi', 1, 5]]);
    expect(await top('?currency=usdc')).toEqual([['nft', 2, 1020], ['defi', 2, 15]]);
    expect(await top('?currency=WETH&month=6&year=2024')).toEqual([['defi', 2, 105], ['nft', 1, 70]]);
    expect(await top('?year=2022')).toEqual([]);
    expect(await top('?limit=2')).toEqual([['nft', 3, 1090], ['defi', 4, 120]]);
  });

  it('when a filter is malformed, then 400 naming it (the rules of top-creators)', async () => {
    const cases: [string, RegExp][] = [
      ['month=6', /month requires year/], ['month=13&year=2024', /month/], ['year=24', /year/], ['limit=0', /limit/], ['limit=101', /limit/], ['year=x', /year|Int/],
    ];
    for (const [q, message] of cases) {
      const res = await s.rest(`/api/lens/collect/top-categories?${q}`);
      expect([q, res.status, res.body.message]).toEqual([q, 400, expect.stringMatching(message)]);
    }
  });

  it('when GraphQL asks, then lensTopCategories answers the same in one statement', async () => {
    const query = '{ lensTopCategories(filter: { currency: "usdc" }, limit: 1) { id: nativeId name collects usdAmount } }';
    const data = await s.gql.request<{ lensTopCategories: unknown[] }>(query);
    expect(data.lensTopCategories).toEqual([{ id: 2, name: 'nft', collects: 2, usdAmount: 1020 }]);
    const base = await s.statementsFor(() => s.gql.request('{ categories { id } }'));
    expect(await s.statementsFor(() => s.gql.request(query)) - base).toBe(1);
  });
});

describe('POST /api/trending/find with categories', () => {
  const find = async (body: Record<string, unknown>) => {
    const res = await s.rest('/api/trending/find', { body });
    expect([body, res.status]).toEqual([body, 200]);
    return { ids: res.body.users.map((u: { user: { id: string } }) => u.user.id), page: res.body.page, total: res.body.total, totalPages: res.body.totalPages };
  };

  it('when no categories are given (or []), then every gainer', async () => {
    expect(await find({ protocol: 'farcaster' })).toEqual({ ids: ['1', '2', '5', '6'], page: 1, total: 4, totalPages: 1 });
    expect(await find({ protocol: 'farcaster', categories: [] })).toEqual({ ids: ['1', '2', '5', '6'], page: 1, total: 4, totalPages: 1 });
    expect(await find({ protocol: 'lens', ratio: 'month' })).toEqual({ ids: ['0x01', '0x02', '0x06'], page: 1, total: 3, totalPages: 1 });
  });

  it('when categories are given, then only gainers who published in one of them within the window', async () => {
    // fid 5 posted defi 11 days before as-of: outside the week, inside the month; fid 6 posted food only.
    expect(await find({ protocol: 'farcaster', categories: [1] })).toEqual({ ids: ['1', '2'], page: 1, total: 2, totalPages: 1 });
    expect(await find({ protocol: 'farcaster', ratio: 'month', categories: [1] })).toEqual({ ids: ['1', '2', '5'], page: 1, total: 3, totalPages: 1 });
    expect(await find({ protocol: 'farcaster', categories: [10] })).toEqual({ ids: ['6'], page: 1, total: 1, totalPages: 1 });
    expect(await find({ protocol: 'farcaster', categories: [7] })).toEqual({ ids: [], page: 1, total: 0, totalPages: 0 });
    // 0x02's only defi publication is hidden; 0x06 published nothing; 0x01's posts are older than the week.
    expect(await find({ protocol: 'lens', ratio: 'month', categories: [1] })).toEqual({ ids: ['0x01'], page: 1, total: 1, totalPages: 1 });
    expect(await find({ protocol: 'lens', ratio: 'week', categories: [1, 5] })).toEqual({ ids: [], page: 1, total: 0, totalPages: 0 });
  });

  it('when the filtered list is paged, then total and totalPages count the filtered users', async () => {
    expect(await find({ protocol: 'farcaster', categories: [1, 10], limit: 2 })).toEqual({ ids: ['1', '2'], page: 1, total: 3, totalPages: 2 });
    expect(await find({ protocol: 'farcaster', categories: [10, 1, 1], limit: 2, page: 2 })).toEqual({ ids: ['6'], page: 2, total: 3, totalPages: 2 });
    expect(await find({ protocol: 'farcaster', categories: [1, 10], limit: 2, page: 3 })).toEqual({ ids: [], page: 3, total: 3, totalPages: 2 });
  });

  it('when a category id is not in the taxonomy, then 400 naming it', async () => {
    for (const categories of [[99], [1, 0], [16]]) {
      const res = await s.rest('/api/trending/find', { body: { protocol: 'farcaster', categories } });
      expect([categories, res.status, res.body.message]).toEqual([categories, 400, expect.stringMatching(new RegExp(`unknown category id ${categories.at(-1)}\\b`))]);
    }
  });

  it('when GraphQL filters trending users, then the same users, and no more statements than without the filter', async () => {
    const query = `query ($c: [Int!]!) { trendingUsers(input: { protocol: FARCASTER, categories: $c }) {
      total totalPages users { user { ... on FarcasterUser { fid } } topFollowers { ... on FarcasterUser { fid } } } } }`;
    type Data = { trendingUsers: { total: number; users: { user: { fid: number }; topFollowers: { fid: number }[] }[] } };
    const filtered = await s.gql.request<Data>(query, { c: [1] });
    expect([filtered.trendingUsers.total, filtered.trendingUsers.users.map((u) => u.user.fid)]).toEqual([2, [1, 2]]);
    expect(filtered.trendingUsers.users[0].topFollowers.map((u) => u.fid)).toEqual([5, 3, 4]);
    const plain = await s.statementsFor(() => s.gql.request(query, { c: [] }));
    const withFilter = await s.statementsFor(() => s.gql.request(query, { c: [1, 10] }));
    expect(withFilter).toBe(plain);
    const res = await errorOf(s.gql.request(query, { c: [42] }));
    expect([res.status, res.errors?.[0]?.extensions?.code, res.errors?.[0]?.message]).toEqual([200, 'BAD_USER_INPUT', expect.stringMatching(/unknown category id 42/)]);
  });
});

describe('GraphQL trending (the connection)', () => {
  const TRENDING = `query ($p: Protocol, $r: GainWindow, $c: [Int!], $first: Int, $after: String, $last: Int, $before: String, $page: Int) {
    trending(protocol: $p, ratio: $r, categories: $c, first: $first, after: $after, last: $last, before: $before, page: $page) {
      totalCount page totalPages pageInfo { hasPreviousPage hasNextPage startCursor endCursor }
      edges { cursor node { user { id: nativeId } topFollowers { id: nativeId } } } } }`;
  type Page = { totalCount: number; page: number; totalPages: number; pageInfo: { hasPreviousPage: boolean; hasNextPage: boolean; startCursor: string | null; endCursor: string | null };
    edges: { cursor: string; node: { user: { id: string }; topFollowers: { id: string }[] } }[] };
  const trending = async (v: Record<string, unknown>) => (await s.gql.request<{ trending: Page }>(TRENDING, v)).trending;
  const ids = (p: Page) => p.edges.map((e) => e.node.user.id);

  it('when walked forward and backward, then the order, totals and flags of the trending list, and each user with the top followers trendingUsers gives', async () => {
    const all = await trending({ p: 'FARCASTER' });
    expect([ids(all), all.totalCount, all.page, all.totalPages, all.pageInfo.hasPreviousPage, all.pageInfo.hasNextPage]).toEqual([['1', '2', '5', '6'], 4, 1, 1, false, false]);
    const legacy = await s.gql.request<{ trendingUsers: { users: { user: { id: string }; topFollowers: { id: string }[] }[] } }>(
      '{ trendingUsers(input: { protocol: FARCASTER }) { users { user { id: nativeId } topFollowers { id: nativeId } } } }');
    expect(all.edges.map((e) => e.node)).toEqual(legacy.trendingUsers.users);

    const first = await trending({ p: 'FARCASTER', first: 3 });
    expect([ids(first), first.pageInfo.hasPreviousPage, first.pageInfo.hasNextPage]).toEqual([['1', '2', '5'], false, true]);
    const second = await trending({ p: 'FARCASTER', first: 3, after: first.pageInfo.endCursor });
    expect([ids(second), second.page, second.pageInfo.hasPreviousPage, second.pageInfo.hasNextPage]).toEqual([['6'], 2, true, false]);
    const end = await trending({ p: 'FARCASTER', last: 3 });
    expect([ids(end), end.pageInfo.hasPreviousPage, end.pageInfo.hasNextPage]).toEqual([['2', '5', '6'], true, false]);
    const before = await trending({ p: 'FARCASTER', last: 3, before: end.pageInfo.startCursor });
    expect([ids(before), before.pageInfo.hasPreviousPage, before.pageInfo.hasNextPage]).toEqual([['1'], false, true]);
    expect(ids(await trending({ p: 'FARCASTER', first: 2, page: 2 }))).toEqual(['5', '6']);
  });

  it('when filtered by window and categories, then the users trendingUsers gives; bad arguments are BAD_USER_INPUT', async () => {
    expect(ids(await trending({ p: 'FARCASTER', r: 'MONTH', c: [1] }))).toEqual(['1', '2', '5']);
    expect(ids(await trending({ p: 'LENS', r: 'MONTH' }))).toEqual(['0x01', '0x02', '0x06']);
    expect((await trending({ p: 'FARCASTER', c: [7] })).totalCount).toBe(0);
    const refused: Record<string, unknown>[] = [{ first: 2, last: 2 }, { page: 2, after: 'x' }, { c: [42] }];
    for (const v of refused) {
      const res = await errorOf(s.gql.request(TRENDING, v));
      expect([v, res.errors?.[0]?.extensions?.code]).toEqual([v, 'BAD_USER_INPUT']);
    }
  });
});

describe('REST == GraphQL for every category route', () => {
  const cases: Record<string, string[]> = {
    '/api/llm/categories': [''],
    '/api/llm/categories/publications': ['category=defi', 'category=NFT&date=2024-06-10&limit=1&page=2', 'category=defi&date=2024-06-01'],
    '/api/lens/collect/top-categories': ['', 'currency=usdc', 'month=6&year=2024&limit=1'],
  };
  it('when each route is called with several arguments, then the body equals the GraphQL answer', async () => {
    expect(CATEGORY_ROUTES.map((r) => r.path).sort()).toEqual(Object.keys(cases).sort());
    for (const r of CATEGORY_ROUTES) {
      for (const query of cases[r.path]) {
        const url = r.path + (query ? `?${query}` : '');
        const rest = await s.rest(url);
        const req = { params: {}, query: Object.fromEntries(new URLSearchParams(query)) };
        const variables = Object.fromEntries(Object.entries(r.variables(req as never)).filter(([, v]) => v !== undefined));
        const gql = await s.gql.request<Record<string, unknown>>(print(r.document), variables);
        expect([url, rest.status, rest.body]).toEqual([url, 200, JSON.parse(JSON.stringify(r.answer(gql)))]);
      }
    }
  });
});
