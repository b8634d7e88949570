// The embedded store's options reach PGlite in memory (PGlite ignores its
// options argument when no directory is given; test/system/pglite-directory.test.ts
// covers a store in a directory, which runs initdb), and an in-memory store can
// start from an archive of a migrated one.
import { Database } from '../../src/db/database';
import { createPgliteDatabase, migratedArchive } from '../helpers/test-database';

const sharedBuffers = async (db: Database) => (await db.sql.query<{ shared_buffers: string }>('SHOW shared_buffers'))[0].shared_buffers;

describe('embedded store options', () => {
  it('when a store is in memory, then its shared_buffers are the configured ones (16 MB unless told)', async () => {
    // From the migrated archive (quicker than initdb, and the options must reach PGlite all the same).
    const archive = await migratedArchive();
    const stores = [
      Database.open({ dataDir: 'memory://', pgliteDataDirArchive: archive }),
      Database.open({ dataDir: 'memory://', pgliteDataDirArchive: archive, pgliteSharedBuffersMb: 8 }),
    ];
    try {
      expect(await Promise.all(stores.map(sharedBuffers))).toEqual(['16MB', '8MB']);
    } finally {
      await Promise.all(stores.map((s) => s.close()));
    }
  });

  it('when in-memory stores start from the migrated archive, then each holds the schema and its own rows', async () => {
    const [a, b] = [await createPgliteDatabase(), await createPgliteDatabase()];
    try {
      await a.db.sql.query(`INSERT INTO app_meta (key, value) VALUES ('only-in-a', 'x')`);
      const keys = async (db: Database) => (await db.sql.query<{ key: string }>(`SELECT key FROM app_meta WHERE key = 'only-in-a'`)).map((r) => r.key);
      expect([await keys(a.db), await keys(b.db)]).toEqual([['only-in-a'], []]);
      expect(await sharedBuffers(a.db)).toBe('16MB');
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
