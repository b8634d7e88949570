import { withAdvisoryLock } from '../db/advisory-lock';
import { ADVISORY_LOCKS } from '../db/advisory-locks';
import type { SqlClient } from '../db/sql-client';

/** Runs fn holding the refresh lock, or returns null at once when another refresh holds it. */
export function withRefreshLock<T>(sql: SqlClient, fn: (session: SqlClient) => Promise<T>): Promise<T | null> {
  return withAdvisoryLock(sql, ADVISORY_LOCKS.refresh, fn);
}
