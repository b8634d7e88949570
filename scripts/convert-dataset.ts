// Converts a CSV dataset folder (e.g. one made by `npm run cli -- generate`) into
// the same dataset as gzip-compressed CSV and as Parquet, for the import-format
// benchmark and for trying the importer on Parquet.
//
//   npm run dataset:convert -- <dataset dir> [--out DIR] [--format csv.gz|parquet ...] [--row-group ROWS]
//
// Writes DIR/csv.gz/<folder>/<table>.csv.gz and DIR/parquet/<folder>/<table>.parquet
// (DIR defaults to <dataset dir>-formats). Parquet columns are typed from a first pass
// over each file: a column whose every value is an integer is INT64, a timestamp
// TIMESTAMP_MICROS, a date DATE, true/false BOOLEAN; anything else (hashes, decimals,
// JSON, text) stays a string, which the importer reads as the same text. Both passes
// stream; a Parquet file is written one row group at a time.
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { createGzip } from 'node:zlib';
import type { SchemaElement } from 'hyparquet';
import type { Writer } from 'hyparquet-writer';
import { csvRecords } from '../src/importer/sources/csv-source';
import { parquetWriter } from '../src/importer/sources/esm';
import { datasetFiles } from '../src/importer/sources/table-files';

type ColumnType = 'int64' | 'timestamp' | 'date' | 'boolean' | 'string';
export type TargetFormat = 'csv.gz' | 'parquet';

