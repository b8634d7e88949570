import { withAdvisoryLock } from '../db/advisory-lock';
import type { SqlClient } from '../db/sql-client';

/** Advisory lock id of the analytics refresh (one at a time across instances). */
const REFRESH_LOCK = 7_340_411;

/** Runs fn holding the refresh lock, or returns null at once when another refresh holds it. */
export function withRefreshLock<T>(sql: SqlClient, fn: (session: SqlClient) => Promise<T>): Promise<T | null> {
  return withAdvisoryLock(sql, REFRESH_LOCK, fn);
}
