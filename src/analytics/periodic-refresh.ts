import type { Logger } from 'pino';
import type { Database } from '../db/database';
import { refreshAnalytics, type RefreshOptions } from './refresh';

/**
 * REFRESH_INTERVAL: refresh in the background; across instances the advisory
 * lock lets one run while the others skip that turn.
 */
export function startPeriodicRefresh(db: Database, seconds: number, opts: RefreshOptions, log: Logger): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    refreshAnalytics(db, opts)
      .then((r) => log.info({ reports: r?.map((x) => ({ protocol: x.protocol, generation: x.generation, seconds: x.seconds })) ?? 'skipped: another refresh is running' }, 'analytics refresh'))
      .catch((err) => log.error({ err }, 'analytics refresh failed; the previous results stay in place'))
      .finally(() => { running = false; });
  }, seconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
