// The IETF RateLimit headers (draft-ietf-httpapi-ratelimit-headers, structured
// fields) on every answer to a known key: the budget kept in this instance's
// memory, and shared through Redis when the suite has one (TEST_REDIS_URL).
import { randomUUID } from 'node:crypto';
import { type KeyService } from '../../src/auth/key.service';
import { serve, stopServer, type ServedApp } from '../helpers/serve-app';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

const WINDOW_SECONDS = 60;

interface Budget { r: number; t: number }

/** `"default";r=4;t=60` → { r: 4, t: 60 }; fails the test on any other shape. */
function parseRateLimit(header: string | null): Budget {
  const m = /^"default";r=(\d+);t=(\d+)$/.exec(header ?? '');
  if (!m) throw new Error(`RateLimit header not in the structured-field form: ${header}`);
  return { r: Number(m[1]), t: Number(m[2]) };
}

const stores: Array<[string, string | undefined]> = [['memory', undefined]];
if (process.env.TEST_REDIS_URL) stores.push(['Redis', process.env.TEST_REDIS_URL]);

describe.each(stores)('RateLimit headers, budget kept in %s', (_store, redisUrl) => {
  let t: TestDatabase;
  let served: ServedApp;
  let keys: KeyService;

  beforeAll(async () => {
    t = await createTestDatabase();
    served = await serve(t.db, { REDIS_URL: redisUrl });
    keys = served.app.keys;
  });
  afterAll(async () => {
    await stopServer(served.server);
    await served.app.close();
    await t.close();
  });

  // A fresh name per key, so budgets left in Redis by an earlier run cannot interfere.
  const newKey = (rateLimit: number) => keys.create({ name: `rl-${randomUUID()}`, rateLimit });
  const rest = (key: string, path = '/api/lens/followersCount?ids=0x01') => fetch(`${served.base}${path}`, { headers: { apikey: key } });
  const graphql = (key: string, query: string) => fetch(`${served.base}/graphql`, {
    method: 'POST', headers: { apikey: key, 'content-type': 'application/json' }, body: JSON.stringify({ query }),
  });

  it('when a key with a limit of 4 calls four times, then r counts down 3, 2, 1, 0 and the policy states q=4 and w=60', async () => {
    const { key } = await newKey(4);
    const seen: Array<{ status: number; policy: string | null; r: number }> = [];
    for (let i = 0; i < 4; i++) {
      const res = await rest(key);
      seen.push({ status: res.status, policy: res.headers.get('ratelimit-policy'), r: parseRateLimit(res.headers.get('ratelimit')).r });
    }
    const policy = `"default";q=4;w=${WINDOW_SECONDS}`;
    expect(seen).toEqual([3, 2, 1, 0].map((r) => ({ status: 200, policy, r })));
  });

  it('when the budget is spent, then 429 with Retry-After, r=0 and t within the window', async () => {
    const { key } = await newKey(2);
    await rest(key);
    await rest(key);
    const limited = await rest(key);
    expect(limited.status).toBe(429);
    const budget = parseRateLimit(limited.headers.get('ratelimit'));
    expect(budget.r).toBe(0);
    expect(budget.t).toBeGreaterThanOrEqual(1);
    expect(budget.t).toBeLessThanOrEqual(WINDOW_SECONDS);
    expect(Number(limited.headers.get('retry-after'))).toBe(budget.t);
    expect(limited.headers.get('ratelimit-policy')).toBe(`"default";q=2;w=${WINDOW_SECONDS}`);
  });

  it('when GraphQL and REST share a key, then both count against one budget, 4xx answers included', async () => {
    const { key } = await newKey(5);
    const first = await graphql(key, '{ __typename }');
    expect(first.status).toBe(200);
    expect(parseRateLimit(first.headers.get('ratelimit')).r).toBe(4);
    // A query that does not validate is still an answer to a known key (a legacy application/json client gets it as a 200 with errors).
    const invalid = await graphql(key, '{ noSuchField }');
    expect([invalid.status, (await invalid.json()).errors[0].extensions.code]).toEqual([200, 'BAD_USER_INPUT']);
    expect(parseRateLimit(invalid.headers.get('ratelimit')).r).toBe(3);
    const notFound = await rest(key, '/api/no-such-route');
    expect(notFound.status).toBe(404);
    expect(parseRateLimit(notFound.headers.get('ratelimit')).r).toBe(2);
    const ok = await rest(key);
    expect(ok.status).toBe(200);
    expect(parseRateLimit(ok.headers.get('ratelimit'))).toEqual({ r: 1, t: expect.any(Number) });
    expect(ok.headers.get('ratelimit-policy')).toBe(`"default";q=5;w=${WINDOW_SECONDS}`);
  });

  it('when the seconds to reset are read, then they stay within the window and never grow within it', async () => {
    const { key } = await newKey(10);
    const first = parseRateLimit((await rest(key)).headers.get('ratelimit')).t;
    const second = parseRateLimit((await rest(key)).headers.get('ratelimit')).t;
    expect(first).toBeGreaterThanOrEqual(1);
    expect(first).toBeLessThanOrEqual(WINDOW_SECONDS);
    expect(second).toBeLessThanOrEqual(first);
  });

  it('when there is no valid key, then no RateLimit headers (there is no budget to tell)', async () => {
    const res = await rest('sga_unknown');
    expect(res.status).toBe(401);
    expect(res.headers.get('ratelimit')).toBeNull();
    expect(res.headers.get('ratelimit-policy')).toBeNull();
  });

  it('when a browser script from another origin reads the answer, then the RateLimit headers are exposed to it', async () => {
    const { key } = await newKey(3);
    const res = await fetch(`${served.base}/api/lens/followersCount?ids=0x01`, { headers: { apikey: key, origin: 'https://app.example' } });
    const exposed = (res.headers.get('access-control-expose-headers') ?? '').split(',').map((h) => h.trim().toLowerCase());
    expect(exposed).toEqual(expect.arrayContaining(['ratelimit', 'ratelimit-policy', 'retry-after']));
  });
});
