// Imports one dataset table: each of its files (CSV, CSV.gz, Parquet) is streamed,
// each row validated and normalised by the table's spec, good rows loaded chunk by
// chunk, bad rows counted and reported with file and line. A file that cannot be
// read to its end is reported with why; the rows before are kept, the other files
// are read.
import { statSync } from 'node:fs';
import path from 'node:path';
import type { SqlClient } from '../db/sql-client';
import { ChunkLoader } from './chunk-loader';
import type { ProgressFactory, TableProgress } from './progress';
import { TableReportBuilder, type TableReport } from './report';
import { headerIndex, RowError, SourceRow } from './source-row';
import { sourceRecords, UnreadableFile } from './sources/record-source';
import { tableFiles } from './sources/table-files';
import { Staging } from './staging';
import { Ignored, tableLabel, type TableSpec } from './table-spec';

export interface ImportContext { sql: SqlClient; dir: string; batchRows: number; progress: ProgressFactory; runId: number }

export async function importTable(ctx: ImportContext, spec: TableSpec): Promise<TableReport> {
  const report = new TableReportBuilder(tableLabel(spec));
  const files = tableFiles(ctx.dir, spec);
  const relative = (file: string) => path.relative(ctx.dir, file);
  if (files.length === 0) return report.finish();

  const totalBytes = files.reduce((n, f) => n + statSync(f).size, 0);
  const progress = ctx.progress(tableLabel(spec), totalBytes);
  const counter = { rows: 0, bytes: 0 };
  const staging = await Staging.create(ctx.sql, spec, ctx.runId);
  try {
    for (const file of files) {
      report.file(relative(file));
      await importFile(ctx, spec, staging, file, report, { progress, counter });
    }
  } finally {
    progress.done(counter.rows);
    await staging.drop();
  }
  return report.finish();
}

interface Tracking { progress: TableProgress; counter: { rows: number; bytes: number } }

async function importFile(
  ctx: ImportContext, spec: TableSpec, staging: Staging, file: string, report: TableReportBuilder, { progress, counter }: Tracking,
): Promise<void> {
  const name = path.relative(ctx.dir, file);
  const loader = new ChunkLoader(staging, report, name, ctx.batchRows);
  const records = sourceRecords(file, {
    onBytes: (n) => { counter.bytes += n; progress.update(counter.rows, counter.bytes); },
    onMalformed: (line, reason) => { report.read(name); report.bad(name, line, `unreadable CSV: ${reason}`); },
  });
  let row: SourceRow | null = null;
  let missing: string[] = [];
  let rowsOfBadFile = 0;
  let lastLine = 0;
  try {
    for await (const { cells, line } of records) {
      lastLine = line;
      if (!row) {
        const index = headerIndex(cells, spec.aliases);
        row = new SourceRow(index);
        missing = spec.required.filter((c) => !index.has(c));
        continue;
      }
      counter.rows += 1;
      report.read(name);
      if (missing.length) { rowsOfBadFile += 1; continue; }
      row.cells = cells;
      const tuple = mapRow(spec, row, name, line, report);
      if (!tuple) continue;
      const due = loader.add(tuple, line);
      if (due) await due;
    }
  } catch (err) {
    if (!(err instanceof UnreadableFile)) throw err;
    report.unreadable(name, lastLine + 1, err.message);
  }
  if (missing.length) report.badFile(name, `missing required column(s) ${missing.join(', ')}: file skipped`, rowsOfBadFile);
  await loader.finish();
}

/** The staging tuple of a row, or null for a row reported bad or counted as ignored. */
function mapRow(spec: TableSpec, row: SourceRow, file: string, line: number, report: TableReportBuilder): unknown[] | null {
  let tuple: unknown[] | Ignored;
  try {
    tuple = spec.mapRow(row);
  } catch (err) {
    if (!(err instanceof RowError)) throw err;
    report.bad(file, line, err.message);
    return null;
  }
  if (tuple instanceof Ignored) { report.ignored(file, tuple.reason); return null; }
  return tuple;
}
