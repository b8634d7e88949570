// The GraphQL face: typed documents through graphql-request, batching proved
// by counting SQL statements, limits and error codes, REST == GraphQL.
import { createHash } from 'node:crypto';
import { print } from 'graphql';
import {
  TestFarcasterUserDocument, TestFarcasterUsersWithStatsDocument, TestLensProfilesWithStatsDocument,
} from '../../src/generated/graphql/graphql';
import { REST_ROUTES } from '../../src/rest/rest-routes';
import { isKeyScoped } from '../../src/rest/rest-route.type';
import { answerSpellings } from '../../src/rest/answer-spellings';
import { appSchema } from '../../src/graphql/build-schema';
import { exampleUrl } from '../../src/rest/rest-docs';
import { createApolloServer } from '../../src/graphql/apollo-server';
import { loadConfig } from '../../src/config/load-config';
import { createLogger } from '../../src/logging/logger';
import { errorOf } from '../helpers/graphql-error';
import { startTestServer, type TestServer } from '../helpers/test-server';

let s: TestServer;
beforeAll(async () => { s = await startTestServer({ fixture: 'api-basic' }); });
afterAll(async () => { await s.close(); });

describe('GraphQL', () => {
  it('when users are asked with their stats, then the answer matches the fixture', async () => {
    const data = await s.gql.request(TestFarcasterUsersWithStatsDocument, { fids: [1, 2] });
    expect(data.farcasterUsers).toEqual([
      { fid: 1, username: 'alice', stats: { followers: 4, following: 2, posts: 2 }, likesCount: 4 },
      { fid: 2, username: 'alicia', stats: { followers: 2, following: 1, posts: 1 }, likesCount: 1 },
    ]);
  });

  it('when 100 profiles are asked with their stats, then the SQL statement count does not grow with 100', async () => {
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    const few = await s.statementsFor(() => s.gql.request(TestFarcasterUsersWithStatsDocument, { fids: [1, 2] }));
    const many = await s.statementsFor(() => s.gql.request(TestFarcasterUsersWithStatsDocument, { fids: hundred }));
    expect(many).toBe(few);
    // key lookup + last-used stamp + profiles + counters + likes
    expect(many).toBeLessThanOrEqual(5);
    const lensIds = Array.from({ length: 100 }, (_, i) => `0x${(i + 1).toString(16)}`);
    const lens = await s.statementsFor(() => s.gql.request(TestLensProfilesWithStatsDocument, { ids: lensIds }));
    expect(lens).toBeLessThanOrEqual(5);
  });

  it('when Lens profiles are asked, then ids come back canonical and the score is in stats', async () => {
    const data = await s.gql.request(TestLensProfilesWithStatsDocument, { ids: ['0x1', '0x02'] });
    expect(data.lensProfiles.map((p) => [p.profileId, p.stats.followers, p.stats.lensClassifierScore])).toEqual([['0x01', 2, 0.9], ['0x02', 1, null]]);
  });

  it('when a single user does not exist, then that field is null with NOT_FOUND and HTTP 200, and its siblings answer', async () => {
    const res = await errorOf(s.gql.request(TestFarcasterUserDocument, { fid: 999 }));
    expect([res.status, res.data, res.errors?.[0]?.extensions?.code]).toEqual([200, { farcasterUser: null }, 'NOT_FOUND']);
    // What a frontend sends: one known and one unknown fid under aliases.
    const both = await fetch(`${s.baseUrl}/graphql`, {
      method: 'POST', headers: { 'content-type': 'application/json', apikey: s.key },
      body: JSON.stringify({ query: '{ a: farcasterUser(fid: 1) { fid } b: farcasterUser(fid: 99999999) { fid } }' }) });
    const body = await both.json();
    expect([both.status, body.data, body.errors.map((e: { path: string[]; extensions: { code: string } }) => [e.path, e.extensions.code])])
      .toEqual([200, { a: { fid: 1 }, b: null }, [[['b'], 'NOT_FOUND']]]);
  });

  it('when a request is refused before it runs, then a legacy application/json client gets 200 with the errors, a current client the 4xx', async () => {
    const post = (query: string, accept?: string) => fetch(`${s.baseUrl}/graphql`, {
      method: 'POST', headers: { 'content-type': 'application/json', apikey: s.key, ...(accept ? { accept } : {}) }, body: JSON.stringify({ query }) });
    for (const q of ['{ nope }', '{ farcasterUser(fid: 1) {']) {
      const legacy = await post(q);
      expect([q, legacy.status, legacy.headers.get('content-type'), (await legacy.json()).errors[0].extensions.code])
        .toEqual([q, 200, 'application/json; charset=utf-8', expect.any(String)]);
      const current = await post(q, 'application/graphql-response+json');
      expect([q, current.status, current.headers.get('content-type'), (await current.json()).errors[0].extensions.code])
        .toEqual([q, 400, 'application/graphql-response+json; charset=utf-8', 'BAD_USER_INPUT']);
    }
  });

  it('when a persisted query is sent by hash before the server knows it, then PERSISTED_QUERY_NOT_FOUND (200), and with its text it is learnt', async () => {
    // What Apollo Client's persisted-query link does: the hash alone first, the hash with the text on this code.
    const query = '{ farcasterUser(fid: 1) { fid } }';
    const sha256Hash = createHash('sha256').update(query).digest('hex');
    const extensions = { persistedQuery: { version: 1, sha256Hash } };
    const post = (body: object) => fetch(`${s.baseUrl}/graphql`, {
      method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', apikey: s.key }, body: JSON.stringify(body) });
    const miss = await post({ extensions });
    expect([miss.status, await miss.json()]).toEqual([200, { errors: [{ message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }] }]);
    const learnt = await post({ query, extensions });
    expect([learnt.status, await learnt.json()]).toEqual([200, { data: { farcasterUser: { fid: 1 } } }]);
    const byHash = await fetch(`${s.baseUrl}/graphql?extensions=${encodeURIComponent(JSON.stringify(extensions))}`, { headers: { apikey: s.key } });
    expect([byHash.status, await byHash.json()]).toEqual([200, { data: { farcasterUser: { fid: 1 } } }]);
  });

  it('when an argument breaks a rule, then BAD_USER_INPUT naming it (the field ran: HTTP 200)', async () => {
    const res = await errorOf(s.gql.request(TestFarcasterUsersWithStatsDocument, { fids: [] }));
    expect(res.status).toBe(200);
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(res.errors?.[0]?.message).toMatch(/fids/);
  });

  it('when a query is too deep, then 400 BAD_USER_INPUT before it runs', async () => {
    // A server whose depth bound is 3, run without network (Apollo executeOperation).
    const apollo = createApolloServer(loadConfig({}, { GRAPHQL_MAX_DEPTH: 3 }), createLogger('silent'));
    await apollo.start();
    try {
      const res = await apollo.executeOperation({ query: '{ farcasterUser(fid: 1) { metadata { coverPicture { optimized { uri } } } } }' });
      expect(res.http.status).toBe(400);
      expect(res.body.kind === 'single' && res.body.singleResult.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    } finally {
      await apollo.stop();
    }
  });

  it('when a query has too many aliases or tokens, is unknown or does not parse, then 400 BAD_USER_INPUT', async () => {
    const post = (query: string) => fetch(`${s.baseUrl}/graphql`, {
      method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', apikey: s.key }, body: JSON.stringify({ query }) });
    const aliases = `{ ${Array.from({ length: 40 }, (_, i) => `a${i}: farcasterUser(fid: 1) { fid }`).join(' ')} }`;
    const tooManyTokens = `{ ${'a '.repeat(6000)} }`;
    for (const q of [aliases, tooManyTokens, '{ nope }', '{ farcasterUser(fid: 1) {']) {
      const res = await post(q);
      const body = await res.json();
      expect([q.slice(0, 30), res.status, body.errors?.[0]?.extensions?.code]).toEqual([q.slice(0, 30), 400, 'BAD_USER_INPUT']);
      // Only a query the parser gave up on is a syntax error: the tokens are counted before parsing.
      expect([q.slice(0, 30), /^Syntax Error/.test(body.errors[0].message)]).toEqual([q.slice(0, 30), q.endsWith('{')]);
    }
    const limited = await (await post(aliases)).json();
    expect(limited.errors[0].message).toBe('Aliases limit of 30 exceeded, found 40.');
    const flooded = await (await post(tooManyTokens)).json();
    expect(flooded.errors[0].message).toBe('Query exceeds the limit of 5000 tokens; ask for fewer fields, or send long lists as variables');
  });

  it('when a REST route is called, then its body equals the GraphQL answer of its operation, enum values in their REST spelling', async () => {
    // The webhook routes answer the key's own records (ids and secrets are new on each call): rest-webhooks.test.ts compares those faces.
    for (const r of REST_ROUTES.filter((route) => !isKeyScoped(route))) {
      const key = `${r.method.toUpperCase()} ${r.path}`;
      const { path: param = '', query = '', body } = r.example;
      const rest = await s.rest(exampleUrl(r), { method: r.method.toUpperCase(), body });
      const req = { params: Object.fromEntries((r.path.match(/:(\w+)/g) ?? []).map((p) => [p.slice(1), param])), query: Object.fromEntries(new URLSearchParams(query)), body };
      const variables = Object.fromEntries(Object.entries(r.variables(req as never)).filter(([, v]) => v !== undefined));
      const gql = await s.gql.request<Record<string, unknown>>(print(r.document), variables);
      // The one difference between the faces: REST prints the earlier spellings of enum values (`top 1%`, not TOP_1).
      expect([key, rest.status, rest.body]).toEqual([key, 200, JSON.parse(JSON.stringify(r.answer(answerSpellings(appSchema(), r.document)(gql) as never)))]);
    }
  });
});
