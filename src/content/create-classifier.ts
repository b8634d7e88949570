// PLACEHOLDER written by the lead so the tree compiles while the LLM adapter is
// being written. The engineer writing it: replace this whole file.
import type { Config } from '../config/config.schema';
import type { Database } from '../db/database';
import type { PostClassifier } from './classifier.types';
import { LexiconClassifier } from './lexicon-classifier';

export function createClassifier(_config: Config, _db: Database, _log?: (line: string) => void): PostClassifier {
  return new LexiconClassifier();
}
