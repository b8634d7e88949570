// A fresh, migrated database per test file: in-memory PGlite by default, or a
// new Postgres database on TEST_DATABASE_URL's server (dropped afterwards).
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { constants as zlib, gunzipSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Database } from '../../src/db/database';
import { migrate, migrationFiles } from '../../src/db/migrate';
import { projectRoot } from '../../src/project-root';
import { seededTestDatabase } from './seeded-database';
import { tarWithout } from './tar-entries';

/**
 * An archive of a migrated PGlite data directory, made once per set of
 * migrations (and PGlite version) and kept in the system's temporary
 * directory: a store loaded from it opens in about half the time of initdb
 * plus the migrations (the suite opens a few hundred). Each file's store is
 * still its own copy.
 */
export function migratedArchive(): Promise<Blob> {
  archive ??= loadOrMakeArchive();
  return archive;
}

/** This test file's copy of the archive: every store it opens loads from the same bytes. */
let archive: Promise<Blob> | undefined;

/** Names the migrated state: PGlite's version and every migration's checksum. */
export function migratedArchiveKey(): string {
  return createHash('sha256').update(pgliteVersion())
    .update(migrationFiles().map((m) => `${m.name}:${m.checksum}`).join('\n')).digest('hex').slice(0, 16);
}

/** PGlite's version: a data directory written by one is read by it alone. */
const pgliteVersion = () => JSON.parse(readFileSync(path.join(projectRoot(), 'node_modules/@electric-sql/pglite/package.json'), 'utf8')).version as string;

/** The archive in `file`, or one made by `make` on a store opened by `open` and kept there for the next file. */
async function cachedArchive(file: string, open: () => Promise<Database>, make: (db: Database) => Promise<unknown>): Promise<Blob> {
  if (existsSync(file)) return readArchive(file);
  const db = await open();
  try {
    await make(db);
    return await writeArchive(file, db);
  } finally {
    await db.close();
  }
}

/**
 * A data directory as initdb leaves it, before any migration, made once per PGlite version: initdb is
 * most of an unmigrated store's start, and the migrated archive starts from it too.
 */
function emptyArchive(): Promise<Blob> {
  empty ??= cachedArchive(path.join(tmpdir(), `sga-test-pglite-empty-${pgliteVersion()}.tar.gz`),
    () => Promise.resolve(Database.open({ dataDir: 'memory://' })), (db) => db.sql.query('SELECT 1'));
  return empty;
}
let empty: Promise<Blob> | undefined;

const loadOrMakeArchive = () => cachedArchive(path.join(tmpdir(), `sga-test-pglite-${migratedArchiveKey()}.tar.gz`),
  async () => openPgliteFrom(await emptyArchive()), (db) => migrate(db.sql));

/**
 * A tar already in memory, as the Blob a store loads. Node's own Blob hands its bytes back as a new copy
 * joined from small chunks, and copying a data directory's worth of memory is a good part of a store's
 * start; this one hands every store the same buffer. PGlite only reads it: it copies each file out of the
 * tar into the store's own file system. Only arrayBuffer() answers with the tar; size, slice and stream
 * see an empty Blob, since PGlite calls none of them.
 */
class TarInMemory extends Blob {
  private readonly contents: ArrayBuffer;
  constructor(tar: Uint8Array) {
    super();
    // A buffer of exactly the tar's bytes (a view may sit inside a larger one).
    this.contents = tar.byteOffset === 0 && tar.byteLength === tar.buffer.byteLength ? tar.buffer as ArrayBuffer : tar.slice().buffer;
  }
  override arrayBuffer(): Promise<ArrayBuffer> { return Promise.resolve(this.contents); }
}

/**
 * An archive file (a gzipped tar) as the plain tar a store loads. Compressed on disk, since the suite keeps
 * one per seed; decompressed here by zlib, which is far quicker than PGlite's own web-stream gunzip.
 */
