// The Lens syncer as a long-running worker (in the server, or `cli lens-sync`): across
// instances only the holder of an advisory lock syncs, the others serve and try the
// lock again now and then (one takes over when the holder dies).
import os from 'node:os';
import type { Logger } from 'pino';
import type { Config } from '../config/config.schema';
import { withAdvisoryLock } from '../db/advisory-lock';
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

export interface LensSyncWorker {
  engine(): LensSyncEngine | null;
  stop(): Promise<void>;
}

export function startLensSyncWorker(db: Database, opts: LensSyncOptions, log: Logger, lockRetryMs = 15_000): LensSyncWorker {
  let current: LensSyncEngine | null = null;
  let stopping = false;
  let wakeStop: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => { wakeStop = resolve; });
  const loop = (async () => {
    let attempt = 0;
    while (!stopping) {
      const ran = await withAdvisoryLock(db.sql, LENS_SYNC_LOCK, async () => {
        const engine = new LensSyncEngine(db.sql, opts, log);
        let running: Promise<void> = Promise.resolve();
        try {
          await engine.start();
          current = engine;
          attempt = 0;
          log.info({ rpc: opts.url, holder: opts.holder }, 'lens sync: following Lens Chain');
          running = engine.run();
          await Promise.race([running, stopped]);
        } catch (err) {
          engine.status.error(err);
          engine.status.data.state = 'error';
          await saveLensSyncStatus(db.sql, engine.status).catch(() => undefined);
          log.error({ err: err instanceof Error ? err.message : err, rpc: opts.url }, 'lens sync could not start: retrying');
          attempt += 1;
        } finally {
          current = null;
          await engine.stop();
          await running.catch(() => undefined);
        }
        return true;
      }).catch((err) => { log.error({ err }, 'lens sync: lock or start failed'); attempt += 1; return true; });
      if (stopping) break;
      const wait = ran === null ? lockRetryMs : Math.min(opts.retryMaxMs, opts.retryMinMs * 2 ** Math.min(attempt, 10));
      await Promise.race([stopped, new Promise<void>((resolve) => { setTimeout(resolve, wait).unref(); })]);
    }
  })();
  return {
    engine: () => current,
    async stop() { stopping = true; wakeStop(); await loop; },
  };
}
