// The REST face of webhooks (/api/v2/webhooks): create (201 with the secret),
// list, read, delivery log, delete (204), each scoped to the calling key as on
// GraphQL, never served from the answer cache, and equal to the GraphQL answer.
import { SCOPES } from '../../src/auth/scopes';
import { insertPushEvents } from '../../src/repositories/push-outbox.sql';
import { REST_ROUTES } from '../../src/rest/rest-routes';
import { isKeyScoped } from '../../src/rest/rest-route.type';
import { verifySignature } from '../../src/push/webhook-signature';
import { LOOPBACK_WEBHOOKS, Receiver } from '../helpers/push-rig';
import { waitUntil } from '../helpers/sync-wait';
import { startTestServer, type TestServer } from '../helpers/test-server';

let s: TestServer;
let other: string;
const receiver = new Receiver();

beforeAll(async () => {
  await receiver.start();
  // The answer cache is on: key-scoped answers must never come out of it.
  s = await startTestServer({ config: { PUSH_POLL_MS: 50, ANSWER_CACHE_MB: 8, PUSH_MAX_WEBHOOKS_PER_KEY: 2, ...LOOPBACK_WEBHOOKS } });
  other = (await s.app.keys.create({ name: 'other', rateLimit: 100_000, scopes: SCOPES })).key;
});
afterAll(async () => {
  await s.close();
  await receiver.stop();
});

const FILTER = { types: ['NEW_FOLLOWER'], fids: [7] };
const emptyFilter = { fids: [], profileIds: [], milestones: [], protocols: [], periods: [], top: null, symbols: [], threshold: null, minQuality: null, kinds: [] };

