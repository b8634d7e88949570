import type { Logger } from 'pino';
import type { Database } from './database';
import { isConnectionError } from './db-errors';
import { migrate } from './migrate';

/**
 * Applies migrations at start-up. If the database cannot be reached the
 * service still starts (/readyz says 503) and keeps trying in the background.
 */
export async function migrateAtStartup(db: Database, log: Logger, retryMs = 5000): Promise<boolean> {
  try {
    const applied = await migrate(db.sql);
    if (applied.length) log.info({ applied }, 'migrations applied');
    return true;
  } catch (err) {
    if (!isConnectionError(err)) throw err;
    log.warn({ err: (err as Error).message }, `database unreachable; retrying migrations every ${retryMs / 1000}s`);
    const timer = setInterval(() => {
      migrate(db.sql).then((applied) => {
        clearInterval(timer);
        log.info({ applied }, 'database reachable again; migrations applied');
      }).catch(() => undefined);
    }, retryMs);
    timer.unref();
    return false;
  }
}
