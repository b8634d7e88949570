// User and post search on the search fixture (test/fixtures/search/README.md
// derives every answer here): fuzzy, prefix, substring and ENS/basename names,
// Lens handles, the ranking formulas, words vs phrases, cashtags, mentions,
// filters, cursor paging and highlights, through both faces.
import { startTestServer, type TestServer } from '../helpers/test-server';
import { BUMP_DATA_VERSION_SQL } from '../../src/repositories/protocols.sql';
import { FC_USER_DATA } from '../../src/domain/protocols';
import { setQualityScores } from '../helpers/quality-scores';

const USERS = `query($q: String!, $p: Protocol, $m: Float, $first: Int, $after: String, $last: Int, $before: String) {
  searchUsers(query: $q, protocol: $p, minQuality: $m, first: $first, after: $after, last: $last, before: $before) {
    totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    edges { cursor node { __typename nativeId } match { protocol field name kind similarity trust score } } } }`;
/** USERS without its totalCount. */
const USERS_PAGE = USERS.replace('totalCount ', '');
const POSTS = `query($q: String!, $p: Protocol, $author: String, $channel: String, $since: DateTimeISO, $until: DateTimeISO, $m: Float, $first: Int, $after: String) {
  searchPosts(query: $q, protocol: $p, author: $author, channel: $channel, since: $since, until: $until, minQuality: $m, first: $first, after: $after) {
    totalCount pageInfo { hasNextPage endCursor }
    edges { node { __typename ... on FarcasterCast { hash timestamp } ... on LensPublication { publicationId timestamp reactionCount commentCount } }
      match { protocol text highlight relevance engagement score author { nativeId } } } } }`;

interface UserEdge { node: { __typename: string; nativeId: string }; match: { protocol: string; field: string; name: string; kind: string; similarity: number; trust: number; score: number } }
interface PostEdge { node: { hash?: string; publicationId?: string; timestamp: string; reactionCount?: number; commentCount?: number }; match: { highlight: string | null; relevance: number; engagement: number; score: number; author: { nativeId: string } } }
interface Page<E> { totalCount: number; pageInfo: { hasNextPage: boolean; hasPreviousPage?: boolean; startCursor?: string | null; endCursor: string | null }; edges: E[] }

/** Graph scores (trust) and quality scores the README gives, at the current generation. */
const TRUST = { farcaster: [[1, 1], [2, 0.2], [3, 0.5], [4, 0.6], [5, 0.1], [6, 0.3], [7, 0.05]], lens: [['0x01', 0.9], ['0x02', 0.4], ['0x03', 0.2]] } as const;
const QUALITY = { farcaster: [[1, 0.9], [4, 0.8], [7, 0.1]], lens: [['0x01', 0.3], ['0x02', 0.8]] } as const;

const DAY = 86_400_000;
const postScore = (e: PostEdge) => Math.log(e.match.relevance) + Math.log(1 + e.match.engagement)
  + Math.LN2 * (Date.parse(e.node.timestamp) - Date.parse('2020-01-01T00:00:00Z')) / (7 * DAY);
const postId = (e: PostEdge) => e.node.hash ?? e.node.publicationId;

