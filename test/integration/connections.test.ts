// Every connection of the schema on the hand-made fixtures whose READMEs list
// the answers: walked forward (first/after) and backward (last/before) over
// the whole list, with the exact node order, totalCount, page and both
// pageInfo flags at both ends; mixed paging arguments refused; the deprecated
// page/limit lists equal their connections; and a nested connection over many
// parents costs the same statements as over two.
import { errorOf } from '../helpers/graphql-error';
import { KeywordClassifier } from '../helpers/keyword-classifier';
import { startTestServer, type TestServer } from '../helpers/test-server';

interface Conn {
  totalCount: number;
  page?: number;
  totalPages?: number;
  edges: { cursor: string; node: Record<string, unknown> }[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
}

/** The selection every walk asks of a connection; `node` is the node's selection. */
const select = (node: string, paged: boolean) =>
  `{ totalCount ${paged ? 'page totalPages' : ''} edges { cursor node ${node} } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } }`;

/** The flags of n pages walked from one end: no page behind the first, none ahead of the last. */
const flagsOf = (pages: number) => Array.from({ length: pages }, (_, i) => [i > 0, i < pages - 1]);

interface Walk { order: string[]; flags: boolean[][]; totals: number[]; pages: (number | undefined)[] }

/**
 * Walks a connection from one end to the other. `fetch` gets the paging
 * arguments; forward pages append, backward pages prepend. flags are
 * [behind, ahead] in the walking direction (forward: [hasPreviousPage,
 * hasNextPage]; backward: [hasNextPage, hasPreviousPage]).
 */
async function walk(fetch: (args: string) => Promise<Conn>, size: number, backward: boolean, key: (node: Record<string, unknown>) => string): Promise<Walk> {
  const w: Walk = { order: [], flags: [], totals: [], pages: [] };
  let cursor: string | null = null;
  for (let i = 0; i < 50; i++) {
    const args: string = backward ? `last: ${size}${cursor ? `, before: "${cursor}"` : ''}` : `first: ${size}${cursor ? `, after: "${cursor}"` : ''}`;
    const c = await fetch(args);
    const keys = c.edges.map((e) => key(e.node));
    w.order = backward ? [...keys, ...w.order] : [...w.order, ...keys];
    w.totals.push(c.totalCount);
    w.pages.push(c.page);
    const { hasNextPage, hasPreviousPage, startCursor, endCursor } = c.pageInfo;
    // Start and end cursors are the edges' own.
    expect([startCursor, endCursor]).toEqual([c.edges[0]?.cursor ?? null, c.edges.at(-1)?.cursor ?? null]);
    w.flags.push(backward ? [hasNextPage, hasPreviousPage] : [hasPreviousPage, hasNextPage]);
    if (!(backward ? hasPreviousPage : hasNextPage)) return w;
    cursor = backward ? startCursor : endCursor;
  }
  throw new Error('the walk did not end');
}

/** Forward and backward walks of a connection equal `expected`, in pages of `size`. */
async function expectWalks(fetch: (args: string) => Promise<Conn>, key: (node: Record<string, unknown>) => string, expected: string[], size: number, paged = false) {
  const pages = Math.max(Math.ceil(expected.length / size), 1);
  const forward = await walk(fetch, size, false, key);
  expect(forward).toEqual({
    order: expected, flags: flagsOf(pages), totals: Array(pages).fill(expected.length),
    pages: paged ? Array.from({ length: pages }, (_, i) => i + 1) : Array(pages).fill(undefined),
  });
  const backward = await walk(fetch, size, true, key);
  expect([backward.order, backward.flags, backward.totals]).toEqual([expected, flagsOf(pages), Array(pages).fill(expected.length)]);
  if (paged) {
    // Backward pages end where the list does: the first one from the end starts at item n − size + 1.
    expect(backward.pages[0]).toBe(Math.floor(Math.max(expected.length - size, 0) / size) + 1);
    const c = await fetch(`first: ${size}, page: 2`);
    expect(c.totalPages).toBe(Math.ceil(expected.length / size));
    expect(c.edges.map((e) => key(e.node))).toEqual(expected.slice(size, 2 * size));
  }
}

/** The GraphQL error messages of a request that must fail, and their codes. */
async function refusal(s: TestServer, query: string) {
  const res = await errorOf(s.gql.request(query));
  return (res.errors ?? []).map((e) => [e.extensions?.code, e.message]);
}

describe('Farcaster connections (farcaster-surface)', () => {
  let s: TestServer;
  beforeAll(async () => { s = await startTestServer({ fixture: 'farcaster-surface' }); });
  afterAll(async () => { await s.close(); });

  const user = (field: string, node: string) => async (args: string): Promise<Conn> =>
    (await s.gql.request<{ farcasterUser: Record<string, Conn> }>(`{ farcasterUser(fid: 1) { c: ${field}(${args}) ${select(node, true)} } }`)).farcasterUser.c;
  const fid = (n: Record<string, unknown>) => String(n.fid);

  it('when followers of fid 1 are walked both ways, then 8, 7, 5, 4, 3, 2 (tie on time by fid descending), 6 in all', async () => {
    for (const size of [1, 2, 4, 6, 7]) await expectWalks(user('followers', '{ fid }'), fid, ['8', '7', '5', '4', '3', '2'], size, true);
  });

  it('when following of fid 1 and its casts are walked both ways, then the README orders', async () => {
    await expectWalks(user('following', '{ fid }'), fid, ['3', '2'], 1, true);
    for (const size of [2, 3]) {
      await expectWalks(user('casts', '{ hash }'), (n) => String(n.hash), ['0x0106', '0x0105', '0x0104', '0x0102', '0x0101'], size, true);
    }
  });

  it('when a user follows nobody, then one empty page with no neighbour either way', async () => {
    const c = (await s.gql.request<any>(`{ farcasterUser(fid: 6) { following(last: 3) ${select('{ fid }', true)} } }`)).farcasterUser.following;
    expect(c).toEqual({ totalCount: 0, page: 1, totalPages: 0, edges: [], pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null } });
  });

  it('when the deprecated recentFollowers is asked with any paging, then it answers exactly what followers does', async () => {
    for (const args of ['first: 4', 'last: 3', 'first: 2, page: 2', 'last: 2, before: "bzo0"']) {
      const d = await s.gql.request<any>(`{ farcasterUser(fid: 1) { a: followers(${args}) ${select('{ fid }', true)} b: recentFollowers(${args}) ${select('{ fid }', true)} } }`);
      expect([args, d.farcasterUser.b]).toEqual([args, d.farcasterUser.a]);
    }
  });

  it('when paging arguments are mixed or out of bounds, then BAD_USER_INPUT saying which', async () => {
    const q = (args: string) => `{ farcasterUser(fid: 1) { followers(${args}) { totalCount } } }`;
    expect(await refusal(s, q('first: 2, last: 2'))).toEqual([['BAD_USER_INPUT', 'give either first or last, not both']]);
    expect(await refusal(s, q('after: "bzoy", page: 2'))).toEqual([['BAD_USER_INPUT', 'give either after or page, not both']]);
    expect(await refusal(s, q('last: 2, page: 2'))).toEqual([['BAD_USER_INPUT', 'page counts from the start of the list: use it with first, not with last or before']]);
    expect(await refusal(s, q('after: "bzoy", before: "bzo0"'))).toEqual([['BAD_USER_INPUT', 'give either after or before, not both']]);
    expect(await refusal(s, q('first: 2, before: "bzo0"'))).toEqual([['BAD_USER_INPUT', 'before pages backward: use it with last, not first']]);
    expect(await refusal(s, q('last: 2, after: "bzoy"'))).toEqual([['BAD_USER_INPUT', 'after pages forward: use it with first, not last']]);
    expect(await refusal(s, q('last: 2, before: "nope"'))).toEqual([['BAD_USER_INPUT', 'before is not a cursor returned by this API']]);
    expect(await refusal(s, q('last: 101'))).toEqual([['BAD_USER_INPUT', 'last must not be greater than 100']]);
    expect(await refusal(s, q('last: 0'))).toEqual([['BAD_USER_INPUT', 'last must not be less than 1']]);
  });

  it('when 8 users × followers from the end × casts of page 2 (with totals) are asked, then no more statements than for 2 users', async () => {
    const q = `query($f: [Int!]!) { farcasterUsers(fids: $f) { fid
      followers(last: 2) { totalCount totalPages pageInfo { hasPreviousPage } edges { node { fid following(last: 1) { totalCount edges { node { fid } } } } } }
      casts(first: 1, page: 2) { totalCount pageInfo { hasPreviousPage hasNextPage } edges { node { hash } } } } }`;
    let answer: any;
    const many = await s.statementsFor(async () => { answer = await s.gql.request<any>(q, { f: [1, 2, 3, 4, 5, 6, 7, 8] }); });
    const few = await s.statementsFor(() => s.gql.request(q, { f: [1, 6] }));
    expect(answer.farcasterUsers[0].followers.edges.map((e: any) => e.node.fid)).toEqual([3, 2]);
    expect(answer.farcasterUsers[0].followers.totalCount).toBe(6);
    expect(answer.farcasterUsers[0].casts).toMatchObject({ totalCount: 5, edges: [{ node: { hash: '0x0105' } }], pageInfo: { hasPreviousPage: true, hasNextPage: true } });
    expect(many).toBeLessThanOrEqual(few);
    // At most one each (a loader's cache may save one): key lookup, last-used stamp, users, follow totals, follower pages,
    // follower users, their follow totals, their following pages, followed users, cast pages, cast totals.
    expect(few).toBeLessThanOrEqual(11);
  });
});

