// Webhook delivery: a receiver that is down gets retries with a growing
// backoff, a restart of the service (a new app on the same database) carries
// on and delivers, events stored while no instance runs are delivered, a
// receiver that keeps failing ends failed after the attempt limit, and two
// instances on one database deliver each attempt once.
import { SCOPES } from '../../src/auth/scopes';
import { GraphQLClient } from 'graphql-request';
import { insertPushEvents } from '../../src/repositories/push-outbox.sql';
import { pruneOutbox, skipBeforeEveryWebhook } from '../../src/push/outbox.repository';
import { fanOut } from '../../src/push/fan-out';
import { createWebhook } from '../../src/push/webhook.repository';
import { verifySignature } from '../../src/push/webhook-signature';
import { retryDelayMs } from '../../src/push/webhook-delivery';
import type { OutboxEvent } from '../../src/domain/push-events';
import { CREATE_WEBHOOK, DELIVERIES, LOOPBACK_WEBHOOKS, Receiver } from '../helpers/push-rig';
import { serve, stopServer, type ServedApp } from '../helpers/serve-app';
import { waitUntil } from '../helpers/sync-wait';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

const FAST = { PUSH_POLL_MS: 50, PUSH_RETRY_BASE_MS: 200, PUSH_RETRY_MAX_MS: 1_600, ...LOOPBACK_WEBHOOKS };

let testDb: TestDatabase;
let key: string;
const apps: ServedApp[] = [];

async function start(overrides = {}): Promise<{ served: ServedApp; gql: GraphQLClient }> {
  const served = await serve(testDb.db, { ...FAST, ...overrides });
  apps.push(served);
  if (!key) key = (await served.app.keys.create({ name: 'push', rateLimit: 100_000, scopes: SCOPES })).key;
  return { served, gql: new GraphQLClient(`${served.base}/graphql`, { headers: { apikey: key } }) };
}

async function stop(served: ServedApp): Promise<void> {
  apps.splice(apps.indexOf(served), 1);
  await stopServer(served.server);
  await served.app.close();
}

const follow = (fid: number, followerFid: number): OutboxEvent => ({ type: 'NEW_FOLLOWER', data: { fid, followerFid, followedAt: new Date().toISOString() } });
const emit = (...events: OutboxEvent[]) => testDb.db.sql.transaction((tx) => insertPushEvents(tx, events));

beforeAll(async () => { testDb = await createTestDatabase(); });
afterAll(async () => {
  for (const a of [...apps]) await stop(a);
  await testDb.close();
});

describe('webhooks under the answer cache', () => {
  it('when the answer cache is on, then each key lists its own webhooks, current after every change', async () => {
    const { served, gql: a } = await start({ ANSWER_CACHE_MB: 8 });
    const other = (await served.app.keys.create({ name: 'other', rateLimit: 100_000, scopes: SCOPES })).key;
    const b = new GraphQLClient(`${served.base}/graphql`, { headers: { apikey: other } });
    const list = `query Hooks { webhooks { edges { node { url } } } }`;
    const viaFragment = `query HooksByFragment { ...Hooks } fragment Hooks on Query { webhooks { edges { node { url } } } }`;
    const urls = async (c: GraphQLClient, doc = list) => (await c.request<{ webhooks: { edges: { node: { url: string } }[] } }>(doc)).webhooks.edges.map((e) => e.node.url).sort();
    await a.request(CREATE_WEBHOOK, { input: { url: 'http://127.0.0.1:9/one', filter: { types: ['NEW_FOLLOWER'] } } });
    expect(await urls(a)).toEqual(['http://127.0.0.1:9/one']);
    expect(await urls(b)).toEqual([]);
    expect(await urls(b, viaFragment)).toEqual([]);
    await a.request(CREATE_WEBHOOK, { input: { url: 'http://127.0.0.1:9/two', filter: { types: ['NEW_FOLLOWER'] } } });
    expect(await urls(a)).toEqual(['http://127.0.0.1:9/one', 'http://127.0.0.1:9/two']);
    expect(await urls(a, viaFragment)).toEqual(['http://127.0.0.1:9/one', 'http://127.0.0.1:9/two']);
    await stop(served);
  });
});

