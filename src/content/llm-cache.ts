// The per-post memory of the LLM classifier: a model's labels of a text are
// stored once, so a rebuild, a second instance or a re-import never pays for
// the same text twice. Keyed by (model, hash of text and tags): another model
// labels everything afresh.
import type { SqlClient } from '../db/sql-client';
import type { PostLabels } from './classifier.types';

export interface LlmCacheEntry { hash: string; labels: PostLabels }

export interface LlmCache {
  /** The stored labels of those hashes that are known; unknown hashes are absent. */
  get(model: string, hashes: readonly string[]): Promise<Map<string, PostLabels>>;
  /** Stores labels; an entry already there is kept (same model, same text: same answer). */
  put(model: string, entries: readonly LlmCacheEntry[]): Promise<void>;
}

const copy = (l: PostLabels): PostLabels => ({ categories: [...l.categories], terms: [...l.terms] });

/** The llm_classification table, shared by every instance on the database. */
export class DbLlmCache implements LlmCache {
  constructor(private readonly sql: SqlClient) {}

  async get(model: string, hashes: readonly string[]): Promise<Map<string, PostLabels>> {
    if (!hashes.length) return new Map();
    const rows = await this.sql.query<{ text_hash: string; categories: number[] | null; terms: string[] | null }>(
      'SELECT text_hash, categories, terms FROM llm_classification WHERE model = $1 AND text_hash = ANY($2::text[])',
      [model, [...new Set(hashes)]]);
    return new Map(rows.map((r) => [r.text_hash, { categories: r.categories ?? [], terms: r.terms ?? [] }]));
  }

  async put(model: string, entries: readonly LlmCacheEntry[]): Promise<void> {
    if (!entries.length) return;
    // One statement per batch; jsonb_to_recordset carries the per-row arrays, which unnest() cannot.
    const rows = entries.map((e) => ({ text_hash: e.hash, categories: e.labels.categories, terms: e.labels.terms }));
    await this.sql.query(
      `INSERT INTO llm_classification (model, text_hash, categories, terms)
       SELECT $1, text_hash, categories, terms FROM jsonb_to_recordset($2::jsonb) AS x(text_hash text, categories int[], terms text[])
       ON CONFLICT DO NOTHING`,
      [model, JSON.stringify(rows)]);
  }
}

/** In-process cache, for unit use and tools without a database. */
export class MemoryLlmCache implements LlmCache {
  private readonly entries = new Map<string, PostLabels>();

  get(model: string, hashes: readonly string[]): Promise<Map<string, PostLabels>> {
    const found = new Map<string, PostLabels>();
    for (const h of hashes) {
      const l = this.entries.get(`${model}\u0000${h}`);
      if (l) found.set(h, copy(l));
    }
    return Promise.resolve(found);
  }

  put(model: string, entries: readonly LlmCacheEntry[]): Promise<void> {
    for (const e of entries) {
      const key = `${model}\u0000${e.hash}`;
      if (!this.entries.has(key)) this.entries.set(key, copy(e.labels));
    }
    return Promise.resolve();
  }

  get size(): number { return this.entries.size; }
}
