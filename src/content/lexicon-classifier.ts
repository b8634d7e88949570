// The built-in content classifier: deterministic, offline, synchronous at its
// core. A post's words (terms.ts wordsOf) are Porter-stemmed and looked up in
// per-category lexicons (lexicon.ts); every entry found adds its weight to its
// category once. Phrases match on consecutive stems, `=word` entries on the
// exact word. The author's tags count too: a tag that is a category name adds
// TAG_WEIGHT to it, other tags are looked up like words. Emoji with a meaning
// (🎨, ⚽, 📈 …) and cashtags (a hint of trading) add small weights.
//
// A post is in every category whose score is at least THRESHOLD and at least
// RELATIVE × the best score, at most MAX_CATEGORIES (best first): 0, 1 or a few.
// `terms` are termsOf(text). See docs/classifier.md for the evaluation.
// Typed by natural-porter.d.ts, which the tsconfig's include brings in.
import PorterStemmer from 'natural/lib/natural/stemmers/porter_stemmer';
import type { PostClassifier, PostInput, PostLabels } from './classifier.types';
import { EMOJI, LEXICON, TIER_WEIGHT, type CategoryLexicon, type CategoryName } from './lexicon';
import { CATEGORIES } from '../domain/taxonomy';
import { termsFromWords, wordsOf } from './terms';

/** Least score for a category. One normal entry, two weak ones or a strong one pass. */
export const THRESHOLD = 1;
/** A category must also score at least this share of the post's best category. */
export const RELATIVE = 0.5;
export const MAX_CATEGORIES = 3;
/** A tag that names a category (`defi`, `#music`). */
export const TAG_WEIGHT = 2;
/** Each distinct cashtag ($ETH) hints at trading, up to CASHTAG_CAP in all. */
const CASHTAG_WEIGHT = 0.5;
const CASHTAG_CAP = 1;

interface Hit {
  /** Index into CATEGORIES. */
  cat: number;
  weight: number;
  /** Distinct per (entry, category): an entry counts once per post. */
  entry: number;
}

interface Phrase {
  /** Stems after the first. */
  rest: string[];
  hit: Hit;
}

/** Words whose stems are kept: a bounded memo (emptied when full), since a stream's vocabulary keeps growing (docs/performance.md#import). */
const STEM_CACHE_LIMIT = 200_000;
const stemCache = new Map<string, string>();

/** Porter stem of a lowercase word, memoised. */
export function stemOf(word: string): string {
  let s = stemCache.get(word);
  if (s === undefined) {
    s = word.length < 3 || word[0] === '$' ? word : PorterStemmer.stem(word);
    if (stemCache.size >= STEM_CACHE_LIMIT) stemCache.clear();
    stemCache.set(word, s);
  }
  return s;
}

/** A word as the lexicon sees it: a cashtag-like `$eth` is `eth`. */
function bare(word: string): string {
  return word[0] === '$' ? word.slice(1) : word;
}

class CompiledLexicon {
  readonly surface = new Map<string, Hit[]>();
  readonly stems = new Map<string, Hit[]>();
  readonly phrases = new Map<string, Phrase[]>();
  readonly emoji = new Map<string, Hit[]>();
  readonly categoryByName = new Map<string, number>();
  entries = 0;
  private readonly byKey = new Map<string, Hit>();

  constructor() {
    CATEGORIES.forEach((c, i) => {
      const lexicon = (LEXICON as Record<string, CategoryLexicon | undefined>)[c.name];
      if (!lexicon) throw new Error(`lexicon: no entries for category ${c.name}`);
      this.categoryByName.set(c.name, i);
      for (const tier of ['strong', 'normal', 'weak'] as const) {
        for (const raw of lexicon[tier].split(',')) {
          const entry = raw.trim().replace(/\s+/g, ' ');
          if (entry) this.add(i, entry, TIER_WEIGHT[tier]);
        }
      }
    });
    for (const name of Object.keys(LEXICON)) {
      if (!this.categoryByName.has(name)) throw new Error(`lexicon: ${name} is not a taxonomy category`);
    }
    for (const [emoji, hints] of Object.entries(EMOJI)) {
      for (const [name, weight] of hints) this.hit(this.emoji, emoji, `emoji:${emoji}`, this.categoryOf(name), weight);
    }
  }

  private categoryOf(name: CategoryName): number {
    const i = this.categoryByName.get(name);
    if (i === undefined) throw new Error(`lexicon: ${name} is not a taxonomy category`);
    return i;
  }

  private add(cat: number, entry: string, weight: number): void {
    if (entry.startsWith('=')) {
      const word = entry.slice(1);
      if (!/^[\p{L}\p{N}]+$/u.test(word)) throw new Error(`lexicon: exact entry "${entry}" must be one word`);
      this.hit(this.surface, word, `=${word}`, cat, weight);
      return;
    }
    if (entry.includes('=')) throw new Error(`lexicon: "=" must start an entry ("${entry}")`);
    const stems = wordsOf(entry).map((w) => stemOf(bare(w)));
    if (stems.length === 0) throw new Error(`lexicon: entry "${entry}" has no word`);
    if (stems.length === 1) {
      this.hit(this.stems, stems[0], stems[0], cat, weight);
      return;
    }
    const hit = this.newHit(cat, stems.join(' '), weight);
    if (!hit) return;
    const list = this.phrases.get(stems[0]) ?? [];
    list.push({ rest: stems.slice(1), hit });
    this.phrases.set(stems[0], list);
  }