describe('Lens connections (lens-surface)', () => {
  let s: TestServer;
  beforeAll(async () => { s = await startTestServer({ fixture: 'lens-surface' }); });
  afterAll(async () => { await s.close(); });

  const profile = (field: string, node: string, paged = false, id = '0x01') => async (args: string): Promise<Conn> =>
    (await s.gql.request<{ lensProfile: Record<string, Conn> }>(`{ lensProfile(id: "${id}") { c: ${field}${args ? `(${args})` : ''} ${select(node, paged)} } }`)).lensProfile.c;
  const pid = (n: Record<string, unknown>) => String(n.profileId);

  it('when followers of 0x01 are walked both ways (keyset), then 0x0100, 0x09, 0x03 (one instant, by numeric id descending), 0x02', async () => {
    for (const size of [1, 2, 3, 4, 5]) await expectWalks(profile('followers', '{ profileId }'), pid, ['0x0100', '0x09', '0x03', '0x02'], size);
  });

  it('when following and publications of 0x01 are walked both ways, then the README orders (hidden, self and unfollowed left out)', async () => {
    await expectWalks(profile('following', '{ profileId }'), pid, ['0x03', '0x02'], 1);
    for (const size of [1, 4]) {
      await expectWalks(profile('publications', '{ publicationId }'), (n) => String(n.publicationId),
        ['0x01-0x07', '0x01-0x06', '0x01-0x05', '0x01-0x04', '0x01-0x02', '0x01-0x01'], size);
    }
  });

  it('when collects of 0x01 are walked both ways, with and without a filter, then the README orders and collectSum counts', async () => {
    const id = (n: Record<string, unknown>) => String(n.id);
    for (const size of [3, 8]) await expectWalks(profile('collects', '{ id: nativeId }', true), id, ['4', '3', '8', '1', '2', '5', '11', '10'], size, true);
    const june = (args: string) => profile('collects', '{ id: nativeId }', true)(`filter: { year: 2024, month: 6 }, ${args}`);
    await expectWalks(june, id, ['3', '8', '1'], 2, true);
    await expectWalks(profile('collects', '{ id: nativeId }', true, '0x05'), id, [], 2, true);
  });

  it('when a keyset cursor is reused in the other direction, then the pages meet at it: items before it, then from it on', async () => {
    const all = await profile('publications', '{ publicationId }')('first: 6');
    const third = all.edges[2].cursor;
    const before = await profile('publications', '{ publicationId }')(`last: 10, before: "${third}"`);
    const after = await profile('publications', '{ publicationId }')(`first: 10, after: "${third}"`);
    expect(before.edges.map((e) => e.node.publicationId)).toEqual(['0x01-0x07', '0x01-0x06']);
    expect([before.pageInfo.hasPreviousPage, before.pageInfo.hasNextPage]).toEqual([false, true]);
    expect(after.edges.map((e) => e.node.publicationId)).toEqual(['0x01-0x04', '0x01-0x02', '0x01-0x01']);
    expect([after.pageInfo.hasPreviousPage, after.pageInfo.hasNextPage]).toEqual([true, false]);
  });

  it('when the deprecated collectList and recentFollowers are asked, then they equal collects and followers', async () => {
    for (const [page, limit] of [[1, 3], [2, 3], [3, 3], [4, 3], [1, 20]]) {
      const d = await s.gql.request<any>(`{ lensProfile(id: "0x01") {
        old: collectList(page: ${page}, limit: ${limit}) { id: nativeId timestamp usdAmount currency }
        new: collects(first: ${limit}, page: ${page}) { edges { node { id: nativeId timestamp usdAmount currency } } } } }`);
      expect(d.lensProfile.old).toEqual(d.lensProfile.new.edges.map((e: any) => e.node));
    }
    for (const args of ['first: 3', 'last: 2', '']) {
      const d = await s.gql.request<any>(`{ lensProfile(id: "0x01") { a: followers${args ? `(${args})` : ''} ${select('{ profileId }', false)} b: recentFollowers${args ? `(${args})` : ''} ${select('{ profileId }', false)} } }`);
      expect(d.lensProfile.b).toEqual(d.lensProfile.a);
    }
  });

  it('when the follow totals are compared with the profiles\' stats, then they are the rows the pages walk', async () => {
    const d = await s.gql.request<any>(`{ lensProfile(id: "0x01") { stats { followers following } followers { totalCount } following { totalCount } } }`);
    expect([d.lensProfile.followers.totalCount, d.lensProfile.following.totalCount]).toEqual([4, 2]);
    expect([d.lensProfile.stats.followers, d.lensProfile.stats.following]).toEqual([4, 2]);
  });

  it('when 50 profiles × followers before a cursor × their following and publications (with totals and both flags) are asked, then no more statements than for 2', async () => {
    const block = Array.from({ length: 50 }, (_, i) => `0x${(0x1000 + i).toString(16)}`);
    // A cursor from one profile's list applies to every list: each block profile's follows are at 00:01..00:10,
    // one per minute. 0x102a's follower at 00:07 is 0x1031, the block's largest id, so at 00:07 every other
    // list's follower sorts after the cursor (ties by id descending) and each list splits at 00:07 alike.
    const cursor = (await profile('followers', '{ profileId }', false, block[42])('first: 4')).edges[3];
    expect([cursor.node.profileId]).toEqual(['0x1031']);
    const q = `query($ids: [LensProfileId!]!, $c: String!) { lensProfiles(ids: $ids) { profileId
      followers(last: 3, before: $c) { totalCount pageInfo { hasPreviousPage hasNextPage } edges { followedAt node { profileId
        following(last: 2) { totalCount pageInfo { hasPreviousPage } edges { node { profileId } } }
        publications(first: 1) { totalCount edges { node { publicationId } } } } } } } }`;
    let answer: any;
    const many = await s.statementsFor(async () => { answer = await s.gql.request<any>(q, { ids: block, c: cursor.cursor }); });
    const few = await s.statementsFor(() => s.gql.request(q, { ids: [block[0], block[25]], c: cursor.cursor }));
    expect(answer.lensProfiles).toHaveLength(50);
    // Followers at 00:10, 00:09, 00:08 precede the cursor's (00:07); 7 follow it.
    for (const p of answer.lensProfiles) {
      expect(p.followers.totalCount).toBe(10);
      expect(p.followers.pageInfo).toEqual({ hasPreviousPage: false, hasNextPage: true });
      expect(p.followers.edges.map((e: any) => e.followedAt)).toEqual(['2024-02-01T00:10:00.000Z', '2024-02-01T00:09:00.000Z', '2024-02-01T00:08:00.000Z']);
      expect(p.followers.edges.every((e: any) => e.node.following.totalCount === 10 && e.node.following.edges.length === 2)).toBe(true);
    }
    expect(many).toBeLessThanOrEqual(few);
    // key lookup + last-used stamp, profiles, follower pages, follower totals, follower profiles,
    // following pages, following totals, followed profiles, publication pages, publication totals.
    expect(few).toBeLessThanOrEqual(11);
  });
});

