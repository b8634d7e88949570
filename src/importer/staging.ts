// Staging tables: rows are COPYed into a table shaped like the target (so COPY
// itself type-checks them), merged with one statement, then truncated — all in one
// transaction per chunk, so a crash never leaves half a chunk merged.
// Postgres: an UNLOGGED table (no WAL for throwaway rows; visible to every pooled
// connection), named after its run so two imports never share one and the tables
// of a run that died can be found and dropped (dropOrphanStaging). PGlite: a TEMP
// table, gone with the process.
import { randomBytes } from 'node:crypto';
import type { SqlClient } from '../db/sql-client';
import { mergeSql } from './merge-sql';
import type { MergeSpec } from './table-spec';

const STAGING_PREFIX = '_import_';
/** The run id in a staging table's name; older importers named them `_import_<target>_<hex>`, without it. */
const RUN_OF_NAME = /^_import_(\d+)_/;

export class Staging {
  private readonly merge: string;

  private constructor(private readonly sql: SqlClient, readonly name: string, private readonly spec: MergeSpec) {
    this.merge = mergeSql(spec, name);
  }

  static async create(sql: SqlClient, spec: MergeSpec, runId: number): Promise<Staging> {
    const name = `${STAGING_PREFIX}${runId}_${spec.target}_${randomBytes(4).toString('hex')}`;
    const kind = sql.kind === 'postgres' ? 'UNLOGGED' : 'TEMP';
    // `line` orders duplicates of one key (the last one read wins a tie).
    await sql.exec(`CREATE ${kind} TABLE "${name}" (LIKE "${spec.target}", line integer NOT NULL)`);
    return new Staging(sql, name, spec);
  }

  /** Copies, merges and clears one chunk atomically; each CSV line ends with its source line number. */
  async load(csvLines: readonly string[]): Promise<void> {
    const csv = `${csvLines.join('\n')}\n`;
    await this.sql.transaction(async (tx) => {
      // Safe to commit asynchronously: a chunk lost to a server crash is re-imported
      // by the next run, and the run's final (synchronous) commit flushes them all.
      // JIT compiling a merge costs more than the merge.
      await tx.exec('SET LOCAL synchronous_commit = off; SET LOCAL jit = off');
      await tx.copyCsv(this.name, [...this.spec.columns, 'line'], csv);
      await tx.exec(this.merge);
      await tx.exec(`TRUNCATE "${this.name}"`);
    });
  }

  async drop(): Promise<void> {
    await this.sql.exec(`DROP TABLE IF EXISTS "${this.name}"`);
  }
}

/**
 * Drops the staging tables no live run owns (left by killed imports); answers
 * how many. Postgres only: PGlite's are TEMP tables. Call after the dead runs
 * are failed, so that 'running' means alive.
 */
export async function dropOrphanStaging(sql: SqlClient): Promise<number> {
  if (sql.kind !== 'postgres') return 0;
  // Listed before the live runs are read: a table seen here belongs to a run
  // already committed as 'running', so a run starting meanwhile is never mistaken for dead.
  const tables = await sql.query<{ name: string }>(
    `SELECT relname AS name FROM pg_class WHERE relkind = 'r' AND relnamespace = current_schema()::regnamespace
       AND relname LIKE '\\_import\\_%'`);
  if (!tables.length) return 0;
  const live = new Set((await sql.query<{ id: number }>(`SELECT id FROM import_run WHERE status = 'running'`)).map((r) => r.id));
  const orphans = tables.map((t) => t.name).filter((name) => {
    const run = RUN_OF_NAME.exec(name);
    return run ? !live.has(Number(run[1])) : live.size === 0;
  });
  for (const name of orphans) await sql.exec(`DROP TABLE IF EXISTS "${name}"`);
  return orphans.length;
}
