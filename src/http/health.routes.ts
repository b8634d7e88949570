import { Router } from 'express';
import type { Database } from '../db/database';
import { withTimeout } from '../db/with-timeout';
import { pendingMigrations } from '../db/migrate';

export interface HealthState {
  /** True once shutdown began: the load balancer should stop sending traffic. */
  draining(): boolean;
  /** Where the rate limits are kept ('shared' | 'memory (redis unreachable)' | 'memory'): a detail, not a readiness condition. */
  rateLimits?(): string;
}

/**
 * Open probes: /healthz says the process is up, /readyz that it can answer
 * (database reachable, schema current, not shutting down). /readyz answers
 * within about a second even when the database stalls: on Postgres it reads
 * the health monitor's state, and its own queries are bounded.
 */
export function healthRoutes(db: Database, state: HealthState): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => { res.json({ status: 'ok' }); });
  router.get('/readyz', async (_req, res) => {
    const monitored = db.health && !db.health.isDown && db.health.status().lastPingMs !== null;
    const reachable = db.health?.isDown ? false : monitored ? true : await db.ping();
    const pending = reachable
      ? await withTimeout(pendingMigrations(db.sql), 1000, 'migration check timed out').catch(() => null) : null;
    const draining = state.draining();
    const ready = reachable && pending !== null && pending.length === 0 && !draining;
    res.status(ready ? 200 : 503).json({
      status: draining ? 'draining' : ready ? 'ready' : 'not ready',
      database: reachable ? 'reachable' : 'unreachable',
      ...(db.health ? { databaseHealth: db.health.status() } : {}),
      pendingMigrations: pending,
      // Shown, never a reason for 503: with Redis down the service still serves, with per-instance limits.
      ...(state.rateLimits ? { rateLimits: state.rateLimits() } : {}),
    });
  });
  return router;
}
