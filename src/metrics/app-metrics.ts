// One Prometheus registry per app instance (tests run several apps in one
// process; prom-client's global registry would clash), holding every metric
// /metrics answers with. Collectors that read the database run at scrape time.
import { collectDefaultMetrics, Registry } from 'prom-client';
import type { Database } from '../db/database';
import { defineConnectionMetrics } from './connection-metrics';
import { defineDataMetrics } from './data-metrics';
import { snapshotReader } from './db-snapshot';
import { ErrorMetrics } from './error-metrics';
import { GraphqlMetrics } from './graphql-metrics';
import { HttpMetrics } from './http-metrics';
import { defineJobMetrics } from './job-metrics';
import { defineSyncMetrics } from './sync-metrics';
import { defineLensSyncMetrics } from './lens-sync-metrics';
import { AnswerCache } from '../cache/answer-cache';
import { defineAnswerCacheMetrics } from './answer-cache-metrics';

/** Node process metrics (prom-client's defaults) carry this prefix, like ours. */
export const METRIC_PREFIX = 'sga_';

export interface AppMetrics {
  registry: Registry;
  http: HttpMetrics;
  graphql: GraphqlMetrics;
  errors: ErrorMetrics;
  /** The Prometheus text of every metric now. */
  scrape(): Promise<{ contentType: string; text: string }>;
  /** Stops listening to the database's jobs. */
  close(): void;
}

/** `answers`: the app's answer cache (none for a registry made outside an app, as the metrics doc script does: its metrics are still defined). */
export function createAppMetrics(db: Database, answers: AnswerCache = new AnswerCache({ maxBytes: 0, ttlSeconds: 1, namespace: () => Promise.resolve('none') })): AppMetrics {
  const registry = new Registry();
  // First: collected without a query, so they read the connections before this scrape's own reads join the queue.
  defineConnectionMetrics(registry, db);
  collectDefaultMetrics({ register: registry, prefix: METRIC_PREFIX });
  const http = new HttpMetrics(registry);
  const graphql = new GraphqlMetrics(registry);
  const errors = new ErrorMetrics(registry);
  const stopJobs = defineJobMetrics(registry, db);
  const snapshot = snapshotReader(db);
  defineDataMetrics(registry, snapshot);
  defineSyncMetrics(registry, snapshot);
  defineLensSyncMetrics(registry, snapshot);
  defineAnswerCacheMetrics(registry, answers);
  return {
    registry, http, graphql, errors,
    async scrape() { return { contentType: registry.contentType, text: await registry.metrics() }; },
    close: stopJobs,
  };
}