describe('REST webhooks', () => {
  it('when the route table is read, then the suggestion, webhook and notification routes, and only they, are key-scoped (never cached, not compared as data)', () => {
    expect(REST_ROUTES.filter(isKeyScoped).map((r) => `${r.method} ${r.path}`)).toEqual([
      // Suggestions leave out the key's own dismissals.
      'get /api/v2/farcaster/user/:fid/suggested-follows', 'get /api/v2/lens/profile/:id/suggested-follows',
      'post /api/v2/farcaster/user/:fid/suggested-follows/dismissals', 'delete /api/v2/farcaster/user/:fid/suggested-follows/dismissals',
      'post /api/v2/lens/profile/:id/suggested-follows/dismissals', 'delete /api/v2/lens/profile/:id/suggested-follows/dismissals',
      'post /api/v2/webhooks', 'get /api/v2/webhooks', 'get /api/v2/webhooks/:id', 'get /api/v2/webhooks/:id/deliveries', 'delete /api/v2/webhooks/:id',
      // Notifications carry the key's own seen mark.
      'get /api/v2/farcaster/user/:fid/notifications', 'post /api/v2/farcaster/user/:fid/notifications/seen',
      'get /api/v2/lens/profile/:id/notifications', 'post /api/v2/lens/profile/:id/notifications/seen',
    ]);
  });

  it('when a key creates, lists, reads and deletes a webhook, then each step answers its record, and another key sees none of it', async () => {
    const empty = await s.rest('/api/v2/webhooks');
    expect([empty.status, empty.body.totalCount, empty.body.webhooks]).toEqual([200, 0, []]);

    const created = await s.rest('/api/v2/webhooks', { method: 'POST', body: { url: receiver.url, filter: FILTER } });
    expect(created.status).toBe(201);
    const { secret, ...hook } = created.body;
    expect(hook).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), url: receiver.url, createdAt: expect.any(String), filter: { ...emptyFilter, ...FILTER } });
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);

    // Listed at once (the cache, on, must not serve the empty list again), and the same on GraphQL.
    const listed = await s.rest('/api/v2/webhooks');
    expect([listed.status, listed.body.totalCount, listed.body.webhooks]).toEqual([200, 1, [hook]]);
    const viaGraphql = await s.gql.request<any>('{ webhooks { edges { node { id: nativeId url createdAt } } } }');
    expect(viaGraphql.webhooks.edges.map((e: any) => e.node)).toEqual([{ id: hook.id, url: hook.url, createdAt: hook.createdAt }]);
    expect((await s.rest(`/api/v2/webhooks/${hook.id}`)).body).toEqual(hook);

    // Another key: an empty list, and a 404 for this key's webhook, reading or deleting it.
    expect((await s.rest('/api/v2/webhooks', { key: other })).body.totalCount).toBe(0);
    for (const [method, path] of [['GET', `/api/v2/webhooks/${hook.id}`], ['GET', `/api/v2/webhooks/${hook.id}/deliveries`], ['DELETE', `/api/v2/webhooks/${hook.id}`]]) {
      const res = await s.rest(path, { method, key: other });
      expect([method, path, res.status, res.body.message]).toEqual([method, path, 404, `webhook ${hook.id} not found`]);
    }

    const deleted = await s.rest(`/api/v2/webhooks/${hook.id}`, { method: 'DELETE' });
    expect([deleted.status, deleted.body]).toEqual([204, '']);
    expect((await s.rest('/api/v2/webhooks')).body.totalCount).toBe(0);
    expect((await s.rest(`/api/v2/webhooks/${hook.id}`)).status).toBe(404);
    expect((await s.rest(`/api/v2/webhooks/${hook.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('when a webhook is made with a least quality and notification kinds, then REST answers them as stored, and GraphQL agrees', async () => {
    const filter = { types: ['NOTIFICATION'], fids: [7], minQuality: 0.25, kinds: ['REPLY', 'MENTION'] };
    const created = await s.rest('/api/v2/webhooks', { method: 'POST', body: { url: receiver.url, filter } });
    expect(created.status).toBe(201);
    expect(created.body.filter).toEqual({ ...emptyFilter, ...filter });
    expect((await s.rest(`/api/v2/webhooks/${created.body.id}`)).body.filter).toEqual(created.body.filter);
    const viaGraphql = await s.gql.request<any>('{ webhooks { edges { node { nativeId filter { minQuality kinds } } } } }');
    expect(viaGraphql.webhooks.edges.find((e: any) => e.node.nativeId === created.body.id).node.filter).toEqual({ minQuality: 0.25, kinds: ['REPLY', 'MENTION'] });
    expect((await s.rest(`/api/v2/webhooks/${created.body.id}`, { method: 'DELETE' })).status).toBe(204);
  });

  it('when an event matches, then the delivery log on REST shows the signed POST the receiver got', async () => {
    const created = (await s.rest('/api/v2/webhooks', { method: 'POST', body: { url: receiver.url, filter: FILTER } })).body;
    const followedAt = new Date().toISOString();
    await s.testDb.db.sql.transaction((tx) => insertPushEvents(tx, [
      { type: 'NEW_FOLLOWER', data: { fid: 7, followerFid: 70, followedAt } },
      { type: 'NEW_FOLLOWER', data: { fid: 8, followerFid: 80, followedAt } }, // not in the filter
    ]));
    const log = await waitUntil('delivered', async () => (await s.rest(`/api/v2/webhooks/${created.id}/deliveries`)).body,
      (b) => b.deliveries?.[0]?.state === 'delivered', { timeoutMs: 10_000 });
    expect(log.webhookId).toBe(created.id);
    expect(log.totalCount).toBe(1);
    const [d] = log.deliveries;
    // REST spells enum values as its other routes do (lower case); the event types keep their names.
    expect(d).toMatchObject({ state: 'delivered', attempts: 1, lastStatus: 200, lastError: null, nextAttemptAt: null });
    expect(d.event).toMatchObject({ type: 'NEW_FOLLOWER', protocol: 'farcaster', fid: 7, followerFid: 70 });
    expect(d.log).toEqual([{ at: expect.any(String), status: 200, error: null, ms: expect.any(Number) }]);
    const post = receiver.posts.find((p) => p.json.id === d.event.id)!;
    expect(post.json.followerFid).toBe(70);
    expect(verifySignature(created.secret, String(post.headers['x-push-timestamp']), post.body, String(post.headers['x-push-signature']))).toBe(true);
    expect((await s.rest(`/api/v2/webhooks/${created.id}`, { method: 'DELETE' })).status).toBe(204);
  });

  it('when the input is bad, then 400 naming the field; past the per-key limit, 400; a body that is not JSON, 415', async () => {
    const bad = [
      [{ url: 'ftp://example.com', filter: FILTER }, /url/],
      [{ url: receiver.url, filter: { types: [] } }, /types/],
      [{ url: receiver.url }, /filter/],
      [{ url: receiver.url, filter: { types: ['NOPE'] } }, /^filter\.types must be one of NEW_FOLLOWER, /],
    ] as const;
    for (const [body, message] of bad) {
      const res = await s.rest('/api/v2/webhooks', { method: 'POST', body });
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
      expect(res.body.message).toMatch(message);
    }
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) ids.push((await s.rest('/api/v2/webhooks', { method: 'POST', body: { url: receiver.url, filter: FILTER } })).body.id);
    const third = await s.rest('/api/v2/webhooks', { method: 'POST', body: { url: receiver.url, filter: FILTER } });
    expect([third.status, third.body.message]).toEqual([400, expect.stringMatching(/2 webhooks, the most allowed/)]);
    const text = await fetch(`${s.baseUrl}/api/v2/webhooks`, { method: 'POST', headers: { apikey: s.key, 'content-type': 'text/plain' }, body: 'x' });
    expect(text.status).toBe(415);
    expect((await s.rest('/api/v2/webhooks/not-a-uuid')).status).toBe(404);
    for (const id of ids) expect((await s.rest(`/api/v2/webhooks/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await s.rest('/api/v2/webhooks', { key: null })).status).toBe(401);
  });
});
