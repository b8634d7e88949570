// Where webhooks may send, end to end on the loopback only: with the default
// settings a loopback target is refused at create on both faces (400 naming
// `url`, BAD_USER_INPUT); allowed private targets are delivered; a webhook
// stored while allowed is refused at delivery by an instance that does not
// allow it, without a connection; the POST goes to the checked address under
// the webhook's own name, with one lookup per attempt; a redirect is not
// followed; a receiver that never answers is a timed-out attempt.
import { SCOPES } from '../../src/auth/scopes';
import { insertPushEvents } from '../../src/repositories/push-outbox.sql';
import { NAME_REFUSED } from '../../src/push/webhook-target';
import type { Config } from '../../src/config/config.schema';
import type { AppDeps } from '../../src/http/app';
import { DELIVERIES, LOOPBACK_WEBHOOKS, Receiver } from '../helpers/push-rig';
import { serve, type ServedApp } from '../helpers/serve-app';
import { waitUntil } from '../helpers/sync-wait';
import { TableLookup } from '../helpers/test-lookup';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

const FAST = { PUSH_POLL_MS: 50, PUSH_RETRY_BASE_MS: 50, PUSH_RETRY_MAX_MS: 200 };

let testDb: TestDatabase;
let key: string;
const apps: ServedApp[] = [];
const receivers: Receiver[] = [];

interface Face { served: ServedApp; rest(body: unknown): Promise<{ status: number; body: any }>; gql(query: string, variables?: Record<string, unknown>): Promise<any> }

