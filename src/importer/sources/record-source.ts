// One async iterator of records per source file, whatever its format: the header
// first, then every row, each with the line (CSV) or row position (Parquet: row N
// is line N + 1, the header being line 1) reports name. A file that cannot be read
// to its end (corrupt gzip, truncated Parquet) throws UnreadableFile, so the
// importer reports it and goes on with the other files.
import { csvRecords } from './csv-source';
import { parquetRecords } from './parquet-source';

export interface SourceRecord { cells: string[]; line: number }

export interface SourceHooks {
  /** Bytes read from disk (compressed bytes for .csv.gz), for the progress bar. */
  onBytes?(bytes: number): void;
  /** A CSV record csv-parse could not read (e.g. a quote never closed); the file goes on. */
  onMalformed?(line: number, reason: string): void;
}

export type SourceFormat = 'csv' | 'csv.gz' | 'parquet';

export class UnreadableFile extends Error {}

const FORMATS: readonly [string, SourceFormat][] = [['.csv.gz', 'csv.gz'], ['.csv', 'csv'], ['.parquet', 'parquet']];

/** The format a file name says, or null for a file the importer does not read. */
export function formatOf(file: string): SourceFormat | null {
  const lower = file.toLowerCase();
  return FORMATS.find(([ext]) => lower.endsWith(ext))?.[1] ?? null;
}

export async function* sourceRecords(file: string, hooks: SourceHooks = {}): AsyncGenerator<SourceRecord> {
  const format = formatOf(file);
  if (!format) throw new UnreadableFile('not a .csv, .csv.gz or .parquet file');
  const records = format === 'parquet' ? parquetRecords(file, hooks) : csvRecords(file, { ...hooks, gzip: format === 'csv.gz' });
  try {
    yield* records;
  } catch (err) {
    // Not `instanceof Error`: errors of node's streams may come from another realm (jest's sandbox).
    const message = typeof (err as { message?: unknown })?.message === 'string' ? (err as Error).message : String(err);
    throw new UnreadableFile(`unreadable ${format} file: ${message}`);
  }
}
