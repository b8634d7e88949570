// The input rules of docs/api.md, case by case: a broken escape in a path, a NUL
// in any text parameter, a date outside 2000-01-01..2099-12-31 and a body that is
// not in its Content-Encoding are 4xx answers naming what was wrong, never 500s.
import zlib from 'node:zlib';
import { REST_ROUTES } from '../../src/rest/rest-routes';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { shapeOf } from './fuzz-rest';
import { send, closeAgent, type RawRequest } from './raw-http';

let s: TestServer;
beforeAll(async () => { s = await startTestServer({ fixture: 'analytics' }); });
afterAll(async () => { closeAgent(); await s.close(); });

const shapes = REST_ROUTES.map(shapeOf);
/** A path of the route with every parameter a fixture value, and `name` replaced by `raw`. */
const pathOf = (path: string, name?: string, raw?: string) =>
  path.replace(/:(\w+)/g, (_m, p: string) => (p === name ? raw! : p === 'fid' ? '1' : p === 'id' ? '0x01' : 'ETH'));

const gql = async (query: string, variables?: Record<string, unknown>) => {
  // A current client (GraphQL-over-HTTP media type): a request refused before it runs keeps its 4xx; one that ran is a 200.
  const res = await send(s.baseUrl, { method: 'POST', path: '/graphql', headers: { apikey: s.key, 'content-type': 'application/json', accept: 'application/graphql-response+json' }, body: Buffer.from(JSON.stringify({ query, variables })) });
  const errors = (res.json as { errors?: { message: string; extensions: { code: string } }[] }).errors ?? [];
  return { status: res.status, codes: errors.map((e) => e.extensions.code), messages: errors.map((e) => e.message) };
};

describe('a path parameter that is not percent-encoded UTF-8', () => {
  const withParams = shapes.filter((r) => r.pathParams.length);

  it('when any of the 27 routes with one gets %FF there, then 400 naming the parameter (401 without a key)', async () => {
    expect(withParams.length).toBeGreaterThanOrEqual(27);
    for (const r of withParams) {
      const name = r.pathParams[0];
      const path = pathOf(r.path, name, '%FF');
      const method = r.method.toUpperCase();
      const res = await s.rest(path, { method });
      expect([path, res.status, res.body]).toEqual([path, 400, { statusCode: 400, message: `${name} is not valid percent-encoded UTF-8; got "%FF"`, error: 'Bad Request' }]);
      expect((await s.rest(path, { method, key: null })).status).toBe(401);
    }
  });

  it('when the escape is broken in other ways, in upper case or with a trailing slash, then still 400 naming it', async () => {
    for (const raw of ['%E0%A4%A', '%C0%80', 'ab%ED%A0%80']) {
      expect((await s.rest(`/api/farcaster/user/profiles/${raw}`)).body.message).toBe(`handle is not valid percent-encoded UTF-8; got "${raw}"`);
    }
    expect((await s.rest('/API/LENS/PROFILE/%FF/')).body).toMatchObject({ statusCode: 400, message: 'id is not valid percent-encoded UTF-8; got "%FF"' });
  });

  it('when a query string holds a broken escape, then it is read as U+FFFD and answered as any bad value', async () => {
    const res = await s.rest('/api/llm/topics?date=%FF');
    expect([res.status, res.body.message]).toEqual([400, 'date must be a date YYYY-MM-DD; got "\uFFFD"']);
  });
});

