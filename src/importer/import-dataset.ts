// Imports a dataset folder (../shared/DATASET.md layout) into the database: every
// table streamed in chunks through staging and merged (newer wins, re-import
// changes nothing), bad rows reported, the run recorded in import_run.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../db/database';
import { finishImport } from './finalize';
import type { ImportContext } from './import-table';
import { IMPORT_STEPS } from './import-steps';
import { finishRun, startRun } from './import-run';
import { createProgress, type ProgressMode } from './progress';
import { summarize, type ImportSummary, type TableReport } from './report';

export type { BadRow, ImportSummary, TableReport } from './report';

export interface ImportOptions {
  dir: string;
  progress?: ProgressMode;
  /** Rows per staging chunk (one transaction each). */
  batchRows?: number;
}

/** Fewer, larger transactions load faster (measured: 50k beat 20k by ~10% on Postgres); memory stays a few MB per chunk. */
const DEFAULT_BATCH_ROWS = 50_000;

export async function importDataset(db: Database, opts: ImportOptions): Promise<ImportSummary> {
  const dir = path.resolve(opts.dir);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new Error(`dataset folder not found: ${opts.dir}`);
  const started = performance.now();
  const ctx: ImportContext = {
    sql: db.sql, dir, batchRows: Math.max(1, opts.batchRows ?? DEFAULT_BATCH_ROWS), progress: createProgress(opts.progress ?? 'auto'),
  };
  const runId = await startRun(db.sql, dir);
  const tables: TableReport[] = [];
  const touched = new Set<string>();
  const seconds = () => (performance.now() - started) / 1000;
  try {
    for (const step of IMPORT_STEPS) {
      const report = await step.run(ctx);
      tables.push(report);
      if (report.rowsOk > 0) step.targets.forEach((t) => touched.add(t));
    }
    await finishImport(db.sql, touched);
  } catch (err) {
    const error = err instanceof Error ? err : new Error(String(err));
    await finishRun(db.sql, runId, summarize(tables, seconds()), error).catch(() => undefined);
    throw err;
  }
  const summary = summarize(tables, seconds());
  await finishRun(db.sql, runId, summary);
  return summary;
}
