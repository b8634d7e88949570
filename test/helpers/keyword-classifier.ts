// A classifier whose answers a test can predict: a post is in every category
// whose name appears in it as a word; its terms are its plain words. It records
// what it was asked, so tests can tell which posts were (re)classified.
import { CATEGORIES } from '../../src/domain/taxonomy';
import type { PostClassifier, PostInput, PostLabels } from '../../src/content/classifier.types';

export class KeywordClassifier implements PostClassifier {
  readonly name = 'keyword-test';
  readonly seen: string[] = [];
  /** Throws when asked about this post (to test failures half-way). */
  failOn?: string;

  classify(posts: readonly PostInput[]): Promise<PostLabels[]> {
    // In then, the failOn throw rejects, as a real classifier's failure does.
    return Promise.resolve().then(() => posts.map((p) => {
      if (p.key === this.failOn) throw new Error(`classifier failed on ${p.key}`);
      this.seen.push(p.key);
      const words: string[] = p.text.toLowerCase().match(/[a-z]{3,}/g) ?? [];
      const categories = CATEGORIES.filter((c) => words.includes(c.name) || p.tags.includes(c.name)).map((c) => c.id);
      return { categories, terms: [...new Set(words)].slice(0, 8) };
    }));
  }
}
