// Tokens on the hand-made content-tokens fixture (its README lists the known
// answers): daily cashtag mentions, the posts behind them,
// trending tokens with stats, and the GraphQL token field with its series.
import { classifyPosts } from '../../src/content/classify-posts';
import { LexiconClassifier } from '../../src/content/lexicon-classifier';
import { tokenMentionId } from '../../src/content/mention-id';
import { coingeckoTokenId } from '../../src/importer/coingecko-ids';
import { errorOf } from '../helpers/graphql-error';
import { startTestServer, type TestServer } from '../helpers/test-server';

let s: TestServer;
beforeAll(async () => { s = await startTestServer({ fixture: 'content-tokens', config: { KEY_CACHE_SECONDS: 300 } }); });
afterAll(async () => { await s.close(); });

const postIds = (body: { postId: string }[]) => body.map((p) => p.postId);
const mention = (symbol: string, day: string, count: number) =>
  ({ id: tokenMentionId(symbol, day), token: symbol, date: `${day}T00:00:00.000Z`, post_count: String(count) });

const ETH_0610 = 'a772bd11-11d1-51f6-8f27-f5a161feca99';
const WIF_ID = coingeckoTokenId('dogwifcoin');

const TOKEN_KEYS = ['id', 'chain', 'symbol', 'name', 'description', 'decimals', 'image', 'twitter', 'telegram', 'website', 'genesisDate',
  'address', 'categories', 'markets', 'price', 'buyers'];
const PRICE_KEYS = ['id', 'address', 'chain', 'createdAt', 'tokenId', 'priceUsd', 'ath', 'atl', 'marketCap', 'priceChangePercentage24h',
  'priceChangePercentage7d', 'priceChangePercentage14d', 'priceChangePercentage30d', 'priceChangePercentage60d', 'priceChangePercentage200d',
  'priceChangePercentage1y'];

