// What an import tells its user: per table and per file, rows imported and rows
// skipped as bad (with the first few file:line reasons), files it could not read to
// their end, and files of the dataset no table reads.

export interface BadRow { file: string; line: number; reason: string }
export interface FileReport { file: string; rowsOk: number; rowsBad: number }

export interface TableReport {
  /** `folder/name` as in the dataset, e.g. `lens/profile_follower`. */
  table: string;
  files: string[];
  rowsOk: number;
  rowsBad: number;
  badSamples: BadRow[];
  seconds: number;
  /** Rows ignored by design, not bad (e.g. links that are not follows). */
  rowsIgnored: number;
  /** Why rows were ignored: reason → rows. */
  ignoredReasons: Record<string, number>;
  /** Rows imported but not fully understood, e.g. a collect's unknown currency: what → rows. */
  warnings: Record<string, number>;
  /** Files that could not be read to their end (corrupt gzip, truncated Parquet): rows before `line` were read. */
  unreadableFiles: BadRow[];
  perFile: FileReport[];
}

export interface ImportSummary {
  tables: TableReport[];
  rowsOk: number;
  rowsBad: number;
  seconds: number;
  rowsPerSecond: number;
  /** Dataset-level problems, e.g. `unrecognised file lens/posts.csv: not imported`. */
  warnings: string[];
}

/** How many bad rows per table are kept with their reason; the rest are only counted. */
export const BAD_SAMPLE_LIMIT = 20;

export class TableReportBuilder {
  private readonly report: Omit<TableReport, 'files' | 'perFile' | 'seconds'>;
  private readonly perFile = new Map<string, FileReport>();
  private readonly started = performance.now();

  constructor(table: string) {
    this.report = { table, rowsOk: 0, rowsBad: 0, badSamples: [], rowsIgnored: 0, ignoredReasons: {}, warnings: {}, unreadableFiles: [] };
  }

  file(file: string): FileReport {
    let entry = this.perFile.get(file);
    if (!entry) this.perFile.set(file, (entry = { file, rowsOk: 0, rowsBad: 0 }));
    return entry;
  }

  /** The file could not be read past `line`; what came before stays imported. */
  unreadable(file: string, line: number, reason: string): void {
    this.file(file);
    this.report.unreadableFiles.push({ file, line, reason });
  }
  ignored(reason: string): void {
    this.report.rowsIgnored += 1;
    this.report.ignoredReasons[reason] = (this.report.ignoredReasons[reason] ?? 0) + 1;
  }

  ok(file: string, rows: number): void {
    this.report.rowsOk += rows;
    this.file(file).rowsOk += rows;
  }

  bad(file: string, line: number, reason: string): void {
    this.report.rowsBad += 1;
    this.file(file).rowsBad += 1;
    if (this.report.badSamples.length < BAD_SAMPLE_LIMIT) this.report.badSamples.push({ file, line, reason });
  }

  /** A whole file is bad (its header lacks a column): one sample at the header line, all rows counted. */
  badFile(file: string, reason: string, rows: number): void {
    this.bad(file, 1, reason);
    this.report.rowsBad += rows - 1;
    this.file(file).rowsBad += rows - 1;
  }

  finish(): TableReport {
    const perFile = [...this.perFile.values()].map((f) => ({ ...f }));
    return { ...this.report, files: perFile.map((f) => f.file), perFile, seconds: (performance.now() - this.started) / 1000 };
  }
}

export function summarize(tables: TableReport[], seconds: number, warnings: string[] = []): ImportSummary {
  const rowsOk = tables.reduce((n, t) => n + t.rowsOk, 0);
  const rowsBad = tables.reduce((n, t) => n + t.rowsBad, 0);
  return { tables, rowsOk, rowsBad, seconds, rowsPerSecond: seconds > 0 ? rowsOk / seconds : 0, warnings };
}
