// The migrator on an empty database with migrations of the test's own (and,
// last, on the project's): runs of transactional migrations and concurrent
// index steps in name order, what a failure of each leaves, two runs at once,
// and a database that applied the index migrations before they were split
// into concurrent steps.
import { createHash, randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate, migrationFiles, MIGRATIONS_DIR } from '../../src/db/migrate';
import type { SqlClient } from '../../src/db/sql-client';
import { createTestDatabase, createUnmigratedDatabase, type TestDatabase } from '../helpers/test-database';

const MARK = '-- migrate: no-transaction\n';
const TABLE = `CREATE TABLE item (id INTEGER PRIMARY KEY, code INTEGER NOT NULL);
INSERT INTO item SELECT g, g % 50 FROM generate_series(1, 200) g;`;

let t: TestDatabase;
let dirs: string[] = [];
beforeAll(async () => { t = await createUnmigratedDatabase(); });
afterAll(async () => { await t.close(); });
// Each test starts from an empty schema (no _prisma_migrations either).
beforeEach(async () => { await t.db.sql.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public'); });
afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

/** A migrations directory holding these migrations (name → migration.sql). */
function migrationsDir(migrations: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'migrate-test-'));
  dirs.push(dir);
  for (const [name, sql] of Object.entries(migrations)) {
    mkdirSync(path.join(dir, name));
    writeFileSync(path.join(dir, name, 'migration.sql'), sql);
  }
  return dir;
}

async function recorded(sql: SqlClient): Promise<{ name: string; checksum: string; steps: number }[]> {
  return sql.query(`SELECT migration_name AS name, checksum, applied_steps_count AS steps FROM "_prisma_migrations"
    WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`);
}

