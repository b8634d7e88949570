// A store in a directory gets the embedded store's options as one in memory
// does: the directory is made by initdb, the slow start a first run pays.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Database } from '../../src/db/database';

describe('embedded store in a directory', () => {
  it('when a store is in a directory, then its shared_buffers are the configured ones (16 MB unless told)', async () => {
    const dirs = [mkdtempSync(path.join(tmpdir(), 'sga-pglite-options-')), mkdtempSync(path.join(tmpdir(), 'sga-pglite-options-'))];
    const stores = [Database.open({ dataDir: dirs[0] }), Database.open({ dataDir: dirs[1], pgliteSharedBuffersMb: 8 })];
    try {
      const shown = await Promise.all(stores.map(async (db) => (await db.sql.query<{ shared_buffers: string }>('SHOW shared_buffers'))[0].shared_buffers));
      expect(shown).toEqual(['16MB', '8MB']);
    } finally {
      await Promise.all(stores.map((s) => s.close()));
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  });
});
