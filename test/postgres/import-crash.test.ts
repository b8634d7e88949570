// `kill -9` of the real import CLI at random points (start-up and migration,
// table loads, classify, refresh), then a run to completion, must leave exactly the
// data of a clean import of the same dataset: every table compared by row count
// and checksum, less the columns that differ between runs by design. The killed
// runs' import_run rows end 'failed' and their staging tables are dropped.
// Postgres only (jest.config.js).
//
// Kills are drawn by a seeded generator, printed; IMPORT_CRASH_SEED=<n> replays one.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Database } from '../../src/db/database';
import { generateDataset } from '../../src/datagen/generate';
import { Rng } from '../../src/datagen/random';
import { DEAD_RUN_ERROR } from '../../src/importer/import-run';

const ROOT = path.join(__dirname, '..', '..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');

/** Tables with several chunks (one per part file), so a kill can land between two chunks of one table. */
const SPLIT = { 'farcaster/links': 6, 'lens/profile_follower': 6, 'farcaster/reactions': 3, 'lens/publication_reaction': 3, 'tokens/prices': 3 };
/** Run bookkeeping, not data. */
const SKIPPED_TABLES = ['_prisma_migrations', 'import_run'];
/** Columns that differ between two runs by design: generation numbers, the times of the run itself, outbox ids (a killed run's transactions take sequence numbers), and data_version (moved on by every write, so by every re-run). */
const SKIPPED_COLUMNS: Record<string, string[]> = {
  '*': ['generation'], protocol_state: ['refreshed_at', 'data_version'], post_content: ['classified_at'], llm_classification: ['created_at'],
  fc_rank_history: ['recorded_at'], lens_rank_history: ['recorded_at'],
  cross_protocol_rank: ['fc_generation', 'lens_generation'], cross_protocol_generation: ['fc_generation', 'lens_generation', 'computed_at'],
  push_event: ['id', 'created_at'],
};
/** Tables the dataset fills; a clean import with any of them empty would make the comparison hollow. */
const FILLED = ['fc_link', 'fc_cast', 'fc_reaction', 'lens_follow', 'lens_act', 'token_price', 'post_content', 'post_category',
  'token_mention_daily', 'topic_daily', 'fc_profile_stats', 'fc_follower_gain', 'lens_follower_summary', 'lens_graph_score'];

interface Line { ms: number; text: string }
interface Outcome { lines: Line[]; code: number | null; signal: string | null; ms: number; killedAtMs: number | null }
/** Where a kill is aimed: this long after the first output line matching `after` (spawn when absent). */
interface Aim { phase: string; after?: RegExp; delayMs: number }

const FIRST_TABLE = /^tokens\/tokens: \d+ rows in/;
const IMPORTED = /^imported \d+ rows/;
const CLASSIFIED = /^classified \d+ posts/;

function seedOf(): number {
  const given = process.env.IMPORT_CRASH_SEED;
  return given ? Number(given) : randomBytes(4).readUInt32BE(0);
}

/** A tiny generated dataset, its largest tables split in part files. */
async function dataset(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'import-crash-'));
  await generateDataset({ out: dir, scale: 'tiny', seed: 1 });
  for (const [table, parts] of Object.entries(SPLIT)) {
    // These tables have no quoted fields, so a line is a record.
    const file = path.join(dir, `${table}.csv`);
    const [header, ...records] = readFileSync(file, 'utf8').trimEnd().split('\n');
    mkdirSync(path.join(dir, table));
    const size = Math.ceil(records.length / parts);
    for (let p = 0; p < parts; p++) {
      writeFileSync(path.join(dir, table, `part-${p}.csv`), `${[header, ...records.slice(p * size, (p + 1) * size)].join('\n')}\n`);
    }
    rmSync(file);
  }
  return dir;
}