describe('a NUL character', () => {
  it('when it is in any path or query parameter of any REST route, then 400 naming that parameter as sent', async () => {
    let checked = 0;
    for (const r of shapes) {
      const method = r.method.toUpperCase();
      for (const name of r.pathParams) {
        const res = await s.rest(pathOf(r.path, name, 'a%00'), { method });
        expect([r.path, name, res.status, res.body.message]).toEqual([r.path, name, 400, `${name} must not contain a NUL character`]);
        checked++;
      }
      for (const name of r.query) {
        const res = await s.rest(`${pathOf(r.path)}?${name}=1%00`, { method });
        expect([r.path, name, res.status, res.body.message]).toEqual([r.path, name, 400, `${name} must not contain a NUL character`]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(60);
  });

  it('when it is in a text field of the trending body, then 400 naming it', async () => {
    for (const field of ['ratio', 'protocol']) {
      const res = await s.rest('/api/trending/find', { body: { [field]: 'week\u0000' } });
      expect([res.status, res.body.message]).toEqual([400, expect.stringContaining(field)]);
    }
  });

  it('when it is in a GraphQL text argument, as a literal or a variable, then BAD_USER_INPUT naming the argument', async () => {
    const cases: [string, string, string][] = [
      ['handle', 'String!', 'searchFarcasterUsers(handle: $v) { fid }'],
      ['tokenId', 'String!', 'tokenPublications(tokenId: $v) { postId }'],
      ['symbol', 'String!', 'token(symbol: $v) { symbol }'],
      ['chain', 'String', 'token(symbol: "WETH", chain: $v) { symbol }'],
      ['chain', 'String', 'trendingTokens(chain: $v) { symbol }'],
      ['topic', 'String!', 'topic(topic: $v) { topic }'],
      ['category', 'String!', 'categoryPublications(category: $v) { publicationId }'],
      ['after', 'String', 'farcasterUser(fid: 1) { followers(after: $v) { totalCount } }'],
    ];
    for (const [arg, type, field] of cases) {
      const byVariable = await gql(`query($v: ${type}) { ${field} }`, { v: 'gm\u0000' });
      const byLiteral = await gql(`{ ${field.replace('$v', '"gm\\u0000"')} }`);
      for (const res of [byVariable, byLiteral]) {
        // Argument rules are checked as the field runs: the request executed, so HTTP 200 with the field's error.
        expect([field, res.status, res.codes, res.messages]).toEqual([field, 200, ['BAD_USER_INPUT'], [`${arg} must not contain a NUL character`]]);
      }
    }
    // A day or a choice with a NUL is no Date and no enum value: refused before execution.
    for (const [type, field] of [['Date', 'topics(date: $v) { topic }'], ['Date', 'farcasterUser(fid: 1) { followersHistory(from: $v) { from } }'],
      ['GainWindow', 'farcasterUser(fid: 1) { userRank(ratio: $v) { count } }']]) {
      const res = await gql(`query($v: ${type}) { ${field} }`, { v: 'gm\u0000' });
      expect([field, res.status, res.codes]).toEqual([field, 400, ['BAD_USER_INPUT']]);
    }
    const currency = await gql('{ lensTopCreators(filter: { currency: "usdc\\u0000" }) { profileId } }');
    expect([currency.status, currency.messages]).toEqual([200, ['currency must not contain a NUL character']]);
  });
});

describe('dates and years outside 2000..2099', () => {
  const dateRoutes = shapes.filter((r) => r.query.includes('date'));

  it('when date=0000-01-01 (or 1999-12-31, 2100-01-01) on the 7 date routes, then 400 naming date; the bounds themselves answer 200', async () => {
    expect(dateRoutes.length).toBeGreaterThanOrEqual(7);
    for (const r of dateRoutes) {
      const base = `${pathOf(r.path)}?${r.query.includes('topic') ? 'topic=gm&' : ''}${r.query.includes('category') ? 'category=defi&' : ''}`;
      for (const bad of ['0000-01-01', '1999-12-31', '2100-01-01']) {
        const res = await s.rest(`${base}date=${bad}`);
        expect([r.path, res.status, res.body.message]).toEqual([r.path, 400, `date must be between 2000-01-01 and 2099-12-31; got "${bad}"`]);
      }
      for (const edge of ['2000-01-01', '2099-12-31']) {
        const res = await s.rest(`${base}date=${edge}`);
        expect([r.path, edge, res.status]).toEqual([r.path, edge, r.path.includes('publications/:tokenId') ? 404 : 200]);
      }
    }
  });

  it('when history from/to fall outside, then 400 naming them; from=2000-01-01 answers from that day', async () => {
    for (const p of ['/api/farcaster/followers/history/1', '/api/lens/followers/history/0x01']) {
      expect((await s.rest(`${p}?from=0000-01-01`)).body.message).toBe('from must be between 2000-01-01 and 2099-12-31; got "0000-01-01"');
      expect((await s.rest(`${p}?to=2100-01-01`)).body.message).toBe('to must be between 2000-01-01 and 2099-12-31; got "2100-01-01"');
      const edge = await s.rest(`${p}?from=2000-01-01&to=2000-01-03`);
      expect([edge.status, edge.body.from, edge.body.points.length]).toEqual([200, '2000-01-01', 3]);
    }
  });

  it('when a collect year is outside, then 400 naming year; December 2099 is the last month that answers', async () => {
    for (const q of ['year=1999', 'year=2100', 'year=9999', 'year=0']) {
      const res = await s.rest(`/api/lens/collect/top-creators?${q}`);
      expect([q, res.status, res.body.message]).toEqual([q, 400, expect.stringMatching(/^year must be a year between 2000 and 2099; got -?\d+$/)]);
    }
    expect((await s.rest('/api/lens/profile/collect/sum/0x01?year=2099&month=12')).body).toMatchObject({ profileId: '0x01', count: 0 });
    expect((await s.rest('/api/lens/profile/collect/list/0x01?year=2000&month=1')).status).toBe(200);
  });
});

describe('request bodies that are not what their headers say', () => {
  const post = (path: string, headers: Record<string, string>, body: Buffer): RawRequest =>
    ({ method: 'POST', path, headers: { 'content-type': 'application/json', ...headers }, body });
  const json = Buffer.from(JSON.stringify({ protocol: 'farcaster', ratio: 'month' }));

  it.each(['/api/trending/find', '/graphql'])('%s: garbage under gzip or br is 400 with a key and 401 without; an unknown encoding is 415', async (path) => {
    const answer = async (headers: Record<string, string>, body = Buffer.from('not compressed at all')) => {
      const res = await send(s.baseUrl, post(path, headers, body));
      const b = res.json as { message?: string; error?: string; errors?: { message: string; extensions: { code: string } }[] };
      return path === '/graphql' ? [res.status, b.errors?.[0]?.extensions.code, b.errors?.[0]?.message] : [res.status, b.error, b.message];
    };
    const graphql = path === '/graphql';
    expect(await answer({ 'content-encoding': 'gzip' })).toEqual([401, graphql ? 'UNAUTHENTICATED' : 'Unauthorized', 'Missing or invalid API key: send it in the `apikey` header']);
    expect(await answer({ apikey: s.key, 'content-encoding': 'gzip' })).toEqual([400, graphql ? 'BAD_USER_INPUT' : 'Bad Request', 'Request body is not valid gzip data']);
    expect(await answer({ apikey: s.key, 'content-encoding': 'br' })).toEqual([400, graphql ? 'BAD_USER_INPUT' : 'Bad Request', 'Request body is not valid br data']);
    expect(await answer({ apikey: s.key, 'content-encoding': 'bogus' }))
      .toEqual([415, graphql ? 'BAD_USER_INPUT' : 'Unsupported Media Type', 'Content-Encoding "bogus" is not supported (gzip, deflate, br or identity)']);
    expect(await answer({ apikey: s.key, 'content-type': 'application/json; charset=latin1' }, json))
      .toEqual([415, graphql ? 'BAD_USER_INPUT' : 'Unsupported Media Type', 'charset "latin1" is not supported (use utf-8)']);
    expect(await answer({ apikey: s.key }, Buffer.from('{"protocol":'))).toEqual([400, graphql ? 'BAD_USER_INPUT' : 'Bad Request', 'Request body is not valid JSON']);
    expect(await answer({ apikey: s.key }, Buffer.from(`{"x":"${'a'.repeat(110_000)}"}`)))
      .toEqual([413, graphql ? 'BAD_USER_INPUT' : 'Payload Too Large', 'Request body is larger than 102400 bytes']);
  });

  it('when the body really is gzip, deflate or br, then it is read', async () => {
    const query = Buffer.from(JSON.stringify({ query: '{ farcasterUser(fid: 1) { fid } }' }));
    for (const [encoding, pack] of [['gzip', zlib.gzipSync], ['deflate', zlib.deflateSync], ['br', zlib.brotliCompressSync]] as const) {
      const rest = await send(s.baseUrl, post('/api/trending/find', { apikey: s.key, 'content-encoding': encoding }, pack(json)));
      expect([encoding, rest.status, (rest.json as { page: number }).page]).toEqual([encoding, 200, 1]);
      const graphql = await send(s.baseUrl, post('/graphql', { apikey: s.key, 'content-encoding': encoding }, pack(query)));
      expect([encoding, graphql.status, graphql.json]).toEqual([encoding, 200, { data: { farcasterUser: { fid: 1 } } }]);
    }
  });
});

describe('GraphQL argument errors raised during execution', () => {
  it('when a variable sends null for a non-null argument that has a default, then BAD_USER_INPUT (not 500; HTTP 200: raised as the field ran)', async () => {
    const res = await gql('query($l: Int) { lensTopCreators(limit: $l) { profileId } }', { l: null });
    expect(res).toEqual({ status: 200, codes: ['BAD_USER_INPUT'], messages: ['Argument "limit" of non-null type "Int!" must not be null.'] });
  });
});
