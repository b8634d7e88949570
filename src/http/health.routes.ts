import { Router } from 'express';
import type { Database } from '../db/database';
import { pendingMigrations } from '../db/migrate';

/** Open probes: /healthz says the process is up, /readyz that it can answer (DB reachable, schema current). */
export function healthRoutes(db: Database): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => { res.json({ status: 'ok' }); });
  router.get('/readyz', async (_req, res) => {
    const reachable = await db.ping();
    const pending = reachable ? await pendingMigrations(db.sql).catch(() => null) : null;
    const ready = reachable && pending !== null && pending.length === 0;
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready', database: reachable ? 'reachable' : 'unreachable', pendingMigrations: pending });
  });
  return router;
}
