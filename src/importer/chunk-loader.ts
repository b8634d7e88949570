// Collects good tuples of one file into chunks and loads each through staging.
// One chunk loads while the next is parsed (the database works while JS parses);
// at most two chunks are held in memory. A row the database still rejects (say a
// number too large for its column) fails its chunk; the chunk is then split in
// halves until that row stands alone and is reported bad, and the rest loads.
import { csvLine } from './copy-csv';
import type { MergeOutcome, Staging } from './staging';

/** Where a loader counts its rows (a TableReportBuilder, usually). */
export interface LoadTally {
  merged(file: string, outcome: MergeOutcome): void;
  bad(file: string, line: number, reason: string): void;
}

/** SQLSTATE classes 22 (data exception) and 23 (integrity violation): the rows are at fault. */
const isRowError = (err: unknown) => {
  const code = (err as { code?: unknown }).code;
  return (typeof code === 'string' || typeof code === 'number') && /^2[23]/.test(String(code));
};

export class ChunkLoader {
  private rows: string[] = [];
  private lines: number[] = [];
  private loading: Promise<void> = Promise.resolve();
  private failure: unknown = null;

  constructor(
    private readonly staging: Staging,
    private readonly tally: LoadTally,
    private readonly file: string,
    private readonly batchRows: number,
  ) {}

  /** Adds a staging tuple read at `line`; returns a promise to await when a chunk is due. */
  add(tuple: unknown[], line: number): Promise<void> | undefined {
    this.rows.push(`${csvLine(tuple)},${line}`);
    this.lines.push(line);
    return this.rows.length >= this.batchRows ? this.flush() : undefined;
  }

  /** Loads what is left and waits for every load of this file. */
  async finish(): Promise<void> {
    await this.flush();
    await this.loading;
    this.rethrow();
  }

  private async flush(): Promise<void> {
    const [rows, lines] = [this.rows, this.lines];
    [this.rows, this.lines] = [[], []];
    await this.loading;
    this.rethrow();
    if (rows.length === 0) return;
    // The failure is kept, not left unhandled, and rethrown at the next flush.
    this.loading = this.loadIsolatingBadRows(rows, lines).catch((err) => { this.failure = err; });
  }

  private rethrow(): void {
    // The load's own rejection, rethrown as it came so the error model sees the database's error.
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- see above
    if (this.failure) throw this.failure;
  }

  private async loadIsolatingBadRows(rows: string[], lines: number[]): Promise<void> {
    try {
      this.tally.merged(this.file, await this.staging.load(rows));
    } catch (err) {
      if (!isRowError(err)) throw err;
      if (rows.length === 1) {
        this.tally.bad(this.file, lines[0], `rejected by the database: ${(err as Error).message}`);
        return;
      }
      const half = Math.ceil(rows.length / 2);
      await this.loadIsolatingBadRows(rows.slice(0, half), lines.slice(0, half));
      await this.loadIsolatingBadRows(rows.slice(half), lines.slice(half));
    }
  }
}
