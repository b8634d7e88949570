// The classify pipeline over a real database: which posts it labels, what it
// stores, incremental runs, rebuilds, and failure half-way.
import { classifyPosts } from '../../src/content/classify-posts';
import { tokenMentionId } from '../../src/content/mention-id';
import { importDataset } from '../../src/importer/import-dataset';
import { KeywordClassifier } from '../helpers/keyword-classifier';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';
import { fixture } from '../helpers/test-server';

let t: TestDatabase;
beforeEach(async () => {
  t = await createTestDatabase();
  await importDataset(t.db, { dir: fixture('content-pipeline'), progress: 'silent' });
});
afterEach(() => t.close());

const posts = () => t.db.sql.query<{ key: string; day: string; categories: number[]; hashtags: string[]; channel: string | null; cashtags: string[]; classifier: string }>(
  `SELECT protocol || ':' || post_id AS key, to_char(day, 'YYYY-MM-DD') AS day, categories, hashtags, channel, cashtags, classifier
   FROM post_content ORDER BY key`);
const mentions = () => t.db.sql.query<{ day: string; symbol: string; id: string; post_count: number }>(
  `SELECT to_char(day, 'YYYY-MM-DD') AS day, symbol, id::text, post_count FROM token_mention_daily ORDER BY day, symbol`);

describe('classify pipeline', () => {
  test('when run, then every live post with text is labelled once, with its UTC day, channel, hashtags and cashtags', async () => {
    const c = new KeywordClassifier();
    const report = await classifyPosts(t.db, { classifier: c });
    expect(report?.classified).toEqual({ farcaster: 4, lens: 2 });
    expect(c.seen.sort()).toEqual(['farcaster:0xa1', 'farcaster:0xa2', 'farcaster:0xa3', 'farcaster:0xa6', 'lens:0x01-0x01', 'lens:0x02-0x02']);
    const rows = await posts();
    expect(rows.map((r) => [r.key, r.day])).toEqual([
      ['farcaster:0xa1', '2024-06-10'], ['farcaster:0xa2', '2024-06-11'], ['farcaster:0xa3', '2024-06-10'],
      ['farcaster:0xa6', '2024-06-10'], ['lens:0x01-0x01', '2024-06-10'], ['lens:0x02-0x02', '2024-06-11'],
    ]);
    const byKey = Object.fromEntries(rows.map((r) => [r.key, r]));
    expect(byKey['farcaster:0xa1']).toMatchObject({ channel: 'defi', cashtags: ['ETH'], categories: [1], classifier: 'keyword-test' });
    expect(byKey['farcaster:0xa2']).toMatchObject({ hashtags: ['onchain'], cashtags: ['ETH'] });
    expect(byKey['farcaster:0xa6'].cashtags).toEqual([]);
    expect(byKey['lens:0x01-0x01']).toMatchObject({ hashtags: ['music', 'lens'], categories: [5], cashtags: ['SOL'] });
    const [{ n }] = await t.db.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM post_category WHERE category_id = 1`);
    expect(n).toBe(2); // 0xa1 and 0xa2; the deleted 0xa4 and hidden 0x01-0x02 are not there
  });

  test('when run, then deleted and hidden posts are not counted in daily mentions, and ids are UUID v5 of SYMBOL:day', async () => {
    await classifyPosts(t.db, { classifier: new KeywordClassifier() });
    expect(await mentions()).toEqual([
      { day: '2024-06-10', symbol: 'ETH', id: tokenMentionId('ETH', '2024-06-10'), post_count: 1 },
      { day: '2024-06-10', symbol: 'SOL', id: tokenMentionId('SOL', '2024-06-10'), post_count: 2 },
      { day: '2024-06-11', symbol: 'ETH', id: tokenMentionId('ETH', '2024-06-11'), post_count: 1 },
    ]);
    // A literal id: a change of namespace or name format would break every client's stored ids.
    expect(tokenMentionId('ETH', '2024-06-10')).toBe('a772bd11-11d1-51f6-8f27-f5a161feca99');
    expect(tokenMentionId('eth', '2024-06-10')).toBe(tokenMentionId('ETH', '2024-06-10'));
  });

  test('when nothing changed, then a second run classifies nothing; a changed or deleted post is handled alone', async () => {
    await classifyPosts(t.db, { classifier: new KeywordClassifier() });
    const again = new KeywordClassifier();
    expect((await classifyPosts(t.db, { classifier: again }))?.classified).toEqual({ farcaster: 0, lens: 0 });
    expect(again.seen).toEqual([]);

    await t.db.sql.exec(`UPDATE fc_cast SET text = 'now about nft only' WHERE hash = '0xa1'`);
    await t.db.sql.exec(`UPDATE lens_publication SET is_hidden = true WHERE publication_id = '0x01-0x01'`);
    const third = new KeywordClassifier();
    const report = await classifyPosts(t.db, { classifier: third });
    expect(third.seen).toEqual(['farcaster:0xa1']);
    expect(report?.removed).toEqual({ farcaster: 0, lens: 1 });
    expect((await mentions()).filter((m) => m.day === '2024-06-10')).toEqual([
      { day: '2024-06-10', symbol: 'SOL', id: tokenMentionId('SOL', '2024-06-10'), post_count: 1 },
    ]);
    expect((await posts()).find((p) => p.key === 'farcaster:0xa1')?.categories).toEqual([2]);
  });

  test('when rebuilt, then every post is classified again and the stored answers, ids included, are the same', async () => {
    await classifyPosts(t.db, { classifier: new KeywordClassifier() });
    const before = { posts: await posts(), mentions: await mentions() };
    const c = new KeywordClassifier();
    const report = await classifyPosts(t.db, { classifier: c, rebuild: true });
    expect(c.seen).toHaveLength(6);
    expect(report?.days).toBe(2);
    expect({ posts: await posts(), mentions: await mentions() }).toEqual(before);
  });

  test('when the classifier fails half-way, then written pages stay and the next run finishes the job with correct daily counts', async () => {
    const failing = new KeywordClassifier();
    failing.failOn = 'farcaster:0xa3';
    await expect(classifyPosts(t.db, { classifier: failing, pageSize: 2 })).rejects.toThrow('classifier failed');
    expect((await posts()).map((p) => p.key)).toEqual(['farcaster:0xa1', 'farcaster:0xa2']);
    const [{ n }] = await t.db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM content_dirty_day');
    expect(n).toBe(2);

    const next = new KeywordClassifier();
    await classifyPosts(t.db, { classifier: next, pageSize: 2 });
    expect(next.seen).toEqual(['farcaster:0xa3', 'farcaster:0xa6', 'lens:0x01-0x01', 'lens:0x02-0x02']);
    expect((await mentions()).map((m) => [m.day, m.symbol, m.post_count])).toEqual([
      ['2024-06-10', 'ETH', 1], ['2024-06-10', 'SOL', 2], ['2024-06-11', 'ETH', 1],
    ]);
  });

  test('when a run is in progress, then a second one answers null at once', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    const slow = new KeywordClassifier();
    const original = slow.classify.bind(slow);
    slow.classify = async (p) => { await gate; return original(p); };
    const first = classifyPosts(t.db, { classifier: slow });
    await new Promise((r) => setTimeout(r, 50));
    expect(await classifyPosts(t.db, { classifier: new KeywordClassifier() })).toBeNull();
    release();
    expect((await first)?.classified).toEqual({ farcaster: 4, lens: 2 });
  });
});
