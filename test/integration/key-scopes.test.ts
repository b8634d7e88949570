// Scopes on both faces and over WebSocket: a read-only key (a frontend's) is
// refused every webhook route and field with 403 / FORBIDDEN and changes
// nothing; a webhooks-only key is refused the reads, even an answer the
// answer cache holds, and the live events.
import { createWebhook } from '../../src/push/webhook.repository';
import { checkPushFilter } from '../../src/push/push-filter';
import { parsePrometheus } from '../helpers/prometheus-text';
import { PUSH_EVENTS, subscribed, Subscriber } from '../helpers/push-rig';
import { waitUntil } from '../helpers/sync-wait';
import { startTestServer, type TestServer } from '../helpers/test-server';

let s: TestServer;
let readOnly: { id: string; key: string };
let webhooksOnly: string;
let hookId: string;
const subscribers: Subscriber[] = [];

beforeAll(async () => {
  // The answer cache is on: a refusal must come before it.
  s = await startTestServer({ fixture: 'api-basic', config: { ANSWER_CACHE_MB: 8 } });
  // Made without naming scopes: read only, as a frontend's key should be.
  readOnly = await s.app.keys.create({ name: 'frontend' });
  webhooksOnly = (await s.app.keys.create({ name: 'hooks', scopes: ['webhooks'] })).key;
  // A webhook of the read-only key itself (written directly, as a key made before scopes could have): reading or
  // deleting it would succeed but for the scope.
  hookId = (await createWebhook(s.testDb.db.sql, readOnly.id, 'http://127.0.0.1:9/hook', checkPushFilter({ types: ['NEW_FOLLOWER'] }), 'whsec_test')).id;
});
afterAll(async () => {
  for (const sub of subscribers) await sub.close();
  await s.close();
});

const forbidden = (scope: string, field: string) => ({ statusCode: 403, message: `This API key lacks the ${scope} scope, which ${field} needs`, error: 'Forbidden' });

