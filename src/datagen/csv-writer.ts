// Streaming RFC 4180 writer. Rows are batched into ~64 KiB strings (one
// fs write per batch, not per row) and the producer waits for 'drain' when the
// stream's buffer is full, so memory stays flat however big a table gets.
// Records end with LF (as BigQuery/Dune exports do); fields holding a comma,
// quote, CR or LF are quoted with inner quotes doubled.
import fs from 'node:fs';

const BATCH_CHARS = 64 * 1024;
const PROGRESS_EVERY = 100_000;
const NEEDS_QUOTES = /[",\r\n]/;

/** One CSV field, quoted only when needed. */
export function csvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export type ProgressFn = (rows: number) => void;

export class CsvWriter {
  rows = 0;
  private buf = '';
  private error: Error | null = null;
  /** The stream's own error, rethrown as it came. */
  private failed(): Error | null { return this.error; }

  private constructor(
    private readonly stream: fs.WriteStream,
    private readonly onProgress?: ProgressFn,
  ) {
    // A persistent listener: a failed write must surface as a rejection, not crash the process.
    stream.on('error', (e) => {
      this.error = e;
    });
  }

  static create(file: string, header: readonly string[], onProgress?: ProgressFn): CsvWriter {
    const w = new CsvWriter(fs.createWriteStream(file, { encoding: 'utf8' }), onProgress);
    w.buf = `${header.map(csvField).join(',')}\n`;
    return w;
  }

  /**
   * Appends one record whose fields are already escaped (numbers, fixed
   * tokens, or csvField output). Returns a promise only when the caller must
   * wait before writing more; hot loops do `const p = w.line(s); if (p) await p;`.
   */
  line(record: string): Promise<void> | undefined {
    { const failure = this.failed(); if (failure) throw failure; }
    this.buf += record;
    this.buf += '\n';
    this.rows++;
    if (this.onProgress && this.rows % PROGRESS_EVERY === 0) this.onProgress(this.rows);
    return this.buf.length >= BATCH_CHARS ? this.flush() : undefined;
  }

  /** Appends one record from raw values; strings are quoted as needed. */
  row(fields: readonly (string | number)[]): Promise<void> | undefined {
    let s = '';
    for (let i = 0; i < fields.length; i++) {
      const f = fields[i];
      if (i) s += ',';
      s += typeof f === 'number' ? String(f) : csvField(f);
    }
    return this.line(s);
  }

  private flush(): Promise<void> | undefined {
    const chunk = this.buf;
    this.buf = '';
    if (this.stream.write(chunk)) return undefined;
    return new Promise<void>((resolve, reject) => {
      const onDrain = (): void => {
        this.stream.off('error', onError);
        resolve();
      };
      const onError = (e: Error): void => {
        this.stream.off('drain', onDrain);
        reject(e);
      };
      this.stream.once('drain', onDrain);
      this.stream.once('error', onError);
    });
  }

  /** Flushes and closes the file; resolves with the number of data rows. */
  async close(): Promise<number> {
    { const failure = this.failed(); if (failure) throw failure; }
    if (this.buf) await this.flush();
    await new Promise<void>((resolve, reject) => {
      this.stream.once('error', reject);
      this.stream.end(() => resolve());
    });
    { const failure = this.failed(); if (failure) throw failure; }
    if (this.onProgress) this.onProgress(this.rows);
    return this.rows;
  }
}