describe('webhook delivery', () => {
  it('when the receiver is down, then it is retried with backoff, and a restarted service delivers (events stored meanwhile too)', async () => {
    const receiver = await new Receiver().startOffEphemeralRange();
    const port = receiver.port;
    await receiver.stop();
    const first = await start();
    const created = (await first.gql.request<any>(CREATE_WEBHOOK, { input: { url: `http://127.0.0.1:${port}/hook`, filter: { types: ['NEW_FOLLOWER'], fids: [7] } } })).createWebhook;
    const hookId = created.webhook.id;
    await emit(follow(7, 70), follow(8, 80));
    const log = async (gql: GraphQLClient) => (await gql.request<any>(DELIVERIES, { id: hookId })).webhook.deliveries;
    const failing = await waitUntil('three failed attempts', () => log(first.gql), (d) => d.edges[0]?.node.attempts >= 3, { timeoutMs: 10_000 });
    expect(failing.totalCount).toBe(1); // fid 8 is not in the filter
    const node = failing.edges[0].node;
    expect(node.state).toBe('PENDING');
    expect(node.log.map((a: any) => ({ status: a.status, error: a.error }))).toEqual(node.log.map(() => ({ status: null, error: expect.stringMatching(/ECONNREFUSED/) })));
    // Waits between attempts follow the backoff: attempt n+1 ≥ half of base·2^(n−1) after attempt n ends.
    const at = node.log.map((a: any) => Date.parse(a.at) + a.ms);
    for (let n = 1; n < at.length; n++) expect(Date.parse(node.log[n].at) - at[n - 1]).toBeGreaterThanOrEqual(FAST.PUSH_RETRY_BASE_MS * 2 ** (n - 1) / 2 - 5);
    expect(Date.parse(node.nextAttemptAt)).toBeGreaterThan(Date.parse(node.log.at(-1).at));

    await stop(first.served);
    await emit(follow(7, 71)); // stored while no instance runs
    const back = await new Receiver().start(port);
    const second = await start();
    await waitUntil('both delivered by the new app', () => log(second.gql), (d) => d.totalCount === 2 && d.edges.every((e: any) => e.node.state === 'DELIVERED'), { timeoutMs: 10_000 });
    expect(back.posts.map((p) => p.json.followerFid).sort()).toEqual([70, 71]);
    for (const p of back.posts) {
      expect(verifySignature(created.secret, String(p.headers['x-push-timestamp']), p.body, String(p.headers['x-push-signature']))).toBe(true);
    }
    const late = back.posts.find((p) => p.json.followerFid === 70)!;
    expect(Number(late.headers['x-push-attempt'])).toBeGreaterThanOrEqual(4);
    await back.stop();
    await stop(second.served);
  });

  it('when the receiver keeps answering 500, then the delivery ends failed after the attempt limit', async () => {
    const receiver = await new Receiver().start();
    receiver.status = 500;
    const { served, gql } = await start({ PUSH_WEBHOOK_MAX_ATTEMPTS: 3, PUSH_RETRY_BASE_MS: 50 });
    const hookId = (await gql.request<any>(CREATE_WEBHOOK, { input: { url: receiver.url, filter: { types: ['NEW_FOLLOWER'], fids: [9] } } })).createWebhook.webhook.id;
    await emit(follow(9, 90));
    const d = await waitUntil('failed', async () => (await gql.request<any>(DELIVERIES, { id: hookId })).webhook.deliveries.edges[0]?.node,
      (n) => n?.state === 'FAILED', { timeoutMs: 10_000 });
    expect({ attempts: d.attempts, lastStatus: d.lastStatus, statuses: d.log.map((a: any) => a.status), next: d.nextAttemptAt })
      .toEqual({ attempts: 3, lastStatus: 500, statuses: [500, 500, 500], next: null });
    expect(receiver.posts).toHaveLength(3);
    await receiver.stop();
    await stop(served);
  });

  it('when two instances run on one database, then no attempt is POSTed twice and every delivery arrives', async () => {
    const receiver = await new Receiver().start();
    const a = await start();
    const b = await start();
    const hookId = (await a.gql.request<any>(CREATE_WEBHOOK, { input: { url: receiver.url, filter: { types: ['NEW_FOLLOWER'], fids: [11] } } })).createWebhook.webhook.id;
    await emit(...Array.from({ length: 40 }, (_, i) => follow(11, 1_000 + i)));
    await waitUntil('40 delivered', async () => (await b.gql.request<any>(DELIVERIES, { id: hookId })).webhook.deliveries.edges
      // 40 deliveries through two instances: on a loaded machine some are still on their way long after the first arrive.
      .filter((e: any) => e.node.state === 'DELIVERED').length, (n) => n === 40, { timeoutMs: 30_000 });
    await new Promise((r) => setTimeout(r, 300));
    // At least once: an attempt that timed out on a loaded machine is retried (a new attempt number), never repeated.
    expect([...new Set(receiver.posts.map((p) => p.json.followerFid))].sort()).toEqual(Array.from({ length: 40 }, (_, i) => 1_000 + i));
    const attempts = receiver.posts.map((p) => `${String(p.headers['x-push-id'])}#${String(p.headers['x-push-attempt'])}`);
    expect(new Set(attempts).size).toBe(attempts.length);
    await receiver.stop();
  });

  it('backoff doubles from the base up to the max, with jitter between half and all of it', () => {
    expect([1, 2, 3, 10].map((n) => retryDelayMs(n, 1_000, 5_000, () => 0))).toEqual([500, 1_000, 2_000, 2_500]);
    expect([1, 2, 3, 10].map((n) => retryDelayMs(n, 1_000, 5_000, () => 1))).toEqual([1_000, 2_000, 4_000, 5_000]);
  });
});

