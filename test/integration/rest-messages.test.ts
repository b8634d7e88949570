// REST answers speak REST: a 400 names the parameter as the client sent it
// (path, query or body; `limit` where the GraphQL argument is `first`) with the
// rule in plain words, a 401 says how to send a key, a 404 names what was not
// found, and a body that is not JSON is a 415, not silently ignored.
import { startTestServer, type TestServer } from '../helpers/test-server';

let s: TestServer;
beforeAll(async () => { s = await startTestServer({ fixture: 'api-basic' }); });
afterAll(async () => { await s.close(); });

const badRequest = (message: string) => ({ status: 400, body: { statusCode: 400, message, error: 'Bad Request' } });
const answer = async (path: string, init?: { body?: unknown }) => {
  const { status, body } = await s.rest(path, init);
  return { status, body };
};

describe('REST 400 messages', () => {
  it.each([
    ['/api/farcaster/user/profile/abc', 'fid must be an integer (got "abc")'],
    ['/api/farcaster/user/profile/1.5', 'fid must be an integer (got "1.5")'],
    ['/api/farcaster/user/profile/0', 'fid must be an integer between 1 and 2147483647'],
    ['/api/farcaster/user/profile/99999999999', 'fid must be an integer between -2147483648 and 2147483647 (got 99999999999)'],
  ])('when the path parameter is wrong (%s), then 400 naming fid', async (path, message) => {
    expect(await answer(path)).toEqual(badRequest(message));
  });

  it('when limit (the argument first) is out of range or not a number, then 400 naming limit, not first', async () => {
    expect(await answer('/api/farcaster/followers/top/1?limit=21')).toEqual(badRequest('limit must be an integer between 1 and 20'));
    expect(await answer('/api/farcaster/followers/top/1?limit=0')).toEqual(badRequest('limit must be an integer between 1 and 20'));
    expect(await answer('/api/farcaster/followers/recent/1?limit=abc')).toEqual(badRequest('limit must be an integer (got "abc")'));
    expect(await answer('/api/farcaster/followers/1?limit=101')).toEqual(badRequest('limit must be an integer between 1 and 100'));
  });

  it('when a GraphQL client breaks the same rule, then its message keeps the GraphQL argument name', async () => {
    const res = await fetch(`${s.baseUrl}/graphql`, {
      method: 'POST', headers: { 'content-type': 'application/json', apikey: s.key },
      body: JSON.stringify({ query: '{ farcasterUser(fid: 1) { topFollowers(first: 21) { fid } } }' }),
    });
    const body = await res.json() as { errors: { message: string }[] };
    expect(body.errors.map((e) => e.message)).toEqual(['first must not be greater than 20']);
  });

  it('when a list parameter is empty, too long or has a bad item, then 400 saying what the list must hold', async () => {
    expect(await answer('/api/farcaster/user/profiles')).toEqual(badRequest('fids must list at least 1 fid'));
    expect(await answer('/api/farcaster/likes-count?fids=1,x')).toEqual(badRequest('fids must list integers (got "x")'));
    const many = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    expect(await answer(`/api/farcaster/followersCount?fids=${many}`)).toEqual(badRequest('fids must list at most 100 fids'));
    expect(await answer('/api/farcaster/user/profiles?fids=0')).toEqual(badRequest('every fid in fids must be at least 1'));
    expect(await answer('/api/lens/followersCount?ids=zz')).toEqual(
      badRequest('ids: Lens profile id must be a hex number such as 0x01 or a 40-digit account address (got "zz")'));
  });

  it('when a required parameter is missing, then 400 "<name> is required"', async () => {
    expect(await answer('/api/llm/categories/publications?date=2024-06-10')).toEqual(badRequest('category is required'));
    expect(await answer('/api/llm/topics/engagers')).toEqual(badRequest('topic is required'));
  });

  it('when a choice parameter has another value, then 400 listing the choices under the parameter name', async () => {
    expect(await answer('/api/farcaster/user/rank/1?ratio=year')).toEqual(
      badRequest('ratio must be one of day, week, month (or 1d, 7d, 30d); got "year"'));
    expect(await answer('/api/farcaster/followers/history/1?interval=7d')).toEqual(badRequest('interval must be one of day, week, month; got "7d"'));
    expect(await answer('/api/trending/find', { body: { protocol: 'myspace' } })).toEqual(badRequest('protocol must be one of farcaster, lens; got "myspace"'));
    expect(await answer('/api/trending/find', { body: { protocol: 7 } })).toEqual(badRequest('protocol must be one of farcaster, lens; got 7'));
  });

  it('when a choice parameter comes in an earlier spelling, then it is read as before, and answers print the earlier spellings', async () => {
    const month = await s.rest('/api/farcaster/user/rank/1?ratio=30D');
    expect(month.status).toBe(200);
    expect(month.body).toEqual((await s.rest('/api/farcaster/user/rank/1?ratio=month')).body);
    expect([typeof month.body.rank, typeof month.body.count]).toEqual(['string', 'string']);
    const rank = await s.rest('/api/farcaster/profile/rank/1');
    expect(Object.values(rank.body).map((e) => (e as { percentileCategory: string }).percentileCategory))
      .toEqual(expect.arrayContaining([expect.stringMatching(/^(top (0\.1|1|5|10|25|50)|bottom 50)%$/)]));
    const history = await s.rest('/api/farcaster/followers/history/1?interval=week&from=2024-06-01&to=2024-06-07');
    expect([history.status, history.body.interval]).toEqual([200, 'week']);
  });

  it('when a day is not on the calendar, then 400 naming the parameter', async () => {
    expect(await answer('/api/farcaster/followers/history/1?from=2024-02-30')).toEqual(badRequest('from must be a date YYYY-MM-DD; got "2024-02-30"'));
    expect(await answer('/api/llm/topics?date=yesterday')).toEqual(badRequest('date must be a date YYYY-MM-DD; got "yesterday"'));
  });

  it('when a body field breaks its rule, then 400 naming the body field', async () => {
    expect(await answer('/api/trending/find', { body: { limit: 0 } })).toEqual(badRequest('limit must be an integer between 1 and 100'));
    expect(await answer('/api/trending/find', { body: { limit: 'x' } })).toEqual(badRequest('limit must be an integer (got "x")'));
    expect(await answer('/api/trending/find', { body: { ratio: 'year' } })).toEqual(
      badRequest('ratio must be one of day, week, month (or 1d, 7d, 30d); got "year"'));
    expect(await answer('/api/trending/find', { body: [1] })).toEqual(badRequest('the body must be a JSON object'));
  });
});

