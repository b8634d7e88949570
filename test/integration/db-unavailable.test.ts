// When the database is unreachable the answer is 503, the
// process stays up, and (test/postgres/) it recovers by itself.
import { Database } from '../../src/db/database';
import { serve } from '../helpers/serve-app';

describe('database unavailable', () => {
  it('when Postgres cannot be reached at all, then /api answers 503, /healthz 200 and /readyz 503', async () => {
    const db = Database.open({ databaseUrl: 'postgresql://postgres@127.0.0.1:9/none', dataDir: '' });
    const { app, server, base } = await serve(db);
    try {
      const res = await fetch(`${base}/api/farcaster/user/profile/1`, { headers: { apikey: 'sga_anything' } });
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ statusCode: 503, message: 'Database unavailable', error: 'Service Unavailable' });
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      expect((await fetch(`${base}/readyz`)).status).toBe(503);
    } finally {
      server.close(); await app.close(); await db.close();
    }
  });
});
