// The syncer as a long-running worker (in the server, or `cli sync`): across
// instances only the holder of an advisory lock syncs, the others serve and
// try again now and then (one takes over when the holder dies). A node that
// cannot be reached is retried with backoff; the reason is in the status.
import os from 'node:os';
import type { Logger } from 'pino';
import type { Config } from '../config/config.schema';
import { startLockedWorker, type LockedWorker } from '../db/locked-worker';
import { ADVISORY_LOCKS } from '../db/advisory-locks';
import type { Database } from '../db/database';
import { SyncEngine, type SyncOptions } from './sync-engine';
import { saveSyncStatus } from './sync-status';

/** Advisory lock id of the syncer (one writer across instances). */
export const SYNC_LOCK = ADVISORY_LOCKS.sync;

export function syncOptionsOf(config: Config, overrides: Partial<SyncOptions> = {}): SyncOptions {
  if (!config.HUB_URL) throw new Error('HUB_URL is not set: the node to follow (host:port of its gRPC API)');
  return {
    url: config.HUB_URL, tls: config.HUB_TLS, apiKey: config.HUB_API_KEY, apiKeyHeader: config.HUB_API_KEY_HEADER,
    callTimeoutMs: config.HUB_CALL_TIMEOUT_MS, stallMs: config.SYNC_STALL_MS, headPollMs: config.SYNC_HEAD_POLL_MS,
    reconnectMinMs: config.SYNC_RECONNECT_MIN_MS, reconnectMaxMs: config.SYNC_RECONNECT_MAX_MS, maxBatchEvents: config.SYNC_BATCH_EVENTS,
    backfill: config.SYNC_BACKFILL, backfillConcurrency: config.SYNC_BACKFILL_CONCURRENCY,
    reconcileIntervalS: config.SYNC_RECONCILE_INTERVAL, reconcileSample: config.SYNC_RECONCILE_SAMPLE,
    reconcilePerSecond: config.SYNC_RECONCILE_PER_SECOND, statusEveryMs: 2_000, holder: `${os.hostname()}:${process.pid}`,
    ...overrides,
  };
}

export type SyncWorker = LockedWorker<SyncEngine>;

/**
 * Runs the sync until stopped: waits for the lock (retrying every `lockRetryMs`),
 * starts the engine, restarts it with backoff when it cannot start.
 */
export function startSyncWorker(db: Database, opts: SyncOptions, log: Logger, lockRetryMs = 15_000): SyncWorker {
  return startLockedWorker(db, {
    lockId: SYNC_LOCK,
    make: () => new SyncEngine(db.sql, opts, log),
    failed: async (engine, err) => {
      engine.status.error(err);
      engine.status.data.state = 'error';
      await saveSyncStatus(db.sql, engine.status);
    },
    backoffMs: (attempt) => Math.min(opts.reconnectMaxMs, opts.reconnectMinMs * 2 ** Math.min(attempt, 10)),
    lockRetryMs,
    logFields: { node: opts.url, holder: opts.holder },
    messages: { started: 'sync: following the node', cannotStart: 'sync could not start: retrying', lockFailed: 'sync: lock or start failed' },
  }, log);
}