async function start(overrides: Partial<Config> = {}, deps: AppDeps = {}): Promise<Face> {
  const served = await serve(testDb.db, { ...FAST, ...overrides }, deps);
  apps.push(served);
  if (!key) key = (await served.app.keys.create({ name: 'targets', rateLimit: 100_000, scopes: SCOPES })).key;
  const post = (path: string, body: unknown) => fetch(`${served.base}${path}`, { method: 'POST', headers: { apikey: key, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return {
    served,
    async rest(body) { const res = await post('/api/v2/webhooks', body); return { status: res.status, body: await res.json() }; },
    async gql(query, variables = {}) { return (await post('/graphql', { query, variables })).json(); },
  };
}

async function stop(served: ServedApp): Promise<void> {
  apps.splice(apps.indexOf(served), 1);
  await new Promise<void>((resolve) => served.server.close(() => resolve()));
  await served.app.close();
}

const receiver = async () => { const r = await new Receiver().start(); receivers.push(r); return r; };
const emitFollow = (fid: number, followerFid: number) => testDb.db.sql.transaction((tx) =>
  insertPushEvents(tx, [{ type: 'NEW_FOLLOWER', data: { fid, followerFid, followedAt: new Date().toISOString() } }]));
const CREATE = `mutation ($input: CreateWebhookInput!) { createWebhook(input: $input) { webhook { id url } } }`;
const filterOf = (fid: number) => ({ types: ['NEW_FOLLOWER'], fids: [fid] });
const deliveriesOf = async (face: Face, id: string) => (await face.gql(DELIVERIES, { id })).data.webhook.deliveries.edges.map((e: any) => e.node);

beforeAll(async () => { testDb = await createTestDatabase(); });
afterEach(async () => {
  for (const a of [...apps]) await stop(a);
  for (const r of receivers.splice(0)) await r.stop();
  for (const t of ['push_delivery', 'push_webhook']) await testDb.db.sql.query(`DELETE FROM ${t}`);
});
afterAll(async () => { await testDb.close(); });

describe('webhook targets at create', () => {
  it('when the settings are the defaults, then a loopback target is a 400 naming url on REST and BAD_USER_INPUT on GraphQL, and nothing is stored or connected to', async () => {
    const r = await receiver();
    const face = await start({}, { webhookLookup: new TableLookup({ 'internal.test': ['10.0.0.7'], 'mixed.test': ['93.184.215.14', '127.0.0.1'] }).lookup });
    const refusals = [
      [`http://127.0.0.1:${r.port}/hook`, 'url: the host is a loopback address'],
      [`http://localhost:${r.port}/hook`, 'url: the host is a loopback address'],
      [`http://LocalHost.:${r.port}/hook`, 'url: the host is a loopback address'],
      [`http://2130706433:${r.port}/hook`, 'url: the host is a loopback address'],
      [`http://[::ffff:127.0.0.1]:${r.port}/hook`, 'url: the host is a loopback address'],
      ['http://169.254.169.254/latest/meta-data/', 'url: the host is a cloud metadata address'],
      [`http://internal.test:${r.port}/hook`, `url: ${NAME_REFUSED}`],
      [`http://mixed.test:${r.port}/hook`, `url: ${NAME_REFUSED}`],
      [`http://nowhere.test:${r.port}/hook`, `url: ${NAME_REFUSED}`],
      [`http://user:secret@example.com/hook`, 'url: must not carry credentials'],
    ];
    for (const [url, message] of refusals) {
      const rest = await face.rest({ url, filter: filterOf(1) });
      expect([url, rest.status, rest.body]).toEqual([url, 400, { statusCode: 400, message, error: 'Bad Request' }]);
      const gql = await face.gql(CREATE, { input: { url, filter: filterOf(1) } });
      expect([url, gql.data, gql.errors.map((e: any) => [e.message, e.extensions.code])]).toEqual([url, null, [[message, 'BAD_USER_INPUT']]]);
    }
    expect((await face.gql('{ webhooks { totalCount } }')).data.webhooks.totalCount).toBe(0);
    expect(r.connections).toBe(0);
    // A public name is accepted (resolved, not connected to).
    expect((await face.rest({ url: 'https://example.com/hook', filter: filterOf(1) })).status).toBe(201);
  });

  it('when https-only is on, then a plain http target is a 400 naming url and an https one is created', async () => {
    const face = await start({ PUSH_WEBHOOK_HTTPS_ONLY: 'on' });
    const plain = await face.rest({ url: 'http://example.com/hook', filter: filterOf(1) });
    expect([plain.status, plain.body.message]).toEqual([400, 'url: must be https:// (this service sends webhooks over TLS only)']);
    expect((await face.rest({ url: 'https://example.com/hook', filter: filterOf(1) })).status).toBe(201);
  });
});

describe('webhook targets at delivery', () => {
  it('when private targets are allowed, then webhooks to 127.0.0.1 and to localhost are created and delivered', async () => {
    const r = await receiver();
    const face = await start(LOOPBACK_WEBHOOKS);
    const byIp = await face.rest({ url: `http://127.0.0.1:${r.port}/ip`, filter: filterOf(41) });
    const byName = await face.rest({ url: `http://localhost:${r.port}/name`, filter: filterOf(41) });
    expect([byIp.status, byIp.body.url, byName.status, byName.body.url]).toEqual([201, `http://127.0.0.1:${r.port}/ip`, 201, `http://localhost:${r.port}/name`]);
    await emitFollow(41, 410);
    await waitUntil('both POSTs', () => r.posts.length, (n) => n === 2, { timeoutMs: 10_000 });
    expect(r.posts.map((p) => p.headers.host).sort()).toEqual([`127.0.0.1:${r.port}`, `localhost:${r.port}`]);
    expect(r.posts.map((p) => p.json.followerFid)).toEqual([410, 410]);
  });

  it('when a webhook stored while allowed is delivered by an instance that refuses private targets, then each attempt fails saying so and nothing connects', async () => {
    const r = await receiver();
    const allowing = await start(LOOPBACK_WEBHOOKS);
    const id = (await allowing.rest({ url: r.url, filter: filterOf(42) })).body.id;
    await stop(allowing.served);
    const refusing = await start({ PUSH_WEBHOOK_MAX_ATTEMPTS: 3 });
    await emitFollow(42, 420);
    const [d] = await waitUntil('failed for good', () => deliveriesOf(refusing, id), (ds) => ds[0]?.state === 'FAILED', { timeoutMs: 10_000 });
    // Every entry alike: no status, no duration, one fixed text, so the log tells nothing about the target's port.
    expect({ attempts: d.attempts, lastStatus: d.lastStatus, lastError: d.lastError, log: d.log.map((a: any) => ({ status: a.status, error: a.error, ms: a.ms })) }).toEqual({
      attempts: 3, lastStatus: null, lastError: 'target refused: the host is a loopback address',
      log: Array(3).fill({ status: null, error: 'target refused: the host is a loopback address', ms: 0 }),
    });
    expect([r.connections, r.posts.length]).toEqual([0, 0]);
  });

  it('when a name resolves to the loopback, then the POST reaches it under that name, with one lookup per attempt and a new connection each', async () => {
    const r = await receiver();
    r.status = 500;
    const names = new TableLookup({ 'hook.test': ['127.0.0.1'] });
    const face = await start({ ...LOOPBACK_WEBHOOKS, PUSH_WEBHOOK_MAX_ATTEMPTS: 3 }, { webhookLookup: names.lookup });
    const id = (await face.rest({ url: `http://Hook.Test.:${r.port}/events?v=1`, filter: filterOf(43) })).body.id;
    expect(names.count('hook.test')).toBe(1);
    await emitFollow(43, 430);
    const [d] = await waitUntil('failed for good', () => deliveriesOf(face, id), (ds) => ds[0]?.state === 'FAILED', { timeoutMs: 10_000 });
    expect(d.log.map((a: any) => [a.status, a.error])).toEqual(Array(3).fill([500, 'HTTP 500']));
    expect(r.posts.map((p) => p.headers.host)).toEqual(Array(3).fill(`hook.test:${r.port}`));
    expect({ lookups: names.count('hook.test'), connections: r.connections }).toEqual({ lookups: 1 + 3, connections: 3 });
  });

  it('when the receiver answers a redirect, then it is not followed: the attempt fails with its status', async () => {
    const [r, elsewhere] = [await receiver(), await receiver()];
    r.status = 302;
    r.headers = { location: elsewhere.url };
    const face = await start({ ...LOOPBACK_WEBHOOKS, PUSH_WEBHOOK_MAX_ATTEMPTS: 1 });
    const id = (await face.rest({ url: r.url, filter: filterOf(44) })).body.id;
    await emitFollow(44, 440);
    const [d] = await waitUntil('failed', () => deliveriesOf(face, id), (ds) => ds[0]?.state === 'FAILED', { timeoutMs: 10_000 });
    expect([d.lastStatus, d.lastError, r.posts.length]).toEqual([302, 'HTTP 302', 1]);
    expect([elsewhere.connections, elsewhere.posts.length]).toEqual([0, 0]);
  });

  it('when the receiver never answers, then the attempt fails as timed out within the time limit', async () => {
    const r = await receiver();
    r.silent = true;
    const face = await start({ ...LOOPBACK_WEBHOOKS, PUSH_WEBHOOK_MAX_ATTEMPTS: 1, PUSH_WEBHOOK_TIMEOUT_MS: 300 });
    const id = (await face.rest({ url: r.url, filter: filterOf(45) })).body.id;
    await emitFollow(45, 450);
    const [d] = await waitUntil('failed', () => deliveriesOf(face, id), (ds) => ds[0]?.state === 'FAILED', { timeoutMs: 10_000 });
    expect([d.lastStatus, d.lastError, r.posts.length]).toEqual([null, 'no answer within 300 ms', 1]);
    expect(d.log[0].ms).toBeGreaterThanOrEqual(300);
    expect(d.log[0].ms).toBeLessThan(2_000);
  });
});