describe('category posts (content-categories)', () => {
  let s: TestServer;
  beforeAll(async () => { s = await startTestServer({ fixture: 'content-categories', classifier: new KeywordClassifier() }); });
  afterAll(async () => { await s.close(); });

  const posts = (filter: string) => async (args: string): Promise<Conn> =>
    (await s.gql.request<{ c: Conn }>(`{ c: categoryPosts(${filter}, ${args}) ${select('{ publicationId reactionCount }', true)} }`)).c;
  const pub = (n: Record<string, unknown>) => String(n.publicationId);

  it('when defi posts of the newest day are walked both ways, then most reactions first, ties by publicationId (byte order)', async () => {
    for (const size of [1, 2, 5]) await expectWalks(posts('category: "defi"'), pub, ['0x01-0x01', '0xa1', '0x03-0x01', '0xa2', '0xa5'], size, true);
    await expectWalks(posts('category: "DeFi", date: "2024-06-01"'), pub, ['0x05-0x01', '0xc1'], 1, true);
    await expectWalks(posts('category: "music", date: "2024-06-10"'), pub, [], 1, true);
  });

  it('when the deprecated categoryPublications pages are asked, then they equal categoryPosts page by page', async () => {
    for (const page of [1, 2, 3, 4]) {
      const d = await s.gql.request<any>(`{ old: categoryPublications(category: "defi", page: ${page}, limit: 2) { publicationId category reactionCount protocol authorId postedAt }
        new: categoryPosts(category: "defi", page: ${page}, first: 2) { edges { node { publicationId category reactionCount protocol authorId postedAt } } } }`);
      expect(d.old).toEqual(d.new.edges.map((e: any) => e.node));
    }
  });
});