describe('REST and GraphQL 401', () => {
  const message = 'Missing or invalid API key: send it in the `apikey` header';

  it('when the key is missing or unknown, then the 401 says how to send one, the same either way', async () => {
    for (const key of [null, 'sga_unknown']) {
      const { status, body } = await s.rest('/api/farcaster/user/profile/1', { key });
      expect({ key, status, body }).toEqual({ key, status: 401, body: { statusCode: 401, message, error: 'Unauthorized' } });
    }
    const res = await fetch(`${s.baseUrl}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' });
    expect([res.status, await res.json()]).toEqual([401, { errors: [{ message, extensions: { code: 'UNAUTHENTICATED' } }] }]);
  });
});

describe('REST 404 messages', () => {
  const notFound = (message: string) => ({ status: 404, body: { statusCode: 404, message, error: 'Not Found' } });

  it('when the id is unknown, then the 404 names the kind and the id', async () => {
    expect(await answer('/api/farcaster/user/profile/99999999')).toEqual(notFound('Farcaster user 99999999 not found'));
    expect(await answer('/api/farcaster/followers/top/99999999')).toEqual(notFound('Farcaster user 99999999 not found'));
    expect(await answer('/api/lens/profile/0x0abc')).toEqual(notFound('Lens profile 0x0abc not found'));
    expect(await answer('/api/llm/tokens/mentions/publications/pepe')).toEqual(notFound('token PEPE not found'));
  });
});

describe('POST bodies that are not JSON', () => {
  // A string body makes fetch add text/plain; bytes go with no content-type at all.
  const post = (path: string, headers: Record<string, string>, body: string) =>
    fetch(`${s.baseUrl}${path}`, { method: 'POST', headers: { apikey: s.key, ...headers }, body: new TextEncoder().encode(body) });
  const noType: Record<string, string> = {};

  it('when a REST POST body is sent as text/plain or without a content-type, then 415 asking for JSON', async () => {
    const expected = { statusCode: 415, message: 'send the body as JSON with content-type: application/json', error: 'Unsupported Media Type' };
    for (const headers of [{ 'content-type': 'text/plain' }, { 'content-type': 'application/x-www-form-urlencoded' }, noType]) {
      const res = await post('/api/trending/find', headers, '{"limit":0}');
      expect([headers, res.status, await res.json()]).toEqual([headers, 415, expected]);
    }
  });

  it('when a REST POST has no body, then the input defaults apply (200)', async () => {
    const res = await fetch(`${s.baseUrl}/api/trending/find`, { method: 'POST', headers: { apikey: s.key } });
    expect(res.status).toBe(200);
  });

  // Apollo answers these 400 before any operation (a 4xx is what the GraphQL-over-HTTP spec asks); the words say what to send.
  it('when a GraphQL POST body is not JSON, then 400 asking for a JSON object with a query', async () => {
    const message = 'send the body as JSON with content-type: application/json: an object with at least "query"';
    for (const headers of [{ 'content-type': 'text/plain' }, noType]) {
      const res = await post('/graphql', headers, '{"query":"{ __typename }"}');
      expect([headers, res.status, await res.json()]).toEqual([headers, 400, { errors: [{ message, extensions: { code: 'BAD_USER_INPUT' } }] }]);
    }
    const json = await post('/graphql', { 'content-type': 'application/json' }, '{"query":"{ __typename }"}');
    expect([json.status, await json.json()]).toEqual([200, { data: { __typename: 'Query' } }]);
  });
});