async function indexValid(sql: SqlClient, name: string): Promise<boolean | null> {
  const [row] = await sql.query<{ valid: boolean }>('SELECT indisvalid AS valid FROM pg_index WHERE indexrelid = to_regclass($1)', [name]);
  return row ? row.valid : null;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('migrate', () => {
  it('when pending migrations mix transactional and concurrent ones, then they apply in name order, each recorded with its checksum, and a second run has nothing to do', async () => {
    const files = {
      '01_item': TABLE,
      '02_item_code': `${MARK}CREATE INDEX CONCURRENTLY IF NOT EXISTS "item_code_idx" ON "item" ("code");\n`,
      // Fails unless the index before it exists.
      '03_item_code_comment': `COMMENT ON INDEX "item_code_idx" IS 'by code';`,
      '04_other': 'CREATE TABLE other (id INTEGER PRIMARY KEY);',
    };
    const dir = migrationsDir(files);
    expect(await migrate(t.db.sql, { dir })).toEqual(Object.keys(files));
    expect(await recorded(t.db.sql)).toEqual(Object.entries(files).map(([name, sql]) => ({ name, checksum: sha256(sql), steps: 1 })));
    expect(await indexValid(t.db.sql, 'item_code_idx')).toBe(true);
    expect(await migrate(t.db.sql, { dir })).toEqual([]);
  });

  it('when a transactional migration fails, then the run of transactional migrations it is in is undone, and the migrations before the concurrent step stay applied', async () => {
    const dir = migrationsDir({
      '01_item': TABLE,
      '02_item_code': `${MARK}CREATE INDEX CONCURRENTLY IF NOT EXISTS "item_code_idx" ON "item" ("code");\n`,
      '03_other': 'CREATE TABLE other (id INTEGER PRIMARY KEY);',
      '04_broken': 'SELECT 1 / 0;',
    });
    await expect(migrate(t.db.sql, { dir })).rejects.toThrow('migration 04_broken failed: division by zero');
    expect((await recorded(t.db.sql)).map((r) => r.name)).toEqual(['01_item', '02_item_code']);
    expect(await t.db.sql.query(`SELECT to_regclass('other') AS t`)).toEqual([{ t: null }]);
  });

  it('when a concurrent unique build fails over duplicate rows, then its migration stays unrecorded, and once the rows are fixed the next run drops the invalid index it left and builds it', async () => {
    const build = 'CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "item_code_key" ON "item" ("code");';
    const dir = migrationsDir({ '01_item': TABLE, '02_item_code_key': `${MARK}${build}\n` });
    await expect(migrate(t.db.sql, { dir })).rejects.toThrow('migration 02_item_code_key failed: could not create unique index "item_code_key"');
    expect(await indexValid(t.db.sql, 'item_code_key')).toBe(false);
    expect((await recorded(t.db.sql)).map((r) => r.name)).toEqual(['01_item']);

    await t.db.sql.exec('DELETE FROM item WHERE id > 50');
    // The statement alone takes the invalid index for done: the migrator must drop it first.
    await t.db.sql.exec(build);
    expect(await indexValid(t.db.sql, 'item_code_key')).toBe(false);
    expect(await migrate(t.db.sql, { dir })).toEqual(['02_item_code_key']);
    expect(await indexValid(t.db.sql, 'item_code_key')).toBe(true);
    expect((await recorded(t.db.sql)).map((r) => r.name)).toEqual(['01_item', '02_item_code_key']);
  });

  it('when Prisma recorded a failed attempt of a migration, then the run that applies it marks the attempt rolled back, so prisma migrate deploy is not stopped by it', async () => {
    const dir = migrationsDir({
      '01_item': TABLE,
      '02_item_code': `${MARK}CREATE INDEX CONCURRENTLY IF NOT EXISTS "item_code_idx" ON "item" ("code");\n`,
      '03_other': 'CREATE TABLE other (id INTEGER PRIMARY KEY);',
    });
    expect(await migrate(t.db.sql, { dir: migrationsDir({ '01_item': TABLE }) })).toEqual(['01_item']);
    // What `prisma migrate deploy` leaves when a script fails: a row never finished, with the error in its logs.
    for (const name of ['02_item_code', '03_other']) {
      await t.db.sql.query(`INSERT INTO "_prisma_migrations" (id, checksum, migration_name, logs) VALUES ($1, 'x', $2, 'failed')`, [randomUUID(), name]);
    }
    expect(await migrate(t.db.sql, { dir })).toEqual(['02_item_code', '03_other']);
    const rows = await t.db.sql.query<{ name: string; finished: boolean; rolledBack: boolean }>(
      `SELECT migration_name AS name, finished_at IS NOT NULL AS finished, rolled_back_at IS NOT NULL AS "rolledBack"
       FROM "_prisma_migrations" ORDER BY migration_name, finished_at NULLS FIRST`);
    expect(rows).toEqual([
      { name: '01_item', finished: true, rolledBack: false },
      { name: '02_item_code', finished: false, rolledBack: true }, { name: '02_item_code', finished: true, rolledBack: false },
      { name: '03_other', finished: false, rolledBack: true }, { name: '03_other', finished: true, rolledBack: false },
    ]);
  });

  it('when two runs start at once, then each migration is applied once and one of them finds nothing to do', async () => {
    const files = {
      '01_item': TABLE,
      '02_item_code': `${MARK}CREATE INDEX CONCURRENTLY IF NOT EXISTS "item_code_idx" ON "item" ("code");\n`,
      '03_item_counter': 'CREATE TABLE item_counter (n INTEGER NOT NULL); INSERT INTO item_counter VALUES (1);',
    };
    const dir = migrationsDir(files);
    const runs = await Promise.all([migrate(t.db.sql, { dir, lockPollMs: 20 }), migrate(t.db.sql, { dir, lockPollMs: 20 })]);
    expect(runs.sort((a, b) => a.length - b.length)).toEqual([[], Object.keys(files)]);
    expect((await recorded(t.db.sql)).map((r) => r.name)).toEqual(Object.keys(files));
    expect(await t.db.sql.query('SELECT n FROM item_counter')).toEqual([{ n: 1 }]);
  });
});

/** The project's migrations that took the place of parts of the ones rewritten (test/fixtures/migrations-before-concurrent). */
const SPLIT_OFF = [
  '20261126010001_handle_search_fname_index', '20261127040001_lens_unfollow_index', '20261128050001_lens_follow_live_index',
  '20261128050002_lens_follow_follower_live_index', '20261129070001_lens_collect_page_index_build',
];
const BEFORE = path.join(__dirname, '..', 'fixtures', 'migrations-before-concurrent');

/** Every index of the schema: its table, definition, validity and identity (a rebuilt index has a new oid). */
async function indexes(sql: SqlClient): Promise<{ name: string; oid: string; definition: string; valid: boolean }[]> {
  return sql.query(`SELECT c.relname AS name, c.oid::text AS oid, pg_get_indexdef(c.oid) AS definition, i.indisvalid AS valid
    FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() ORDER BY c.relname`);
}

describe('migrate: the index migrations that now build concurrently', () => {
  it('when a database applied them as they were first written, then migrating it records the parts split off and leaves every index as it was, as a new database has them', async () => {
    const rewritten = readdirSync(BEFORE, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
    const dir = mkdtempSync(path.join(tmpdir(), 'migrate-before-'));
    dirs.push(dir);
    for (const m of migrationFiles()) {
      if (SPLIT_OFF.includes(m.name)) continue;
      cpSync(path.join(rewritten.includes(m.name) ? BEFORE : MIGRATIONS_DIR, m.name), path.join(dir, m.name), { recursive: true });
    }
    await migrate(t.db.sql, { dir });
    const before = await indexes(t.db.sql);
    const checksums = new Map((await recorded(t.db.sql)).map((r) => [r.name, r.checksum]));

    expect(await migrate(t.db.sql)).toEqual(SPLIT_OFF);
    expect(await indexes(t.db.sql)).toEqual(before);
    // An applied migration keeps the checksum it was applied with: the runner goes by name.
    const after = new Map((await recorded(t.db.sql)).map((r) => [r.name, r.checksum]));
    for (const name of rewritten) expect(after.get(name)).toBe(checksums.get(name));
    expect([...after.keys()].sort()).toEqual(migrationFiles().map((m) => m.name));

    const fresh = await createTestDatabase();
    try {
      const strip = (list: { name: string; definition: string; valid: boolean }[]) => list.map(({ name, definition, valid }) => ({ name, definition, valid }));
      expect(strip(before)).toEqual(strip(await indexes(fresh.db.sql)));
    } finally {
      await fresh.close();
    }
  });
});
