// Picks the content classifier from the configuration: an LLM when an
// OpenAI-compatible endpoint is configured (backed by the lexicon classifier
// for what it cannot answer), else the built-in lexicon classifier.
import type { Config } from '../config/config.schema';
import type { Database } from '../db/database';
import type { PostClassifier } from './classifier.types';
import { LexiconClassifier } from './lexicon-classifier';
import { DbLlmCache } from './llm-cache';
import { LlmClassifier } from './llm-classifier';

export function createClassifier(config: Config, db: Database, log?: (line: string) => void): PostClassifier {
  if (!config.LLM_BASE_URL) return new LexiconClassifier();
  return new LlmClassifier({
    baseUrl: config.LLM_BASE_URL,
    apiKey: config.LLM_API_KEY || undefined,
    model: config.LLM_MODEL,
    batchSize: config.LLM_BATCH_SIZE,
    concurrency: config.LLM_CONCURRENCY,
    timeoutMs: config.LLM_TIMEOUT_MS,
    maxRetries: config.LLM_MAX_RETRIES,
    cache: new DbLlmCache(db.sql),
    fallback: new LexiconClassifier(),
    log,
  });
}
