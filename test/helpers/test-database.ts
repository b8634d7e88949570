// A fresh, migrated database per test file: in-memory PGlite by default, or a
// new Postgres database on TEST_DATABASE_URL's server (dropped afterwards).
import { randomBytes } from 'node:crypto';
import { Database } from '../../src/db/database';
import { migrate } from '../../src/db/migrate';

export interface TestDatabase { db: Database; url?: string; close(): Promise<void> }

export const onPostgres = () => Boolean(process.env.TEST_DATABASE_URL);

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const db = Database.open({ dataDir: 'memory://' });
    await migrate(db.sql);
    return { db, close: () => db.close() };
  }
  const name = `sga_test_${randomBytes(6).toString('hex')}`;
  const admin = Database.open({ databaseUrl: serverUrl, dataDir: '' });
  await admin.sql.exec(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = Database.open({ databaseUrl: url.toString(), dataDir: '', poolSize: 4 });
  await migrate(db.sql);
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
  const db = Database.open({ dataDir: 'memory://' });
  await migrate(db.sql);
  return { db, close: () => db.close() };
}

/** The databases a test that must hold on both runs against: PGlite always, Postgres when TEST_DATABASE_URL is set. */
export const bothDatabases = (): [string, () => Promise<TestDatabase>][] =>
  [['PGlite', createPgliteDatabase], ...(onPostgres() ? [['Postgres', createTestDatabase] as [string, () => Promise<TestDatabase>]] : [])];
