// What an import tells its user, per file, per table and in total: of the rows read,
// how many were stored as new, replaced an older stored row, changed nothing (and
// why), were bad (with the first few file:line reasons) or ignored by design (with
// why); the files it could not read to their end, and the dataset's files no table
// reads. Every row read is exactly one of these:
//   rowsRead = rowsStored + rowsUpdated + rowsUnchanged + rowsBad + rowsIgnored
import type { MergeOutcome } from './staging';

export interface BadRow { file: string; line: number; reason: string }

/** Why good rows changed nothing. */
export interface UnchangedReasons {
  /** Another row of the same key in this import was kept (rows of one key merge into one). */
  duplicate: number;
  /** The stored row is newer, or the same. */
  notNewer: number;
}

export interface RowCounts {
  /** Data rows read from the file(s), header excluded. */
  rowsRead: number;
  /** Rows inserted as new. */
  rowsStored: number;
  /** Rows that replaced a row stored before this import (a newer version). */
  rowsUpdated: number;
  /** Good rows that changed nothing: unchangedReasons.duplicate + unchangedReasons.notNewer. */
  rowsUnchanged: number;
  unchangedReasons: UnchangedReasons;
  rowsBad: number;
  /** Rows ignored by design, not bad (e.g. links that are not follows). */
  rowsIgnored: number;
  /** Good rows: rowsStored + rowsUpdated + rowsUnchanged. */
  rowsOk: number;
}

export interface FileReport extends RowCounts { file: string }

export interface TableReport extends RowCounts {
  /** `folder/name` as in the dataset, e.g. `lens/profile_follower`. */
  table: string;
  files: string[];
  badSamples: BadRow[];
  seconds: number;
  /** Why rows were ignored: reason → rows. */
  ignoredReasons: Record<string, number>;
  /** Rows imported but not fully understood, e.g. a collect's unknown currency: what → rows. */
  warnings: Record<string, number>;
  /** Files that could not be read to their end (corrupt gzip, truncated Parquet): rows before `line` were read. */
  unreadableFiles: BadRow[];
  perFile: FileReport[];
}

export interface ImportSummary extends RowCounts {
  tables: TableReport[];
  seconds: number;
  /** Rows read per second. */
  rowsPerSecond: number;
  /** Dataset-level problems, e.g. `unrecognised file lens/posts.csv: not imported`. */
  warnings: string[];
}

/** How many bad rows per table are kept with their reason; the rest are only counted. */
export const BAD_SAMPLE_LIMIT = 20;

type Tally = Omit<RowCounts, 'rowsUnchanged' | 'unchangedReasons' | 'rowsOk'> & UnchangedReasons;

const emptyTally = (): Tally => ({ rowsRead: 0, rowsStored: 0, rowsUpdated: 0, duplicate: 0, notNewer: 0, rowsBad: 0, rowsIgnored: 0 });

function countsOf(t: Tally): RowCounts {
  const rowsUnchanged = t.duplicate + t.notNewer;
  return {
    rowsRead: t.rowsRead, rowsStored: t.rowsStored, rowsUpdated: t.rowsUpdated, rowsUnchanged,
    unchangedReasons: { duplicate: t.duplicate, notNewer: t.notNewer }, rowsBad: t.rowsBad, rowsIgnored: t.rowsIgnored,
    rowsOk: t.rowsStored + t.rowsUpdated + rowsUnchanged,
  };
}

/** The sum of several counts (a table's files, an import's tables). */
export function sumCounts(parts: readonly RowCounts[]): RowCounts {
  const t = emptyTally();
  for (const p of parts) {
    t.rowsRead += p.rowsRead;
    t.rowsStored += p.rowsStored;
    t.rowsUpdated += p.rowsUpdated;
    t.duplicate += p.unchangedReasons.duplicate;
    t.notNewer += p.unchangedReasons.notNewer;
    t.rowsBad += p.rowsBad;
    t.rowsIgnored += p.rowsIgnored;
  }
  return countsOf(t);
}

/** Counts one table's rows per file as they are read and merged; the table's counts are the sum of its files'. */
export class TableReportBuilder {
  private readonly perFile = new Map<string, Tally>();
  private readonly badSamples: BadRow[] = [];
  private readonly ignoredReasons: Record<string, number> = {};
  private readonly unreadableFiles: BadRow[] = [];
  private readonly started = performance.now();

  constructor(private readonly table: string) {}

  /** Registers a file (so a file with no rows is listed too). */
  file(file: string): void { this.tally(file); }

  /** The file could not be read past `line`; what came before stays imported. */
  unreadable(file: string, line: number, reason: string): void {
    this.tally(file);
    this.unreadableFiles.push({ file, line, reason });
  }

  /** Data rows read from `file`, whatever becomes of them. */
  read(file: string, rows = 1): void { this.tally(file).rowsRead += rows; }

  ignored(file: string, reason: string): void {
    this.tally(file).rowsIgnored += 1;
    this.ignoredReasons[reason] = (this.ignoredReasons[reason] ?? 0) + 1;
  }

  merged(file: string, outcome: MergeOutcome): void {
    const t = this.tally(file);
    t.rowsStored += outcome.stored;
    t.rowsUpdated += outcome.updated;
    t.duplicate += outcome.duplicate;
    t.notNewer += outcome.notNewer;
  }

  bad(file: string, line: number, reason: string): void {
    this.tally(file).rowsBad += 1;
    this.sample(file, line, reason);
  }

  /** A whole file is bad (its header lacks a column): one sample at the header line, all its `rows` counted bad. */
  badFile(file: string, reason: string, rows: number): void {
    this.tally(file).rowsBad += rows;
    this.sample(file, 1, reason);
  }

  /** A problem reported with file and line whose row is counted elsewhere (e.g. one of two records made from it). */
  sample(file: string, line: number, reason: string): void {
    if (this.badSamples.length < BAD_SAMPLE_LIMIT) this.badSamples.push({ file, line, reason });
  }

  finish(): TableReport {
    const perFile = [...this.perFile].map(([file, t]) => ({ file, ...countsOf(t) }));
    return {
      table: this.table, files: perFile.map((f) => f.file), ...sumCounts(perFile), badSamples: [...this.badSamples],
      seconds: (performance.now() - this.started) / 1000, ignoredReasons: { ...this.ignoredReasons },
      warnings: {}, unreadableFiles: [...this.unreadableFiles], perFile,
    };
  }

  private tally(file: string): Tally {
    let t = this.perFile.get(file);
    if (!t) this.perFile.set(file, (t = emptyTally()));
    return t;
  }
}

export function summarize(tables: TableReport[], seconds: number, warnings: string[] = []): ImportSummary {
  const totals = sumCounts(tables);
  return { tables, ...totals, seconds, rowsPerSecond: seconds > 0 ? totals.rowsRead / seconds : 0, warnings };
}
