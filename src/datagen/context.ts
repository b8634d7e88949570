// What every table generator gets: the seed, where to write, and a way to
// open a table that records its row count in the summary on close.
import path from 'node:path';
import { CsvWriter } from './csv-writer';
import type { Volumes } from './scales';

export interface GenContext {
  /** Seed folded to 32 bits: the form the hashes and PRNG streams consume. */
  readonly seed: number;
  readonly out: string;
  /** Per-user volumes of the scale being written. */
  readonly volumes: Volumes;
  readonly tables: Record<string, number>;
  readonly onProgress?: (p: { table: string; rows: number }) => void;
}

export interface Table {
  readonly writer: CsvWriter;
  close(): Promise<void>;
}

/** Opens `<out>/<name>.csv` (name like `farcaster/links`). */
export function openTable(ctx: GenContext, name: string, header: readonly string[]): Table {
  const report = ctx.onProgress;
  const writer = CsvWriter.create(
    path.join(ctx.out, `${name}.csv`),
    header,
    report ? (rows) => report({ table: name, rows }) : undefined,
  );
  return {
    writer,
    async close() {
      ctx.tables[name] = await writer.close();
    },
  };
}