describe('token posts (content-tokens)', () => {
  let s: TestServer;
  beforeAll(async () => { s = await startTestServer({ fixture: 'content-tokens' }); });
  afterAll(async () => { await s.close(); });

  const post = (n: Record<string, unknown>) => String(n.postId);
  const ETH = ['0xc05', '0xc02', '0xc01', '0xc06', '0xc08'];

  it('when ETH posts are walked both ways, by symbol, by mention id, and on the token, then newest first, then postId', async () => {
    const tokenPosts = (filter: string) => async (args: string): Promise<Conn> =>
      (await s.gql.request<{ c: Conn }>(`{ c: tokenPosts(${filter}, ${args}) ${select('{ postId }', true)} }`)).c;
    for (const size of [2, 5]) await expectWalks(tokenPosts('tokenId: "eth"'), post, ETH, size, true);
    await expectWalks(tokenPosts('tokenId: "a772bd11-11d1-51f6-8f27-f5a161feca99"'), post, ['0xc05', '0xc02', '0xc01'], 2, true);
    await expectWalks(tokenPosts('tokenId: "ARB"'), post, [], 2, true);
    const onToken = async (args: string): Promise<Conn> =>
      (await s.gql.request<any>(`{ token(symbol: "eth") { c: posts(${args}) ${select('{ postId }', true)} } }`)).token.c;
    await expectWalks(onToken, post, ETH, 2, true);
  });

  it('when the deprecated tokenPublications and Token.publications pages are asked, then they equal tokenPosts and Token.posts', async () => {
    for (const page of [1, 2, 3, 4]) {
      const d = await s.gql.request<any>(`{ old: tokenPublications(tokenId: "eth", page: ${page}, limit: 2) { postId protocol authorId postedAt }
        new: tokenPosts(tokenId: "eth", page: ${page}, first: 2) { edges { node { postId protocol authorId postedAt } } }
        token(symbol: "eth") { old: publications(page: ${page}, limit: 2) { postId } new: posts(page: ${page}, first: 2) { edges { node { postId } } } } }`);
      expect(d.old).toEqual(d.new.edges.map((e: any) => e.node));
      expect(d.token.old).toEqual(d.token.new.edges.map((e: any) => e.node));
    }
  });

  it('when a token id is unknown or paging arguments are mixed, then NOT_FOUND or BAD_USER_INPUT', async () => {
    expect(await refusal(s, '{ tokenPosts(tokenId: "NOPE") { totalCount } }')).toEqual([['NOT_FOUND', expect.any(String)]]);
    expect(await refusal(s, '{ tokenPosts(tokenId: "NOPE", first: 1, last: 1) { totalCount } }')).toEqual([['BAD_USER_INPUT', 'give either first or last, not both']]);
  });
});
