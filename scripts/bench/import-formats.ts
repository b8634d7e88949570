// Benchmark of the import per source format: the same generated dataset as CSV,
// gzip-compressed CSV and Parquet, each imported into a fresh Postgres database on
// BENCH_DATABASE_URL's server, in a process of its own so its peak RSS is its own.
// Then the Parquet reader alone on the dataset's largest Parquet file and on a small
// one: memory must stay flat whatever the file size (one row group in memory).
//
//   npm run bench:import -- [small] [medium] [--data-dir DIR] [--seed N] [--row-group ROWS]
//
// Datasets are generated into DIR/<scale> (reused when there) and converted into
// DIR/<scale>-formats/{csv.gz,parquet} (reused when there). Writes
// docs/bench/import-formats-<scale>.json and prints a table.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SCALES, type Scale } from '../../src/datagen/generate';
import { Database } from '../../src/db/database';
import { migrate } from '../../src/db/migrate';
import { importDataset } from '../../src/importer/import-dataset';
import { parquetReader } from '../../src/importer/sources/esm';
import { openFileBuffer } from '../../src/importer/sources/file-buffer';
import { sourceRecords } from '../../src/importer/sources/record-source';
import { projectRoot } from '../../src/project-root';
import { convertDataset } from '../convert-dataset';
import { benchServerUrl, databaseUrl, dropDatabase, ensureDataset, log } from './bench-db';

type Format = 'csv' | 'csv.gz' | 'parquet';
const FORMATS: readonly Format[] = ['csv', 'csv.gz', 'parquet'];

interface ImportRun { format: Format; bytes: number; rowsOk: number; rowsBad: number; seconds: number; rowsPerSecond: number; peakRssMB: number }
interface ReadRun { file: string; bytes: number; rowGroups: number; rows: number; seconds: number; rowsPerSecond: number; peakRssMB: number }

const peakRssMB = () => Math.round(process.resourceUsage().maxRSS / 1024);
const round = (n: number, digits = 1) => Number(n.toFixed(digits));

function folderBytes(dir: string): number {
  let n = 0;
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.name.startsWith('.')) continue;
      const full = path.join(d, e.name);
      if (e.isDirectory()) walk(full); else n += statSync(full).size;
    }
  };
  walk(dir);
  return n;
}

/** Child: import one dataset folder into a fresh database; prints its figures as JSON. */
async function childImport(format: Format, dir: string, name: string): Promise<void> {
  const serverUrl = benchServerUrl();
  await dropDatabase(serverUrl, name);
  const admin = Database.open({ databaseUrl: serverUrl, dataDir: '' });
  await admin.sql.exec(`CREATE DATABASE ${name}`).finally(() => admin.close());
  const db = Database.open({ databaseUrl: databaseUrl(serverUrl, name), dataDir: '' });
  try {
    await migrate(db.sql);
    const s = await importDataset(db, { dir, progress: 'silent' });
    const run: ImportRun = { format, bytes: folderBytes(dir), rowsOk: s.rowsOk, rowsBad: s.rowsBad, seconds: round(s.seconds, 2),
      rowsPerSecond: Math.round(s.rowsPerSecond), peakRssMB: peakRssMB() };
    process.stdout.write(`${JSON.stringify(run)}\n`);
  } finally {
    await db.close();
    await dropDatabase(serverUrl, name);
  }
}

/** Child: read every record of one file (no database); prints its figures as JSON. */
async function childRead(file: string): Promise<void> {
  const { hyparquet } = await parquetReader();
  const buffer = await openFileBuffer(file);
  const metadata = await hyparquet.parquetMetadataAsync(buffer).finally(() => buffer.close());
  const t = performance.now();
  let rows = -1;
  for await (const record of sourceRecords(file)) if (record.cells.length) rows += 1;
  const seconds = (performance.now() - t) / 1000;
  const run: ReadRun = { file, bytes: statSync(file).size, rowGroups: metadata.row_groups.length, rows, seconds: round(seconds, 2),
    rowsPerSecond: Math.round(rows / seconds), peakRssMB: peakRssMB() };
  process.stdout.write(`${JSON.stringify(run)}\n`);
}

function child<T>(args: string[]): T {
  const out = execFileSync(process.execPath, [require.resolve('tsx/cli'), __filename, ...args],
    { cwd: projectRoot(), encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 20 });
  return JSON.parse(out.trim().split('\n').at(-1)!) as T;
}

