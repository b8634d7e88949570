// The answer cache at scrape time, from the counters it keeps (no query).
import { Counter, Gauge, type Registry } from 'prom-client';
import type { AnswerCache } from '../cache/answer-cache';
import { refill, setOrDrop } from './collected';

export function defineAnswerCacheMetrics(register: Registry, cache: AnswerCache): void {
  new Counter({
    name: 'sga_answer_cache_lookups_total',
    help: 'Answers looked up in the answer cache (REST and GraphQL queries), by outcome: hit (here or in Redis) or miss',
    labelNames: ['outcome'], registers: [register],
    async collect() { await refill(this, () => { setOrDrop(this, cache.hits, { outcome: 'hit' }); setOrDrop(this, cache.misses, { outcome: 'miss' }); }); },
  });
  new Gauge({
    name: 'sga_answer_cache_bytes', help: 'Answer text this instance keeps (bounded by ANSWER_CACHE_MB)', registers: [register],
    async collect() { await refill(this, () => setOrDrop(this, cache.bytes)); },
  });
}