  /** Adds (or strengthens) the hit of `key` for `cat` in `map`. */
  private hit(map: Map<string, Hit[]>, lookup: string, key: string, cat: number, weight: number): void {
    const hit = this.newHit(cat, key, weight);
    if (!hit) return;
    const list = map.get(lookup) ?? [];
    list.push(hit);
    map.set(lookup, list);
  }

  /** A new hit of `key` for `cat`, or null when the key already has one (then kept at the larger weight). */
  private newHit(cat: number, key: string, weight: number): Hit | null {
    const before = this.byKey.get(`${cat}:${key}`);
    if (before) {
      before.weight = Math.max(before.weight, weight);
      return null;
    }
    const hit: Hit = { cat, weight, entry: this.entries++ };
    this.byKey.set(`${cat}:${key}`, hit);
    return hit;
  }
}

let compiled: CompiledLexicon | undefined;
function lexicon(): CompiledLexicon {
  compiled ??= new CompiledLexicon();
  return compiled;
}

const PICTOGRAPHIC = /\p{Extended_Pictographic}/gu;
const AMOUNT = /^\d+(?:[.,]\d+)?[kmb]?$/;

export interface ScoredPost {
  labels: PostLabels;
  /** Score per category name, only those above 0 (for debugging and the evaluation). */
  scores: Record<string, number>;
}

export class LexiconClassifier implements PostClassifier {
  /** Bump whenever the lexicon or the rules change: stored labels record it. */
  readonly name = 'lexicon-1';
  private readonly lex = lexicon();
  private readonly scores = new Float64Array(CATEGORIES.length);
  private readonly seen: Int32Array;
  private stamp = 0;

  constructor() {
    this.seen = new Int32Array(this.lex.entries);
  }

  classify(posts: readonly PostInput[]): Promise<PostLabels[]> {
    // Inside then, a throw from classifyOne rejects as the PostClassifier contract has it.
    return Promise.resolve().then(() => posts.map((p) => this.classifyOne(p)));
  }

  classifyOne(post: Pick<PostInput, 'text' | 'tags'>): PostLabels {
    const words = wordsOf(post.text);
    this.score(words, post.text, post.tags);
    return { categories: this.decide(), terms: termsFromWords(words) };
  }

  /** classifyOne with the scores behind it. */
  explain(post: Pick<PostInput, 'text' | 'tags'>): ScoredPost {
    const labels = this.classifyOne(post);
    const scores: Record<string, number> = {};
    CATEGORIES.forEach((c, i) => { if (this.scores[i] > 0) scores[c.name] = this.scores[i]; });
    return { labels, scores };
  }

  private score(words: readonly string[], text: string, tags: readonly string[]): void {
    const { scores, lex } = this;
    scores.fill(0);
    if (++this.stamp === 0x7fffffff) { this.seen.fill(0); this.stamp = 1; }
    this.matchWords(words);
    let cashtags = 0;
    const symbols: string[] = [];
    for (const w of words) {
      if (w[0] !== '$' || w.length < 3 || AMOUNT.test(w.slice(1)) || symbols.includes(w)) continue;
      symbols.push(w);
      cashtags += CASHTAG_WEIGHT;
    }
    if (cashtags > 0) scores[lex.categoryByName.get('trading')!] += Math.min(cashtags, CASHTAG_CAP);
    for (const tag of tags) {
      const t = tag.trim().replace(/^#/, '').toLowerCase();
      const cat = lex.categoryByName.get(t);
      if (cat !== undefined) scores[cat] += TAG_WEIGHT;
      else if (t) this.matchWords(wordsOf(t.replace(/[-_]/g, ' ')));
    }
    if (text.length > 0) {
      for (const m of text.matchAll(PICTOGRAPHIC)) {
        const hits = lex.emoji.get(m[0]);
        if (hits) this.add(hits);
      }
    }
  }

  private matchWords(words: readonly string[]): void {
    const { lex } = this;
    const stems = words.map((w) => stemOf(bare(w)));
    for (let i = 0; i < words.length; i++) {
      const surface = lex.surface.get(bare(words[i]));
      if (surface) this.add(surface);
      const single = lex.stems.get(stems[i]);
      if (single) this.add(single);
      const phrases = lex.phrases.get(stems[i]);
      if (!phrases) continue;
      for (const p of phrases) {
        if (i + p.rest.length >= stems.length) continue;
        let j = 0;
        while (j < p.rest.length && stems[i + 1 + j] === p.rest[j]) j++;
        if (j === p.rest.length) this.add([p.hit]);
      }
    }
  }

  private add(hits: readonly Hit[]): void {
    for (const h of hits) {
      if (this.seen[h.entry] === this.stamp) continue;
      this.seen[h.entry] = this.stamp;
      this.scores[h.cat] += h.weight;
    }
  }

  /** Category ids passing THRESHOLD and RELATIVE, best MAX_CATEGORIES, ascending. */
  private decide(): number[] {
    const { scores } = this;
    let best = 0;
    for (let i = 0; i < scores.length; i++) if (scores[i] > best) best = scores[i];
    if (best < THRESHOLD) return [];
    const floor = Math.max(THRESHOLD, RELATIVE * best);
    const passing: number[] = [];
    for (let i = 0; i < scores.length; i++) if (scores[i] >= floor) passing.push(i);
    if (passing.length > MAX_CATEGORIES) passing.sort((a, b) => scores[b] - scores[a] || a - b).length = MAX_CATEGORIES;
    return passing.map((i) => CATEGORIES[i].id).sort((a, b) => a - b);
  }
}
