// PLACEHOLDER written by the lead so the tree compiles while the real lexicon
// classifier is being written. The engineer writing it: replace this whole file.
import type { PostClassifier, PostInput, PostLabels } from './classifier.types';

export class LexiconClassifier implements PostClassifier {
  readonly name = 'lexicon-0';
  async classify(posts: readonly PostInput[]): Promise<PostLabels[]> {
    return posts.map(() => ({ categories: [], terms: [] }));
  }
}
