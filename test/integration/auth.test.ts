// Keys on both faces: 401 whatever the cause, 429 with
// Retry-After, open probes and Sandbox page.
import { keysOf } from '../helpers/keys-of';
import { startTestServer, type TestServer } from '../helpers/test-server';

let s: TestServer;
beforeAll(async () => { s = await startTestServer({ fixture: 'api-basic' }); });
afterAll(async () => { await s.close(); });

const UNAUTHORIZED_MESSAGE = 'Missing or invalid API key: send it in the `apikey` header';
const UNAUTHORIZED = { statusCode: 401, message: UNAUTHORIZED_MESSAGE, error: 'Unauthorized' };

describe('API keys', () => {
  it('when the apikey header is missing, unknown, revoked or expired, then the same 401 body', async () => {
    const { keys } = keysOf(s);
    const revoked = await keys.create({ name: 'to-revoke' });
    await keys.revoke(revoked.id);
    // create refuses a past expiry, so the key expires in the database.
    const expired = await keys.create({ name: 'old', expiresAt: new Date(Date.now() + 60_000) });
    await s.testDb.db.prisma.apiKey.update({ where: { id: expired.id }, data: { expires_at: new Date(Date.now() - 1000) } });
    for (const key of [null, 'sga_unknown', revoked.key, expired.key]) {
      const { status, body } = await s.rest('/api/farcaster/user/profile/1', { key });
      expect({ key, status, body }).toEqual({ key, status: 401, body: UNAUTHORIZED });
    }
  });

  it('when a key is rotated, then the old secret stops working and the new one works', async () => {
    const { keys } = keysOf(s);
    const first = await keys.create({ name: 'rotating' });
    expect((await s.rest('/api/farcaster/user/profile/1', { key: first.key })).status).toBe(200);
    const second = await keys.rotate(first.id);
    expect((await s.rest('/api/farcaster/user/profile/1', { key: first.key })).status).toBe(401);
    expect((await s.rest('/api/farcaster/user/profile/1', { key: second.key })).status).toBe(200);
    expect(second.name).toBe('rotating');
  });

  it('when GraphQL is called without a key, then 401 with code UNAUTHENTICATED', async () => {
    const res = await fetch(`${s.baseUrl}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ __typename }' }) });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ errors: [{ message: UNAUTHORIZED_MESSAGE, extensions: { code: 'UNAUTHENTICATED' } }] });
  });

  it('when a key spends its per-minute budget, then 429 with Retry-After on both faces', async () => {
    const { keys } = keysOf(s);
    const limited = await keys.create({ name: 'limited', rateLimit: 2 });
    expect((await s.rest('/api/farcaster/user/profile/1', { key: limited.key })).status).toBe(200);
    expect((await s.rest('/api/farcaster/user/profile/1', { key: limited.key })).status).toBe(200);
    const third = await s.rest('/api/farcaster/user/profile/1', { key: limited.key });
    expect(third.status).toBe(429);
    expect(third.body).toEqual({ statusCode: 429, message: 'Rate limit exceeded', error: 'Too Many Requests' });
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const gql = await fetch(`${s.baseUrl}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', apikey: limited.key }, body: JSON.stringify({ query: '{ __typename }' }) });
    expect(gql.status).toBe(429);
    expect((await gql.json()).errors[0].extensions.code).toBe('RATE_LIMITED');
  });

  it('when probes, docs and the Sandbox page are asked without a key, then they answer', async () => {
    expect((await s.rest('/healthz', { key: null })).body).toEqual({ status: 'ok' });
    expect((await s.rest('/readyz', { key: null })).body).toMatchObject({ status: 'ready', pendingMigrations: [] });
    const docs = await s.rest('/api/docs', { key: null });
    expect(docs.status).toBe(200);
    expect(docs.body.routes.map((r: { path: string }) => r.path)).toContain('/api/lens/profile/{id}');
    const page = await fetch(`${s.baseUrl}/graphql`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/sandbox/i);
  });

  it('when a path does not exist, then 404 in the NestJS shape', async () => {
    expect(await s.rest('/api/nope')).toMatchObject({ status: 404, body: { statusCode: 404, error: 'Not Found' } });
  });
});