const INT64 = /^-?(?:0|[1-9]\d{0,18})$/;
const TIMESTAMP = /^(\d{4}-\d\d-\d\d)[ T](\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?(?:Z| UTC)?$/;
const DATE = /^\d{4}-\d\d-\d\d$/;
const INT64_MAX = 2n ** 63n - 1n;

const fits: Record<Exclude<ColumnType, 'string'>, (cell: string) => boolean> = {
  int64: (c) => INT64.test(c) && BigInt(c) <= INT64_MAX && BigInt(c) >= -INT64_MAX - 1n,
  timestamp: (c) => TIMESTAMP.test(c),
  date: (c) => DATE.test(c),
  boolean: (c) => c === 'true' || c === 'false',
};

function micros(cell: string): bigint {
  const [, day, time, fraction = ''] = TIMESTAMP.exec(cell)!;
  return BigInt(Date.parse(`${day}T${time}Z`)) * 1000n + BigInt(fraction.padEnd(6, '0'));
}

const values: Record<ColumnType, (cell: string) => unknown> = {
  int64: (c) => BigInt(c),
  timestamp: micros,
  date: (c) => Math.round(Date.parse(`${c}T00:00:00Z`) / 86_400_000),
  boolean: (c) => c === 'true',
  string: (c) => c,
};

const elements: Record<ColumnType, Omit<SchemaElement, 'name'>> = {
  int64: { type: 'INT64' },
  timestamp: { type: 'INT64', converted_type: 'TIMESTAMP_MICROS' },
  date: { type: 'INT32', converted_type: 'DATE' },
  boolean: { type: 'BOOLEAN' },
  string: { type: 'BYTE_ARRAY', converted_type: 'UTF8' },
};

/** The narrowest type every non-empty cell of each column fits. */
async function columnTypes(file: string): Promise<{ header: string[]; types: ColumnType[] }> {
  let header: string[] | null = null;
  let candidates: Set<ColumnType>[] = [];
  for await (const { cells } of csvRecords(file)) {
    if (!header) {
      header = cells;
      candidates = cells.map(() => new Set<ColumnType>(['int64', 'timestamp', 'date', 'boolean']));
      continue;
    }
    header.forEach((_, i) => {
      const cell = cells[i] ?? '';
      if (cell === '') return;
      for (const t of candidates[i]) if (!fits[t as keyof typeof fits](cell)) candidates[i].delete(t);
    });
  }
  if (!header) throw new Error(`${file} is empty`);
  return { header, types: candidates.map((c) => (c.size ? [...c][0] : 'string')) };
}

export async function toParquet(file: string, out: string, rowGroupRows: number): Promise<{ rows: number; types: Record<string, ColumnType> }> {
  const { header, types } = await columnTypes(file);
  // fileWriter (flushes to disk as it goes) is in the package's node entry, which its typings of the main entry leave out.
  const lib = await parquetWriter();
  const { ParquetWriter } = lib;
  const { fileWriter } = lib as unknown as { fileWriter(this: void, file: string): Writer };
  const schema: SchemaElement[] = [{ name: 'root', num_children: header.length },
    ...header.map((name, i) => ({ ...elements[types[i]], name, repetition_type: 'OPTIONAL' as const }))];
  const writer = new ParquetWriter({ writer: fileWriter(out), schema, codec: 'SNAPPY', statistics: false });
  let columns: unknown[][] = header.map(() => []);
  let rows = 0;
  const flush = async () => {
    if (columns[0].length === 0) return;
    await writer.write({ columnData: header.map((name, i) => ({ name, data: columns[i] as never })), rowGroupSize: columns[0].length });
    columns = header.map(() => []);
  };
  let first = true;
  for await (const { cells } of csvRecords(file)) {
    if (first) { first = false; continue; }
    header.forEach((_, i) => {
      const cell = cells[i] ?? '';
      columns[i].push(cell === '' ? null : values[types[i]](cell));
    });
    rows += 1;
    if (columns[0].length >= rowGroupRows) await flush();
  }
  await flush();
  await writer.finish();
  return { rows, types: Object.fromEntries(header.map((h, i) => [h, types[i]])) };
}

export async function toCsvGz(file: string, out: string): Promise<void> {
  await pipeline(createReadStream(file), createGzip({ level: 6 }), createWriteStream(out));
}

/** Converts every `.csv` table file of the dataset; answers the folders written, by format. */
export async function convertDataset(dir: string, outDir: string, formats: TargetFormat[], rowGroupRows: number,
  log: (line: string) => void = () => undefined): Promise<Record<TargetFormat, string>> {
  const written = {} as Record<TargetFormat, string>;
  const files = datasetFiles(dir).filter((f) => f.endsWith('.csv'));
  for (const format of formats) {
    const target = path.join(outDir, format);
    written[format] = target;
    for (const file of files) {
      const rel = path.relative(dir, file).replace(/\.csv$/, `.${format}`);
      const out = path.join(target, rel);
      mkdirSync(path.dirname(out), { recursive: true });
      const t = performance.now();
      if (format === 'csv.gz') await toCsvGz(file, out);
      else await toParquet(file, out, rowGroupRows);
      log(`${rel} (${((performance.now() - t) / 1000).toFixed(1)}s)`);
    }
  }
  return written;
}

async function main() {
  const { values: opts, positionals } = parseArgs({
    args: process.argv.slice(2), allowPositionals: true, strict: true,
    options: { out: { type: 'string' }, format: { type: 'string', multiple: true }, 'row-group': { type: 'string', default: '100000' } },
  });
  if (positionals.length !== 1) throw new Error('usage: npm run dataset:convert -- <dataset dir> [--out DIR] [--format csv.gz|parquet ...] [--row-group ROWS]');
  const dir = path.resolve(positionals[0]);
  const formats = (opts.format ?? ['csv.gz', 'parquet']) as TargetFormat[];
  for (const f of formats) if (f !== 'csv.gz' && f !== 'parquet') throw new Error(`unknown format ${String(f)}: csv.gz or parquet`);
  const rowGroup = Number(opts['row-group']);
  if (!Number.isInteger(rowGroup) || rowGroup < 1) throw new Error('--row-group must be a positive integer');
  const written = await convertDataset(dir, path.resolve(opts.out ?? `${dir}-formats`), formats, rowGroup, (l) => process.stderr.write(`${l}\n`));
  for (const [format, folder] of Object.entries(written)) process.stdout.write(`${format}: ${folder}\n`);
}

if (require.main === module) {
  main().catch((err) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
