// A fresh database that starts from the state a seed step leaves (a fixture
// imported and refreshed, say), made by running the seed once and copying its
// result for every later test file that asks for the same seed:
// - on PGlite, an archive of the seeded data directory in the system's
//   temporary directory, loaded into each file's own in-memory store;
// - on Postgres, a template database on the test server, copied by
//   CREATE DATABASE … TEMPLATE.
// The copy is keyed by everything the seeded state can depend on: the seed's
// own key (its fixture's files, its settings), the migrations, and the source
// the seed steps import and prisma/, so a change to the importer or the
// refresh is never answered from an old copy. Each test file still gets a
// database of its own.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Database } from '../../src/db/database';
import { migrate } from '../../src/db/migrate';
import { projectRoot } from '../../src/project-root';
import { createTestDatabase, migratedArchiveKey, newPostgresDatabase, openPgliteFrom, readArchive, testDatabaseSettings, writeArchive, type TestDatabase } from './test-database';

/** The files under `dir` (recursively), for a key: each one's path relative to `dir` and its bytes. */
function hashTree(hash: ReturnType<typeof createHash>, dir: string, skip: (name: string) => boolean = () => false): void {
  const walk = (at: string) => {
    for (const name of readdirSync(at).sort()) {
      const full = path.join(at, name);
      if (skip(full)) continue;
      if (statSync(full).isDirectory()) walk(full);
      else hash.update(path.relative(dir, full)).update('\0').update(readFileSync(full)).update('\0');
    }
  };
  walk(dir);
}

/** Relative module specifiers of a TypeScript file: static and dynamic imports, requires, re-exports. */
const SPECIFIERS = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;

function resolveModule(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''));
  for (const candidate of [base, `${base}.ts`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Every source file the entries reach through relative imports, themselves included. */
function importClosure(entries: readonly string[]): string[] {
  const seen = new Set<string>();
  const todo = [...entries];
  for (let file = todo.pop(); file !== undefined; file = todo.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(SPECIFIERS)) {
      const target = resolveModule(file, specifier);
      if (target && !seen.has(target)) todo.push(target);
    }
  }
  return [...seen].sort();
}

/**
 * The modules a seed can run: seeds migrate, generate datasets and ingest them
 * (import, classify, refresh), and nothing else. A seed that called code
 * outside their imports would have to add its module here.
 */
const SEED_ENTRIES = ['src/db/database.ts', 'src/db/migrate.ts', 'src/jobs/ingest.ts', 'src/datagen/generate.ts'];

let sourceKey: string | undefined;
/**
 * The code a seeded state comes from: the source files the seed entries import
 * (but the generated client, which prisma/ determines), and prisma/. Code no
 * seed runs (the resolvers, the REST face, the sync) is left out, so changing
 * it reuses the seeded copies.
 */
function codeKey(): string {
  if (sourceKey) return sourceKey;
  const hash = createHash('sha256');
  const root = projectRoot();
  const generated = path.join(root, 'src', 'generated') + path.sep;
  for (const file of importClosure(SEED_ENTRIES.map((f) => path.join(root, f)))) {
    if (!file.startsWith(generated)) hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  hashTree(hash, path.join(root, 'prisma'));
  sourceKey = hash.digest('hex');
  return sourceKey;
}

/** A key naming a fixture directory's content, for a seed that imports it. */
export function fixtureKey(dir: string): string {
  const hash = createHash('sha256');
  hashTree(hash, dir);
  return hash.digest('hex');
}

function seedKey(key: string): string {
  return createHash('sha256').update(migratedArchiveKey()).update('\0').update(codeKey()).update('\0').update(key).digest('hex').slice(0, 16);
}

/** Seeds already loaded by this test file: one read of the archive per file, however many stores it opens. */
const archives = new Map<string, Promise<Blob>>();

async function seededPglite(key: string, seed: (db: Database) => Promise<unknown>): Promise<TestDatabase> {
  const file = path.join(tmpdir(), `sga-test-seed-${seedKey(key)}.tar.gz`);
  if (!archives.has(file) && existsSync(file)) archives.set(file, Promise.resolve(readArchive(file)));
  const archive = archives.get(file);
  if (archive) {
    const db = openPgliteFrom(await archive);
    return { db, close: () => db.close() };
  }
  const t = await createTestDatabase();
  await seed(t.db);
  archives.set(file, Promise.resolve(await writeArchive(file, t.db)));
  return t;
}

async function seededPostgres(serverUrl: string, key: string, seed: (db: Database) => Promise<unknown>): Promise<TestDatabase> {
  const template = `sga_tpl_${seedKey(key)}`;
  const admin = Database.open({ databaseUrl: serverUrl, dataDir: '' });
  try {
    const exists = async () => (await admin.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_database WHERE datname = $1', [template]))[0].n > 0;
    if (!(await exists())) {
      // Seeded in a database of its own, then copied to the template's name in one statement: a template is
      // either absent or whole, and no session ever connects to it. Two workers seeding at once both copy; the
      // second copy finds the name taken, which is as good. Postgres says so as duplicate_database, or, when
      // both copies commit at once, as a unique violation on its own catalogue's name index.
      const seeding = `sga_seed_${randomBytes(6).toString('hex')}`;
      await admin.sql.exec(`CREATE DATABASE ${seeding}`);
      await admin.sql.exec(testDatabaseSettings(seeding));
      try {
        const url = new URL(serverUrl);
        url.pathname = `/${seeding}`;
        const db = Database.open({ databaseUrl: url.toString(), dataDir: '', poolSize: 4 });
        try {
          await migrate(db.sql);
          await seed(db);
        } finally {
          await db.close();
        }
        await admin.sql.exec(`CREATE DATABASE ${template} TEMPLATE ${seeding}`);
      } catch (err) {
        const code = (err as { code?: string }).code;
        if ((code !== '42P04' && code !== '23505') || !(await exists())) throw err;
      } finally {
        await admin.sql.exec(`DROP DATABASE IF EXISTS ${seeding} WITH (FORCE)`);
      }
    }
  } finally {
    await admin.close();
  }
  return newPostgresDatabase(serverUrl, template);
}

/**
 * A database of this test file's own in the state `seed` leaves, with `key` naming everything the seed does
 * (the fixture's content, settings) that the code and the migrations do not.
 */
export function seededTestDatabase(key: string, seed: (db: Database) => Promise<unknown>): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  return serverUrl ? seededPostgres(serverUrl, key, seed) : seededPglite(key, seed);
}
