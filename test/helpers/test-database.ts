// A fresh, migrated database per test file: in-memory PGlite by default, or a
// new Postgres database on TEST_DATABASE_URL's server (dropped afterwards).
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Database } from '../../src/db/database';
import { migrate, migrationFiles } from '../../src/db/migrate';
import { pgliteSqlClient } from '../../src/db/sql-client';
import { projectRoot } from '../../src/project-root';

/**
 * An archive of a migrated PGlite data directory, made once per set of
 * migrations (and PGlite version) and kept in the system's temporary
 * directory: a store loaded from it opens in about half the time of initdb
 * plus the migrations (1.1 against 2.3–2.6 s; the suite opens a few hundred). Each file's
 * store is still its own copy.
 */
function migratedArchive(): Promise<Blob> {
  archive ??= loadOrMakeArchive();
  return archive;
}

/** This test file's copy of the archive: every store it opens loads from the same bytes. */
let archive: Promise<Blob> | undefined;

async function loadOrMakeArchive(): Promise<Blob> {
  const pgliteVersion = JSON.parse(readFileSync(path.join(projectRoot(), 'node_modules/@electric-sql/pglite/package.json'), 'utf8')).version as string;
  const key = createHash('sha256').update(pgliteVersion)
    .update(migrationFiles().map((m) => `${m.name}:${m.checksum}`).join('\n')).digest('hex').slice(0, 16);
  const file = path.join(tmpdir(), `sga-test-pglite-${key}.tar`);
  if (!existsSync(file)) {
    const lite = new PGlite();
    try {
      await migrate(pgliteSqlClient(lite));
      const tarball = await lite.dumpDataDir('none');
      // Written whole under another name first: the other test workers may be reading or writing it too.
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
      renameSync(partial, file);
    } finally {
      await lite.close();
    }
  }
  return new Blob([readFileSync(file)]);
}

async function openPglite(): Promise<Database> {
  // Already migrated: the archive's name is derived from the migrations, so it holds them all.
  return Database.open({ dataDir: 'memory://', pgliteDataDirArchive: await migratedArchive() });
}

export interface TestDatabase { db: Database; url?: string; close(): Promise<void> }

export const onPostgres = () => Boolean(process.env.TEST_DATABASE_URL);

/** `migrated: false`: an empty database, for tests that run migrations of their own. */
export async function createTestDatabase({ migrated = true }: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const db = migrated ? await openPglite() : Database.open({ dataDir: 'memory://' });
    return { db, close: () => db.close() };
  }
  const name = `sga_test_${randomBytes(6).toString('hex')}`;
  const admin = Database.open({ databaseUrl: serverUrl, dataDir: '' });
  await admin.sql.exec(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = Database.open({ databaseUrl: url.toString(), dataDir: '', poolSize: 4 });
  if (migrated) await migrate(db.sql);
  return {
    db, url: url.toString(),
    async close() {
      await db.close();
      await admin.sql.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}

/** A migrated in-memory PGlite database, whatever TEST_DATABASE_URL says. */
export async function createPgliteDatabase(): Promise<TestDatabase> {
  const db = await openPglite();
  return { db, close: () => db.close() };
}

/** The databases a test that must hold on both runs against: PGlite always, Postgres when TEST_DATABASE_URL is set. */
export const bothDatabases = (): [string, () => Promise<TestDatabase>][] =>
  [['PGlite', createPgliteDatabase], ...(onPostgres() ? [['Postgres', createTestDatabase] as [string, () => Promise<TestDatabase>]] : [])];
