// The import_run row of one run: 'running' while it goes, then 'ok' or 'failed'
// with its counts and report, so a later reader knows what a database holds.
//
// A process killed mid-import never writes 'failed', so its row says 'running'
// until someone who can tell its owner is dead fails it (dead-imports.ts). How
// to tell: on Postgres a run holds a session advisory lock keyed on its id for
// as long as it goes, which Postgres releases when the owner's connection
// closes, so a 'running' row whose lock can be taken is dead. PGlite's data
// directory is owned by one process, so there a 'running' row that is not one
// of this process's runs is dead.
import { ADVISORY_LOCKS } from '../db/advisory-locks';
import type { SqlClient } from '../db/sql-client';
import type { ImportSummary } from './report';

/** First key of the two-key advisory lock (space, run id) a live run holds; the one-key locks of refresh and classify never collide with it. */
const RUN_LOCK_SPACE = ADVISORY_LOCKS.importRunSpace;

/** The error recorded on a run whose process died. */
export const DEAD_RUN_ERROR = 'the import process died';

/** Ids of this process's runs in progress, per PGlite database. */
const liveRuns = new WeakMap<SqlClient, Set<number>>();

/**
 * Records a 'running' run and calls fn with its id and the connection to import
 * on, holding the run's liveness mark until fn settles. On Postgres that is the
 * advisory lock, held by the very connection the import runs on: the lock
 * cannot outlive the import's work, nor the work its lock. (One connection is
 * enough: an import runs one statement at a time.)
 */
export async function withImportRun<T>(
  sql: SqlClient, source: string, fn: (runId: number, session: SqlClient) => Promise<T>,
): Promise<T> {
  const insert = `INSERT INTO import_run (source, status) VALUES ($1, 'running') RETURNING id`;
  if (sql.kind === 'pglite') {
    const [{ id }] = await sql.query<{ id: number }>(insert, [source]);
    const mine = liveRuns.get(sql) ?? new Set<number>();
    liveRuns.set(sql, mine.add(id));
    try { return await fn(id, sql); } finally { mine.delete(id); }
  }
  return sql.session(async (session) => {
    const id = await session.transaction(async (tx) => {
      const [row] = await tx.query<{ id: number }>(insert, [source]);
      // Locked before the row commits: no one can ever see this run 'running' without its lock.
      await tx.query('SELECT pg_advisory_lock($1, $2)', [RUN_LOCK_SPACE, row.id]);
      return row.id;
    });
    try {
      return await fn(id, session);
    } finally {
      // A lost connection has released the lock already.
      await session.query('SELECT pg_advisory_unlock($1, $2)', [RUN_LOCK_SPACE, id]).catch(() => undefined);
    }
  });
}

export async function finishRun(
  sql: SqlClient, id: number, summary: ImportSummary, error?: Error,
): Promise<void> {
  const report = error ? { ...summary, error: error.message } : summary;
  await sql.query(
    `UPDATE import_run SET finished_at = now(), status = $2, rows_ok = $3, rows_bad = $4, report = $5::jsonb WHERE id = $1`,
    [id, error ? 'failed' : 'ok', summary.rowsOk, summary.rowsBad, JSON.stringify(report)]);
}

/** Marks the 'running' runs whose process is gone as failed; answers their ids. */
export async function failDeadRuns(sql: SqlClient): Promise<number[]> {
  const fail = `UPDATE import_run SET status = 'failed', finished_at = now(), report = jsonb_build_object('error', $1::text)`;
  if (sql.kind === 'pglite') {
    const mine = [...(liveRuns.get(sql) ?? [])];
    const rows = await sql.query<{ id: number }>(
      `${fail} WHERE status = 'running' AND NOT (id = ANY($2::int[])) RETURNING id`, [DEAD_RUN_ERROR, mine]);
    return rows.map((r) => r.id).sort((a, b) => a - b);
  }
  // The transaction-level lock is released at commit. CASE makes sure only
  // 'running' rows are tried (AND does not promise an order).
  const rows = await sql.query<{ id: number }>(
    `${fail} WHERE status = 'running' AND CASE WHEN status = 'running' THEN pg_try_advisory_xact_lock($2, id) ELSE false END
     RETURNING id`, [DEAD_RUN_ERROR, RUN_LOCK_SPACE]);
  return rows.map((r) => r.id).sort((a, b) => a - b);
}
