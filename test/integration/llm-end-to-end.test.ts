// The content endpoints answer from an LLM the user configured: posts go
// through a (local, OpenAI-compatible) model during classify, its labels are
// what the API serves, and when the model fails the built-in classifier's are.
import { LexiconClassifier } from '../../src/content/lexicon-classifier';
import { LlmClassifier } from '../../src/content/llm-classifier';
import { MemoryLlmCache } from '../../src/content/llm-cache';
import { FakeLlmServer, keywordAnswer } from '../helpers/fake-llm-server';
import { startTestServer, type TestServer } from '../helpers/test-server';

let llm: FakeLlmServer;
beforeAll(async () => { llm = await FakeLlmServer.start({ apiKey: 'sk-test' }); });
afterAll(() => llm.close());

const classifier = (maxRetries = 1) => new LlmClassifier({
  baseUrl: llm.baseUrl, apiKey: 'sk-test', model: 'test-model', batchSize: 3, concurrency: 2, timeoutMs: 2000,
  maxRetries, backoffMs: 5, cache: new MemoryLlmCache(), fallback: new LexiconClassifier(),
});

const labelledBy = (s: TestServer) => s.testDb.db.sql.query<{ post_id: string; classifier: string }>(
  'SELECT post_id, classifier FROM post_content ORDER BY post_id');

describe('content answered from a configured LLM', () => {
  let s: TestServer | undefined;
  afterEach(async () => { await s?.close(); s = undefined; llm.reset(); });

  test('when the model labels the posts, then categories and topics come from its answer', async () => {
    // The model says the reply about music is science (no lexicon would) and names a term.
    llm.answer = (p) => (p.text.startsWith('reply about music') ? { categories: ['science'], terms: ['telescope'] } : keywordAnswer(p));
    s = await startTestServer({ fixture: 'content-pipeline', classifier: classifier() });
    expect(llm.requests.length).toBe(3); // 4 casts and 2 publications, at most 3 per request
    expect(llm.requests[0].headers.authorization).toBe('Bearer sk-test');
    expect((await labelledBy(s)).every((r) => r.classifier === 'llm:test-model')).toBe(true);

    const res = await s.rest('/api/llm/categories/publications?category=science&date=2024-06-10');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ publicationId: '0xa3', category: 'science', reactioncount: '0' }]);
    const mentions = await s.rest('/api/llm/topics/mentions?topic=telescope&date=2024-06-10');
    expect(mentions.body).toMatchObject({ topic: 'telescope', totalMentions: 1, farcasterMentions: 1, lensMentions: 0 });
  });

  test('when the model keeps failing, then every post is labelled by the built-in classifier and the API still answers', async () => {
    llm.defaultReply = { status: 500 };
    s = await startTestServer({ fixture: 'content-pipeline', classifier: classifier(1) });
    expect(llm.requests.length).toBe(6); // 3 batches × (1 attempt + 1 retry)
    expect((await labelledBy(s)).map((r) => r.classifier)).toEqual(Array(6).fill(new LexiconClassifier().name));
    const res = await s.rest('/api/llm/tokens/mentions?date=2024-06-10');
    expect(res.body.map((m: { token: string; post_count: string }) => [m.token, m.post_count])).toEqual([['SOL', '2'], ['ETH', '1']]);
  });
});
