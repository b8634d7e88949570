import type { SqlClient } from '../db/sql-client';

/** Advisory lock id of the analytics refresh (one at a time across instances). */
const REFRESH_LOCK = 7_340_411;
/** PGlite databases (each its own SqlClient) with a refresh running in this process. */
const localBusy = new WeakSet<SqlClient>();

/**
 * Runs fn holding the refresh lock, or returns null at once when another
 * refresh holds it. Postgres: a session advisory lock; PGlite (one process):
 * an in-process flag.
 */
export async function withRefreshLock<T>(sql: SqlClient, fn: (session: SqlClient) => Promise<T>): Promise<T | null> {
  if (sql.kind === 'pglite') {
    if (localBusy.has(sql)) return null;
    localBusy.add(sql);
    try { return await fn(sql); } finally { localBusy.delete(sql); }
  }
  return sql.session(async (session) => {
    const [row] = await session.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [REFRESH_LOCK]);
    if (!row?.ok) return null;
    try { return await fn(session); } finally { await session.query('SELECT pg_advisory_unlock($1)', [REFRESH_LOCK]); }
  });
}
