// Import progress on stderr: a bar (bytes read of the table's files, rows, rows/s)
// on a terminal; plain periodic lines when piped (CI logs, `docker logs`); nothing
// in tests.
import { SingleBar } from 'cli-progress';

export type ProgressMode = 'auto' | 'plain' | 'silent';
/** A terminal (isTTY) gets the bar; any other stream gets lines. */
export type ProgressStream = NodeJS.WritableStream & { isTTY?: boolean };

export interface TableProgress {
  update(rows: number, bytes: number): void;
  done(rows: number): void;
}

export type ProgressFactory = (table: string, totalBytes: number) => TableProgress;

const PLAIN_EVERY_MS = 5000;
const silent: TableProgress = { update: () => undefined, done: () => undefined };
const rate = (rows: number, since: number) => Math.round(rows / Math.max((performance.now() - since) / 1000, 1e-3));

export function createProgress(mode: ProgressMode, out: ProgressStream = process.stderr): ProgressFactory {
  const resolved = mode === 'auto' ? (out.isTTY ? 'bar' : 'plain') : mode;
  if (resolved === 'silent') return () => silent;
  return resolved === 'bar' ? (table, total) => barProgress(out, table, total) : (table) => plainProgress(out, table);
}

function plainProgress(out: ProgressStream, table: string): TableProgress {
  const started = performance.now();
  let printed = started;
  return {
    update(rows) {
      if (performance.now() - printed < PLAIN_EVERY_MS) return;
      printed = performance.now();
      out.write(`${table}: ${rows} rows (${rate(rows, started)} rows/s)\n`);
    },
    done(rows) {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      out.write(`${table}: ${rows} rows in ${seconds} s (${rate(rows, started)} rows/s)\n`);
    },
  };
}

function barProgress(out: ProgressStream, table: string, totalBytes: number): TableProgress {
  const started = performance.now();
  const bar = new SingleBar({
    stream: out,
    format: `${table.padEnd(52)} [{bar}] {percentage}% | {rows} rows | {speed} rows/s`,
    barsize: 24,
    hideCursor: true,
  });
  bar.start(Math.max(totalBytes, 1), 0, { rows: 0, speed: 0 });
  return {
    update(rows, bytes) { bar.update(bytes, { rows, speed: rate(rows, started) }); },
    done(rows) {
      bar.update(Math.max(totalBytes, 1), { rows, speed: rate(rows, started) });
      bar.stop();
    },
  };
}
