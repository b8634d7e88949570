// The live sync as its instance last wrote it to sync_status (any instance may
// be scraped, one syncs). Names and meanings as before prom-client: alerts
// written against them keep working. No status row, no sga_sync_* series.
import { Counter, Gauge, type Registry } from 'prom-client';
import { isCurrent } from '../sync/sync-status';
import { refill, setOrDrop } from './collected';
import type { DbSnapshot } from './db-snapshot';

export function defineSyncMetrics(register: Registry, snapshot: () => Promise<DbSnapshot>): void {
  const status = async () => (await snapshot()).sync;
  const gauge = (name: string, help: string, value: (s: NonNullable<Awaited<ReturnType<typeof status>>>) => number | null) =>
    new Gauge({
      name, help, registers: [register],
      async collect() { await refill(this, async () => { const s = await status(); if (s) setOrDrop(this, value(s)); }); },
    });
  const counter = (name: string, help: string, value: (s: NonNullable<Awaited<ReturnType<typeof status>>>) => number) =>
    new Counter({
      name, help, registers: [register],
      async collect() { await refill(this, async () => { const s = await status(); if (s) setOrDrop(this, value(s)); }); },
    });

  gauge('sga_sync_up', '1 while a syncer status is current (rewritten within 30 s) and not in error',
    (s) => (isCurrent(s) && s.status.state !== 'error' ? 1 : 0));
  gauge('sga_sync_seconds_behind', 'Now minus the block time of the last stored event, worst shard', (s) => s.status.secondsBehind);
  gauge('sga_sync_blocks_behind', 'Node head minus last stored block, worst shard', (s) => s.status.blocksBehind);
  gauge('sga_sync_events_queued', 'Events received from the node and not yet stored', (s) => s.status.eventsQueued);
  gauge('sga_sync_events_per_second', 'Events stored per second over the last 10 s', (s) => s.status.eventsPerSecond);
  counter('sga_sync_events_stored_total', 'Events stored since the syncer started', (s) => s.status.eventsStored);
  gauge('sga_sync_last_error_timestamp_seconds', 'When the syncer last met an error',
    (s) => (s.status.lastError ? Date.parse(s.status.lastError.at) / 1000 : null));
  gauge('sga_sync_backfill_fids_done', 'Fids backfilled in the current or last backfill', (s) => s.status.backfill.fidsDone);

  const perShard = (metric: Gauge<'shard'> | Counter<'shard'>, value: (sh: NonNullable<Awaited<ReturnType<typeof status>>>['status']['shards'][number]) => number | null) =>
    refill(metric, async () => {
      const s = await status();
      for (const sh of s?.status.shards ?? []) setOrDrop(metric, value(sh), { shard: sh.shard });
    });
  new Counter({
    name: 'sga_sync_reconnects_total', help: 'Stream reconnects per shard since the syncer started', labelNames: ['shard'], registers: [register],
    async collect() { await perShard(this, (sh) => sh.reconnects); },
  });
  new Counter({
    name: 'sga_sync_stalls_total', help: 'Streams found silent while the node moved, per shard', labelNames: ['shard'], registers: [register],
    async collect() { await perShard(this, (sh) => sh.stalls); },
  });
  new Counter({
    name: 'sga_sync_gaps_total', help: 'Blocks that brought fewer events than their confirmation counts (each read again), per shard',
    labelNames: ['shard'], registers: [register],
    async collect() { await perShard(this, (sh) => sh.gaps ?? 0); },
  });
  new Counter({
    name: 'sga_sync_gaps_unfilled_total', help: 'Blocks still short after reading them again, per shard', labelNames: ['shard'], registers: [register],
    async collect() { await perShard(this, (sh) => sh.gapsUnfilled ?? 0); },
  });
  new Gauge({
    name: 'sga_sync_shard_seconds_behind', help: 'Per shard: now minus the block time of its last stored event', labelNames: ['shard'], registers: [register],
    async collect() { await perShard(this, (sh) => sh.secondsBehind); },
  });
  new Gauge({
    name: 'sga_sync_unhandled_events', help: 'Live events kept raw because the sync has no rule for their type, per type', labelNames: ['type'], registers: [register],
    async collect() {
      await refill(this, async () => {
        const s = await status();
        for (const [type, n] of Object.entries(s?.status.unhandled ?? {})) setOrDrop(this, n, { type });
      });
    },
  });
  new Counter({
    name: 'sga_sync_reconcile_repaired_total', help: 'Rows repaired by reconcile, per kind', labelNames: ['kind'], registers: [register],
    async collect() {
      await refill(this, async () => {
        const s = await status();
        for (const [kind, n] of Object.entries(s?.status.reconcile.repaired ?? {})) setOrDrop(this, n, { kind });
      });
    },
  });
}
