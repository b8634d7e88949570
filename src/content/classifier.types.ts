// What every classifier (the built-in lexicon one, an LLM) reads and answers.
// Hashtags, channels and cashtags are not the classifier's job: they follow
// fixed rules (post-features.ts, cashtags.ts) whichever classifier runs.

export interface PostInput {
  /** Stable key of the post: `farcaster:<cast hash>` or `lens:<publication id>`. */
  key: string;
  text: string;
  /** Tags the author set (Lens tags_vector, hashtags in the text), lowercase, without `#`. */
  tags: readonly string[];
}

export interface PostLabels {
  /** Category ids from taxonomy.ts, ascending, distinct; empty when none fits. */
  categories: number[];
  /** Normalised key phrases of the post (lowercase, at most MAX_TERMS), candidates for topics of the day. */
  terms: string[];
  /** Who actually labelled the post when not the classifier asked (an LLM that fell back to the lexicon). */
  labelledBy?: string;
}

export const MAX_TERMS = 8;

export interface PostClassifier {
  /** Stored with each classified post, e.g. `lexicon-1` or `llm:gpt-4o-mini`. */
  readonly name: string;
  /** One answer per input, in input order. */
  classify(posts: readonly PostInput[]): Promise<PostLabels[]>;
}
