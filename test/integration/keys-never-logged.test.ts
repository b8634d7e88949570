// The real app at LOG_LEVEL=debug, its log captured: keys sent every way the
// service reads one (the header, ?apikey= on /graphql, /graphiql and a REST
// path, a GraphQL body, a JSON body field, graphql-ws connectionParams), good
// and wrong ones, on answers that succeed, are refused (401, 400) and fail
// (500), never appear in the log, while each request's url, less the key, does.
import { Writable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { SCOPES } from '../../src/auth/scopes';
import { createLogger } from '../../src/logging/logger';
import { PUSH_EVENTS, Subscriber } from '../helpers/push-rig';
import { serveApp, testConfig, type ServedApp } from '../helpers/serve-app';
import { waitUntil } from '../helpers/sync-wait';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

let t: TestDatabase;
let served: ServedApp;
let key: string;
const written: string[] = [];
const sink = new Writable({ write(chunk, _enc, done) { written.push(String(chunk)); done(); } });
const subscribers: Subscriber[] = [];

/** A key-shaped secret no key has, and a wrong key of any shape (only its name tells it is one). */
const wrongKey = `sga_${randomBytes(32).toString('base64url')}`;
const oddKey = `not-a-key-${randomBytes(8).toString('hex')}`;

beforeAll(async () => {
  t = await createTestDatabase();
  served = await serveApp(testConfig({ LOG_LEVEL: 'debug' }), t.db, {}, createLogger('debug', sink));
  ({ key } = await served.app.keys.create({ name: 'logged', scopes: SCOPES }));
});
afterAll(async () => {
  for (const s of subscribers) await s.close();
  await new Promise<void>((resolve) => served.server.close(() => resolve()));
  await served.app.close();
  await t.close();
});

const call = (path: string, init: { method?: string; apikey?: string; body?: unknown; accept?: string } = {}) =>
  fetch(`${served.base}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.apikey ? { apikey: init.apikey } : {}), ...(init.accept ? { accept: init.accept } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  }).then(async (res) => ({ status: res.status, text: await res.text() }));

const logged = () => written.join('');
const lines = () => logged().split('\n').filter(Boolean).map((l) => JSON.parse(l) as { level: number; msg: string; req?: { url?: string; query?: unknown } });

describe('keys in the log', () => {
  it('when keys arrive in headers, query strings, bodies and connectionParams, on answers good and bad, then no key is in the log and each url is, less the key', async () => {
    const q = `?apikey=${key}`;
    const answers = [
      // The header only, and a key-shaped text in another parameter.
      [await call('/api/farcaster/user/profile/1?note=' + key, { apikey: key }), 404],
      // The explorer pages take the key from the query string.
      [await call(`/graphql${q}`, { accept: 'text/html' }), 200],
      [await call(`/graphiql${q}&from=sandbox`), 200],
      // An operation by GET, the key in both places, and in a REST path's query in other spellings.
      [await call(`/graphql?query=${encodeURIComponent('{ __typename }')}&apikey=${key}`, { apikey: key }), 200],
      [await call(`/api/farcaster/user/profile/1?ApiKey=${key}&x=1`, { apikey: key }), 404],
      [await call(`/api/farcaster/user/profile/1?API_KEY=${oddKey}&x=2`, { apikey: key }), 404],
      // Bodies: a GraphQL body's variables, a REST body's field (beside a refused one), a GraphQL body that does not parse.
      [await call('/graphql', { apikey: key, body: { query: 'query ($apikey: String) { __typename }', variables: { apikey: key } } }), 200],
      [await call('/api/trending/find', { apikey: key, body: { apikey: key, protocol: 'farcaster', limit: 0 } }), 400],
      [await call('/graphql', { apikey: key, accept: 'application/graphql-response+json', body: { query: '{ nope(', variables: { apikey: oddKey } } }), 400],
      // Wrong keys: 401, in the header and the query string.
      [await call(`/api/farcaster/user/profile/1?apikey=${wrongKey}`, { apikey: wrongKey }), 401],
      [await call(`/graphql?apikey=${oddKey}`, { apikey: oddKey, body: { query: '{ __typename }' } }), 401],
    ] as const;
    expect(answers.map(([a]) => a.status)).toEqual(answers.map(([, status]) => status));

    // A failure that is logged as an error (a table gone), the key in the header and the query string.
    await t.db.sql.exec('ALTER TABLE fc_user RENAME TO fc_user_away');
    try {
      expect((await call(`/api/farcaster/user/profile/1${q}`, { apikey: key })).status).toBeGreaterThanOrEqual(500);
      expect((await call(`/graphql${q}`, { apikey: key, body: { query: '{ farcasterUser(fid: 1) { fid } }' } })).text).toContain('"errors"');
    } finally {
      await t.db.sql.exec('ALTER TABLE fc_user_away RENAME TO fc_user');
    }

    // graphql-ws: a good key in connectionParams (subscribed), a wrong one (closed with 4403).
    const good = new Subscriber(served.base, key).subscribe(PUSH_EVENTS, { filter: { types: ['NEW_FOLLOWER'] } });
    const bad = new Subscriber(served.base, oddKey).subscribe(PUSH_EVENTS, { filter: { types: ['NEW_FOLLOWER'] } });
    subscribers.push(good, bad);
    await waitUntil('the subscription', () => served.app.push?.subscriptions.size ?? 0, (n) => n === 1);
    await waitUntil('the refusal', () => bad.errors.length, (n) => n > 0);
    expect(bad.errors[0]).toMatchObject({ code: 4403 });

    // Let the last answers' lines be written.
    await waitUntil('the log lines', () => lines().filter((l) => l.msg === 'request completed' || l.msg === 'request errored').length, (n) => n >= answers.length + 2);
    const text = logged();
    for (const secret of [key, wrongKey, oddKey]) expect(text.includes(secret)).toBe(false);
    expect(text.includes(key.slice(4, 24))).toBe(false);

    const urls = lines().map((l) => l.req?.url).filter(Boolean);
    expect(urls).toEqual(expect.arrayContaining([
      '/api/farcaster/user/profile/1?note=[redacted]',
      '/graphql?apikey=[redacted]',
      '/graphiql?apikey=[redacted]&from=sandbox',
      `/graphql?query=${encodeURIComponent('{ __typename }')}&apikey=[redacted]`,
      '/api/farcaster/user/profile/1?ApiKey=[redacted]&x=1',
      '/api/farcaster/user/profile/1?API_KEY=[redacted]&x=2',
      '/api/trending/find',
    ]));
    // pino-http's parsed query says the same.
    expect(lines().find((l) => l.req?.url === '/api/farcaster/user/profile/1?ApiKey=[redacted]&x=1')?.req?.query).toEqual({ ApiKey: '[redacted]', x: '1' });
    // The failure was logged as an error, and its answer with its url.
    expect(lines().filter((l) => l.level >= 50 && l.msg === 'unexpected error').length).toBeGreaterThan(0);
    expect(lines().filter((l) => l.msg === 'request errored').map((l) => l.req?.url)).toContain('/api/farcaster/user/profile/1?apikey=[redacted]');
  });
});
