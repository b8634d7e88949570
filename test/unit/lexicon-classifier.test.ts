// The built-in lexicon classifier: deterministic labels, the terms rules, and a
// quality floor on the hand-labelled evaluation set (docs/classifier.md).
import { MAX_TERMS, type PostInput } from '../../src/content/classifier.types';
import { LexiconClassifier } from '../../src/content/lexicon-classifier';
import { singular, termsOf } from '../../src/content/terms';
import { CATEGORIES, categoryById, categoryByName } from '../../src/domain/taxonomy';
import { figures, loadEvalSet, measureSpeed, predict } from '../../scripts/eval-classifier';

// Loading `natural`'s index would pull in its storage backends and dotenv
// (reads .env, prints noise): the classifier must only load the stemmer submodule.
jest.mock('natural', () => {
  throw new Error('the natural package index must not be loaded');
});

const classifier = new LexiconClassifier();
const names = (text: string, tags: string[] = []) =>
  classifier.classifyOne({ text, tags }).categories.map((id) => categoryById(id)!.name);

describe('LexiconClassifier', () => {
  it('is named lexicon-<n>, as stored with each label', () => {
    expect(classifier.name).toMatch(/^lexicon-\d+$/);
  });

  it('when the same posts are classified again, by any instance, then the answers are identical', async () => {
    const posts: PostInput[] = [
      { key: 'farcaster:0x1', text: 'aped into a new lending pool on base, 9% apy on usdc 🔥', tags: [] },
      { key: 'lens:0x01-0x01', text: 'new track out now 🎶 #lofi', tags: ['music'] },
      { key: 'farcaster:0x2', text: 'gm', tags: [] },
    ];
    const first = await classifier.classify(posts);
    const again = await classifier.classify(posts);
    const other = await new LexiconClassifier().classify([...posts].reverse());
    expect(again).toEqual(first);
    expect(other.reverse()).toEqual(first);
    expect(first.map((l) => l.categories.map((id) => categoryById(id)!.name))).toEqual([['defi'], ['music'], []]);
  });

  it.each([
    ['the usdc/eth pool on uniswap has terrible slippage today, stick to the aggregator', ['defi']],
    ['minted 2 editions of the new zora drop, floor is already 0.01 eth', ['nft']],
    ['co-op night in baldur\'s gate 3 with the squad, who is in?', ['gaming']],
    ['finished a watercolor of the harbour at dusk 🎨', ['art']],
    ['the bassist in this band carries every song on the album', ['music']],
    ['shipped a typescript sdk for our api, docs and examples on github', ['tech']],
    ['fine-tuned an llm on our docs, the agent now answers support questions', ['ai']],
    ['wagmi ser, few understand 🫡', ['memes']],
    ['arsenal vs liverpool tonight, premier league title on the line ⚽', ['sports']],
    ['homemade ramen with a soft boiled egg, recipe in the replies 🍜', ['food']],
    ['flight to lisbon delayed again, stuck at the airport ✈️', ['travel']],
    ['the senate vote on the crypto market structure bill is tomorrow, call your senator 🗳️', ['politics']],
    ['restaking yields on eigenlayer vs lido staking, which is safer?', ['defi']],
    ['$BTC broke resistance, bulls want 100k, bears want the range low', ['trading']],
    ['the webb telescope spotted water vapour on an exoplanet 🔭', ['science']],
    ['gym at 6am, then a 5k run, legs are done 💪', ['health']],
    ['an ai agent that trades memecoins on its own. what could go wrong', ['ai', 'trading']],
  ])('when the post is %j, then its categories are %j', (text, expected) => {
    expect(names(text)).toEqual(expected);
  });

  it('when a post has no topic, then it has no category', () => {
    for (const text of ['gm', 'gn frens', 'lol same', 'thanks for the follow!', '🙏🙏', 'who is around today?', '']) {
      expect([text, names(text)]).toEqual([text, []]);
    }
  });

  it('when the author tagged the post with a category or a topical word, then that is evidence too', () => {
    expect(names('new post is up, have a look')).toEqual([]);
    expect(names('new post is up, have a look', ['defi'])).toEqual(['defi']);
    expect(names('new post is up, have a look', ['#Gaming'])).toEqual(['gaming']);
    expect(names('new post is up, have a look', ['buildinpublic'])).toEqual(['tech']);
    expect(names('new post is up, have a look', ['base', 'crypto'])).toEqual([]);
  });

  it('when a post covers several topics, then categories are ascending, distinct and at most 3', () => {
    const text = 'ai agents trading memecoins on uniswap while I paint and cook ramen, then the gym and a flight to tokyo';
    const { categories } = classifier.classifyOne({ text, tags: ['defi', 'art', 'food'] });
    expect(categories.length).toBeGreaterThan(0);
    expect(categories.length).toBeLessThanOrEqual(3);
    expect(categories).toEqual([...new Set(categories)].sort((a, b) => a - b));
    for (const id of categories) expect(categoryById(id)).toBeDefined();
  });

  it('when a word only shares a stem with a category word, then it is no evidence (finally ≠ finals, experience ≠ experiment)', () => {
    expect(names('finally home, what an experience, what a day')).toEqual([]);
  });

  it('answers the terms of the post text', () => {
    const text = 'Minting my first NFTs on Zora today!! https://zora.co/x @alice $ETH #onchain 🚀';
    expect(classifier.classifyOne({ text, tags: [] }).terms).toEqual(termsOf(text));
  });

  it('classifies at least 5,000 posts per second on one core (measured figure: docs/classifier.md)', () => {
    const speed = measureSpeed(loadEvalSet(), 20_000);
    expect(speed.postsPerSecond).toBeGreaterThan(5_000);
  });
});

