// Shared set-up for the benchmarks in scripts/bench/: a generated dataset folder
// (reused when it is already there) and a named Postgres database on
// BENCH_DATABASE_URL's server, migrated, imported, classified and refreshed (or reused as is
// when it already holds a finished import and refresh and the caller asks to).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { refreshAnalytics } from '../../src/analytics/refresh';
import { generateDataset, type Scale } from '../../src/datagen/generate';
import { Database } from '../../src/db/database';
import { migrate, pendingMigrations } from '../../src/db/migrate';
import { classifyPosts } from '../../src/content/classify-posts';
import { LexiconClassifier } from '../../src/content/lexicon-classifier';
import { importDataset } from '../../src/importer/import-dataset';

export const DEFAULT_SERVER_URL = 'postgresql://postgres@127.0.0.1:5432/postgres';

export const benchServerUrl = () => process.env.BENCH_DATABASE_URL ?? DEFAULT_SERVER_URL;

export function log(line: string): void {
  process.stderr.write(`[bench] ${line}\n`);
}

/** The server URL with its database name replaced. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const DB_NAME = /^[a-z_][a-z0-9_]*$/;

export interface DatasetInfo { dir: string; generated: boolean; generateSeconds: number | null; rows: number | null }

const MARKER = '.bench-dataset.json';

/**
 * `dir` holding a generated dataset: reused when its biggest tables are there
 * (refused when its marker names another scale or seed), else generated into it.
 */
export async function ensureDataset(dir: string, scale: Scale, seed: number): Promise<DatasetInfo> {
  const abs = path.resolve(dir);
  if (existsSync(path.join(abs, 'farcaster', 'links.csv')) && existsSync(path.join(abs, 'lens', 'profile_follower.csv'))) {
    const marker = path.join(abs, MARKER);
    if (existsSync(marker)) {
      const m = JSON.parse(readFileSync(marker, 'utf8')) as { scale: string; seed: number };
      if (m.scale !== scale || m.seed !== seed) throw new Error(`${abs} holds the ${m.scale} dataset of seed ${m.seed}, not ${scale} seed ${seed}: pass another --data-dir`);
    } else {
      log(`${abs} has no ${MARKER}: assuming it is the ${scale} dataset of seed ${seed}`);
    }
    log(`reusing dataset ${abs}`);
    return { dir: abs, generated: false, generateSeconds: null, rows: null };
  }
  mkdirSync(abs, { recursive: true });
  log(`generating ${scale} dataset (seed ${seed}) into ${abs}`);
  const t = performance.now();
  const summary = await generateDataset({ out: abs, scale, seed });
  const seconds = (performance.now() - t) / 1000;
  const rows = Object.values(summary.tables).reduce((a, b) => a + b, 0);
  writeFileSync(path.join(abs, MARKER), `${JSON.stringify({ scale, seed, rows })}\n`);
  log(`generated ${rows} rows in ${seconds.toFixed(1)}s`);
  return { dir: abs, generated: true, generateSeconds: seconds, rows };
}

export interface SetupInfo {
  reused: boolean;
  import: { rowsOk: number; rowsBad: number; seconds: number; rowsPerSecond: number } | null;
  refreshSeconds: number | null;
}

/**
 * True when the database exists, has every migration of this tree (a newer one
 * may change what the import loads) and holds a finished import and a refresh
 * of both protocols.
 */
