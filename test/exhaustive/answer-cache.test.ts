// Answers are cached under the data versions they were computed at. Two apps
// share one database: one caches, the other never does. After every kind of
// write (a sync transaction, an import, a refresh, a classification) each REST
// route's example and a GraphQL query answer exactly what the uncached app
// answers, and a repeated request runs no statement but the version read.
import http from 'node:http';
import { ingest } from '../../src/jobs/ingest';
import { REST_ROUTES } from '../../src/rest/rest-routes';
import { isKeyScoped } from '../../src/rest/rest-route.type';
import { exampleUrl } from '../../src/rest/rest-docs';
import { applyOps } from '../../src/sync/apply-ops';
import { classifyPosts } from '../../src/content/classify-posts';
import { LexiconClassifier } from '../../src/content/lexicon-classifier';
import { refreshAnalytics } from '../../src/analytics/refresh';
import { serve, testConfig, type ServedApp } from '../helpers/serve-app';
import { fixture } from '../helpers/test-server';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

let t: TestDatabase;
let cached: ServedApp;
let plain: ServedApp;
let key: string;

beforeAll(async () => {
  t = await createTestDatabase();
  await ingest(t.db, testConfig(), { import: { dir: fixture('api-basic'), progress: 'silent' }, classify: {}, refresh: {} });
  // Keys stay verified in memory, so a request's statements are its answer's alone.
  cached = await serve(t.db, { ANSWER_CACHE_MB: 8, KEY_CACHE_SECONDS: 300 });
  plain = await serve(t.db, { ANSWER_CACHE_MB: 0, KEY_CACHE_SECONDS: 300 });
  ({ key } = await cached.app.keys.create({ name: 'cache', rateLimit: 100000 }));
});
afterAll(async () => {
  for (const s of [cached, plain]) { await new Promise((r) => s.server.close(r)); await s.app.close(); }
  await t.close();
});

