import { Router } from 'express';
import type { Database } from '../db/database';
import { withTimeout } from '../db/with-timeout';
import { pendingMigrations } from '../db/migrate';
import { isCurrent, readSyncStatus } from '../sync/sync-status';
import { lensSyncIsCurrent, readLensSyncStatus } from '../lens-sync/lens-sync-status';
import type { ProtocolName } from '../domain/protocols';
import type { RankGraphStatus } from '../queries/rank-graph-store';
import type { WarmStatus } from '../db/start-warm';

/** The live sync as the syncing instance last wrote it (any instance reads it); null when nothing syncs. */
async function syncDetail(db: Database) {
  const row = await readSyncStatus(db.sql);
  if (!row) return null;
  const s = row.status;
  return {
    state: s.state, node: s.node, holder: row.holder, statusAgeSeconds: Math.round(row.ageSeconds * 10) / 10,
    current: isCurrent(row),
    secondsBehind: s.secondsBehind, blocksBehind: s.blocksBehind, eventsQueued: s.eventsQueued, eventsPerSecond: s.eventsPerSecond,
    eventsStored: s.eventsStored, lastError: s.lastError, backfill: s.backfill, reconcile: s.reconcile,
    // A status written before the sync kept unhandled events has none.
    unhandled: s.unhandled ?? {}, shards: s.shards,
  };
}

/** The Lens Chain sync as its instance last wrote it; null when nothing follows Lens Chain. */
async function lensSyncDetail(db: Database) {
  const row = await readLensSyncStatus(db.sql);
  if (!row) return null;
  const s = row.status;
  return {
    state: s.state, rpc: s.rpc, holder: row.holder, statusAgeSeconds: Math.round(row.ageSeconds * 10) / 10, current: lensSyncIsCurrent(row),
    block: s.block, head: s.head, confirmations: s.confirmations, secondsBehind: s.secondsBehind, blocksBehind: s.blocksBehind,
    eventsPerSecond: s.eventsPerSecond, eventsStored: s.eventsStored, reorgs: s.reorgs, blocksUndone: s.blocksUndone,
    undecoded: s.undecoded, retries: s.retries, lastError: s.lastError,
  };
}

export interface HealthState {
  /** True once shutdown began: the load balancer should stop sending traffic. */
  draining(): boolean;
  /** Where the rate limits are kept ('shared' | 'memory (redis unreachable)' | 'memory'): a detail, not a readiness condition. */
  rateLimits?(): string;
  /** The personalized rank's graphs in this process: held, loading (with progress), refused or not loaded. */
  rankGraphs?(): Record<ProtocolName, RankGraphStatus>;
  /** The warm at start (WARM_AT_START). */
  warm?(): WarmStatus;
}

/**
 * Open probes: /healthz says the process is up, /readyz that it can answer
 * (database reachable, schema current, not shutting down) and, with replicas,
 * where reads go (each replica's lag and whether it is used). /readyz answers
 * within about a second even when the database stalls: on Postgres it reads
 * the health monitor's state, and its own queries are bounded.
 */
export function healthRoutes(db: Database, state: HealthState): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => { res.json({ status: 'ok' }); });
  // Once every migration is seen applied, it stays so for this process: a probe under load need not ask again
  // (a slow answer to that read made a busy instance look not ready).
  let migrated = false;
  router.get('/readyz', async (_req, res) => {
    const monitored = db.health && !db.health.isDown && db.health.status().lastPingMs !== null;
    const reachable = db.health?.isDown ? false : monitored ? true : await db.ping();
    const pending = !reachable ? null : migrated ? []
      : await withTimeout(pendingMigrations(db.sql), 1000, 'migration check timed out').catch(() => null);
    if (pending?.length === 0) migrated = true;
    const [sync, lensSync] = reachable ? await Promise.all([
      withTimeout(syncDetail(db), 1000, 'sync status read timed out').catch(() => null),
      withTimeout(lensSyncDetail(db), 1000, 'lens sync status read timed out').catch(() => null),
    ]) : [null, null];
    const draining = state.draining();
    const ready = reachable && pending !== null && pending.length === 0 && !draining;
    res.status(ready ? 200 : 503).json({
      status: draining ? 'draining' : ready ? 'ready' : 'not ready',
      database: reachable ? 'reachable' : 'unreachable',
      ...(db.health ? { databaseHealth: db.health.status() } : {}),
      pendingMigrations: pending,
      // Shown, never a reason for 503: with Redis down the service still serves, with per-instance limits.
      ...(state.rateLimits ? { rateLimits: state.rateLimits() } : {}),
      // Shown, never a reason for 503: the other routes answer while a graph loads (a large graph's load is long).
      ...(state.rankGraphs ? { rankGraphs: state.rankGraphs() } : {}),
      // Shown, never a reason for 503: a cold instance answers, only slower; a balancer that wants warm ones waits for `done`.
      ...(state.warm ? { warm: state.warm() } : {}),
      // Shown, never a reason for 503: a lagging sync still serves what it has (every answer says how fresh).
      ...(sync ? { sync } : {}),
      ...(lensSync ? { lensSync } : {}),
      // Shown, never a reason for 503: with no replica usable, reads go to the primary.
      ...(db.router ? { reads: { primaryRequests: db.router.primary.requests, replicas: db.router.status() } } : {}),
    });
  });
  return router;
}