/** Runs `import <dir>` (with its classify and refresh), SIGKILLing its process group as aimed. */
function runImport(url: string, dir: string, aim?: Aim): Promise<Outcome> {
  const started = Date.now();
  const child = spawn(TSX, ['src/cli/main.ts', 'import', dir, '--progress', 'plain'], {
    cwd: ROOT, env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'silent' }, stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: tsx runs the CLI in a child process, and both must die.
    detached: true,
  });
  const lines: Line[] = [];
  let killedAtMs: number | null = null;
  let timer: NodeJS.Timeout | undefined;
  const kill = () => {
    timer = setTimeout(() => {
      killedAtMs = Date.now() - started;
      try { process.kill(-child.pid!, 'SIGKILL'); } catch { /* already gone */ }
    }, aim!.delayMs);
  };
  if (aim && !aim.after) kill();
  const read = (stream: NodeJS.ReadableStream) => {
    let rest = '';
    stream.on('data', (chunk) => {
      const parts = (rest + String(chunk)).split('\n');
      rest = parts.pop()!;
      for (const text of parts) {
        lines.push({ ms: Date.now() - started, text });
        if (aim?.after && !timer && killedAtMs === null && aim.after.test(text)) kill();
      }
    });
  };
  read(child.stdout);
  read(child.stderr);
  return new Promise((resolve) => child.on('close', (code, signal) => {
    clearTimeout(timer);
    resolve({ lines, code, signal, ms: Date.now() - started, killedAtMs });
  }));
}

/** Row count and md5 of the sorted rows of every table, without the columns that differ by design. */
async function checksums(db: Database): Promise<Record<string, string>> {
  const columns = await db.sql.query<{ table_name: string; column_name: string }>(`
    SELECT c.table_name, c.column_name FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND NOT (c.table_name = ANY($1::text[]))
      AND c.table_name NOT LIKE '\\_import\\_%'
    ORDER BY c.table_name, c.ordinal_position`, [SKIPPED_TABLES]);
  const byTable = new Map<string, string[]>();
  for (const { table_name: t, column_name: c } of columns) {
    if ([...SKIPPED_COLUMNS['*'], ...(SKIPPED_COLUMNS[t] ?? [])].includes(c)) continue;
    byTable.set(t, [...(byTable.get(t) ?? []), `"${c}"`]);
  }
  const out: Record<string, string> = {};
  for (const [table, cols] of byTable) {
    const [r] = await db.sql.query<{ n: number; md5: string }>(`
      SELECT count(*)::int AS n, md5(coalesce(string_agg(row_to_json(t)::text, '|' ORDER BY row_to_json(t)::text), '')) AS md5
      FROM (SELECT ${cols.join(', ')} FROM "${table}") t`);
    out[table] = `${r.n} rows, ${r.md5}`;
  }
  return out;
}

/** What a kill interrupted, read back from the output and the database. */
async function landing(db: Database, outcome: Outcome): Promise<string> {
  if (outcome.killedAtMs === null) return `not killed: finished in ${(outcome.ms / 1000).toFixed(1)} s (exit ${outcome.code})`;
  const before = outcome.lines.filter((l) => l.ms <= outcome.killedAtMs!);
  const last = before.at(-1)?.text.replace(/ \(\d+ rows\/s\)$/, '') ?? '(no output yet)';
  const at = `killed at ${(outcome.killedAtMs / 1000).toFixed(2)} s after "${last}"`;
  if (!(await db.sql.query<{ t: string | null }>(`SELECT to_regclass('import_run')::text AS t`))[0].t) return `${at}; not migrated`;
  const [state] = await db.sql.query<{ run: string; posts: number; dirty: number; generations: string }>(`
    SELECT (SELECT id || ' ' || status FROM import_run ORDER BY id DESC LIMIT 1) AS run,
      (SELECT count(*)::int FROM post_content) AS posts, (SELECT count(*)::int FROM content_dirty_day) AS dirty,
      (SELECT string_agg(protocol || ' ' || generation, ', ' ORDER BY protocol) FROM protocol_state) AS generations`);
  return `${at}; run ${state.run ?? 'none'}, ${state.posts} posts classified, ${state.dirty} days to recount, generations: ${state.generations ?? 'none'}`;
}

