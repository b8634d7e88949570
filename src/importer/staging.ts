// Staging tables: rows are COPYed into a table shaped like the target (so COPY
// itself type-checks them), merged with one statement, then truncated — all in one
// transaction per chunk, so a crash never leaves half a chunk merged.
// Postgres: an UNLOGGED table (no WAL for throwaway rows; visible to every pooled
// connection), named per run so two imports never share one. PGlite: a TEMP table.
import { randomBytes } from 'node:crypto';
import type { SqlClient } from '../db/sql-client';
import { mergeSql } from './merge-sql';
import type { MergeSpec } from './table-spec';

export class Staging {
  private readonly merge: string;

  private constructor(private readonly sql: SqlClient, readonly name: string, private readonly spec: MergeSpec) {
    this.merge = mergeSql(spec, name);
  }

  static async create(sql: SqlClient, spec: MergeSpec): Promise<Staging> {
    const name = `_import_${spec.target}_${randomBytes(4).toString('hex')}`;
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
