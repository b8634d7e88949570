// The import_run row of one run: 'running' while it goes, then 'ok' or 'failed'
// with its counts and report, so a later reader knows what a database holds.
import type { SqlClient } from '../db/sql-client';
import type { ImportSummary } from './report';

export async function startRun(sql: SqlClient, source: string): Promise<number> {
  const [row] = await sql.query<{ id: number }>(
    `INSERT INTO import_run (source, status) VALUES ($1, 'running') RETURNING id`, [source]);
  return row.id;
}

export async function finishRun(
  sql: SqlClient, id: number, summary: ImportSummary, error?: Error,
): Promise<void> {
  const report = error ? { ...summary, error: error.message } : summary;
  await sql.query(
    `UPDATE import_run SET finished_at = now(), status = $2, rows_ok = $3, rows_bad = $4, report = $5::jsonb WHERE id = $1`,
    [id, error ? 'failed' : 'ok', summary.rowsOk, summary.rowsBad, JSON.stringify(report)]);
}
