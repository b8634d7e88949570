// The refresh's bulk writes: rows made one at a time from typed arrays and sent
// by COPY in chunks, so a million-profile table is never one string.
import type { SqlClient } from '../db/sql-client';

/** Rows per COPY unless the caller says otherwise (wide rows, such as arrays of contributors, want fewer): a chunk's string against a statement per chunk (docs/performance.md#refresh). */
const DEFAULT_CHUNK = 100_000;

/** Writes line(0) .. line(count − 1) (a CSV row each; null skips it) into `table`. */
export async function copyRows(
  sql: SqlClient, table: string, columns: string[], count: number, line: (i: number) => string | null, chunk = DEFAULT_CHUNK,
): Promise<void> {
  for (let start = 0; start < count; start += chunk) {
    const lines: string[] = [];
    for (let i = start; i < Math.min(start + chunk, count); i++) {
      const l = line(i);
      if (l !== null) lines.push(l);
    }
    if (lines.length) await sql.copyCsv(table, columns, `${lines.join('\n')}\n`);
  }
}
