import type { SqlClient } from './sql-client';

/** Per lock id, the PGlite databases (each its own SqlClient) holding it in this process. */
const localBusy = new Map<number, WeakSet<SqlClient>>();

/**
 * Runs fn holding an advisory lock, or returns null at once when another run
 * holds it. Postgres: a session advisory lock (one holder across instances);
 * PGlite (one process): an in-process flag.
 */
export async function withAdvisoryLock<T>(sql: SqlClient, lockId: number, fn: (session: SqlClient) => Promise<T>): Promise<T | null> {
  if (sql.kind === 'pglite') {
    let busy = localBusy.get(lockId);
    if (!busy) localBusy.set(lockId, (busy = new WeakSet()));
    if (busy.has(sql)) return null;
    busy.add(sql);
    try { return await fn(sql); } finally { busy.delete(sql); }
  }
  return sql.session(async (session) => {
    const [row] = await session.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [lockId]);
    if (!row?.ok) return null;
    try { return await fn(session); } finally { await session.query('SELECT pg_advisory_unlock($1)', [lockId]); }
  });
}