export async function databaseReady(serverUrl: string, name: string): Promise<boolean> {
  const admin = Database.open({ databaseUrl: serverUrl, dataDir: '' });
  try {
    const [{ n }] = await admin.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_database WHERE datname = $1', [name]);
    if (n === 0) return false;
  } finally {
    await admin.close();
  }
  const db = Database.open({ databaseUrl: databaseUrl(serverUrl, name), dataDir: '' });
  try {
    const [{ ok }] = await db.sql.query<{ ok: boolean }>(`
      SELECT to_regclass('public.protocol_state') IS NOT NULL AND to_regclass('public.import_run') IS NOT NULL AS ok`);
    if (!ok) return false;
    const pending = await pendingMigrations(db.sql);
    if (pending.length) { log(`${name} lacks migrations ${pending.join(', ')}: setting it up again`); return false; }
    // Every protocol the data has must be refreshed: a dataset of one protocol is as ready as one of both.
    const [state] = await db.sql.query<{ imported: number; refreshed: string[]; present: string[] }>(`
      SELECT (SELECT count(*)::int FROM import_run WHERE status = 'ok') AS imported,
             array(SELECT protocol FROM protocol_state WHERE refreshed_at IS NOT NULL AND profile_count > 0) AS refreshed,
             array_remove(ARRAY[
               CASE WHEN EXISTS (SELECT 1 FROM fc_user) OR EXISTS (SELECT 1 FROM fc_link) THEN 'farcaster' END,
               CASE WHEN EXISTS (SELECT 1 FROM lens_profile) OR EXISTS (SELECT 1 FROM lens_follow) THEN 'lens' END], NULL) AS present`);
    const unrefreshed = state.present.filter((p) => !state.refreshed.includes(p));
    if (unrefreshed.length) log(`${name} has ${unrefreshed.join(' and ')} data never refreshed: setting it up again`);
    return state.imported > 0 && state.present.length > 0 && unrefreshed.length === 0;
  } catch {
    return false;
  } finally {
    await db.close();
  }
}

/**
 * Database `name` ready for reads: with `reuse` and a finished earlier set-up it
 * is taken as is; otherwise (re)created, migrated, imported from `datasetDir`
 * and refreshed. The caller closes the returned Database.
 */
export async function prepareDatabase(opts: { serverUrl: string; name: string; datasetDir: string; reuse: boolean; poolSize?: number }): Promise<{ db: Database; setup: SetupInfo }> {
  const { serverUrl, name } = opts;
  if (!DB_NAME.test(name)) throw new Error(`not a plain database name: ${name}`);
  const url = databaseUrl(serverUrl, name);
  if (opts.reuse && await databaseReady(serverUrl, name)) {
    log(`reusing database ${name}`);
    return { db: Database.open({ databaseUrl: url, dataDir: '', poolSize: opts.poolSize }), setup: { reused: true, import: null, refreshSeconds: null } };
  }
  const admin = Database.open({ databaseUrl: serverUrl, dataDir: '' });
  try {
    await admin.sql.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.sql.exec(`CREATE DATABASE ${name}`);
  } finally {
    await admin.close();
  }
  const db = Database.open({ databaseUrl: url, dataDir: '', poolSize: opts.poolSize });
  try {
    await migrate(db.sql);
    log(`importing ${opts.datasetDir} into ${name}`);
    const summary = await importDataset(db, { dir: opts.datasetDir, progress: 'plain' });
    log(`imported ${summary.rowsOk} rows in ${summary.seconds.toFixed(1)}s (${Math.round(summary.rowsPerSecond)} rows/s)`);
    log('classifying posts');
    const classified = await classifyPosts(db, { classifier: new LexiconClassifier() });
    if (!classified) throw new Error(`another classify run holds the lock on ${name}`);
    log(`classified ${classified.classified.farcaster + classified.classified.lens} posts in ${classified.seconds.toFixed(1)}s`);
    log('refreshing analytics');
    const t = performance.now();
    const reports = await refreshAnalytics(db, { log: (l) => log(`refresh ${l}`) });
    const refreshSeconds = (performance.now() - t) / 1000;
    if (!reports) throw new Error(`another refresh holds the lock on ${name}`);
    log(`refreshed in ${refreshSeconds.toFixed(1)}s`);
    return {
      db,
      setup: {
        reused: false,
        import: { rowsOk: summary.rowsOk, rowsBad: summary.rowsBad, seconds: summary.seconds, rowsPerSecond: summary.rowsPerSecond },
        refreshSeconds,
      },
    };
  } catch (err) {
    await db.close();
    throw err;
  }
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  if (!DB_NAME.test(name)) throw new Error(`not a plain database name: ${name}`);
  const admin = Database.open({ databaseUrl: serverUrl, dataDir: '' });
  try {
    await admin.sql.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.close();
  }
}
