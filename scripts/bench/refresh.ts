// Benchmark of import + analytics refresh on Postgres, per dataset scale.
//
//   npm run bench:refresh -- [small] [medium] [large] [network] [--data-dir DIR] [--keep] [--seed N] [--analyze] [--in-turn]
//     [--skip-classify] [--refresh-only]
//
// For each scale: generate the synthetic dataset (src/datagen) into a temp dir
// (or reuse DIR/<scale> when --data-dir is given and already holds it), create
// a fresh database `sga_bench_<scale>` on BENCH_DATABASE_URL's server, migrate,
// import (rows/s), classify every post (lexicon classifier), run refreshAnalytics (total and per-step seconds from its
// report), print a table and write docs/bench/refresh-<scale>.json. The
// database is dropped at the end unless --keep. --analyze runs ANALYZE between
// import and refresh (the service does not); --in-turn refreshes the protocols one
// after the other instead of in one call (side by side on Postgres).
// --skip-classify leaves the posts unclassified (the classify pipeline is measured
// on medium; on `network` it would take longer than the rest together).
// --refresh-only takes the database an earlier --keep run left (its import figures
// are read back from import_run) and measures the refresh alone. Each result
// records the bench process's peak RSS (the graph score's arrays live there).
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { refreshAnalytics, type ProtocolReport } from '../../src/analytics/refresh';
import { generateDataset, SCALES, type Scale } from '../../src/datagen/generate';
import { Database } from '../../src/db/database';
import { migrate } from '../../src/db/migrate';
import { classifyPosts } from '../../src/content/classify-posts';
import { LexiconClassifier } from '../../src/content/lexicon-classifier';
import { importDataset, type ImportSummary } from '../../src/importer/import-dataset';
import { projectRoot } from '../../src/project-root';

const DEFAULT_URL = 'postgresql://postgres@127.0.0.1:5432/postgres';

interface ScaleResult {
  scale: Scale;
  seed: number;
  analyzedBeforeRefresh: boolean;
  protocolsInTurn: boolean;
  postgres: string;
  generatedAt: string;
  dataset: { dir: string; generated: boolean; generateSeconds: number | null; rows: number | null };
  /** With --refresh-only, the kept database's last import as import_run recorded it. */
  import: { rowsOk: number; rowsBad: number; seconds: number; rowsPerSecond: number; tables: { table: string; rows: number; seconds: number }[]; readBack?: boolean };
  /** The classify pipeline (built-in lexicon classifier) over every post, between import and refresh; null when skipped. */
  classify: { seconds: number; posts: Record<string, number>; classifier: string; classifierPostsPerSecond: number; days: number } | null;
  /** Peak resident memory of this bench process (MiB) over the whole scale: import, classify and the refresh's graph in memory. */
  benchPeakRssMiB: number;
  refresh: {
    seconds: number;
    protocols: { protocol: string; profiles: number; seconds: number; asOf: string; graph: ProtocolReport['graph']; steps: { step: string; seconds: number }[] }[];
  };
  tableSizes: { table: string; rows: number; bytes: number }[];
}

const fmt = (n: number, digits = 1) => n.toFixed(digits);
const pad = (s: string, n: number) => s.padEnd(n);
const lpad = (s: string, n: number) => s.padStart(n);

function parseCli() {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2), allowPositionals: true, strict: true,
    options: {
      'data-dir': { type: 'string' }, keep: { type: 'boolean', default: false }, seed: { type: 'string', default: '1' },
      analyze: { type: 'boolean', default: false }, 'in-turn': { type: 'boolean', default: false },
      'skip-classify': { type: 'boolean', default: false }, 'refresh-only': { type: 'boolean', default: false },
    },
  });
  const scales = (positionals.length ? positionals : ['small', 'medium']) as Scale[];
  for (const s of scales) if (!(s in SCALES)) throw new Error(`unknown scale ${s}; one of ${Object.keys(SCALES).join(', ')}`);
  if (!/^\d+$/.test(values.seed)) throw new Error('--seed must be a non-negative integer');
  const refreshOnly = values['refresh-only'];
  return {
    scales, dataDir: values['data-dir'], keep: values.keep || refreshOnly, seed: Number(values.seed), analyze: values.analyze, inTurn: values['in-turn'],
    skipClassify: values['skip-classify'] || refreshOnly, refreshOnly,
  };
}

