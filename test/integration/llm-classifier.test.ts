// The LLM classifier against a local fake chat-completions server and a real
// database cache: batching, concurrency, answer mapping, caching, retries,
// timeouts, and falling back when the server cannot help.
import type { PostClassifier, PostInput, PostLabels } from '../../src/content/classifier.types';
import { loadConfig } from '../../src/config/load-config';
import { createClassifier } from '../../src/content/create-classifier';
import { LexiconClassifier } from '../../src/content/lexicon-classifier';
import { DbLlmCache, MemoryLlmCache, type LlmCache } from '../../src/content/llm-cache';
import { LlmClassifier, type LlmClassifierOptions } from '../../src/content/llm-classifier';
import { FakeLlmServer } from '../helpers/fake-llm-server';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

/** Labels every post `health` / `fallback`, so its answers are told apart from the LLM's. */
class TinyFallback implements PostClassifier {
  readonly name = 'tiny-fallback';
  readonly seen: string[] = [];
  classify(posts: readonly PostInput[]): Promise<PostLabels[]> {
    this.seen.push(...posts.map((p) => p.key));
    return Promise.resolve(posts.map(() => ({ categories: [15], terms: ['fallback'] })));
  }
}

const KEY = 'sk-test-123';
let t: TestDatabase;
let llm: FakeLlmServer;
beforeAll(async () => {
  t = await createTestDatabase();
  llm = await FakeLlmServer.start({ apiKey: KEY });
});
afterAll(async () => { await llm.close(); await t.close(); });
beforeEach(async () => {
  llm.reset();
  await t.db.sql.query('DELETE FROM llm_classification');
});