describe('termsOf', () => {
  it('when a post has URLs, mentions, cashtags, hashtags, emoji, punctuation and numbers, then only its words remain', () => {
    expect(termsOf('Check https://example.com/a?b=1 and www.site.xyz, @alice.eth @bob: $ETH to 4k?! #BuildInPublic 🚀🔥 2024'))
      .toEqual(['check', 'buildinpublic']);
  });

  it('when words are stopwords, social filler or shorter than 3 characters, then they are dropped', () => {
    expect(termsOf('gm gm! just really loving this today lol, ngl tbh it is ok')).toEqual(['loving']);
    expect(termsOf('ai on l2 is ok')).toEqual([]);
  });

  it('when a word starts with a digit, then it is dropped; letters then digits stay', () => {
    expect(termsOf('4am 10x 3rd ps5 web3 l2s')).toEqual(['ps5', 'web3', 'l2s']);
  });

  it('when a word repeats, in any case, then it counts once, in order of first appearance', () => {
    expect(termsOf('Restaking restaking RESTAKING yields, Yields')).toEqual(['restaking', 'yield']);
  });

  it('when there are more than MAX_TERMS candidates, then the first MAX_TERMS are kept', () => {
    const text = 'alpha bravo charlie delta echo foxtrot golf hotel india juliet';
    expect(termsOf(text)).toEqual(['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel']);
    expect(termsOf(text)).toHaveLength(MAX_TERMS);
  });

  it('keeps the readable word, not the stem, and cuts possessives and apostrophes', () => {
    expect(termsOf("grandma's generative painting, y'all's minting")).toEqual(['grandma', 'generative', 'painting', 'minting']);
  });

  it('makes simple plurals singular, and leaves alone words that only look plural', () => {
    expect(termsOf('nfts games matches boxes dishes glasses')).toEqual(['nft', 'game', 'match', 'box', 'dish', 'glasses']);
    expect(termsOf('lens news series physics gas bus chaos brussels status')).toEqual(
      ['lens', 'news', 'series', 'physics', 'gas', 'bus', 'chaos', 'brussels', 'status'].slice(0, MAX_TERMS));
    expect(['parties', 'movies', 'tomatoes', 'virus', 'analysis', 'famous', 'class'].map(singular))
      .toEqual(['parties', 'movies', 'tomatoes', 'virus', 'analysis', 'famous', 'class']);
  });

  it('keeps words of any script (3+ characters, like every term)', () => {
    expect(termsOf('Café in München, 東京都 trip, 東京')).toEqual(['café', 'münchen', '東京都', 'trip']);
  });
});

describe('quality on the labelled evaluation set (eval/classifier-eval.jsonl)', () => {
  const posts = loadEvalSet();
  const predictions = predict(posts);

  it('is a set of 330+ posts, every category with 20+ examples, ~20 without any, about a third held out', () => {
    expect(posts.length).toBeGreaterThanOrEqual(330);
    expect(new Set(posts.map((p) => p.id)).size).toBe(posts.length);
    for (const c of CATEGORIES) expect([c.name, posts.filter((p) => p.categories.includes(c.name)).length >= 20]).toEqual([c.name, true]);
    expect(posts.filter((p) => p.categories.length === 0).length).toBeGreaterThanOrEqual(20);
    for (const p of posts) {
      expect(p.categories.length).toBeLessThanOrEqual(3);
      for (const c of p.categories) expect(categoryByName(c)?.name).toBe(c);
    }
    const held = posts.filter((p) => p.split === 'test').length / posts.length;
    expect(held).toBeGreaterThan(0.28);
    expect(held).toBeLessThan(0.4);
  });

  // The lexicon's measured scores are in docs/classifier.md; these floors sit a few points under them, so a
  // change to the lexicon that costs more than that fails here.
  it('reaches micro-F1 ≥ 0.85 on the held-out test split', () => {
    const test = figures('test', predictions.filter((p) => p.post.split === 'test'));
    expect(test.micro.f1).toBeGreaterThanOrEqual(0.85);
  });

  it('reaches recall ≥ 0.70 for every category, and micro-F1 ≥ 0.87, on all posts', () => {
    const all = figures('all', predictions);
    expect(all.micro.f1).toBeGreaterThanOrEqual(0.87);
    for (const c of all.categories) expect([c.category, c.recall >= 0.7]).toEqual([c.category, true]);
  });
});