/** A dataset folder for the scale: DIR/<scale> reused when it already has files, else generated. */
async function datasetFor(scale: Scale, seed: number, dataDir: string | undefined) {
  const dir = dataDir ? path.resolve(dataDir, scale) : mkdtempSync(path.join(os.tmpdir(), `sga-bench-${scale}-`));
  const temporary = !dataDir;
  if (dataDir && existsSync(path.join(dir, 'farcaster', 'links.csv')) && existsSync(path.join(dir, 'lens', 'profile_follower.csv'))) {
    log(`${scale}: reusing dataset ${dir}`);
    return { dir, temporary, generated: false, generateSeconds: null, rows: null };
  }
  mkdirSync(dir, { recursive: true });
  log(`${scale}: generating dataset into ${dir}`);
  const t = performance.now();
  const summary = await generateDataset({ out: dir, scale, seed });
  const seconds = (performance.now() - t) / 1000;
  const rows = Object.values(summary.tables).reduce((a, b) => a + b, 0);
  log(`${scale}: generated ${rows} rows in ${fmt(seconds)}s`);
  return { dir, temporary, generated: true, generateSeconds: seconds, rows };
}

function log(line: string) {
  process.stderr.write(`[bench] ${line}\n`);
}

async function benchScale(scale: Scale, opts: ReturnType<typeof parseCli>, serverUrl: string): Promise<ScaleResult> {
  const data = opts.refreshOnly
    ? { dir: '(kept database)', temporary: false, generated: false, generateSeconds: null, rows: null }
    : await datasetFor(scale, opts.seed, opts.dataDir);
  const name = `sga_bench_${scale}`;
  const admin = Database.open({ databaseUrl: serverUrl, dataDir: '' });
  let db: Database | undefined;
  try {
    if (!opts.refreshOnly) {
      await admin.sql.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.sql.exec(`CREATE DATABASE ${name}`);
    }
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    db = Database.open({ databaseUrl: url.toString(), dataDir: '' });
    const [{ version }] = await db.sql.query<{ version: string }>('SHOW server_version');
    await migrate(db.sql);

    let summary: ImportSummary;
    if (opts.refreshOnly) {
      summary = await lastImport(db);
      log(`${scale}: refreshing the kept database ${name} (its import: ${summary.rowsOk} rows in ${fmt(summary.seconds)}s)`);
    } else {
      log(`${scale}: importing`);
      summary = await importDataset(db, { dir: data.dir, progress: 'plain' });
      log(`${scale}: imported ${summary.rowsOk} rows in ${fmt(summary.seconds)}s (${Math.round(summary.rowsPerSecond)} rows/s)`);
    }
    // The service does not ANALYZE after an import; --analyze shows what fresh planner statistics change.
    if (opts.analyze) await db.sql.exec('ANALYZE');

    let classified: Awaited<ReturnType<typeof classifyPosts>> = null;
    if (!opts.skipClassify) {
      log(`${scale}: classifying posts`);
      classified = await classifyPosts(db, { classifier: new LexiconClassifier(), log: (l) => log(`${scale}: ${l}`) });
      if (!classified) throw new Error(`another classify run holds the lock on ${name}`);
      log(`${scale}: classified ${classified.classified.farcaster + classified.classified.lens} posts in ${fmt(classified.seconds)}s (classifier alone ${classified.classifierPostsPerSecond} posts/s)`);
    }

    log(`${scale}: refreshing`);
    const t = performance.now();
    // --in-turn: one protocol after the other (on Postgres one call refreshes them side by side).
    const calls = opts.inTurn ? [['farcaster'], ['lens']] as const : [undefined];
    const reports: ProtocolReport[] = [];
    for (const protocols of calls) {
      const r = await refreshAnalytics(db, { protocols: protocols ? [...protocols] : undefined, log: (l) => log(`${scale}: refresh ${l}`) });
      if (!r) throw new Error(`another refresh holds the lock on ${name}`);
      reports.push(...r);
    }
    const refreshSeconds = (performance.now() - t) / 1000;

    const tableSizes = await db.sql.query<{ table: string; rows: number; bytes: number }>(`
      SELECT c.relname AS table, c.reltuples::bigint::float8 AS rows, pg_total_relation_size(c.oid)::float8 AS bytes
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname NOT LIKE '\\_%' ORDER BY bytes DESC`);

    return {
      scale, seed: opts.seed, analyzedBeforeRefresh: opts.analyze, protocolsInTurn: opts.inTurn, postgres: version, generatedAt: new Date().toISOString(),
      dataset: { dir: data.temporary ? '(temporary)' : data.dir, generated: data.generated, generateSeconds: data.generateSeconds, rows: data.rows },
      import: {
        rowsOk: summary.rowsOk, rowsBad: summary.rowsBad, seconds: summary.seconds, rowsPerSecond: summary.rowsPerSecond,
        tables: summary.tables.filter((x) => x.rowsOk > 0).map((x) => ({ table: x.table, rows: x.rowsOk, seconds: x.seconds })),
        ...(opts.refreshOnly ? { readBack: true } : {}),
      },
      classify: classified && {
        seconds: classified.seconds, posts: classified.classified, classifier: classified.classifier,
        classifierPostsPerSecond: classified.classifierPostsPerSecond, days: classified.days,
      },
      benchPeakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
      refresh: {
        seconds: refreshSeconds,
        protocols: reports.map((r) => ({ protocol: r.protocol, profiles: r.profiles, seconds: r.seconds, asOf: r.asOf, graph: r.graph, steps: r.steps })),
      },
      tableSizes,
    };
  } finally {
    await db?.close();
    if (!opts.keep) await admin.sql.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.close();
    if (data.temporary) rmSync(data.dir, { recursive: true, force: true });
  }
}