describe('outbox pruning', () => {
  it('when events pass the retention, then fanned-out ones go, and unfanned ones only when older than every webhook', async () => {
    const { sql } = testDb.db;
    // No dispatcher of an earlier test may fan out behind this one's back.
    for (const a of [...apps]) await stop(a);
    for (const t of ['push_delivery', 'push_webhook', 'push_event']) await sql.query(`DELETE FROM ${t}`);
    const backdate = (table: string, hours: number) => sql.query(`UPDATE ${table} SET created_at = now() - make_interval(hours => $1)`, [hours]);
    // No webhook: fan-out leaves events unfanned, and they go once past the retention.
    await emit(follow(21, 1), follow(21, 2));
    expect(await pruneOutbox(sql, 72)).toEqual({ events: 0, deliveries: 0 });
    await backdate('push_event', 100);
    expect(await pruneOutbox(sql, 72)).toEqual({ events: 2, deliveries: 0 });

    // A webhook older than the events: an unfanned one stays (its fan-out is still due), a fanned-out one goes.
    // An app without a dispatcher (nothing fans out behind the test's back), for an API key to own the webhook.
    const { served } = await start({ PUSH: 'off' });
    await stop(served);
    const [{ id: keyId }] = await sql.query<{ id: string }>('SELECT id FROM api_key LIMIT 1');
    await createWebhook(sql, keyId, 'http://127.0.0.1:9/old', { types: ['NEW_FOLLOWER'] }, 'secret');
    await backdate('push_webhook', 200);
    await emit(follow(21, 3), follow(21, 4));
    await backdate('push_event', 100);
    await sql.query('UPDATE push_event SET fanned_out = true WHERE id = (SELECT min(id) FROM push_event)');
    expect(await pruneOutbox(sql, 72)).toEqual({ events: 1, deliveries: 0 });
    expect(await sql.query('SELECT fanned_out FROM push_event')).toEqual([{ fanned_out: false }]);
  });

  it('when the first webhook comes after a backlog, then its fan-out marks the backlog without a delivery and delivers what follows', async () => {
    const { sql } = testDb.db;
    for (const a of [...apps]) await stop(a);
    for (const t of ['push_delivery', 'push_webhook', 'push_event']) await sql.query(`DELETE FROM ${t}`);
    await emit(...Array.from({ length: 30 }, (_, i) => follow(31, 100 + i)));
    await sql.query("UPDATE push_event SET created_at = now() - interval '1 hour'");
    const [{ id: keyId }] = await sql.query<{ id: string }>('SELECT id FROM api_key LIMIT 1');
    await createWebhook(sql, keyId, 'http://127.0.0.1:9/first', { types: ['NEW_FOLLOWER'] }, 'secret');
    await emit(follow(31, 200), follow(31, 201));
    // The backlog is marked by key range, at most `limit` a statement, never the events after the webhook.
    expect(await skipBeforeEveryWebhook(sql, 10)).toBe(10);
    expect(await fanOut(sql)).toBe(2);
    expect(await skipBeforeEveryWebhook(sql, 10)).toBe(0);
    const events = await sql.query<{ n: number; fanned: number }>('SELECT count(*)::int AS n, count(*) FILTER (WHERE fanned_out)::int AS fanned FROM push_event');
    expect(events).toEqual([{ n: 32, fanned: 32 }]);
    const sent = await sql.query<{ follower: number }>("SELECT (body->>'followerFid')::int AS follower FROM push_delivery ORDER BY 1");
    expect(sent.map((r) => r.follower)).toEqual([200, 201]);
  });
});
