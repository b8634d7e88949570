// Runs only against Postgres (jest.config.js adds test/postgres when
// TEST_DATABASE_URL is set): the connection is cut through a TCP relay.
import { Database } from '../../src/db/database';
import { KeyService } from '../../src/auth/key.service';
import { serve } from '../helpers/serve-app';
import { tcpRelay } from '../helpers/tcp-relay';
import { createTestDatabase } from '../helpers/test-database';

describe('database recovery', () => {
  it('when the connection drops and comes back, then 503 meanwhile and 200 after, without a restart', async () => {
    const t = await createTestDatabase();
    const url = new URL(t.url!);
    const r = tcpRelay({ host: url.hostname, port: Number(url.port || 5432) });
    const port = await r.listen();
    url.hostname = '127.0.0.1'; url.port = String(port);
    const db = Database.open({ databaseUrl: url.toString(), dataDir: '' });
    const { key } = await new KeyService(db, 600, 0).create({ name: 'relay' });
    const { app, server, base } = await serve(db);
    const get = () => fetch(`${base}/api/lens/followersCount?ids=0x01`, { headers: { apikey: key } });
    try {
      expect((await get()).status).toBe(200);
      r.cut();
      expect((await get()).status).toBe(503);
      r.restore();
      expect((await get()).status).toBe(200);
    } finally {
      server.close(); await app.close(); await db.close(); await r.close(); await t.close();
    }
  });
});