export const readArchive = (file: string): Blob => new TarInMemory(gunzipSync(readFileSync(file)));

/** An in-memory store's data directory written to `file` as its archive, and the archive itself (a plain tar). */
export async function writeArchive(file: string, db: Database): Promise<Blob> {
  const [{ oid }] = await db.sql.query<{ oid: number }>('SELECT oid::int AS oid FROM pg_database WHERE datname = current_database()');
  const archived = await db.dumpEmbedded();
  if (!archived) throw new Error('only an embedded store has a data directory to archive');
  // Only the store's own database: a store never connects to the template databases (none is created from
  // them), so their files would only be copied into every store at its start for nothing.
  const other = new RegExp(`^/?base/(?!${oid}(/|$))[0-9]+(/|$)`);
  const tar = tarWithout(new Uint8Array(await archived.arrayBuffer()), (entry) => other.test(entry));
  // Written whole under another name first: the other test workers may be reading or writing it too. The
  // fastest compression: most of a data directory is empty pages, which any level shrinks.
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, gzipSync(tar, { level: zlib.Z_BEST_SPEED }));
  renameSync(partial, file);
  return new TarInMemory(tar);
}

/** An in-memory store loaded from an archive of a data directory (the migrated one, or a seeded one). */
export const openPgliteFrom = (archived: Blob): Database => Database.open({ dataDir: 'memory://', pgliteDataDirArchive: archived });

async function openPglite(): Promise<Database> {
  // Already migrated: the archive's name is derived from the migrations, so it holds them all.
  return openPgliteFrom(await migratedArchive());
}

/**
 * A test database on Postgres commits without waiting for its WAL to reach the disk: nothing a test checks
 * survives a crash of the server, and a suite of small write transactions would otherwise wait on the disk
 * for each. A database's own default, so the service's connection settings stay as the service sets them.
 */
export const testDatabaseSettings = (name: string) => `ALTER DATABASE ${name} SET synchronous_commit = off`;

export interface TestDatabase { db: Database; url?: string; close(): Promise<void> }

export const onPostgres = () => Boolean(process.env.TEST_DATABASE_URL);

/** A new database on the server at `serverUrl`, empty or a copy of `template`, dropped on close. */
export async function newPostgresDatabase(serverUrl: string, template?: string): Promise<TestDatabase> {
  const name = `sga_test_${randomBytes(6).toString('hex')}`;
  const admin = Database.open({ databaseUrl: serverUrl, dataDir: '' });
  await admin.sql.exec(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.sql.exec(testDatabaseSettings(name));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = Database.open({ databaseUrl: url.toString(), dataDir: '', poolSize: 4 });
  return {
    db, url: url.toString(),
    async close() {
      await db.close();
      await admin.sql.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const db = await openPglite();
    return { db, close: () => db.close() };
  }
  // A copy of a migrated template database: the migrations run once per server, not once per test file.
  return seededTestDatabase('migrated', () => Promise.resolve());
}

/**
 * A database with no migration applied, for tests that migrate it themselves
 * (in steps, with their own rows in between): in-memory PGlite, or a new
 * database on TEST_DATABASE_URL's server.
 */
export async function createUnmigratedDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) return newPostgresDatabase(serverUrl);
  const db = openPgliteFrom(await emptyArchive());
  return { db, close: () => db.close() };
}

/** A migrated in-memory PGlite database, whatever TEST_DATABASE_URL says. */
export async function createPgliteDatabase(): Promise<TestDatabase> {
  const db = await openPglite();
  return { db, close: () => db.close() };
}

/** The databases a test that must hold on both runs against: PGlite always, Postgres when TEST_DATABASE_URL is set. */
export const bothDatabases = (): [string, () => Promise<TestDatabase>][] =>
  [['PGlite', createPgliteDatabase], ...(onPostgres() ? [['Postgres', createTestDatabase] as [string, () => Promise<TestDatabase>]] : [])];
