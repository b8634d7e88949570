// Staging tables: rows are COPYed into a table shaped like the target (so COPY
// itself type-checks them), merged with one statement, then truncated — all in one
// transaction per chunk, so a crash never leaves half a chunk merged.
// Postgres: an UNLOGGED table (no WAL for throwaway rows; visible to every pooled
// connection), named after its run so two imports never share one and the tables
// of a run that died can be found and dropped (dropOrphanStaging). PGlite: a TEMP
// table, gone with the process.
// A load answers what its chunk did to the target (MergeOutcome): the import report's counts.
import { randomBytes } from 'node:crypto';
import type { SqlClient } from '../db/sql-client';
import { mergeSql, type MergeCounts } from './merge-sql';
import type { MergeSpec } from './table-spec';

/** What became of a chunk's rows: each row is exactly one of these. */
export interface MergeOutcome {
  /** Inserted as new keys. */
  stored: number;
  /** Replaced a row stored before this run. */
  updated: number;
  /** Lost to another row of the same key in this run (in the chunk, or written by an earlier chunk). */
  duplicate: number;
  /** The stored row is newer or identical. */
  notNewer: number;
}

const STAGING_PREFIX = '_import_';
/** The run id in a staging table's name; older importers named them `_import_<target>_<hex>`, without it. */
const RUN_OF_NAME = /^_import_(\d+)_/;

export class Staging {
  private readonly firstMerge: string;
  private readonly laterMerge: string;
  /** Transactions of this table's chunks so far: rows they wrote are this run's. */
  private readonly xids: string[] = [];

  private constructor(private readonly sql: SqlClient, readonly name: string, private readonly spec: MergeSpec) {
    this.firstMerge = mergeSql(spec, name, false);
    this.laterMerge = mergeSql(spec, name, true);
  }

  static async create(sql: SqlClient, spec: MergeSpec, runId: number): Promise<Staging> {
    const name = `${STAGING_PREFIX}${runId}_${spec.target}_${randomBytes(4).toString('hex')}`;
    const kind = sql.kind === 'postgres' ? 'UNLOGGED' : 'TEMP';
    // `line` orders duplicates of one key (the last one read wins a tie).
    await sql.exec(`CREATE ${kind} TABLE "${name}" (LIKE "${spec.target}", line integer NOT NULL)`);
    return new Staging(sql, name, spec);
  }

  /** Copies, merges and clears one chunk atomically; each CSV line ends with its source line number. */
  async load(csvLines: readonly string[]): Promise<MergeOutcome> {
    const csv = `${csvLines.join('\n')}\n`;
    const counts = await this.sql.transaction(async (tx) => {
      // Safe to commit asynchronously: a chunk lost to a server crash is re-imported
      // by the next run, and the run's final (synchronous) commit flushes them all.
      // JIT compiling a merge costs more than the merge.
      await tx.exec('SET LOCAL synchronous_commit = off; SET LOCAL jit = off');
      await tx.copyCsv(this.name, [...this.spec.columns, 'line'], csv);
      const [merged] = this.xids.length === 0
        ? await tx.query<MergeCounts>(this.firstMerge)
        : await tx.query<MergeCounts>(this.laterMerge, [this.xids]);
      await tx.exec(`TRUNCATE "${this.name}"`);
      return merged;
    });
    this.xids.push(counts.xid);
    const { keys, stored, updated, again } = counts;
    return { stored, updated, duplicate: csvLines.length - keys + again, notNewer: keys - stored - updated - again };
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
