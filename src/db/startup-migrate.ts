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
    const applied = await migrate(db.sql, { log });
    if (applied.length) log.info({ applied }, 'migrations applied');
    return true;
  } catch (err) {
    if (!isConnectionError(err)) throw err;
    log.warn({ err: (err as Error).message }, `database unreachable; retrying migrations every ${retryMs / 1000}s`);
    // One attempt at a time: an attempt that reached the database may build an index for minutes.
    let trying = false;
    const timer = setInterval(() => {
      if (trying) return;
      trying = true;
      migrate(db.sql, { log }).then((applied) => {
        clearInterval(timer);
        log.info({ applied }, 'database reachable again; migrations applied');
      }).catch(() => undefined).finally(() => { trying = false; });
    }, retryMs);
    timer.unref();
    return false;
  }
}
