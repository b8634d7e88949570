// Prometheus text exposition of what an operator alerts on: the live sync's lag,
// rate and errors (as its instance last wrote them), and the data's age per protocol.
import { Router } from 'express';
import type { Database } from '../db/database';
import { withTimeout } from '../db/with-timeout';
import { isCurrent, readSyncStatus } from '../sync/sync-status';

const line = (name: string, value: number | null | undefined, labels: Record<string, string | number> = {}) => {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const l = Object.entries(labels).map(([k, v]) => `${k}="${String(v).replace(/["\\\n]/g, '_')}"`).join(',');
  return `${name}${l ? `{${l}}` : ''} ${value}`;
};

const HELP: [string, string, string][] = [
  ['sga_sync_up', 'gauge', '1 while a syncer status is current (rewritten within 30 s) and not in error'],
  ['sga_sync_seconds_behind', 'gauge', 'Now minus the block time of the last stored event, worst shard'],
  ['sga_sync_blocks_behind', 'gauge', 'Node head minus last stored block, worst shard'],
  ['sga_sync_events_queued', 'gauge', 'Events received from the node and not yet stored'],
  ['sga_sync_events_per_second', 'gauge', 'Events stored per second over the last 10 s'],
  ['sga_sync_events_stored_total', 'counter', 'Events stored since the syncer started'],
  ['sga_sync_reconnects_total', 'counter', 'Stream reconnects per shard since the syncer started'],
  ['sga_sync_stalls_total', 'counter', 'Streams found silent while the node moved, per shard'],
  ['sga_sync_shard_seconds_behind', 'gauge', 'Per shard: now minus the block time of its last stored event'],
  ['sga_sync_last_error_timestamp_seconds', 'gauge', 'When the syncer last met an error'],
  ['sga_sync_backfill_fids_done', 'gauge', 'Fids backfilled in the current or last backfill'],
  ['sga_sync_reconcile_repaired_total', 'counter', 'Rows repaired by reconcile, per kind'],
  ['sga_data_age_seconds', 'gauge', 'Now minus the protocol\'s as-of time'],
];

export function metricsRoutes(db: Database): Router {
  const router = Router();
  router.get('/metrics', async (_req, res) => {
    const [sync, states] = await Promise.all([
      withTimeout(readSyncStatus(db.sql), 1000, 'metrics: sync status timed out').catch(() => null),
      withTimeout(db.sql.query<{ protocol: string; age: number | null }>(
        'SELECT protocol, extract(epoch FROM now() - as_of)::float8 AS age FROM protocol_state'), 1000, 'metrics: state timed out').catch(() => []),
    ]);
    const out: (string | null)[] = HELP.flatMap(([n, t, h]) => [`# HELP ${n} ${h}`, `# TYPE ${n} ${t}`]);
    for (const s of states) out.push(line('sga_data_age_seconds', s.age, { protocol: s.protocol }));
    if (sync) {
      const s = sync.status;
      out.push(line('sga_sync_up', isCurrent(sync) && s.state !== 'error' ? 1 : 0),
        line('sga_sync_seconds_behind', s.secondsBehind), line('sga_sync_blocks_behind', s.blocksBehind),
        line('sga_sync_events_queued', s.eventsQueued), line('sga_sync_events_per_second', s.eventsPerSecond),
        line('sga_sync_events_stored_total', s.eventsStored),
        line('sga_sync_last_error_timestamp_seconds', s.lastError ? Date.parse(s.lastError.at) / 1000 : null),
        line('sga_sync_backfill_fids_done', s.backfill.fidsDone));
      for (const sh of s.shards) {
        out.push(line('sga_sync_reconnects_total', sh.reconnects, { shard: sh.shard }), line('sga_sync_stalls_total', sh.stalls, { shard: sh.shard }),
          line('sga_sync_shard_seconds_behind', sh.secondsBehind, { shard: sh.shard }));
      }
      for (const [kind, n] of Object.entries(s.reconcile.repaired)) out.push(line('sga_sync_reconcile_repaired_total', n, { kind }));
    }
    res.type('text/plain; version=0.0.4').send(`${out.filter((x): x is string => x !== null).join('\n')}\n`);
  });
  return router;
}