describe('GET /api/llm/tokens/mentions', () => {
  it('when a day is given, then symbols by distinct live posts desc, then symbol; deleted, hidden and repeated mentions not counted', async () => {
    const res = await s.rest('/api/llm/tokens/mentions?date=2024-06-10');
    expect(res.status).toBe(200);
    // ETH: 0xc01 (twice in one cast), 0xc02 ($eth.), 0xc05 — not the deleted 0xc04 nor the hidden 0x01-0x02.
    expect(res.body).toEqual([
      mention('ETH', '2024-06-10', 3), mention('USDC', '2024-06-10', 2), mention('DOGE', '2024-06-10', 1),
      mention('PEPE', '2024-06-10', 1), mention('WIF', '2024-06-10', 1),
    ]);
    // A literal id: a change of namespace or name format would break every client's stored ids.
    expect(res.body[0].id).toBe(ETH_0610);
    expect(Object.keys(res.body[0])).toEqual(['id', 'token', 'date', 'post_count']);
  });

  it('when text holds $100, $5k, US$100, $A, $TOOLONGSYMBOL1 or a $ inside a URL, then none of them is a mention', async () => {
    const all = [...(await s.rest('/api/llm/tokens/mentions?date=2024-06-10')).body, ...(await s.rest('/api/llm/tokens/mentions?date=2024-06-09')).body];
    const symbols = all.map((m: { token: string }) => m.token);
    for (const bad of ['100', '5K', 'A', 'TOOLONGSYMB', 'TOOLONGSYMBOL1']) expect(symbols).not.toContain(bad);
    // SOL and DOGE appear in 0xc03 only inside a URL: SOL has 06-09 mentions only, DOGE only the Lens post.
    expect((await s.rest('/api/llm/tokens/mentions/publications/doge?date=2024-06-10')).body).toEqual([{ postId: '0x02-0x01' }]);
    expect(symbols.filter((x: string) => x === 'SOL')).toHaveLength(1);
  });

  it('when no date is given, then the newest day with mentions; a day with none is []', async () => {
    const latest = await s.rest('/api/llm/tokens/mentions');
    expect(latest.body).toEqual((await s.rest('/api/llm/tokens/mentions?date=2024-06-10')).body);
    expect((await s.rest('/api/llm/tokens/mentions?date=2024-06-09')).body).toEqual([mention('SOL', '2024-06-09', 2), mention('ETH', '2024-06-09', 1)]);
    expect(await s.rest('/api/llm/tokens/mentions?date=2024-06-08').then((r) => [r.status, r.body])).toEqual([200, []]);
  });

  it('when the date is malformed, then 400 naming date', async () => {
    for (const bad of ['2024-13-01', '2024-02-30', 'yesterday', '10-06-2024']) {
      const res = await s.rest(`/api/llm/tokens/mentions?date=${bad}`);
      expect([bad, res.status, res.body.error]).toEqual([bad, 400, 'Bad Request']);
      expect(res.body.message).toMatch(/^date must be a date YYYY-MM-DD/);
    }
  });

  it('when GraphQL asks tokenMentions, then camelCase postCount and the GraphQL-only day', async () => {
    const data = await s.gql.request<{ tokenMentions: unknown[] }>('query($d: Date) { tokenMentions(date: $d) { id: nativeId token date day postCount } }', { d: '2024-06-09' });
    expect(data.tokenMentions[0]).toEqual({ id: tokenMentionId('SOL', '2024-06-09'), token: 'SOL', date: '2024-06-09T00:00:00.000Z', day: '2024-06-09', postCount: 2 });
  });

  it('when the posts are classified again from scratch (rebuild), then every id and count is unchanged', async () => {
    const before = await Promise.all(['2024-06-07', '2024-06-09', '2024-06-10'].map((d) => s.rest(`/api/llm/tokens/mentions?date=${d}`).then((r) => r.body)));
    const report = await classifyPosts(s.testDb.db, { classifier: new LexiconClassifier(), rebuild: true });
    expect(report?.classified).toEqual({ farcaster: 7, lens: 2 });
    const after = await Promise.all(['2024-06-07', '2024-06-09', '2024-06-10'].map((d) => s.rest(`/api/llm/tokens/mentions?date=${d}`).then((r) => r.body)));
    expect(after).toEqual(before);
    expect(after[2][0].id).toBe(ETH_0610);
    expect(after[0]).toEqual([mention('ETH', '2024-06-07', 1)]);
  });
});