async function call(s: ServedApp, url: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const res = await fetch(`${s.base}${url}`, {
    method: init.method ?? 'GET',
    headers: { apikey: key, ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, text: await res.text(), etag: res.headers.get('etag'), dataAsOf: res.headers.get('x-data-as-of') };
}

/** A conditional GET as a browser's cache sends it (fetch would add Cache-Control: no-cache, which asks for the whole answer). */
function revalidate(s: ServedApp, url: string, etag: string): Promise<{ status: number; text: string; etag: string | undefined }> {
  return new Promise((resolve, reject) => {
    http.get(`${s.base}${url}`, { headers: { apikey: key, 'if-none-match': etag } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => { text += c.toString(); });
      res.on('end', () => resolve({ status: res.statusCode!, text, etag: res.headers.etag }));
    }).on('error', reject);
  });
}

async function statements(run: () => Promise<unknown>): Promise<number> {
  const before = t.db.statementCount;
  await run();
  return t.db.statementCount - before;
}

const QUERY = '{ farcasterUser(fid: 1) { fid stats { followers following } } lensProfile(id: "0x01") { id: nativeId stats { followers } } }';
const graphql = (s: ServedApp) => call(s, '/graphql', { method: 'POST', body: { query: QUERY } });

/** Every REST route's example on both apps: the same status and text, twice in a row on the caching app. */
async function expectSameAnswers(): Promise<void> {
  // The webhook routes bypass the cache (rest-webhooks.test.ts runs them with it on); their records differ per app.
  for (const r of REST_ROUTES.filter((route) => !isKeyScoped(route))) {
    const init = { method: r.method.toUpperCase(), body: r.example.body };
    const want = await call(plain, exampleUrl(r), init);
    for (let i = 0; i < 2; i++) {
      const got = await call(cached, exampleUrl(r), init);
      expect({ route: r.name, status: got.status, text: got.text, dataAsOf: got.dataAsOf }).toEqual({ route: r.name, status: want.status, text: want.text, dataAsOf: want.dataAsOf });
    }
  }
  expect((await graphql(cached)).text).toBe((await graphql(plain)).text);
}

const followers = async (s: ServedApp) => JSON.parse((await call(s, '/api/farcaster/followers/total/1')).text) as unknown;

describe('answer cache', () => {
  it('when a REST request is repeated, then the second runs only the version read, answers the same text and its ETag gives a 304', async () => {
    const url = '/api/farcaster/user/profile/1';
    const first = await call(cached, url);
    expect(first.status).toBe(200);
    let again: Awaited<ReturnType<typeof call>> | undefined;
    expect(await statements(async () => { again = await call(cached, url); })).toBe(1);
    expect(again).toEqual(first);
    expect(first.etag).toMatch(/^"[\w-]+"$/);
    const revalidated = await revalidate(cached, url, first.etag!);
    expect(revalidated).toEqual({ status: 304, text: '', etag: first.etag });
    expect((await revalidate(cached, url, '"another"')).status).toBe(200);
    // /metrics counts the lookups; the uncached app runs the whole operation every time.
    const scraped = await (await fetch(`${cached.base}/metrics`)).text();
    expect(Number(/^sga_answer_cache_lookups_total\{outcome="hit"\} (\d+)$/m.exec(scraped)?.[1])).toBeGreaterThanOrEqual(1);
    expect(Number(/^sga_answer_cache_bytes (\d+)$/m.exec(scraped)?.[1])).toBeGreaterThan(first.text.length);
    await call(plain, url);
    expect(await statements(() => call(plain, url))).toBeGreaterThan(1);
  });

  it('when a GraphQL query is repeated, then the second runs only the version read and answers the same text', async () => {
    const first = await graphql(cached);
    expect(JSON.parse(first.text).errors).toBeUndefined();
    let again: Awaited<ReturnType<typeof graphql>> | undefined;
    expect(await statements(async () => { again = await graphql(cached); })).toBe(1);
    expect(again!.text).toBe(first.text);
  });

  it('when an answer has errors, then it is not kept: the next identical request runs again', async () => {
    const missing = '/api/farcaster/user/profile/99999999';
    expect((await call(cached, missing)).status).toBe(404);
    expect(await statements(() => call(cached, missing))).toBeGreaterThan(1);
  });

  it('when the live sync writes, then every answer is the uncached app\'s at once (a new follower counts)', async () => {
    await expectSameAnswers();
    const before = await followers(cached);
    // fid 3 starts following fid 1 (unless it did: then it stops), as one sync transaction.
    const [{ n }] = await t.db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM fc_link WHERE fid = 3 AND target_fid = 1 AND deleted_at IS NULL');
    await applyOps(t.db.sql, [{ kind: 'link', fid: 3, target: 1, ts: new Date('2024-07-01T00:00:00Z'), remove: n > 0 }]);
    expect(await followers(cached)).not.toEqual(before);
    await expectSameAnswers();
  });

  it('when an import, a classification and a refresh run, then every answer is the uncached app\'s after each', async () => {
    await expectSameAnswers();
    await ingest(t.db, testConfig(), { import: { dir: fixture('import-newer'), progress: 'silent' } });
    await expectSameAnswers();
    await classifyPosts(t.db, { classifier: new LexiconClassifier(), rebuild: true });
    await expectSameAnswers();
    await refreshAnalytics(t.db);
    await expectSameAnswers();
  });

  it('when each writer runs, then both protocols\' data versions move on (so no stored answer matches any more)', async () => {
    const versions = async () => (await t.db.sql.query<{ v: string }>('SELECT data_version::text AS v FROM protocol_state ORDER BY protocol')).map((r) => BigInt(r.v));
    const moved = async (write: () => Promise<unknown>) => {
      const a = await versions();
      await write();
      const b = await versions();
      return b.map((v, i) => v > a[i]);
    };
    expect(await moved(() => applyOps(t.db.sql, [{ kind: 'userData', fid: 1, type: 3, value: 'bio v2', ts: new Date('2024-07-02T00:00:00Z') }]))).toEqual([true, true]);
    expect(await moved(() => ingest(t.db, testConfig(), { import: { dir: fixture('api-basic'), progress: 'silent' } }))).toEqual([true, true]);
    expect(await moved(() => refreshAnalytics(t.db))).toEqual([true, true]);
    expect(await moved(() => classifyPosts(t.db, { classifier: new LexiconClassifier(), rebuild: true }))).toEqual([true, true]);
  });
});
