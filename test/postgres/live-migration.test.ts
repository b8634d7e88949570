// The unfollow index migration applied to a database that is being written:
// a copy of fc_link (its columns and primary key) holding a few million rows,
// a writer committing small transactions on it all along, as the live sync
// does, and the real migrator applying the real migration file. A concurrent
// build must never make a write wait a second; the same index built the way
// the migration used to (a plain CREATE INDEX in a transaction) must, or the
// measurement would prove nothing. Postgres only (jest.config.js).
import { cpSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { migrate, MIGRATIONS_DIR } from '../../src/db/migrate';
import { sqlStatements } from '../../src/db/migration-files';
import { createUnmigratedDatabase, type TestDatabase } from '../helpers/test-database';

const UNFOLLOW = '20261127040000_unfollow_indexes';
const ORIGINAL = path.join(__dirname, '..', 'fixtures', 'migrations-before-concurrent', UNFOLLOW, 'migration.sql');
const ROWS = 6_000_000;
const STALL_BOUND_MS = 1000;

let t: TestDatabase;
let dir: string;
let observer: Client;

const connect = async () => { const c = new Client({ connectionString: t.url }); await c.connect(); return c; };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The fc_link row of generate_series value g (the fill below): fids of 50 rows each, targets spread over a million. */
const rowOf = (g: number) => [Math.floor(g / 50), (g * 7919) % 1000003];

beforeAll(async () => {
  t = await createUnmigratedDatabase();
  dir = mkdtempSync(path.join(tmpdir(), 'live-migration-'));
  mkdirSync(path.join(dir, '00000000000000_fc_link'));
  writeFileSync(path.join(dir, '00000000000000_fc_link', 'migration.sql'), `CREATE TABLE "fc_link" (
    "fid" INTEGER NOT NULL, "target_fid" INTEGER NOT NULL, "timestamp" TIMESTAMPTZ(3) NOT NULL, "deleted_at" TIMESTAMPTZ(3),
    CONSTRAINT "fc_link_pkey" PRIMARY KEY ("fid", "target_fid"));`);
  await migrate(t.db.sql, { dir });
  // Three in four unfollowed: the partial index holds most rows, so a plain build takes seconds.
  await t.db.sql.exec(`INSERT INTO fc_link SELECT g / 50, ((g::bigint * 7919) % 1000003)::int,
    timestamp '2024-01-01' + g * interval '1 second', CASE WHEN g % 4 <> 0 THEN timestamp '2025-01-01' + g * interval '1 second' END
    FROM generate_series(1, ${ROWS}) g`);
  observer = await connect();
}, 120_000);

afterAll(async () => {
  await observer?.end();
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Writes { count: number; longestMs: number; during(from: number, to: number): number }

/** The next fid the writer follows from (above the fill's), across writers. */
let nextFid = 10_000_000;

/** Small write transactions on fc_link (a follow added, one unfollowed), back to back, each timed, until stopped. */
function startWriter(client: Client): { stop(): Promise<Writes> } {
  let stopping = false;
  const ends: number[] = [];
  let longestMs = 0;
  const loop = (async () => {
    for (let i = 0; !stopping; i++) {
      const started = performance.now();
      await client.query('BEGIN');
      await client.query(`INSERT INTO fc_link (fid, target_fid, "timestamp") VALUES ($1, $2, now())`, [nextFid++, 1]);
      await client.query('UPDATE fc_link SET deleted_at = now() WHERE fid = $1 AND target_fid = $2', rowOf(1 + ((i * 9973) % ROWS)));
      await client.query('COMMIT');
      const ended = performance.now();
      longestMs = Math.max(longestMs, ended - started);
      ends.push(ended);
    }
  })();
  return {
    async stop() {
      stopping = true;
      await loop;
      return { count: ends.length, longestMs, during: (from, to) => ends.filter((e) => e > from && e < to).length };
    },
  };
}

/** Runs fn while the writer writes (from a little before to a little after), timing fn. */
async function whileWriting<T>(fn: () => Promise<T>): Promise<{ out: T; writes: Writes; from: number; to: number }> {
  const client = await connect();
  try {
    const writer = startWriter(client);
    await sleep(300);
    const from = performance.now();
    const out = await fn();
    const to = performance.now();
    await sleep(300);
    return { out, writes: await writer.stop(), from, to };
  } finally {
    await client.end();
  }
}

/** The unfollow migration of the test's directory: the real file, or the given text. */
function useUnfollowMigration(sql?: string): void {
  const target = path.join(dir, UNFOLLOW);
  rmSync(target, { recursive: true, force: true });
  if (sql === undefined) cpSync(path.join(MIGRATIONS_DIR, UNFOLLOW), target, { recursive: true });
  else { mkdirSync(target); writeFileSync(path.join(target, 'migration.sql'), sql); }
}

/** Back to before the unfollow migration: its index and its record gone. */
async function undoUnfollowMigration(): Promise<void> {
  await t.db.sql.exec('DROP INDEX IF EXISTS "fc_link_target_unfollow_idx"');
  await t.db.sql.query(`DELETE FROM "_prisma_migrations" WHERE migration_name = $1`, [UNFOLLOW]);
}

async function unfollowIndex(): Promise<{ valid: boolean } | undefined> {
  const { rows } = await observer.query<{ valid: boolean }>(
    `SELECT indisvalid AS valid FROM pg_index WHERE indexrelid = to_regclass('"fc_link_target_unfollow_idx"')`);
  return rows[0];
}

async function recorded(): Promise<string[]> {
  const { rows } = await observer.query<{ migration_name: string }>(
    'SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL ORDER BY migration_name');
  return rows.map((r) => r.migration_name);
}

/** The pid of the backend building an index, once its build has begun (the index is then in the catalog). */
async function buildingPid(): Promise<number> {
  for (;;) {
    const { rows } = await observer.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_progress_create_index WHERE datname = current_database() AND phase LIKE 'building index%'`);
    if (rows[0]) return rows[0].pid;
    await sleep(20);
  }
}

describe('migrations on a database being written (Postgres)', () => {
  it('when the unfollow index migration builds on a populated fc_link beside a writer, then no write waits 1 s, and a second instance starting meanwhile waits and finds nothing to do', async () => {
    useUnfollowMigration();
    let firstDone = 0;
    let secondDone = 0;
    const { out, writes, from, to } = await whileWriting(async () => {
      const first = migrate(t.db.sql, { dir }).then((applied) => { firstDone = performance.now(); return applied; });
      await buildingPid();
      const second = migrate(t.db.sql, { dir, lockPollMs: 100 }).then((applied) => { secondDone = performance.now(); return applied; });
      return Promise.all([first, second]);
    });
    expect(out).toEqual([[UNFOLLOW], []]);
    expect(secondDone).toBeGreaterThanOrEqual(firstDone);
    expect(await unfollowIndex()).toEqual({ valid: true });
    expect(await recorded()).toEqual(['00000000000000_fc_link', UNFOLLOW]);
    // The writer kept committing through the build, and none of its transactions waited for it.
    expect(writes.during(from, to)).toBeGreaterThan(20);
    expect(writes.longestMs).toBeLessThan(STALL_BOUND_MS);
  }, 120_000);

  it('when the same index is built as the migration was first written (a plain CREATE INDEX in a transaction), then a write waits longer than 1 s', async () => {
    await undoUnfollowMigration();
    const fcLinkPart = sqlStatements(readFileSync(ORIGINAL, 'utf8')).find((s) => s.includes('"fc_link"'));
    useUnfollowMigration(`${fcLinkPart};\n`);
    const { out, writes } = await whileWriting(() => migrate(t.db.sql, { dir }));
    expect(out).toEqual([UNFOLLOW]);
    expect(await unfollowIndex()).toEqual({ valid: true });
    expect(writes.longestMs).toBeGreaterThan(STALL_BOUND_MS);
  }, 120_000);

  it('when a concurrent build is cancelled, then its migration stays unrecorded beside the invalid index it left, and the next run drops that index and builds it', async () => {
    await undoUnfollowMigration();
    useUnfollowMigration();
    const run = migrate(t.db.sql, { dir });
    run.catch(() => undefined);
    await observer.query('SELECT pg_cancel_backend($1)', [await buildingPid()]);
    await expect(run).rejects.toThrow(`migration ${UNFOLLOW} failed: canceling statement due to user request`);
    expect(await unfollowIndex()).toEqual({ valid: false });
    expect(await recorded()).toEqual(['00000000000000_fc_link']);

    expect(await migrate(t.db.sql, { dir })).toEqual([UNFOLLOW]);
    expect(await unfollowIndex()).toEqual({ valid: true });
    expect(await recorded()).toEqual(['00000000000000_fc_link', UNFOLLOW]);
  }, 120_000);
});