describe('GET /api/llm/tokens/mentions/publications/{tokenId}', () => {
  const pubs = (path: string) => s.rest(`/api/llm/tokens/mentions/publications/${path}`);

  it('when tokenId is a mention id, then that symbol\'s live posts of that day, newest first', async () => {
    const res = await pubs(ETH_0610);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ postId: '0xc05' }, { postId: '0xc02' }, { postId: '0xc01' }]);
    expect(postIds((await pubs(`${ETH_0610.toUpperCase()}?date=2024-06-10`)).body)).toEqual(['0xc05', '0xc02', '0xc01']);
    expect(postIds((await pubs(tokenMentionId('USDC', '2024-06-10'))).body)).toEqual(['0x01-0x01', '0xc01']);
  });

  it('when a mention id comes with another date, then 400; an id no mention has is 404', async () => {
    const res = await pubs(`${ETH_0610}?date=2024-06-09`);
    expect([res.status, res.body.message]).toEqual([400, `date must be absent or 2024-06-10 (the day of token mention ${ETH_0610}); got "2024-06-09"`]);
    const unknown = await pubs(tokenMentionId('ETH', '2024-06-08'));
    expect([unknown.status, unknown.body]).toEqual([404, { statusCode: 404, message: `token mention ${tokenMentionId('ETH', '2024-06-08')} not found`, error: 'Not Found' }]);
  });

  it('when tokenId is a symbol (any case), then every day\'s posts without date, that day\'s with it; ties by postId', async () => {
    expect(postIds((await pubs('eth')).body)).toEqual(['0xc05', '0xc02', '0xc01', '0xc06', '0xc08']);
    expect(postIds((await pubs('Eth?date=2024-06-09')).body)).toEqual(['0xc06']);
    // 0xc06 and 0xc07 were posted at the same instant.
    expect(postIds((await pubs('SOL?date=2024-06-09')).body)).toEqual(['0xc06', '0xc07']);
    expect(await pubs('SOL?date=2024-06-10').then((r) => [r.status, r.body])).toEqual([200, []]);
  });

  it('when paged, then page and limit cut the list; a page past the end is []', async () => {
    expect(postIds((await pubs('ETH?limit=2')).body)).toEqual(['0xc05', '0xc02']);
    expect(postIds((await pubs('ETH?limit=2&page=2')).body)).toEqual(['0xc01', '0xc06']);
    expect(postIds((await pubs('ETH?limit=2&page=3')).body)).toEqual(['0xc08']);
    expect((await pubs('ETH?limit=2&page=4')).body).toEqual([]);
  });

  it('when the symbol was never mentioned, then 404 unless it is an imported token\'s symbol (then [])', async () => {
    expect((await pubs('NOPE')).status).toBe(404);
    expect(await pubs('arb').then((r) => [r.status, r.body])).toEqual([200, []]);
  });

  it('when page, limit or date break a rule, then 400 naming it', async () => {
    for (const [q, field] of [['page=0', 'page'], ['limit=0', 'limit'], ['limit=101', 'limit'], ['date=2024-6-1', 'date'], ['limit=x', 'limit']]) {
      const res = await pubs(`ETH?${q}`);
      expect([q, res.status]).toEqual([q, 400]);
      expect(res.body.message).toMatch(new RegExp(field));
    }
  });

  it('when GraphQL asks tokenPublications, then each post with protocol, author and time', async () => {
    const data = await s.gql.request<{ tokenPublications: unknown[] }>(
      'query($t: String!) { tokenPublications(tokenId: $t, date: "2024-06-10") { postId protocol authorId postedAt } }', { t: 'usdc' });
    expect(data.tokenPublications).toEqual([
      { postId: '0x01-0x01', protocol: 'LENS', authorId: '0x01', postedAt: '2024-06-10T12:00:00.000Z' },
      { postId: '0xc01', protocol: 'FARCASTER', authorId: '1', postedAt: '2024-06-10T08:00:00.000Z' },
    ]);
  });
});