function make(over: Partial<LlmClassifierOptions> = {}) {
  const fallback = new TinyFallback();
  const c = new LlmClassifier({
    baseUrl: llm.baseUrl, apiKey: KEY, model: 'test-model', batchSize: 20, concurrency: 4,
    timeoutMs: 2000, maxRetries: 2, backoffMs: 10, cache: new DbLlmCache(t.db.sql), fallback, ...over,
  });
  return { c, fallback };
}
const post = (i: number, text = `post ${i} about defi and restaking`, tags: string[] = []): PostInput => ({ key: `farcaster:0x${i}`, text, tags });
const cachedRows = async () => (await t.db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM llm_classification'))[0].n;
const LLM_DEFI = { categories: [1], terms: ['restaking'] };
const FALLBACK = { categories: [15], terms: ['fallback'], labelledBy: 'tiny-fallback' };

describe('LLM classifier', () => {
  test('when 45 posts are classified with batch size 20 and concurrency 2, then 3 requests carry each post once, at most 2 at a time', async () => {
    llm.defaultReply = { delayMs: 100 };
    const posts = Array.from({ length: 45 }, (_, i) => post(i, `post ${i} about ${i % 2 ? 'music' : 'defi'}`));
    const { c } = make({ baseUrl: `${llm.baseUrl}/`, batchSize: 20, concurrency: 2 });
    const labels = await c.classify(posts);

    expect(llm.requests).toHaveLength(3);
    expect(llm.maxInFlight).toBe(2);
    const batches = [...llm.batches].sort((a, b) => Number(a[0].text.split(' ')[1]) - Number(b[0].text.split(' ')[1]));
    expect(batches.map((b) => b.map((p) => p.text))).toEqual([
      posts.slice(0, 20).map((p) => p.text), posts.slice(20, 40).map((p) => p.text), posts.slice(40).map((p) => p.text),
    ]);
    for (const b of batches) expect(b.map((p) => p.id)).toEqual(b.map((_, i) => String(i)));
    expect(labels).toHaveLength(45);
    labels.forEach((l, i) => expect(l.categories).toEqual([i % 2 ? 5 : 1]));

    const req = llm.requests[0];
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.body).toMatchObject({ model: 'test-model', temperature: 0, response_format: { type: 'json_object' } });
    expect(req.body.messages.map((m: { role: string }) => m.role)).toEqual(['system', 'user']);
    expect(req.body.messages[0].content).toContain('- defi: Decentralised finance');
    expect(req.body.messages[0].content).toContain('"posts"');
    expect(c.stats).toEqual({ requests: 3, retries: 0, cacheHits: 0, fallbacks: 0 });
  });

  test('when the answer names categories in any case, unknown names, messy terms, ids out of order and ``` fences, then they are normalised', async () => {
    const answer = {
      posts: [
        { id: '1', categories: ['music'], terms: ['Synthwave'] },
        { id: '0', categories: ['Music', 'DeFi', 'nonsense', 'defi'], terms: [' Restaking ', 'EIGENLAYER', 'restaking', '', 'Liquid  Staking', 'a', 'b', 'c', 'd', 'e', 'f'] },
      ],
    };
    llm.queue.push({ content: '```json\n' + JSON.stringify(answer) + '\n```' });
    const { c } = make();
    const [first, second] = await c.classify([post(0), post(1, 'new synthwave track')]);
    expect(first).toEqual({ categories: [1, 5], terms: ['restaking', 'eigenlayer', 'liquid staking', 'a', 'b', 'c', 'd', 'e'] });
    expect(second).toEqual({ categories: [5], terms: ['synthwave'] });
  });

  test('when the same texts are classified again, by this or a new instance over the same database, then nothing is sent; a changed text is', async () => {
    const posts = [post(1, 'defi yields everywhere'), post(2, 'music tonight', ['music', 'live']), post(3, 'gaming marathon')];
    const first = await make().c.classify(posts);
    expect(llm.requests).toHaveLength(1);
    expect(await cachedRows()).toBe(3);

    const { c: again } = make();
    expect(await again.classify(posts)).toEqual(first);
    // Tag order does not matter; a new instance over the same table also sends nothing.
    expect(await make().c.classify([post(2, 'music tonight', ['live', 'music'])])).toEqual([first[1]]);
    expect(llm.requests).toHaveLength(1);
    expect(again.stats).toMatchObject({ requests: 0, cacheHits: 3 });

    const changed = await again.classify([posts[0], post(3, 'gaming marathon, edited'), post(2, 'music tonight', ['music'])]);
    expect(llm.requests).toHaveLength(2);
    expect(llm.requests[1].posts.map((p) => p.text)).toEqual(['gaming marathon, edited', 'music tonight']);
    expect(changed[0]).toEqual(first[0]);
    expect(await cachedRows()).toBe(5);
  });

  test('when a model changes, then its cache is its own', async () => {
    await make({ model: 'model-a' }).c.classify([post(1)]);
    await make({ model: 'model-b' }).c.classify([post(1)]);
    expect(llm.requests.map((r) => r.body.model)).toEqual(['model-a', 'model-b']);
  });

  test('when one call holds identical texts, then the text is sent once and every copy gets its labels', async () => {
    const posts = [post(1, 'gm defi'), post(2, 'gm defi'), post(3, 'music drop'), post(4, 'gm defi')];
    const labels = await make().c.classify(posts);
    expect(llm.batches).toEqual([[{ id: '0', text: 'gm defi', tags: [] }, { id: '1', text: 'music drop', tags: [] }]]);
    expect(labels.map((l) => l.categories)).toEqual([[1], [1], [5], [1]]);
  });

  test('when a request times out, then it is retried and the retry answers', async () => {
    llm.queue.push({ delayMs: 1500 });
    const { c, fallback } = make({ timeoutMs: 300 });
    const started = Date.now();
    expect(await c.classify([post(1)])).toEqual([LLM_DEFI]);
    expect(Date.now() - started).toBeLessThan(1400);
    expect(llm.requests).toHaveLength(2);
    expect(c.stats).toMatchObject({ requests: 2, retries: 1, fallbacks: 0 });
    expect(fallback.seen).toEqual([]);
  });

  test('when the server answers 500 then 503, then the request is retried with growing backoff and the answer is cached', async () => {
    llm.queue.push({ status: 500 }, { status: 503 });
    const lines: string[] = [];
    const { c } = make({ backoffMs: 100, maxRetries: 3, log: (l) => lines.push(l) });
    expect(await c.classify([post(1)])).toEqual([LLM_DEFI]);
    const at = llm.requests.map((r) => r.at);
    expect(at).toHaveLength(3);
    expect(at[1] - at[0]).toBeGreaterThanOrEqual(95);
    expect(at[2] - at[1]).toBeGreaterThanOrEqual(195);
    expect(c.stats).toMatchObject({ requests: 3, retries: 2, fallbacks: 0 });
    expect(lines[0]).toMatch(/HTTP 500.*retry 1\/3/);
    expect(await cachedRows()).toBe(1);
  });

  test('when the server answers 429 with Retry-After, then the client waits that long before retrying', async () => {
    llm.queue.push({ status: 429, retryAfter: '1' });
    const { c } = make({ backoffMs: 1 });
    expect(await c.classify([post(1)])).toEqual([LLM_DEFI]);
    const [a, b] = llm.requests.map((r) => r.at);
    expect(b - a).toBeGreaterThanOrEqual(990);
    expect(c.stats.retries).toBe(1);
  });

  test('when the server keeps failing, then after the retries the batch gets fallback labels, nothing is cached, and the next run asks again', async () => {
    llm.defaultReply = { status: 500 };
    const { c, fallback } = make({ maxRetries: 2, batchSize: 2 });
    const labels = await c.classify([post(1), post(2, 'music'), post(3, 'art')]);
    expect(labels).toEqual([FALLBACK, FALLBACK, FALLBACK]);
    expect(llm.requests).toHaveLength(6); // 2 batches × (1 + 2 retries)
    expect(fallback.seen.sort()).toEqual(['farcaster:0x1', 'farcaster:0x2', 'farcaster:0x3']);
    expect(c.stats).toEqual({ requests: 6, retries: 4, cacheHits: 0, fallbacks: 3 });
    expect(await cachedRows()).toBe(0);

    llm.defaultReply = {};
    expect(await c.classify([post(1)])).toEqual([LLM_DEFI]);
    expect(await cachedRows()).toBe(1);
  });

  test('when the server rejects the request with another 4xx, then it is not retried', async () => {
    llm.queue.push({ status: 400 });
    const { c } = make();
    expect(await c.classify([post(1)])).toEqual([FALLBACK]);
    expect(llm.requests).toHaveLength(1);
  });

  test('when the content is not valid JSON, then the batch falls back at once and nothing is cached', async () => {
    llm.queue.push({ content: 'Sure! Here are your labels: defi, music' });
    const lines: string[] = [];
    const { c } = make({ log: (l) => lines.push(l) });
    expect(await c.classify([post(1), post(2, 'music')])).toEqual([FALLBACK, FALLBACK]);
    expect(llm.requests).toHaveLength(1);
    expect(lines.join('\n')).toMatch(/unusable answer/);
    expect(await cachedRows()).toBe(0);
  });

  test('when the answer leaves a post out, then only that post falls back and only it is asked about again', async () => {
    llm.answer = (p) => (p.text.includes('skip') ? null : { categories: ['defi'], terms: ['restaking'] });
    const { c } = make();
    const posts = [post(1), post(2, 'please skip me'), post(3, 'defi again')];
    expect(await c.classify(posts)).toEqual([LLM_DEFI, FALLBACK, LLM_DEFI]);
    expect(c.stats.fallbacks).toBe(1);
    expect(await cachedRows()).toBe(2);

    await c.classify(posts);
    expect(llm.requests[1].posts.map((p) => p.text)).toEqual(['please skip me']);
  });

  test('when a key is set, then it is sent as a bearer token; a wrong key is not retried; without a key no Authorization header is sent', async () => {
    await make().c.classify([post(1)]);
    expect(llm.requests[0].headers.authorization).toBe(`Bearer ${KEY}`);

    const { c: wrong } = make({ apiKey: 'sk-wrong' });
    expect(await wrong.classify([post(2)])).toEqual([FALLBACK]);
    expect(llm.requests[1].status).toBe(401);
    expect(wrong.stats.requests).toBe(1);

    const open = await FakeLlmServer.start();
    try {
      const { c } = make({ baseUrl: open.baseUrl, apiKey: undefined });
      expect(await c.classify([post(3)])).toEqual([LLM_DEFI]);
      expect(open.requests[0].headers.authorization).toBeUndefined();
    } finally {
      await open.close();
    }
  });

  test('when the in-memory cache is used, then it answers like the database one', async () => {
    const cache: LlmCache = new MemoryLlmCache();
    const { c } = make({ cache });
    const first = await c.classify([post(1), post(2, 'music')]);
    expect(await make({ cache }).c.classify([post(1), post(2, 'music')])).toEqual(first);
    expect(llm.requests).toHaveLength(1);
  });
});