async function graphql(key: string, query: string, variables: Record<string, unknown> = {}, accept = 'application/graphql-response+json') {
  const res = await fetch(`${s.baseUrl}/graphql`, {
    method: 'POST', headers: { apikey: key, 'content-type': 'application/json', accept }, body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, body: await res.json() as { data?: unknown; errors?: { message: string; extensions: { code: string } }[] } };
}

async function metrics() {
  return parsePrometheus(await (await fetch(`${s.baseUrl}/metrics`)).text());
}

const hooksOfReadOnly = async () =>
  (await s.testDb.db.sql.query<{ id: string }>('SELECT id FROM push_webhook WHERE api_key_id = $1', [readOnly.id])).map((r) => r.id);

describe('a read-only key', () => {
  it('when it calls each webhook route (list, read, deliveries, create, delete), then 403 naming the webhooks scope, and its webhooks are unchanged', async () => {
    const calls: [string, string, unknown, string][] = [
      ['GET', '/api/v2/webhooks', undefined, 'webhooks'],
      ['GET', `/api/v2/webhooks/${hookId}`, undefined, 'webhook'],
      ['GET', `/api/v2/webhooks/${hookId}/deliveries`, undefined, 'webhook'],
      ['POST', '/api/v2/webhooks', { url: 'http://127.0.0.1:9/other', filter: { types: ['NEW_FOLLOWER'] } }, 'createWebhook'],
      ['DELETE', `/api/v2/webhooks/${hookId}`, undefined, 'deleteWebhook'],
    ];
    for (const [method, path, body, field] of calls) {
      const res = await s.rest(path, { method, body, key: readOnly.key });
      expect([method, path, res.status, res.body]).toEqual([method, path, 403, forbidden('webhooks', field)]);
    }
    expect(await hooksOfReadOnly()).toEqual([hookId]);
    // The same routes answer a key with the scope.
    expect((await s.rest('/api/v2/webhooks')).status).toBe(200);
  });

  it('when it asks for the webhook queries or mutations on GraphQL, then FORBIDDEN before anything runs, through fragments and beside a read', async () => {
    const operations: [string, Record<string, unknown>, string][] = [
      ['{ webhooks { totalCount } }', {}, 'webhooks'],
      ['query ($id: ID!) { webhook(id: $id) { id deliveries { totalCount } } }', { id: hookId }, 'webhook'],
      ['mutation ($input: CreateWebhookInput!) { createWebhook(input: $input) { secret } }', { input: { url: 'http://127.0.0.1:9/x', filter: { types: ['NEW_FOLLOWER'] } } }, 'createWebhook'],
      ['mutation ($id: ID!) { deleteWebhook(id: $id) }', { id: hookId }, 'deleteWebhook'],
      ['query { ...Mine } fragment Mine on Query { mine: webhooks { totalCount } }', {}, 'webhooks'],
      // One root field it may not have refuses the whole operation: nothing ran, so no data.
      ['{ farcasterUser(fid: 1) { fid } webhooks { totalCount } }', {}, 'webhooks'],
    ];
    for (const [query, variables, field] of operations) {
      const res = await graphql(readOnly.key, query, variables);
      expect([query, res.status, res.body]).toEqual([query, 403, { errors: [{ message: forbidden('webhooks', field).message, extensions: { code: 'FORBIDDEN' } }] }]);
    }
    // A legacy application/json client reads the same refusal from a 200, as GraphQL-over-HTTP says.
    const legacy = await graphql(readOnly.key, '{ webhooks { totalCount } }', {}, 'application/json');
    expect([legacy.status, legacy.body.errors?.[0].extensions.code, 'data' in legacy.body]).toEqual([200, 'FORBIDDEN', false]);
    expect(await hooksOfReadOnly()).toEqual([hookId]);
  });

  it('when it reads, on both faces and over WebSocket, then it is answered', async () => {
    expect(await graphql(readOnly.key, '{ farcasterUser(fid: 1) { fid } }')).toEqual({ status: 200, body: { data: { farcasterUser: { fid: 1 } } } });
    expect(await s.rest('/api/farcaster/user/profile/1', { key: readOnly.key })).toMatchObject({ status: 200, body: { fid: 1 } });
    const sub = new Subscriber(s.baseUrl, readOnly.key).subscribe(PUSH_EVENTS, { filter: { types: ['NEW_FOLLOWER'] } });
    subscribers.push(sub);
    await subscribed(s);
    expect(sub.errors).toEqual([]);
  });
});

describe('a webhooks-only key', () => {
  it('when it reads a REST route or a query whose answer the cache holds, then 403 naming the read scope, and the cache is not asked', async () => {
    for (let i = 0; i < 2; i++) {
      expect((await s.rest('/api/farcaster/user/profile/2')).status).toBe(200);
      expect((await graphql(s.key, '{ farcasterUser(fid: 2) { fid } }')).status).toBe(200);
    }
    const before = await metrics();
    const hits = before.value('sga_answer_cache_lookups_total', { outcome: 'hit' });
    // Stored by the first round, served by the second.
    expect(hits).toBeGreaterThanOrEqual(2);

    expect(await s.rest('/api/farcaster/user/profile/2', { key: webhooksOnly })).toMatchObject({ status: 403, body: forbidden('read', 'farcasterUser') });
    expect(await graphql(webhooksOnly, '{ farcasterUser(fid: 2) { fid } }'))
      .toEqual({ status: 403, body: { errors: [{ message: forbidden('read', 'farcasterUser').message, extensions: { code: 'FORBIDDEN' } }] } });
    const after = await metrics();
    expect(after.value('sga_answer_cache_lookups_total', { outcome: 'hit' })).toBe(hits);
    expect(after.value('sga_answer_cache_lookups_total', { outcome: 'miss' })).toBe(before.value('sga_answer_cache_lookups_total', { outcome: 'miss' }));
    // Counted under their code on each face.
    const counted = (m: typeof after, surface: string) => m.value('sga_errors_total', { code: 'FORBIDDEN', surface }) ?? 0;
    expect([counted(after, 'rest') - counted(before, 'rest'), counted(after, 'graphql') - counted(before, 'graphql')]).toEqual([1, 1]);

    // Its own webhooks it may read.
    expect(await s.rest('/api/v2/webhooks', { key: webhooksOnly })).toMatchObject({ status: 200, body: { totalCount: 0 } });
  });

  it('when it subscribes to the live events over WebSocket, then the subscription is refused with FORBIDDEN and never registered', async () => {
    const sub = new Subscriber(s.baseUrl, webhooksOnly).subscribe(PUSH_EVENTS, { filter: { types: ['NEW_FOLLOWER'] } });
    subscribers.push(sub);
    const registered = s.app.push?.subscriptions.size;
    await waitUntil('the refusal', () => sub.errors.length, (n) => n > 0);
    expect(sub.errors).toEqual([[{ message: forbidden('read', 'pushEvents').message, extensions: { code: 'FORBIDDEN' } }]]);
    expect(sub.messages).toEqual([]);
    expect(s.app.push?.subscriptions.size).toBe(registered);
  });
});