describe('GET /api/trending/token-stats', () => {
  const ETH_ENTRY = {
    id: 1, chain: 'ethereum', symbol: 'ETH', name: 'Ether', description: 'The native token of Ethereum', decimals: 18,
    image: 'https://img.example/eth.png', twitter: 'https://twitter.com/ethereum', telegram: 'https://t.me/ethereum', website: 'https://ethereum.org',
    genesisDate: '2015-07-30', address: '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2',
    categories: [
      { id: 1, address: '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2', chain: 'ethereum', catergory: 'layer-1', tokenId: '1' },
      { id: 2, address: '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2', chain: 'ethereum', catergory: 'smart-contract-platform', tokenId: '1' },
    ],
    markets: [
      { id: 1, address: '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2', chain: 'ethereum', identifier: 'binance', tokenId: '1' },
      { id: 2, address: '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2', chain: 'ethereum', identifier: 'coinbase', tokenId: '1' },
    ],
    // The newest row by created_at (id 2), not the highest id (4 is older).
    price: {
      id: 2, address: '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2', chain: 'ethereum', createdAt: '2024-06-10T00:00:00.000Z', tokenId: '1',
      priceUsd: '3600.123456789012345678', ath: '4878.26', atl: '0.432979', marketCap: '432123456789.50',
      priceChangePercentage24h: '-1.25', priceChangePercentage7d: '2.50', priceChangePercentage14d: '-3.000', priceChangePercentage30d: '10',
      priceChangePercentage60d: '20.5', priceChangePercentage200d: '55.123', priceChangePercentage1y: '120.0000001',
    },
    buyers: 1200,
  };

  it('when no date is given, then the newest day\'s tokens by mentions, then symbol, then chain; DOGE (no stats) left out', async () => {
    const res = await s.rest('/api/trending/token-stats');
    expect(res.status).toBe(200);
    expect(res.body.map((t: { symbol: string; chain: string; id: number }) => [t.symbol, t.chain, t.id])).toEqual([
      ['ETH', 'ethereum', 1], ['USDC', 'base', 2], ['USDC', 'ethereum', 3], ['pepe', 'ethereum', 5], ['WIF', 'coingecko', WIF_ID],
    ]);
    expect(res.body[0]).toEqual(ETH_ENTRY);
    for (const t of res.body) expect(Object.keys(t)).toEqual(TOKEN_KEYS);
    expect(Object.keys(res.body[0].price)).toEqual(PRICE_KEYS);
    expect(Object.keys(res.body[0].categories[0])).toEqual(['id', 'address', 'chain', 'catergory', 'tokenId']);
    expect(Object.keys(res.body[0].markets[0])).toEqual(['id', 'address', 'chain', 'identifier', 'tokenId']);
  });

  it('when prices are decimal strings in the CSV or the CoinGecko file, then they come back exactly, without exponent', async () => {
    const byKey = Object.fromEntries((await s.rest('/api/trending/token-stats?date=2024-06-10')).body.map((t: { symbol: string; chain: string }) => [`${t.symbol}/${t.chain}`, t]));
    expect(byKey['pepe/ethereum'].price).toMatchObject({
      id: 3, tokenId: '5', priceUsd: '0.000012345678901234567890', ath: '0.00001717', atl: '0.000000055',
      marketCap: '123456789012345678901234567890', priceChangePercentage24h: '-0.5', priceChangePercentage7d: null,
    });
    expect(byKey['pepe/ethereum']).toMatchObject({ genesisDate: '2023-04-14', decimals: 18, buyers: 3, markets: [{ id: 3, identifier: 'uniswap_v3', tokenId: '5' }], categories: [] });
    expect(byKey['USDC/base'].price).toMatchObject({ id: 5, tokenId: '2', priceUsd: '1.0000', priceChangePercentage24h: '0', marketCap: null });
    expect(byKey['USDC/base'].categories).toEqual([{ id: 3, address: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913', chain: 'base', catergory: 'stablecoin', tokenId: '2' }]);
    // A token without price, category or market, and absent optional columns.
    expect(byKey['USDC/ethereum']).toMatchObject({ price: null, categories: [], markets: [], description: null, image: null, genesisDate: null, buyers: null, decimals: 6 });
    expect(byKey['WIF/coingecko']).toMatchObject({ name: 'dogwifhat', address: 'dogwifcoin', image: 'https://img.example/wif.png', decimals: null });
    expect(byKey['WIF/coingecko'].price).toMatchObject({
      tokenId: String(WIF_ID), chain: 'coingecko', address: 'dogwifcoin', createdAt: '2024-06-10T12:00:00.000Z',
      priceUsd: '2.345678901234567890123', marketCap: '2345678901', ath: '4.83', atl: '0.000000015',
      priceChangePercentage24h: '-5.5', priceChangePercentage7d: '12.25',
    });
    expect(Number.isInteger(byKey['WIF/coingecko'].price.id)).toBe(true);
  });

  it('when chain, date or limit are given, then they filter (chain any case) and cut', async () => {
    const keys = async (q: string) => (await s.rest(`/api/trending/token-stats?${q}`)).body.map((t: { symbol: string; chain: string }) => `${t.symbol}/${t.chain}`);
    expect(await keys('chain=BASE')).toEqual(['USDC/base']);
    expect(await keys('chain=ethereum')).toEqual(['ETH/ethereum', 'USDC/ethereum', 'pepe/ethereum']);
    expect(await keys('chain=polygon')).toEqual([]);
    expect(await keys('date=2024-06-09')).toEqual(['SOL/solana', 'ETH/ethereum']);
    expect(await keys('limit=2')).toEqual(['ETH/ethereum', 'USDC/base']);
    expect(await keys('date=2024-06-08')).toEqual([]);
  });

  it('when limit or date break a rule, then 400 naming it', async () => {
    for (const [q, field] of [['limit=0', 'limit'], ['limit=101', 'limit'], ['date=june', 'date']]) {
      const res = await s.rest(`/api/trending/token-stats?${q}`);
      expect([q, res.status]).toEqual([q, 400]);
      expect(res.body.message).toMatch(new RegExp(field));
    }
  });

  it('when 1 or 3 tokens are listed with categories, markets and price, then the SQL statement count is the same', async () => {
    // A first request verifies the key (lookup + last-used stamp) and is left out: the key
    // then stays cached for the whole test (KEY_CACHE_SECONDS above), so only the answer is counted.
    await s.rest('/api/trending/token-stats?limit=1');
    const one = await s.statementsFor(() => s.rest('/api/trending/token-stats?limit=1'));
    const three = await s.statementsFor(() => s.rest('/api/trending/token-stats?limit=3'));
    const five = await s.statementsFor(() => s.rest('/api/trending/token-stats?limit=100'));
    expect([three, five]).toEqual([one, one]);
    // tokens + categories + markets + prices + freshness (protocol_state)
    expect(one).toBeLessThanOrEqual(5);
  });
});

describe('GraphQL token(symbol, chain)', () => {
  const TOKEN = 'query($s: String!, $c: String, $from: Date, $to: Date) { token(symbol: $s, chain: $c) { id: nativeId chain symbol mentions(from: $from, to: $to) { date postCount id } } }';
  type TokenAnswer = { token: { id: number; chain: string; symbol: string; mentions: { date: string; postCount: number; id: string | null }[] } | null };

  it('when asked with a range, then one entry per day with zeros filled (id null on zero days)', async () => {
    const data = await s.gql.request<TokenAnswer>(TOKEN, { s: 'eth', from: '2024-06-07', to: '2024-06-10' });
    expect(data.token).toEqual({
      id: 1, chain: 'ethereum', symbol: 'ETH', mentions: [
        { date: '2024-06-07', postCount: 1, id: tokenMentionId('ETH', '2024-06-07') },
        { date: '2024-06-08', postCount: 0, id: null },
        { date: '2024-06-09', postCount: 1, id: tokenMentionId('ETH', '2024-06-09') },
        { date: '2024-06-10', postCount: 3, id: ETH_0610 },
      ],
    });
  });

  it('when no range is given, then the 30 days up to the newest day with mentions', async () => {
    const data = await s.gql.request<TokenAnswer>(TOKEN, { s: 'SOL' });
    const m = data.token!.mentions;
    expect([m.length, m[0].date, m[29].date]).toEqual([30, '2024-05-12', '2024-06-10']);
    expect(m.filter((d) => d.postCount > 0)).toEqual([{ date: '2024-06-09', postCount: 2, id: tokenMentionId('SOL', '2024-06-09') }]);
    const never = await s.gql.request<TokenAnswer>(TOKEN, { s: 'ARB', from: '2024-06-09', to: '2024-06-10' });
    expect(never.token!.mentions).toEqual([{ date: '2024-06-09', postCount: 0, id: null }, { date: '2024-06-10', postCount: 0, id: null }]);
  });

  it('when the symbol is on several chains and no chain is given, then BAD_USER_INPUT naming the chains (HTTP 200: the field ran); with chain, that token', async () => {
    const res = await errorOf(s.gql.request(TOKEN, { s: 'usdc' }));
    expect([res.status, res.errors?.[0]?.extensions?.code, res.errors?.[0]?.message])
      .toEqual([200, 'BAD_USER_INPUT', 'USDC is on several chains (base, ethereum); give chain']);
    const base = await s.gql.request<TokenAnswer>(TOKEN, { s: 'USDC', c: 'Base', from: '2024-06-10', to: '2024-06-10' });
    expect(base.token).toEqual({ id: 2, chain: 'base', symbol: 'USDC', mentions: [{ date: '2024-06-10', postCount: 2, id: tokenMentionId('USDC', '2024-06-10') }] });
  });

  it('when no token has the symbol (or not on that chain), then null', async () => {
    expect((await s.gql.request<TokenAnswer>(TOKEN, { s: 'DOGE' })).token).toBeNull();
    expect((await s.gql.request<TokenAnswer>(TOKEN, { s: 'USDC', c: 'solana' })).token).toBeNull();
  });

  it('when the range is bad, then BAD_USER_INPUT: a malformed day before execution (400), from after to or more than 366 days as the field runs (200)', async () => {
    const malformed: [Record<string, string>, RegExp][] = [
      [{ from: '2024-06-31' }, /^Variable "\$from" got invalid value "2024-06-31"; must be a date YYYY-MM-DD/],
      [{ to: 'today' }, /^Variable "\$to" got invalid value "today"; must be a date/],
    ];
    for (const [range, message] of malformed) {
      const res = await errorOf(s.gql.request(TOKEN, { s: 'ETH', ...range }));
      expect([res.status, res.errors?.[0]?.extensions?.code]).toEqual([400, 'BAD_USER_INPUT']);
      expect(res.errors?.[0]?.message).toMatch(message);
    }
    const cases: [Record<string, string>, RegExp][] = [
      [{ from: '2024-06-10', to: '2024-06-09' }, /^from \(2024-06-10\) must not be after to \(2024-06-09\)/],
      [{ from: '2023-06-09', to: '2024-06-10' }, /at most 366 days; got 368/],
    ];
    for (const [range, message] of cases) {
      const res = await errorOf(s.gql.request(TOKEN, { s: 'ETH', ...range }));
      expect([res.status, res.errors?.[0]?.extensions?.code]).toEqual([200, 'BAD_USER_INPUT']);
      expect(res.errors?.[0]?.message).toMatch(message);
    }
    const full = await s.gql.request<TokenAnswer>(TOKEN, { s: 'ETH', from: '2023-06-11', to: '2024-06-10' });
    expect(full.token!.mentions).toHaveLength(366);
  });

  it('when publications are asked on the token, then the posts of its symbol, paged', async () => {
    const data = await s.gql.request<{ token: { publications: { postId: string }[]; all: { postId: string }[] } }>(
      '{ token(symbol: "eth") { publications(date: "2024-06-10", limit: 2) { postId } all: publications(page: 3, limit: 2) { postId } } }');
    expect(postIds(data.token.publications)).toEqual(['0xc05', '0xc02']);
    expect(postIds(data.token.all)).toEqual(['0xc08']);
  });

  it('when trendingTokens nests mentions and publications for every token, then one statement per nested field', async () => {
    const q = (limit: number) => s.gql.request(`{ trendingTokens(limit: ${limit}) { id categories { id } markets { id } price { id }
      mentions(from: "2024-06-09", to: "2024-06-10") { postCount } publications(limit: 1) { postId } } }`);
    const one = await s.statementsFor(() => q(1));
    const all = await s.statementsFor(() => q(5));
    expect(all).toBe(one);
    const data = await s.gql.request<{ trendingTokens: { id: number; mentions: { postCount: number }[]; publications: { postId: string }[] }[] }>(
      '{ trendingTokens(date: "2024-06-09") { id: nativeId mentions(from: "2024-06-09", to: "2024-06-10") { postCount } publications(limit: 1) { postId } } }');
    expect(data.trendingTokens).toEqual([
      { id: 4, mentions: [{ postCount: 2 }, { postCount: 0 }], publications: [{ postId: '0xc06' }] },
      { id: 1, mentions: [{ postCount: 1 }, { postCount: 3 }], publications: [{ postId: '0xc05' }] },
    ]);
  });
});
