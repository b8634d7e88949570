// One holder across instances, retried: a worker takes an advisory lock, starts
// its engine and runs it while it holds the lock; an instance without the lock
// tries again every `lockRetryMs`, and an engine that could not start (or whose
// run ended) is started again after a backoff. The Farcaster and the Lens Chain
// syncers are both such workers.
import type { Logger } from 'pino';
import { withAdvisoryLock } from './advisory-lock';
import type { Database } from './database';

export interface LockedEngine {
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface LockedWorkerSpec<E extends LockedEngine> {
  lockId: number;
  make: () => E;
  /** What the engine does once started, until it ends; absent: it runs until the worker stops. */
  run?: (engine: E) => Promise<void>;
  /** Records a start that failed where the other instances read the status. */
  failed: (engine: E, err: unknown) => Promise<void>;
  /** The backoff before the next start after `attempt` failures in a row. */
  backoffMs: (attempt: number) => number;
  lockRetryMs: number;
  /** Log fields and words: `started` once following, `cannotStart` and `lockFailed` for the failures. */
  logFields: Record<string, unknown>;
  messages: { started: string; cannotStart: string; lockFailed: string };
}

export interface LockedWorker<E> {
  /** The engine while this instance holds the lock and runs. */
  engine(): E | null;
  stop(): Promise<void>;
}

export function startLockedWorker<E extends LockedEngine>(db: Database, spec: LockedWorkerSpec<E>, log: Logger): LockedWorker<E> {
  let current: E | null = null;
  let stopping = false;
  let wakeStop: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => { wakeStop = resolve; });
  const loop = (async () => {
    let attempt = 0;
    while (!stopping) {
      const ran = await withAdvisoryLock(db.sql, spec.lockId, async () => {
        const engine = spec.make();
        let running: Promise<void> = Promise.resolve();
        try {
          await engine.start();
          current = engine;
          attempt = 0;
          log.info(spec.logFields, spec.messages.started);
          if (spec.run) {
            running = spec.run(engine);
            await Promise.race([running, stopped]);
          } else {
            await stopped;
          }
        } catch (err) {
          await spec.failed(engine, err).catch(() => undefined);
          log.error({ err: err instanceof Error ? err.message : err, ...spec.logFields }, spec.messages.cannotStart);
          attempt += 1;
        } finally {
          current = null;
          await engine.stop();
          await running.catch(() => undefined);
        }
        return true;
      }).catch((err) => { log.error({ err }, spec.messages.lockFailed); attempt += 1; return true; });
      if (stopping) break;
      const wait = ran === null ? spec.lockRetryMs : spec.backoffMs(attempt);
      await Promise.race([stopped, new Promise<void>((resolve) => { setTimeout(resolve, wait).unref(); })]);
    }
  })();
  return {
    engine: () => current,
    async stop() { stopping = true; wakeStop(); await loop; },
  };
}
