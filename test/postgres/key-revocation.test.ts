// On Postgres a CLI (another process) writes keys straight to the database:
// a running instance sees a revocation once its key cache period passes.
import { KeyService } from '../../src/auth/key.service';
import { Database } from '../../src/db/database';
import { serve, stopServer } from '../helpers/serve-app';
import { createTestDatabase } from '../helpers/test-database';

describe('key changes from another process', () => {
  it('when a key is created and then revoked elsewhere, then the server accepts it at once and refuses it within KEY_CACHE_SECONDS', async () => {
    const t = await createTestDatabase();
    const { app, server, base } = await serve(t.db, { KEY_CACHE_SECONDS: 1 });
    // The "CLI": its own connection pool and key service.
    const cli = Database.open({ databaseUrl: t.url, dataDir: '', poolSize: 2 });
    try {
      const keys = new KeyService(cli, 600, 0);
      const created = await keys.create({ name: 'elsewhere' });
      const get = () => fetch(`${base}/api/lens/followersCount?ids=0x01`, { headers: { apikey: created.key } });
      expect((await get()).status).toBe(200);
      await keys.revoke(created.id);
      const revokedAt = Date.now();
      // Still cached for at most a second, then refused.
      let status = (await get()).status;
      while (status === 200 && Date.now() - revokedAt < 3000) { await new Promise((r) => setTimeout(r, 100)); status = (await get()).status; }
      expect(status).toBe(401);
      expect(Date.now() - revokedAt).toBeLessThan(1000 + 500);
    } finally {
      await stopServer(server);
      await app.close(); await cli.close(); await t.close();
    }
  });
});
