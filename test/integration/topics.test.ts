// Topics on the hand-made content-topics fixture (its README lists the known
// answers): topics of the day (getTopicsOfTheDay), who engaged with a topic's
// posts (getEngagers), how many posts mention it (getMentions), and the content
// fields (categories, topics, cashtags) on casts and Lens publications.
import type { PostClassifier, PostInput, PostLabels } from '../../src/content/classifier.types';
import { errorOf } from '../helpers/graphql-error';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * A classifier whose terms and categories are fixed by rule, so the fixture's
 * answers do not move when the built-in lexicon is tuned: terms = distinct
 * lowercase words of ≥ 3 letters (hashtags, cashtags and a few stopwords left
 * out), at most 8; categories by keyword.
 */
class FixtureClassifier implements PostClassifier {
  readonly name = 'fixture';
  private static readonly STOP = new Set(['the', 'and', 'for', 'with', 'this', 'that', 'from', 'you', 'all', 'are', 'was']);
  private static readonly KEYWORDS: Record<string, number> = { uniswap: 1, aave: 1, nft: 2, opensea: 2, minted: 2, telescope: 14 };
  classify(posts: readonly PostInput[]): Promise<PostLabels[]> {
    return Promise.resolve(posts.map((p) => {
      const words = p.text.replace(/[#$][\p{L}\p{N}_]+/gu, ' ').toLowerCase().match(/[a-z][a-z0-9]*/g) ?? [];
      const terms = [...new Set(words.filter((w) => w.length >= 3 && !FixtureClassifier.STOP.has(w)))].slice(0, 8);
      const categories = [...new Set(words.flatMap((w) => FixtureClassifier.KEYWORDS[w] ?? []))].sort((a, b) => a - b);
      return { categories, terms };
    }));
  }
}

let s: TestServer;
beforeAll(async () => { s = await startTestServer({ fixture: 'content-topics', classifier: new FixtureClassifier() }); });
afterAll(async () => { await s.close(); });

const TOPICS_0610 = [
  { topic: 'base', kind: 'channel', postCount: 3, authorCount: 3, baseline: 0, score: 4 },
  { topic: 'eclipse', kind: 'term', postCount: 4, authorCount: 4, baseline: 0.286, score: 3.889 },
  { topic: 'pizza', kind: 'term', postCount: 3, authorCount: 3, baseline: 1, score: 2 },
  { topic: 'gm', kind: 'hashtag', postCount: 3, authorCount: 3, baseline: 3, score: 1 },
];

const ECLIPSE_ENGAGERS = [
  { protocol: 'lens', profileId: '0x02', handle: 'two', engagements: 3 },
  { protocol: 'farcaster', profileId: '2', handle: 'bob', engagements: 2 },
  { protocol: 'farcaster', profileId: '3', handle: 'cat', engagements: 2 },
  { protocol: 'lens', profileId: '0x03', handle: 'three', engagements: 2 },
  { protocol: 'farcaster', profileId: '4', handle: 'dan', engagements: 1 },
  { protocol: 'farcaster', profileId: '6', handle: null, engagements: 1 },
  { protocol: 'lens', profileId: '0x04', handle: null, engagements: 1 },
];

describe('GET /api/llm/topics (getTopicsOfTheDay)', () => {
  it('when a day is given, then channels and hashtags with ≥ 3 posts and terms that spiked, by score, with baseline and score to 3 decimals', async () => {
    const res = await s.rest('/api/llm/topics?date=2024-06-10');
    expect(res.status).toBe(200);
    // coffee (4 posts, 3 a day before: score 1.25) and ramen (3 posts, baseline 8/7: score 1.867) did not spike;
    // sunset has 2 posts, astro 1; gm is a topic as a hashtag although it is as common as every day.
    expect(res.body).toEqual(TOPICS_0610);
    expect(Object.keys(res.body[0])).toEqual(['topic', 'kind', 'postCount', 'authorCount', 'baseline', 'score']);
  });

  it('when no date is given, then the newest day with daily counts (2024-06-10); limit keeps the first ones', async () => {
    expect((await s.rest('/api/llm/topics')).body).toEqual(TOPICS_0610);
    expect((await s.rest('/api/llm/topics?limit=2')).body).toEqual(TOPICS_0610.slice(0, 2));
  });

  it('when another day is asked, then its own baseline decides: ramen spiked on 06-09, and on the first day everything is new', async () => {
    expect((await s.rest('/api/llm/topics?date=2024-06-09')).body).toEqual([
      { topic: 'ramen', kind: 'term', postCount: 3, authorCount: 3, baseline: 0.714, score: 2.333 },
      { topic: 'gm', kind: 'hashtag', postCount: 3, authorCount: 3, baseline: 2.571, score: 1.12 },
    ]);
    expect((await s.rest('/api/llm/topics?date=2024-06-03')).body.map((t: { topic: string }) => t.topic)).toEqual(['brewing', 'coffee', 'gm']);
    // eclipse had 2 posts on 06-07: counted, but fewer than 3.
    expect((await s.rest('/api/llm/topics?date=2024-06-07')).body.map((t: { topic: string }) => t.topic)).toEqual(['pizza', 'gm']);
    expect((await s.rest('/api/llm/topics?date=2024-01-01')).body).toEqual([]);
  });

  it('when date or limit is malformed or out of range, then 400 naming it', async () => {
    for (const q of ['date=2024-13-01', 'date=yesterday', 'date=2024-06-31']) {
      const res = await s.rest(`/api/llm/topics?${q}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/date/);
    }
    for (const q of ['limit=0', 'limit=101', 'limit=abc']) {
      const res = await s.rest(`/api/llm/topics?${q}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/limit/);
    }
  });
});

describe('GET /api/llm/topics/engagers (getEngagers)', () => {
  it('when a topic is given, then profiles that interacted with that day\'s posts on it, most first, then protocol, then profileId', async () => {
    const res = await s.rest('/api/llm/topics/engagers?topic=eclipse&date=2024-06-10');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(ECLIPSE_ENGAGERS);
    // Case-insensitive, default day 2024-06-10, limit.
    expect((await s.rest('/api/llm/topics/engagers?topic=ECLIPSE')).body).toEqual(ECLIPSE_ENGAGERS);
    expect((await s.rest('/api/llm/topics/engagers?topic=eclipse&limit=2')).body).toEqual(ECLIPSE_ENGAGERS.slice(0, 2));
  });

  it('when engagers are counted, then each interaction type counts once, self, deleted, hidden, DOWNVOTE and non-collect acts never', async () => {
    const data = await s.gql.request<{ topic: { engagers: Record<string, unknown>[] } }>(`{
      topic(topic: "eclipse", date: "2024-06-10") { engagers { protocol profileId likes comments quotes reposts collects engagements } } }`);
    const by = Object.fromEntries(data.topic.engagers.map(({ protocol, profileId, ...rest }) => [`${String(protocol).toLowerCase()}:${String(profileId)}`, rest]));
    const zero = { likes: 0, comments: 0, quotes: 0, reposts: 0, collects: 0 };
    expect(by).toEqual({
      // 0x02: UPVOTE, comment and collect on 0x01-0x0a (0x01's own upvote, comment and collect left out).
      'lens:0x02': { ...zero, likes: 1, comments: 1, collects: 1, engagements: 3 },
      // 2: like + recast of 0xd001 (its own like of 0xd002 left out); 3: like (on 06-12) + reply.
      'farcaster:2': { ...zero, likes: 1, reposts: 1, engagements: 2 },
      'farcaster:3': { ...zero, likes: 1, comments: 1, engagements: 2 },
      // 0x03: mirror + quote (its DOWNVOTE and its non-collect act never count).
      'lens:0x03': { ...zero, quotes: 1, reposts: 1, engagements: 2 },
      'farcaster:4': { ...zero, quotes: 1, engagements: 1 },
      'farcaster:6': { ...zero, likes: 1, engagements: 1 },
      'lens:0x04': { ...zero, likes: 1, engagements: 1 },
    });
    // Left out: 1 and 0x01 (self), 5 (deleted like and deleted reply), 0x04's hidden comment.
    expect(Object.keys(by)).not.toContain('farcaster:1');
    expect(Object.keys(by)).not.toContain('farcaster:5');
    expect(Object.keys(by)).not.toContain('lens:0x01');
  });

  it('when another day is asked, then only the posts of that day count; a phrase without posts that day is []', async () => {
    expect((await s.rest('/api/llm/topics/engagers?topic=eclipse&date=2024-06-07')).body).toEqual([
      { protocol: 'farcaster', profileId: '4', handle: 'dan', engagements: 1 },
    ]);
    expect((await s.rest('/api/llm/topics/engagers?topic=%23GM&date=2024-06-10')).body).toEqual([
      { protocol: 'farcaster', profileId: '2', handle: 'bob', engagements: 2 },
      { protocol: 'farcaster', profileId: '3', handle: 'cat', engagements: 2 },
      { protocol: 'farcaster', profileId: '4', handle: 'dan', engagements: 1 },
      { protocol: 'farcaster', profileId: '6', handle: null, engagements: 1 },
    ]);
    const none = await s.rest('/api/llm/topics/engagers?topic=nothing&date=2024-06-10');
    expect(none.status).toBe(200);
    expect(none.body).toEqual([]);
  });

  it('when topic is missing or blank, or date / limit malformed, then 400 naming it', async () => {
    for (const [q, name] of [['', 'topic'], ['topic=%20%20', 'topic'], ['topic=eclipse&date=2024-02-30', 'date'], ['topic=eclipse&limit=0', 'limit']]) {
      const res = await s.rest(`/api/llm/topics/engagers?${q}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(new RegExp(name));
    }
  });
});

describe('GET /api/llm/topics/mentions (getMentions)', () => {
  it('when a topic is given, then the day\'s live posts on it per protocol and their distinct authors', async () => {
    const res = await s.rest('/api/llm/topics/mentions?topic=eclipse&date=2024-06-10');
    expect(res.status).toBe(200);
    // 0xd001, 0xd002, 0x01-0x0a, 0x02-0x0a; not the deleted 0xd006 nor the hidden 0x04-0x0b.
    expect(res.body).toEqual({ topic: 'eclipse', date: '2024-06-10T00:00:00.000Z', totalMentions: 4, farcasterMentions: 2, lensMentions: 2, authors: 4 });
    expect((await s.rest('/api/llm/topics/mentions?topic=Base')).body).toEqual(
      { topic: 'base', date: '2024-06-10T00:00:00.000Z', totalMentions: 3, farcasterMentions: 3, lensMentions: 0, authors: 3 });
    // A Lens tag counts as a hashtag; a plain term of one post has no daily count but is still mentioned once.
    expect((await s.rest('/api/llm/topics/mentions?topic=astro&date=2024-06-10')).body).toMatchObject({ totalMentions: 1, lensMentions: 1, authors: 1 });
    expect((await s.rest('/api/llm/topics/mentions?topic=telescope&date=2024-06-10')).body).toMatchObject({ totalMentions: 1, lensMentions: 1 });
    // The 06-07 posts are two casts of two authors.
    expect((await s.rest('/api/llm/topics/mentions?topic=eclipse&date=2024-06-07')).body).toEqual(
      { topic: 'eclipse', date: '2024-06-07T00:00:00.000Z', totalMentions: 2, farcasterMentions: 2, lensMentions: 0, authors: 2 });
  });

  it('when nothing mentions the phrase that day, then zero counts; a missing topic is a 400', async () => {
    expect((await s.rest('/api/llm/topics/mentions?topic=nothing&date=2024-06-01')).body).toEqual(
      { topic: 'nothing', date: '2024-06-01T00:00:00.000Z', totalMentions: 0, farcasterMentions: 0, lensMentions: 0, authors: 0 });
    const res = await s.rest('/api/llm/topics/mentions?date=2024-06-10');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/topic/);
  });
});

describe('GraphQL topics', () => {
  it('when topic(topic:) is asked for a phrase that is no topic of the day, then its statistics anyway', async () => {
    const data = await s.gql.request<{ coffee: unknown; sunset: unknown }>(`{
      coffee: topic(topic: "coffee", date: "2024-06-10") { topic kind postCount authorCount baseline score day topicOfDay }
      sunset: topic(topic: "sunset", date: "2024-06-10") { topic kind postCount topicOfDay mentions { totalMentions } } }`);
    expect(data.coffee).toEqual({ topic: 'coffee', kind: 'TERM', postCount: 4, authorCount: 4, baseline: 3, score: 1.25, day: '2024-06-10', topicOfDay: false });
    expect(data.sunset).toEqual({ topic: 'sunset', kind: 'TERM', postCount: 2, topicOfDay: false, mentions: { totalMentions: 2 } });
  });

  it('when topics are asked with engagers and mentions, then the statement count is flat in the number of topics', async () => {
    const query = `query($limit: Int) { topics(date: "2024-06-10", limit: $limit) {
      topic engagers(limit: 3) { profileId engagements } mentions { totalMentions authors } } }`;
    let four: { topics: { topic: string; engagers: unknown[]; mentions: { totalMentions: number } }[] } | undefined;
    const one = await s.statementsFor(() => s.gql.request(query, { limit: 1 }));
    const many = await s.statementsFor(async () => { four = await s.gql.request(query, { limit: 4 }); });
    expect(many).toBe(one);
    expect(four!.topics.map((t) => [t.topic, t.mentions.totalMentions])).toEqual([['base', 3], ['eclipse', 4], ['pizza', 3], ['gm', 3]]);
    expect(four!.topics[1].engagers).toEqual(ECLIPSE_ENGAGERS.slice(0, 3).map(({ profileId, engagements }) => ({ profileId, engagements })));
  });

  it('when limit is out of range, then BAD_USER_INPUT (HTTP 200: the field ran)', async () => {
    const err = await errorOf(s.gql.request('{ topics(limit: 101) { topic } }'));
    expect(err.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    // Checked as the field runs: the request executed, so HTTP 200 with the field's error (GraphQL over HTTP).
    expect(err.status).toBe(200);
  });
});

describe('content fields on posts', () => {
  type Post = { categories: { id: number; name: string }[]; topics: string[]; cashtags: string[] };
  const FIELDS = 'categories { id: nativeId name } topics cashtags';

  it('when casts are asked, then categories, topics (hashtags, channel, salient terms of their day) and cashtags', async () => {
    const data = await s.gql.request<{ a: { casts: { edges: { node: Post & { hash: string } }[] } }; d: { casts: { edges: { node: Post & { hash: string } }[] } } }>(`{
      a: farcasterUser(fid: 1) { casts(first: 20) { edges { node { hash ${FIELDS} } } } }
      d: farcasterUser(fid: 4) { casts(first: 1) { edges { node { hash ${FIELDS} } } } } }`);
    const byHash = Object.fromEntries(data.a.casts.edges.map((e) => [e.node.hash, e.node]));
    // eclipse is a topic of 06-10; photos, minted, nft, opensea are single-post terms.
    expect(byHash['0xd001']).toEqual({ hash: '0xd001', categories: [{ id: 2, name: 'nft' }], topics: ['gm', 'eclipse'], cashtags: ['ETH'] });
    // On 06-09 ramen spiked, pizza (2 posts) did not.
    expect(byHash['0x0901']).toEqual({ hash: '0x0901', categories: [], topics: ['gm', 'ramen'], cashtags: [] });
    expect(byHash['0xe071']).toEqual({ hash: '0xe071', categories: [], topics: [], cashtags: [] });
    expect(data.d.casts.edges[0].node).toEqual({
      hash: '0xd102', categories: [], topics: [], cashtags: [],
    });
  });

  it('when a cast is in a channel, then the channel is among its topics; a cast without text has no labels', async () => {
    const data = await s.gql.request<{ d: { casts: { edges: { node: Post & { hash: string } }[] } }; e: { casts: { edges: { node: Post & { hash: string } }[] } } }>(`{
      d: farcasterUser(fid: 4) { casts(first: 20) { edges { node { hash ${FIELDS} } } } }
      e: farcasterUser(fid: 5) { casts(first: 20) { edges { node { hash ${FIELDS} } } } } }`);
    const d = data.d.casts.edges.find((e) => e.node.hash === '0xd004')!.node;
    expect(d).toEqual({ hash: '0xd004', categories: [{ id: 1, name: 'defi' }], topics: ['gm', 'base', 'pizza'], cashtags: [] });
    // fid 5's only live cast has no text: no post_content row (its deleted casts are not listed at all).
    expect(data.e.casts.edges.map((e) => e.node)).toEqual([{ hash: '0xd005', categories: [], topics: [], cashtags: [] }]);
  });

  it('when Lens publications are asked, then the same fields; a mirror has no labels', async () => {
    const data = await s.gql.request<{ one: { publications: { edges: { node: Post & { publicationId: string } }[] } }; two: { publications: { edges: { node: Post & { publicationId: string } }[] } }; three: { publications: { edges: { node: Post & { publicationId: string } }[] } } }>(`{
      one: lensProfile(id: "0x01") { publications(first: 20) { edges { node { publicationId ${FIELDS} } } } }
      two: lensProfile(id: "0x02") { publications(first: 20) { edges { node { publicationId ${FIELDS} } } } }
      three: lensProfile(id: "0x03") { publications(first: 20) { edges { node { publicationId ${FIELDS} } } } } }`);
    const nodes = [...data.one.publications.edges, ...data.two.publications.edges, ...data.three.publications.edges].map((e) => e.node);
    const byId = Object.fromEntries(nodes.map((n) => [n.publicationId, n]));
    expect(byId['0x01-0x0a']).toEqual({ publicationId: '0x01-0x0a', categories: [{ id: 14, name: 'science' }], topics: ['eclipse'], cashtags: [] });
    // The Lens tag Astro is the post's hashtag (a topic of the post, whatever its day's salience).
    expect(byId['0x02-0x0a']).toEqual({ publicationId: '0x02-0x0a', categories: [], topics: ['astro', 'eclipse'], cashtags: ['SOL'] });
    expect(byId['0x03-0x0b']).toEqual({ publicationId: '0x03-0x0b', categories: [], topics: [], cashtags: [] });
  });

  it('when many posts are asked with their content fields, then one statement for the labels and one for the topics, whatever their number', async () => {
    const query = (first: number) => `{ farcasterUser(fid: 1) { casts(first: ${first}) { edges { node { hash ${FIELDS} } } } } }`;
    const base = await s.statementsFor(() => s.gql.request(`{ farcasterUser(fid: 1) { casts(first: 20) { edges { node { hash } } } } }`));
    const one = await s.statementsFor(() => s.gql.request(query(1)));
    const many = await s.statementsFor(() => s.gql.request(query(20)));
    expect(many).toBe(one);
    expect(many - base).toBe(2);
  });
});