/** The kept database's newest finished import, as import_run recorded its summary. */
async function lastImport(db: Database): Promise<ImportSummary> {
  const [run] = await db.sql.query<{ report: ImportSummary | null }>(
    `SELECT report FROM import_run WHERE status = 'ok' AND report IS NOT NULL ORDER BY id DESC LIMIT 1`);
  if (!run?.report) throw new Error('--refresh-only needs a database an earlier --keep run imported into');
  return run.report;
}

function printTable(results: ScaleResult[]) {
  const out: string[] = [];
  out.push('');
  out.push(`${pad('scale', 8)}${lpad('rows', 12)}${lpad('import s', 10)}${lpad('rows/s', 10)}${lpad('posts', 10)}${lpad('classify s', 12)}${lpad('refresh s', 11)}`);
  for (const r of results) {
    const posts = r.classify ? String(Object.values(r.classify.posts).reduce((a, b) => a + b, 0)) : '-';
    out.push(`${pad(r.scale, 8)}${lpad(String(r.import.rowsOk), 12)}${lpad(fmt(r.import.seconds), 10)}${lpad(String(Math.round(r.import.rowsPerSecond)), 10)}` +
      `${lpad(posts, 10)}${lpad(r.classify ? fmt(r.classify.seconds) : '-', 12)}${lpad(fmt(r.refresh.seconds), 11)}`);
  }
  const steps = ['graph score', 'engagement trust', 'stats', 'summary', 'gains', 'daily', 'rank history', 'publish', 'cleanup'];
  out.push('');
  out.push(`${pad('refresh step (s)', 26)}${steps.map((s) => lpad(s, 17)).join('')}${lpad('total', 10)}${lpad('profiles', 10)}`);
  for (const r of results) {
    for (const p of r.refresh.protocols) {
      const bySteps = new Map(p.steps.map((s) => [s.step, s.seconds]));
      out.push(`${pad(`${r.scale} ${p.protocol}`, 26)}${steps.map((s) => lpad(bySteps.has(s) ? fmt(bySteps.get(s)!, 2) : '-', 17)).join('')}${lpad(fmt(p.seconds, 2), 10)}${lpad(String(p.profiles), 10)}`);
    }
  }
  process.stdout.write(`${out.join('\n')}\n`);
}

async function main() {
  const opts = parseCli();
  const serverUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_URL;
  const outDir = path.join(projectRoot(), 'docs', 'bench');
  mkdirSync(outDir, { recursive: true });
  const results: ScaleResult[] = [];
  for (const scale of opts.scales) {
    const result = await benchScale(scale, opts, serverUrl);
    results.push(result);
    // The default run writes refresh-<scale>.json; variants get a suffix so they never overwrite it.
    const suffix = [opts.inTurn ? '-in-turn' : '', opts.analyze ? '-analyzed' : '', opts.skipClassify && !opts.refreshOnly ? '-unclassified' : ''].join('');
    const file = path.join(outDir, `refresh-${scale}${suffix}.json`);
    writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
    log(`${scale}: wrote ${path.relative(process.cwd(), file)}`);
  }
  printTable(results);
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
  process.exit(1);
});
