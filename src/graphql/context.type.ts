import type { Logger } from 'pino';
import type { Database } from '../db/database';
import type { AuthenticatedKey } from '../auth/key.types';
import type { ErrorCode } from '../errors/app-error';
import type { Loaders } from '../loaders/create-loaders';
import type { PushDispatcher } from '../push/dispatcher';
import type { TargetPolicy } from '../push/webhook-target';
import type { RankGraphStore } from '../queries/rank-graph-store';
import type { SearchBackend } from '../queries/search-backend';

/** Built fresh for every request (GraphQL or REST): loaders never outlive it. */
export interface Context {
  db: Database;
  loaders: Loaders;
  /** The process's in-memory follow graphs of the personalized rank (shared by all requests, unlike the loaders). */
  rankGraphs: RankGraphStore;
  /** The search backend SEARCH_BACKEND names (shared by all requests); unset, search runs on `db` (queries/search-backend.ts). */
  search?: SearchBackend;
  apiKey: AuthenticatedKey;
  requestId: string;
  log: Logger;
  /** Set by the HTTP face: the code of a GraphQL answer with errors, for /metrics to count it once. */
  noteErrorAnswer?(code: ErrorCode): void;
  /** The app's push face: this instance's dispatcher (null with PUSH=off), the webhook limit and where webhooks may send. */
  push?: { dispatcher: PushDispatcher | null; maxWebhooksPerKey: number; targets: TargetPolicy };
  /** Set by a resolver whose answer must not enter the answer cache (the personalized rank from a graph being replaced). */
  answerNotCacheable?: boolean;
}
