// Answers of read operations, stored under the data versions they were
// computed at. Every write that can change an answer (a sync transaction, an
// import, a refresh, a classification) moves protocol_state.data_version on in
// its own transaction, so an answer stored under the versions a request reads
// is the answer running it again would give. Nothing is ever invalidated: a
// newer version stops matching the old keys, which age out of the LRU here and
// out of Redis by their TTL.
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { RedisLink } from '../auth/redis-link';
import type { ProtocolStateLoader } from '../loaders/protocol-state-loader';
import { dataVersions } from './data-versions';

/** An answer as it leaves: its JSON text and the entity tag of that text. */
export interface CachedAnswer { body: string; etag: string }

export interface AnswerCacheOptions {
  /** Bytes of answer text kept in this instance (0: nothing is cached). */
  maxBytes: number;
  /** Shared with the other instances when set; a failing Redis is skipped as for the rate limits. */
  redis?: RedisLink | null;
  ttlSeconds: number;
  /** Keeps databases and builds whose answers may differ apart in Redis; read when first needed (it may need the database). */
  namespace: () => Promise<string>;
}

/** The strong entity tag of an answer's text. */
export const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('base64url')}"`;

export class AnswerCache {
  private readonly local: LRUCache<string, CachedAnswer> | null;
  hits = 0;
  misses = 0;

  constructor(private readonly opts: AnswerCacheOptions) {
    this.local = opts.maxBytes > 0
      ? new LRUCache<string, CachedAnswer>({ maxSize: opts.maxBytes, sizeCalculation: (a, k) => a.body.length + k.length + 64 })
      : null;
  }

  get enabled(): boolean { return this.local !== null; }

  /** Answer text (and keys) kept in this instance. */
  get bytes(): number { return this.local?.calculatedSize ?? 0; }

  private namespace: Promise<string> | undefined;

  /** Reads the namespace now, so no request waits for it; a failure (database down) is left to the first request to retry. */
  warm(): void {
    if (this.enabled) this.namespaceOnce().catch(() => undefined);
  }

  /**
   * The key of one operation with its inputs, at the data versions the request
   * reads through `states` (its protocol_state loader): no caller can leave them out.
   */
  async key(parts: readonly unknown[], states: ProtocolStateLoader): Promise<string> {
    const [namespace, versions] = await Promise.all([this.namespaceOnce(), dataVersions(states)]);
    return `${namespace}:${createHash('sha256').update(JSON.stringify([...parts, versions])).digest('base64url')}`;
  }

  /** Once per instance; a failed read (the database is down) is tried again by the next request. */
  private namespaceOnce(): Promise<string> {
    this.namespace ??= this.opts.namespace().catch((err: unknown) => { this.namespace = undefined; throw err; });
    return this.namespace;
  }

  async get(key: string): Promise<CachedAnswer | undefined> {
    if (!this.local) return undefined;
    let found = this.local.get(key);
    if (!found) found = await this.shared(key);
    if (found) this.hits += 1; else this.misses += 1;
    return found;
  }

  /** Stores `body` (an answer without errors) and answers its entity tag. */
  set(key: string, body: string): CachedAnswer {
    const answer = { body, etag: etagOf(body) };
    if (!this.local || body.length > this.opts.maxBytes / 8) return answer;
    this.local.set(key, answer);
    const redis = this.opts.redis;
    if (redis?.usable()) {
      // Not awaited: the answer leaves now; a failed store only costs another instance a computation.
      redis.bounded(redis.client.set(key, body, 'EX', this.opts.ttlSeconds)).catch((err: unknown) => redis.failed(err));
    }
    return answer;
  }

  private async shared(key: string): Promise<CachedAnswer | undefined> {
    const redis = this.opts.redis;
    if (!redis?.usable()) return undefined;
    try {
      const body = await redis.bounded(redis.client.get(key));
      if (body === null) return undefined;
      const answer = { body, etag: etagOf(body) };
      this.local!.set(key, answer);
      return answer;
    } catch (err) {
      redis.failed(err);
      return undefined;
    }
  }
}