describe('createClassifier', () => {
  test('when LLM_BASE_URL is set, then the LLM classifier runs with the configured model, batch size, key and database cache', async () => {
    const config = loadConfig({ LLM_BASE_URL: `${llm.baseUrl}/`, LLM_API_KEY: KEY, LLM_MODEL: 'cfg-model', LLM_BATCH_SIZE: '2' });
    const c = createClassifier(config, t.db);
    expect(c).toBeInstanceOf(LlmClassifier);
    expect(c.name).toBe('llm:cfg-model');
    await c.classify([post(1), post(2, 'music'), post(3, 'art')]);
    expect(llm.batches.map((b) => b.length).sort()).toEqual([1, 2]);
    expect(llm.requests.every((r) => r.body.model === 'cfg-model' && r.headers.authorization === `Bearer ${KEY}`)).toBe(true);
    expect(await t.db.sql.query('SELECT DISTINCT model FROM llm_classification')).toEqual([{ model: 'cfg-model' }]);
  });

  test('when the configured LLM fails, then the lexicon classifier labels the posts', async () => {
    const config = loadConfig({ LLM_BASE_URL: llm.baseUrl, LLM_API_KEY: 'sk-wrong' });
    const [labels] = await createClassifier(config, t.db).classify([post(1)]);
    expect(labels.labelledBy).toBe(new LexiconClassifier().name);
  });

  test('when LLM_BASE_URL is not set, then the built-in lexicon classifier is used', () => {
    const c = createClassifier(loadConfig({}), t.db);
    expect(c).toBeInstanceOf(LexiconClassifier);
    expect(c.name).toBe('lexicon-1');
  });
});