describe('search', () => {
  let s: TestServer;
  const users = async (q: string, vars: Record<string, unknown> = {}) => (await s.gql.request<{ searchUsers: Page<UserEdge> }>(USERS, { q, ...vars })).searchUsers;
  const posts = async (q: string, vars: Record<string, unknown> = {}) => (await s.gql.request<{ searchPosts: Page<PostEdge> }>(POSTS, { q, ...vars })).searchPosts;
  const ids = (p: Page<UserEdge>) => p.edges.map((e) => e.node.nativeId);

  beforeAll(async () => {
    s = await startTestServer({ fixture: 'search' });
    const sql = s.testDb.db.sql;
    for (const [protocol, table, key, rows] of [
      ['farcaster', 'fc_graph_score', 'fid', TRUST.farcaster], ['lens', 'lens_graph_score', 'profile_id', TRUST.lens],
    ] as const) {
      const gen = `(SELECT generation FROM protocol_state WHERE protocol = '${protocol}')`;
      await sql.query(`DELETE FROM ${table} WHERE generation = ${gen}`);
      for (const [id, score] of rows) await sql.query(`INSERT INTO ${table} (generation, ${key}, score) VALUES (${gen}, $1, $2)`, [id, score]);
    }
    await setQualityScores(s.testDb.db, 'farcaster', QUALITY.farcaster);
    await setQualityScores(s.testDb.db, 'lens', QUALITY.lens);
    await sql.query(BUMP_DATA_VERSION_SQL);
  }, 120_000);
  afterAll(async () => { await s?.close(); });

  describe('users', () => {
    it('when the query is a name, then exact matches first, then prefix, substring and fuzzy ones, each scored tier + 0.5·similarity + 0.5·trust', async () => {
      const page = await users('vitalik');
      expect(page.totalCount).toBe(5);
      expect(page.edges.map((e) => [e.node.__typename, e.node.nativeId, e.match.field, e.match.name, e.match.kind, e.match.similarity, e.match.score])).toEqual([
        ['FarcasterUser', '1', 'FNAME', 'vitalik', 'EXACT', 1, 4],
        ['LensProfile', '0x02', 'HANDLE', 'vitalik', 'EXACT', 1, 3.7],
        ['FarcasterUser', '7', 'DISPLAY_NAME', 'vitalik buterin real', 'PREFIX', 1, 2.525],
        ['FarcasterUser', '5', 'USERNAME', 'ilovevitalik', 'SUBSTRING', 0.75, 1.425],
        ['FarcasterUser', '2', 'USERNAME', 'vitalia', 'FUZZY', 0.75, 0.475],
      ]);
      for (const e of page.edges) expect(e.match.trust).toBe(Object.fromEntries([...TRUST.farcaster, ...TRUST.lens].map(([k, v]) => [String(k), v]))[e.node.nativeId]);
    });

    it('when the query has a typo (vitalk), then the names one letter away are found by trigram similarity', async () => {
      const page = await users('vitalk');
      expect(page.edges.map((e) => [e.node.nativeId, e.match.name, e.match.kind, e.match.similarity])).toEqual([
        ['1', 'vitalik', 'FUZZY', 0.714286], ['0x02', 'vitalik', 'FUZZY', 0.714286], ['2', 'vitalia', 'FUZZY', 0.714286], ['7', 'vitalik buterin real', 'FUZZY', 0.714286],
      ]);
      [0.857143, 0.557143, 0.457143, 0.382143].forEach((score, i) => expect(page.edges[i].match.score).toBeCloseTo(score, 9));
    });

    it('when the query is a prefix, then the account answers once, by its best name (fname before basename before display name)', async () => {
      const page = await users('JES');
      expect(page.edges.map((e) => [e.node.nativeId, e.match.field, e.match.name, e.match.kind, e.match.score])).toEqual([['3', 'FNAME', 'jessepollak', 'PREFIX', 2.625]]);
    });

    it('when the query is an ENS name or a basename, then the name is labelled as such', async () => {
      expect((await users('vitalik.eth')).edges[0].match).toMatchObject({ field: 'ENS', name: 'vitalik.eth', kind: 'EXACT', score: 4 });
      const base = await users('base.eth');
      expect(base.edges.map((e) => [e.node.nativeId, e.match.field, e.match.kind, e.match.score])).toEqual([['3', 'BASENAME', 'SUBSTRING', 1.75]]);
    });

    it('when the query is a Lens handle prefix, then the Lens profile by its handle', async () => {
      const page = await users('@stan');
      expect(page.edges.map((e) => [e.node.__typename, e.node.nativeId, e.match.field, e.match.name, e.match.score])).toEqual([['LensProfile', '0x01', 'HANDLE', 'stani', 2.85]]);
    });

    it('when protocol or minQuality is given, then only those accounts', async () => {
      expect(ids(await users('vitalik', { p: 'LENS' }))).toEqual(['0x02']);
      const good = await users('vitalik', { m: 0.5 });
      expect(ids(good)).toEqual(['1', '0x02']);
      expect(good.totalCount).toBe(2);
    });

    it('when paged two at a time, then the pages follow each other without repeats and the last says so', async () => {
      const seen: string[] = [];
      let after: string | null = null;
      const flags: boolean[] = [];
      do {
        const page: Page<UserEdge> = await users('vitalik', { first: 2, after });
        seen.push(...ids(page));
        flags.push(page.pageInfo.hasNextPage);
        after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
      } while (after);
      expect(seen).toEqual(['1', '0x02', '7', '5', '2']);
      expect(flags).toEqual([true, true, false]);
    });

    it('when paged backward from the end, then the same list from its last results, in list order', async () => {
      const last = await users('vitalik', { last: 2 });
      expect(ids(last)).toEqual(['5', '2']);
      expect(last.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: false });
      const before = await users('vitalik', { last: 2, before: last.pageInfo.startCursor });
      expect(ids(before)).toEqual(['0x02', '7']);
      expect(before.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: true });
      expect(ids(await users('vitalik', { last: 5, before: before.pageInfo.startCursor }))).toEqual(['1']);
    });

    it('when a username changes as the live sync writes it, then the new name is found at once and the old one no longer', async () => {
      await s.testDb.db.sql.query(`INSERT INTO fc_user_data (fid, type, value, timestamp) VALUES (6, ${FC_USER_DATA.username}, 'quokka', now())
        ON CONFLICT (fid, type) DO UPDATE SET value = excluded.value, timestamp = excluded.timestamp`);
      await s.testDb.db.sql.query(BUMP_DATA_VERSION_SQL);
      expect((await users('quokka')).edges.map((e) => [e.node.nativeId, e.match.field, e.match.kind])).toEqual([['6', 'USERNAME', 'EXACT']]);
      // fid 6 keeps its fname alice.
      expect((await users('alice')).edges.map((e) => [e.node.nativeId, e.match.field])).toEqual([['6', 'FNAME']]);
    });

    it('when a username is also the fname, then the name is kept once, as the username, and found by it', async () => {
      await s.testDb.db.sql.query(`INSERT INTO fc_user_data (fid, type, value, timestamp) VALUES (6, ${FC_USER_DATA.username}, 'quokka', now())
        ON CONFLICT (fid, type) DO UPDATE SET value = excluded.value, timestamp = excluded.timestamp`);
      await s.testDb.db.sql.query(`INSERT INTO fc_fname (fid, fname) VALUES (6, 'quokka')
        ON CONFLICT DO NOTHING`);
      const rows = await s.testDb.db.sql.query<{ field: string; name: string }>(`SELECT field, name FROM fc_search_name WHERE fid = 6 ORDER BY name, field`);
      expect(rows.filter((r) => r.name === 'quokka')).toEqual([{ field: 'username', name: 'quokka' }]);
      await s.testDb.db.sql.query(`DELETE FROM fc_fname WHERE fid = 6 AND fname = 'quokka'`);
      await s.testDb.db.sql.query(BUMP_DATA_VERSION_SQL);
      expect((await users('quokka')).edges.map((e) => [e.node.nativeId, e.match.field])).toEqual([['6', 'USERNAME']]);
    });

    it('when a page is asked, then its profiles load in one batch: two results cost the statements of four', async () => {
      // A typo has no prefix match: both pages read the prefix bands, then the whole match.
      const two = await s.statementsFor(() => s.gql.request(USERS, { q: 'vitalk', first: 2 }));
      const four = await s.statementsFor(() => s.gql.request(USERS, { q: 'vitalk', first: 4 }));
      expect(four).toBe(two);
    });

    it('when the exact and prefix names fill a page, then it is the whole match\'s page, in one statement fewer', async () => {
      const whole = await users('vit', { first: 10 });
      expect(whole.edges.map((e) => [e.node.nativeId, e.match.kind])).toEqual([['1', 'PREFIX'], ['0x02', 'PREFIX'], ['2', 'PREFIX'], ['7', 'PREFIX'], ['5', 'SUBSTRING']]);
      const pages: string[] = [];
      let after: string | null = null;
      do {
        const page: Page<UserEdge> = await users('vit', { first: 2, after });
        pages.push(...ids(page));
        after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
      } while (after);
      expect(pages).toEqual(ids(whole));
      const filled = await s.statementsFor(() => s.gql.request(USERS_PAGE, { q: 'vit', first: 2 }));
      const unfilled = await s.statementsFor(() => s.gql.request(USERS_PAGE, { q: 'vit', first: 5 }));
      expect(unfilled).toBe(filled + 1);
      // The prefix pass did not read every match, so a total asked of its page costs the count's statement.
      expect(await s.statementsFor(() => s.gql.request(USERS, { q: 'vit', first: 2 }))).toBe(filled + 1);
    });

    it('when totalCount is asked of a page that read every match, then the page statement counted them: no statement of its own', async () => {
      const page = await users('vitalk', { first: 2 });
      expect(page.totalCount).toBe((await users('vitalk', { first: 50 })).edges.length);
      const withTotal = await s.statementsFor(() => s.gql.request(USERS, { q: 'vitalk', first: 2 }));
      expect(withTotal).toBe(await s.statementsFor(() => s.gql.request(USERS_PAGE, { q: 'vitalk', first: 2 })));
      // Past the last match the page is empty: the total then has a statement of its own, and still counts them all.
      const past = await users('vitalk', { first: 50, after: page.pageInfo.endCursor });
      expect(past.totalCount).toBe(page.totalCount);
    });
  });

  describe('posts', () => {
    it('when the query is a word, then every live post holding it, by ln(relevance) + ln(1 + engagement) + ln 2·age/7 days, with highlights', async () => {
      const page = await posts('rollups');
      expect(page.edges.map(postId)).toEqual(['0xc1', '0x01-0x01', '0xc2', '0xc7', '0x03-0x01']);
      expect(page.edges.map((e) => e.match.engagement)).toEqual([5, 3, 1, 0, 0]);
      expect(page.edges[1].node).toMatchObject({ reactionCount: 2, commentCount: 1 });
      for (const e of page.edges) expect(e.match.score).toBeCloseTo(postScore(e), 9);
      expect(page.edges[2].match.highlight).toBe('<b>rollups</b> help ethereum scale');
      expect(page.edges[3].match.highlight).toBe('<b>rollups</b> <b>rollups</b> <b>rollups</b>');
      expect(page.edges[3].match.relevance).toBeGreaterThan(page.edges[2].match.relevance);
      expect(page.totalCount).toBe(5);
    });

    it('when totalCount is asked, then the page statement counted the matches; past the last page a count of its own says the same', async () => {
      const POSTS_PAGE = POSTS.replace('totalCount ', '');
      const first = await posts('rollups', { first: 2 });
      expect(first.totalCount).toBe(5);
      expect(await s.statementsFor(() => s.gql.request(POSTS, { q: 'rollups', first: 2 })))
        .toBe(await s.statementsFor(() => s.gql.request(POSTS_PAGE, { q: 'rollups', first: 2 })));
      const all = await posts('rollups', { first: 5 });
      const past = await posts('rollups', { first: 5, after: all.pageInfo.endCursor });
      expect([past.edges.length, past.totalCount]).toEqual([0, 5]);
      expect((await posts('rollups', { first: 2, after: first.pageInfo.endCursor })).totalCount).toBe(5);
    });

    it('when words are asked, then in any order; when a phrase, then only in that order', async () => {
      expect((await posts('help rollups')).edges.map(postId)).toEqual(['0xc1', '0x01-0x01', '0xc2']);
      expect((await posts('"rollups help"')).edges.map(postId)).toEqual(['0xc1', '0x01-0x01', '0xc2']);
      expect((await posts('"help rollups"')).edges).toEqual([]);
      expect((await posts('rollups -help')).edges.map(postId)).toEqual(['0xc7', '0x03-0x01']);
    });

    it('when a cashtag is asked, then only posts writing it with its $, not the bare word', async () => {
      const tag = await posts('$DEGEN');
      expect(tag.edges.map(postId)).toEqual(['0xc3', '0x02-0x01']);
      expect(tag.edges[0].match.highlight).toBe('buying more $<b>DEGEN</b> today');
      expect((await posts('degen')).edges.map(postId)).toEqual(['0xc3', '0xc4', '0x02-0x01']);
    });

    it('when a mention is asked, then casts mentioning the fid of that name and Lens posts writing @handle', async () => {
      const fc = await posts('@vitalik');
      expect(fc.edges.map(postId)).toEqual(['0xc5']);
      expect(fc.edges[0].match.highlight).toBeNull();
      expect((await posts('@vitalik.eth')).edges.map(postId)).toEqual(['0xc5']);
      expect((await posts('@stani')).edges.map(postId)).toEqual(['0x02-0x01']);
      expect((await posts('@stani $degen')).edges.map(postId)).toEqual(['0x02-0x01']);
    });

    it('when filtered by author, channel, protocol, dates or author quality, then only those posts', async () => {
      expect((await posts('rollups', { author: '4' })).edges.map(postId)).toEqual(['0xc2']);
      expect((await posts('rollups', { author: '0x1' })).edges.map(postId)).toEqual(['0x01-0x01']);
      expect((await posts('rollups', { channel: 'Ethereum' })).edges.map(postId)).toEqual(['0xc1']);
      expect((await posts('rollups', { p: 'LENS' })).edges.map(postId)).toEqual(['0x01-0x01', '0x03-0x01']);
      expect((await posts('rollups', { since: '2024-06-04T00:00:00Z' })).edges.map(postId)).toEqual(['0xc2', '0xc7', '0x03-0x01']);
      expect((await posts('rollups', { until: '2024-06-05T00:00:00Z' })).edges.map(postId)).toEqual(['0xc1', '0x01-0x01']);
      expect((await posts('rollups', { m: 0.5 })).edges.map(postId)).toEqual(['0xc1', '0xc2']);
    });

    it('when paged two at a time, then every match once, in order', async () => {
      const seen: string[] = [];
      let after: string | null = null;
      do {
        const page: Page<PostEdge> = await posts('rollups', { first: 2, after });
        seen.push(...page.edges.map((e) => postId(e)!));
        after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
      } while (after);
      expect(seen).toEqual(['0xc1', '0x01-0x01', '0xc2', '0xc7', '0x03-0x01']);
      // Equal scores (0xc3 and 0xc4: same time, relevance and engagement) page by protocol and id.
      const first = await posts('degen', { first: 1 });
      const rest = await posts('degen', { first: 5, after: first.pageInfo.endCursor });
      expect([...first.edges, ...rest.edges].map(postId)).toEqual(['0xc3', '0xc4', '0x02-0x01']);
    });
  });

  describe('REST and bad input', () => {
    it('when /api/v2/search/users is called, then the GraphQL page with each user flattened beside its match', async () => {
      const { status, body } = await s.rest('/api/v2/search/users?q=vitalik&first=2');
      expect(status).toBe(200);
      expect(body.totalCount).toBe(5);
      expect(body.users.map((u: { id: string; match: { protocol: string; kind: string } }) => [u.id, u.match.protocol, u.match.kind]))
        .toEqual([['1', 'farcaster', 'exact'], ['0x02', 'lens', 'exact']]);
      const next = await s.rest(`/api/v2/search/users?q=vitalik&first=2&after=${body.pageInfo.endCursor}`);
      expect(next.body.users.map((u: { id: string }) => u.id)).toEqual(['7', '5']);
      expect((await s.rest('/api/v2/search/users?q=vitalik&protocol=lens&minQuality=0.5')).body.users.map((u: { id: string }) => u.id)).toEqual(['0x02']);
    });

    it('when /api/v2/search/posts is called, then posts with their match, filters as query parameters', async () => {
      const { status, body } = await s.rest('/api/v2/search/posts?q=rollups&channel=ethereum');
      expect(status).toBe(200);
      expect(body.posts.map((p: { hash: string; match: { highlight: string } }) => [p.hash, p.match.highlight])).toEqual([['0xc1', 'Ethereum scaling is hard but <b>rollups</b> help']]);
      const lens = await s.rest('/api/v2/search/posts?q=%24DEGEN&protocol=lens');
      expect(lens.body.posts.map((p: { publicationId: string }) => p.publicationId)).toEqual(['0x02-0x01']);
    });

    it.each([
      ['an empty query', '/api/v2/search/users?q=%20%20', /query/],
      ['no query', '/api/v2/search/users', /q/],
      ['a query too long', `/api/v2/search/posts?q=${'a'.repeat(201)}`, /q|query/],
      ['a cursor this API did not write', '/api/v2/search/users?q=vitalik&after=bm9wZQ', /cursor|after/],
      ['minQuality above 1', '/api/v2/search/users?q=vitalik&minQuality=2', /minQuality/],
      ['an author that is no id', '/api/v2/search/posts?q=rollups&author=bob', /author/],
      ['a channel with protocol lens', '/api/v2/search/posts?q=rollups&channel=ethereum&protocol=lens', /channel/],
      ['until before since', '/api/v2/search/posts?q=rollups&since=2024-06-05T00:00:00Z&until=2024-06-01T00:00:00Z', /until/],
    ])('when %s is given, then 400 naming it', async (_what, path, names) => {
      const { status, body } = await s.rest(path);
      expect(status).toBe(400);
      expect(body.message).toMatch(names);
    });

    it('when GraphQL is given an empty query or a bad cursor, then BAD_USER_INPUT', async () => {
      for (const vars of [{ q: ' ' }, { q: 'vitalik', after: 'bm9wZQ' }] as Record<string, unknown>[]) {
        await expect(s.gql.request(USERS, vars)).rejects.toMatchObject({ response: { errors: [{ extensions: { code: 'BAD_USER_INPUT' } }] } });
      }
    });
  });
});
