// The Lens syncer as a long-running worker (in the server, or `cli lens-sync`): across
// instances only the holder of an advisory lock syncs, the others serve and try the
// lock again now and then (one takes over when the holder dies).
import os from 'node:os';
import type { Logger } from 'pino';
import type { Config } from '../config/config.schema';
import { startLockedWorker, type LockedWorker } from '../db/locked-worker';
import { ADVISORY_LOCKS } from '../db/advisory-locks';
import type { Database } from '../db/database';
import { LensSyncEngine, type LensSyncOptions } from './sync-engine';
import { saveLensSyncStatus } from './lens-sync-status';

export const LENS_SYNC_LOCK = ADVISORY_LOCKS.lensSync;

export function lensSyncOptionsOf(config: Config, overrides: Partial<LensSyncOptions> = {}): LensSyncOptions {
  if (!config.LENS_RPC_URL) throw new Error('LENS_RPC_URL is not set: the Lens Chain JSON-RPC endpoint to follow');
  return {
    url: config.LENS_RPC_URL, chainId: config.LENS_CHAIN_ID, confirmations: config.LENS_SYNC_CONFIRMATIONS,
    undoBlocks: config.LENS_SYNC_UNDO_BLOCKS, chunkBlocks: config.LENS_SYNC_CHUNK_BLOCKS, headPollMs: config.LENS_SYNC_HEAD_POLL_MS,
    timeoutMs: config.LENS_RPC_TIMEOUT_MS, maxResponseBytes: config.LENS_RPC_MAX_RESPONSE_MB * 2 ** 20, retryMinMs: config.LENS_SYNC_RETRY_MIN_MS, retryMaxMs: config.LENS_SYNC_RETRY_MAX_MS,
    startBlock: config.LENS_SYNC_START_BLOCK ?? null, statusEveryMs: 2_000, holder: `${os.hostname()}:${process.pid}`,
    contracts: {
      accountFactory: config.LENS_ACCOUNT_FACTORY, graph: config.LENS_GRAPH, feed: config.LENS_FEED, namespace: config.LENS_NAMESPACE,
      actionHub: config.LENS_ACTION_HUB, collectAction: config.LENS_COLLECT_ACTION,
    },
    ...overrides,
  };
}

export type LensSyncWorker = LockedWorker<LensSyncEngine>;

/** Runs the Lens sync until stopped, as the Farcaster syncer runs: one holder of the lock across instances. */
export function startLensSyncWorker(db: Database, opts: LensSyncOptions, log: Logger, lockRetryMs = 15_000): LensSyncWorker {
  return startLockedWorker(db, {
    lockId: LENS_SYNC_LOCK,
    make: () => new LensSyncEngine(db.sql, opts, log),
    run: (engine) => engine.run(),
    failed: async (engine, err) => {
      engine.status.error(err);
      engine.status.data.state = 'error';
      await saveLensSyncStatus(db.sql, engine.status);
    },
    backoffMs: (attempt) => Math.min(opts.retryMaxMs, opts.retryMinMs * 2 ** Math.min(attempt, 10)),
    lockRetryMs,
    logFields: { rpc: opts.url, holder: opts.holder },
    messages: { started: 'lens sync: following Lens Chain', cannotStart: 'lens sync could not start: retrying', lockFailed: 'lens sync: lock or start failed' },
  }, log);
}
