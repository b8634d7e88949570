// The key check under abuse: bounded key caches, failed keys limited per
// client address (429 without a database lookup), and keys that could never
// be used refused at creation.
import { randomBytes } from 'node:crypto';
import { KeyService } from '../../src/auth/key.service';
import { runCli } from '../../src/cli/main';
import { AppError } from '../../src/errors/app-error';
import { startTestServer, type TestServer } from '../helpers/test-server';

const badKey = () => `sga_${randomBytes(32).toString('base64url')}`;
const PATH = '/api/lens/followersCount?ids=0x01';
const TOO_MANY = { statusCode: 429, message: 'Rate limit exceeded', error: 'Too Many Requests' };

let s: TestServer;
// KEY_CACHE_SECONDS 0 (the test server's): every lookup the limit does not stop reaches the database, so
// statement counts show what it stops. AUTH_FAILURE_LIMIT 3 keeps the test short.
beforeAll(async () => { s = await startTestServer({ config: { AUTH_FAILURE_LIMIT: 3 } }); });
afterAll(async () => { await s.close(); });

describe('key cache', () => {
  it('when more distinct bad keys are verified than the cache holds, then it stays at its size, keeps the valid key and evicts the oldest', async () => {
    const keys = new KeyService(s.testDb.db, 600, 60, 50);
    const good = await keys.create({ name: 'cached' });
    expect(await keys.verify(good.key)).toMatchObject({ id: good.id });
    const bad = Array.from({ length: 500 }, badKey);
    for (const [i, key] of bad.entries()) {
      expect(await keys.verify(key)).toBeNull();
      if (i % 50 === 0) expect(keys.cacheSizes().invalid).toBeLessThanOrEqual(50);
    }
    expect(keys.cacheSizes()).toEqual({ valid: 1, invalid: 50 });
    // Bad keys have their own cache: the flood did not push the valid key out.
    expect(keys.cached(good.key)).toEqual({ kind: 'valid', key: expect.objectContaining({ id: good.id }) });
    expect(await s.statementsFor(() => keys.verify(bad[499]))).toBe(0);
    expect(await s.statementsFor(() => keys.verify(bad[0]))).toBe(1);
  });
});

describe('key lookups', () => {
  it('when many requests of one key arrive together after its cache entry ended, then one lookup (and one last-used write) serves them all', async () => {
    const keys = new KeyService(s.testDb.db, 600, 60, 50);
    const good = await keys.create({ name: 'together' });
    const statements = await s.statementsFor(async () => {
      const found = await Promise.all(Array.from({ length: 16 }, () => keys.verify(good.key)));
      expect(new Set(found.map((k) => k?.id))).toEqual(new Set([good.id]));
      const bad = badKey();
      expect(await Promise.all(Array.from({ length: 8 }, () => keys.verify(bad)))).toEqual(Array(8).fill(null));
    });
    expect(statements).toBe(3);
  });
});

describe('failed keys per client address', () => {
  it('when an address presents more bad keys than the limit, then 429 with Retry-After and no database statement; missing keys do not count; a valid key it used before still passes', async () => {
    expect((await s.rest(PATH)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await s.rest(PATH, { key: null })).status).toBe(401);
    const firstBad = badKey();
    for (const key of [firstBad, badKey(), badKey()]) expect((await s.rest(PATH, { key })).status).toBe(401);

    let limited: Awaited<ReturnType<TestServer['rest']>> | undefined;
    const statements = await s.statementsFor(async () => {
      limited = await s.rest(PATH, { key: badKey() });
      for (let i = 0; i < 20; i++) expect((await s.rest(PATH, { key: badKey() })).status).toBe(429);
      expect((await s.rest(PATH, { key: firstBad })).status).toBe(429);
    });
    expect(limited).toMatchObject({ status: 429, body: TOO_MANY });
    const retryAfter = Number(limited!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(statements).toBe(0);

    const gql = await fetch(`${s.baseUrl}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', apikey: badKey() }, body: JSON.stringify({ query: '{ __typename }' }) });
    expect(gql.status).toBe(429);
    expect((await gql.json()).errors[0].extensions.code).toBe('RATE_LIMITED');

    // The limit is on failures: the key this address used before is looked up again and passes.
    expect((await s.rest(PATH)).status).toBe(200);
    expect((await s.rest(PATH, { key: null })).status).toBe(401);
    // A valid key this instance never saw is, without the database, indistinguishable from a guess: it waits too.
    const unseen = await new KeyService(s.testDb.db, 600, 0).create({ name: 'unseen' });
    expect(await s.statementsFor(async () => expect((await s.rest(PATH, { key: unseen.key })).status).toBe(429))).toBe(0);
  });
});

describe('readiness', () => {
  it('when there is no Redis, then /readyz is ready and says the limits are in memory', async () => {
    expect(await s.rest('/readyz', { key: null })).toMatchObject({ status: 200, body: { status: 'ready', rateLimits: 'memory' } });
  });
});

describe('key expiry at creation', () => {
  it('when a key is created with an expiry in the past or now, then BAD_USER_INPUT and no key', async () => {
    const keys = new KeyService(s.testDb.db, 600, 0);
    const before = await s.testDb.db.prisma.apiKey.count();
    for (const expiresAt of [new Date(Date.now() - 60_000), new Date()]) {
      const err = await keys.create({ name: 'late', expiresAt }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ code: 'BAD_USER_INPUT', message: 'expires must be in the future' });
    }
    expect(await s.testDb.db.prisma.apiKey.count()).toBe(before);
    expect(await keys.create({ name: 'soon', expiresAt: new Date(Date.now() + 60_000) })).toMatchObject({ name: 'soon' });
  });

  it('when an expired key is rotated, then BAD_USER_INPUT: its successor would be born expired', async () => {
    const keys = new KeyService(s.testDb.db, 600, 0);
    const k = await keys.create({ name: 'expiring', expiresAt: new Date(Date.now() + 60_000) });
    await s.testDb.db.prisma.apiKey.update({ where: { id: k.id }, data: { expires_at: new Date(Date.now() - 1000) } });
    await expect(keys.rotate(k.id)).rejects.toMatchObject({ code: 'BAD_USER_INPUT', message: `key ${k.id} is expired` });
  });

  it('when the CLI is given a past --expires, then it prints the reason and exits 1', async () => {
    const saved = { DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: process.env.DATA_DIR };
    delete process.env.DATABASE_URL;
    process.env.DATA_DIR = 'memory://';
    const err: string[] = [];
    try {
      const code = await runCli(['keys', 'create', '--name', 'late', '--expires', '2020-01-01T00:00:00Z'], { out: () => undefined, err: (l) => err.push(l) });
      expect({ code, err }).toEqual({ code: 1, err: ['error: expires must be in the future'] });
    } finally {
      for (const [k, v] of Object.entries(saved)) if (v === undefined) delete process.env[k]; else process.env[k] = v;
    }
  });
});