async function benchScale(scale: Scale, dataRoot: string, seed: number, rowGroup: number) {
  const dataset = await ensureDataset(path.join(dataRoot, scale), scale, seed);
  const formatsDir = `${dataset.dir}-formats`;
  if (!existsSync(path.join(formatsDir, 'parquet', 'farcaster', 'links.parquet'))) {
    log(`${scale}: converting to csv.gz and parquet (row groups of ${rowGroup} rows)`);
    const t = performance.now();
    await convertDataset(dataset.dir, formatsDir, ['csv.gz', 'parquet'], rowGroup, (l) => log(`${scale}: ${l}`));
    log(`${scale}: converted in ${((performance.now() - t) / 1000).toFixed(1)}s`);
  }
  const dirs: Record<Format, string> = { csv: dataset.dir, 'csv.gz': path.join(formatsDir, 'csv.gz'), parquet: path.join(formatsDir, 'parquet') };
  const imports: ImportRun[] = [];
  for (const format of FORMATS) {
    log(`${scale}: importing ${format}`);
    const run = child<ImportRun>(['--child-import', format, dirs[format], `sga_bench_formats_${scale}`]);
    log(`${scale}: ${format}: ${run.rowsOk} rows in ${run.seconds}s (${run.rowsPerSecond} rows/s), peak RSS ${run.peakRssMB} MB`);
    imports.push(run);
  }
  const reads = ['farcaster/links.parquet', 'tokens/markets.parquet'].map((f) => {
    const run = child<ReadRun>(['--child-read', path.join(dirs.parquet, f)]);
    log(`${scale}: read ${f}: ${run.rows} rows in ${run.rowGroups} row groups, ${run.rowsPerSecond} rows/s, peak RSS ${run.peakRssMB} MB`);
    return { ...run, file: f };
  });
  return {
    scale, seed, database: 'Postgres (BENCH_DATABASE_URL), one fresh database per format, import only (no classify/refresh)',
    node: process.version, cpus: os.cpus().length, generatedAt: new Date().toISOString(), parquetRowGroupRows: rowGroup,
    imports,
    /** The Parquet reader alone (no database): peak RSS on the largest file vs a tiny one shows memory does not grow with the file. */
    parquetRead: reads,
  };
}

async function main() {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2), allowPositionals: true, strict: true,
    options: {
      'data-dir': { type: 'string' }, seed: { type: 'string', default: '1' }, 'row-group': { type: 'string', default: '100000' },
      'child-import': { type: 'boolean', default: false }, 'child-read': { type: 'boolean', default: false },
    },
  });
  if (values['child-import']) return childImport(positionals[0] as Format, positionals[1], positionals[2]);
  if (values['child-read']) return childRead(positionals[0]);
  const scales = (positionals.length ? positionals : ['small', 'medium']) as Scale[];
  for (const s of scales) if (!(s in SCALES)) throw new Error(`unknown scale ${s}; one of ${Object.keys(SCALES).join(', ')}`);
  const dataRoot = path.resolve(values['data-dir'] ?? mkdtempSync(path.join(os.tmpdir(), 'sga-bench-formats-')));
  const outDir = path.join(projectRoot(), 'docs', 'bench');
  mkdirSync(outDir, { recursive: true });
  const rows: string[] = [`${'scale'.padEnd(8)}${'format'.padEnd(9)}${'MB'.padStart(8)}${'rows'.padStart(11)}${'s'.padStart(8)}${'rows/s'.padStart(9)}${'peak RSS MB'.padStart(13)}`];
  for (const scale of scales) {
    const result = await benchScale(scale, dataRoot, Number(values.seed), Number(values['row-group']));
    const file = path.join(outDir, `import-formats-${scale}.json`);
    writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
    log(`${scale}: wrote ${path.relative(process.cwd(), file)}`);
    for (const r of result.imports) {
      rows.push(`${scale.padEnd(8)}${r.format.padEnd(9)}${(r.bytes / 1e6).toFixed(1).padStart(8)}${String(r.rowsOk).padStart(11)}` +
        `${r.seconds.toFixed(1).padStart(8)}${String(r.rowsPerSecond).padStart(9)}${String(r.peakRssMB).padStart(13)}`);
    }
  }
  process.stdout.write(`${rows.join('\n')}\n`);
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
  process.exit(1);
});