describe('import killed at random points (Postgres)', () => {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const admin = Database.open({ databaseUrl: serverUrl, dataDir: '' });
  const names: string[] = [];
  const dbs: Database[] = [];
  let dir: string;

  async function freshDatabase(): Promise<{ url: string; db: Database }> {
    const name = `sga_crash_${randomBytes(6).toString('hex')}`;
    await admin.sql.exec(`CREATE DATABASE ${name}`);
    names.push(name);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const db = Database.open({ databaseUrl: url.toString(), dataDir: '', poolSize: 2 });
    dbs.push(db);
    return { url: url.toString(), db };
  }

  beforeAll(async () => { dir = await dataset(); });
  afterAll(async () => {
    for (const db of dbs) await db.close();
    for (const name of names) await admin.sql.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('when imports are SIGKILLed at start-up, during table loads, classify and refresh and then run to completion, then every table equals a clean import', async () => {
    const testStarted = Date.now();
    const seed = seedOf();
    const rng = new Rng(seed, 'import-crash');
    console.log(`import crash test: IMPORT_CRASH_SEED=${seed}`);

    // The clean import, also the timeline the kills are aimed in.
    const clean = await freshDatabase();
    const reference = await runImport(clean.url, dir);
    expect({ code: reference.code, output: reference.code === 0 ? '' : reference.lines.map((l) => l.text).join('\n') }).toEqual({ code: 0, output: '' });
    const at = (re: RegExp) => reference.lines.find((l) => re.test(l.text))!.ms;
    const [firstTable, imported, classified] = [at(FIRST_TABLE), at(IMPORTED), at(CLASSIFIED)];
    const within = (phase: string, after: RegExp | undefined, from: number, to: number): Aim =>
      ({ phase, after, delayMs: Math.round(rng.float() * Math.max(to - from, 1)) });
    // Each kill waits for the output that opens its phase, so start-up jitter (tsx, a loaded machine) cannot move it out.
    // In phase order: classify is incremental, so only kills before the first complete classify can land in one.
    const aims: Aim[] = [
      within('start-up (tsx, migration)', undefined, 0, firstTable),
      // The first 60% of the loads: a re-run merges rows it finds unchanged, and may outpace the clean import.
      ...Array.from({ length: 3 }, () => within('table loads', FIRST_TABLE, firstTable, firstTable + 0.6 * (imported - firstTable))),
      ...Array.from({ length: 2 }, () => within('classify', IMPORTED, imported, classified)),
      ...Array.from({ length: 2 }, () => within('refresh', CLASSIFIED, classified, reference.ms * 0.95)),
    ];

    const crashed = await freshDatabase();
    const report: string[] = [];
    const leftRunning: number[] = [];
    for (const [k, aim] of aims.entries()) {
      const outcome = await runImport(crashed.url, dir, aim);
      report.push(`kill ${k + 1} (${aim.phase}, +${aim.delayMs} ms): ${await landing(crashed.db, outcome)}`);
      const exists = (await crashed.db.sql.query<{ t: string | null }>(`SELECT to_regclass('import_run')::text AS t`))[0].t;
      if (exists) {
        const running = await crashed.db.sql.query<{ id: number }>(`SELECT id FROM import_run WHERE status = 'running'`);
        leftRunning.push(...running.map((r) => r.id).filter((id) => !leftRunning.includes(id)));
      }
    }
    const final = await runImport(crashed.url, dir);
    report.push(`final run: exit ${final.code} in ${(final.ms / 1000).toFixed(1)} s; clean import ${(reference.ms / 1000).toFixed(1)} s`);
    console.log(`import crash test (IMPORT_CRASH_SEED=${seed}):\n  ${report.join('\n  ')}\n  runs left 'running' by kills: ${leftRunning.join(', ') || 'none'}`);
    expect(final.code).toBe(0);

    // What the kills left behind is cleared: their runs failed, their staging tables gone.
    expect(leftRunning.length).toBeGreaterThan(0);
    const runs = await crashed.db.sql.query<{ id: number; status: string; error: string | null }>(
      `SELECT id, status, report->>'error' AS error FROM import_run ORDER BY id`);
    expect(runs.filter((r) => leftRunning.includes(r.id))).toEqual(leftRunning.map((id) => ({ id, status: 'failed', error: DEAD_RUN_ERROR })));
    expect(runs.filter((r) => r.status === 'running')).toEqual([]);
    expect(runs.at(-1)!.status).toBe('ok');
    expect(await crashed.db.sql.query(`SELECT relname FROM pg_class WHERE relname LIKE '\\_import\\_%'`)).toEqual([]);

    const expected = await checksums(clean.db);
    expect(FILLED.filter((t) => !expected[t] || expected[t].startsWith('0 rows'))).toEqual([]);
    expect(await checksums(crashed.db)).toEqual(expected);
    console.log(`import crash test: ${Object.keys(expected).length} tables equal; ${((Date.now() - testStarted) / 1000).toFixed(1)} s`);
  }, 180_000);
});
