// Imports a dataset folder (../shared/DATASET.md layout) into the database: every
// table streamed in chunks through staging and merged (newer wins, re-import
// changes nothing), bad rows reported, the run recorded in import_run. An import
// killed at any point loses nothing that a run of the same dataset does not load
// again; what it leaves behind is cleared when the next one starts.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../db/database';
import type { SqlClient } from '../db/sql-client';
import { analyzeTables, finishImport } from './finalize';
import type { ImportContext } from './import-table';
import { IMPORT_STEPS } from './import-steps';
import { recoverDeadImports } from './dead-imports';
import { finishRun, withImportRun } from './import-run';
import { createProgress, type ProgressMode, type ProgressStream } from './progress';
import { summarize, type ImportSummary, type TableReport } from './report';
import { datasetFiles } from './sources/table-files';

export type { BadRow, FileReport, ImportSummary, RowCounts, TableReport } from './report';

export interface ImportOptions {
  dir: string;
  progress?: ProgressMode;
  /** Where progress goes (default stderr); a CLI command run by the server streams it back to the CLI. */
  progressOut?: ProgressStream;
  /** Rows per staging chunk (one transaction each). */
  batchRows?: number;
}

/** Fewer, larger transactions load faster, and a chunk's memory stays small: a commit-overhead/memory trade-off (docs/performance.md#import). */
const DEFAULT_BATCH_ROWS = 50_000;

export async function importDataset(db: Database, opts: ImportOptions): Promise<ImportSummary> {
  const dir = path.resolve(opts.dir);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new Error(`dataset folder not found: ${opts.dir}`);
  const warnings = checkFiles(dir, opts.dir);
  await recoverDeadImports(db.sql);
  // Timed from the run's record on: a folder refused before it is no import.
  return withImportRun(db.sql, dir, (runId, session) => db.jobEvents.timed('import', undefined, () => runImport(db, session, dir, runId, opts, warnings)));
}

/**
 * A folder no table has a file in is a mistake (a wrong path, a layout not
 * understood), not an empty dataset: it fails before anything is written. Files
 * no table reads are named, so none is left out silently.
 */
function checkFiles(dir: string, given: string): string[] {
  const claimed = new Set(IMPORT_STEPS.flatMap((step) => step.files(dir)));
  if (claimed.size === 0) {
    const folders = [...new Set(IMPORT_STEPS.map((s) => s.table.split('/')[0]))].map((f) => `${f}/`).join(', ');
    throw new Error(`nothing to import in ${given}: expected table files in ${folders} ` +
      '(NAME.csv, NAME.csv.gz, NAME.parquet, or such files in a NAME/ folder; e.g. farcaster/links.csv); see docs/dataset.md');
  }
  return datasetFiles(dir).filter((f) => !claimed.has(f)).map((f) => `unrecognised file ${path.relative(dir, f)}: not imported`);
}

async function runImport(
  db: Database, sql: SqlClient, dir: string, runId: number, opts: ImportOptions, warnings: string[],
): Promise<ImportSummary> {
  const started = performance.now();
  const ctx: ImportContext = {
    sql, dir, runId, batchRows: Math.max(1, opts.batchRows ?? DEFAULT_BATCH_ROWS), progress: createProgress(opts.progress ?? 'auto', opts.progressOut),
  };
  const tables: TableReport[] = [];
  const actReports: TableReport[] = [];
  const touched = new Set<string>();
  const seconds = () => (performance.now() - started) / 1000;
  try {
    for (const step of IMPORT_STEPS) {
      const report = await step.run(ctx);
      tables.push(report);
      if (report.rowsOk === 0) continue;
      step.targets.forEach((t) => touched.add(t));
      // Now, not at the end: the next steps' statements and triggers read these tables.
      await analyzeTables(sql, step.targets);
      if (step.targets.includes('lens_act')) actReports.push(report);
    }
    const collectWarnings = await finishImport(sql, touched);
    actReports.forEach((report) => Object.assign(report.warnings, collectWarnings));
  } catch (err) {
    const error = err instanceof Error ? err : new Error(String(err));
    // Through the pool: the failure may be the import's own connection.
    await finishRun(db.sql, runId, summarize(tables, seconds(), warnings), error).catch(() => undefined);
    throw err;
  }
  const summary = summarize(tables, seconds(), warnings);
  await finishRun(sql, runId, summary);
  return summary;
}
