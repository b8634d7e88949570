// The Lens Chain sync as its instance last wrote it to lens_sync_status (any instance
// may be scraped, one syncs). No status row, no sga_lens_sync_* series.
import { Counter, Gauge, type Registry } from 'prom-client';
import { lensSyncIsCurrent, type StoredLensSyncStatus } from '../lens-sync/lens-sync-status';
import { refill, setOrDrop } from './collected';
import type { DbSnapshot } from './db-snapshot';

export function defineLensSyncMetrics(register: Registry, snapshot: () => Promise<DbSnapshot>): void {
  const define = (Kind: typeof Gauge | typeof Counter, name: string, help: string, value: (s: StoredLensSyncStatus) => number | null) =>
    new Kind({
      name, help, registers: [register],
      async collect() { await refill(this, async () => { const s = (await snapshot()).lensSync; if (s) setOrDrop(this, value(s)); }); },
    });
  define(Gauge, 'sga_lens_sync_up', '1 while a Lens syncer status is current (rewritten within 30 s) and not in error',
    (s) => (lensSyncIsCurrent(s) && s.status.state !== 'error' ? 1 : 0));
  define(Gauge, 'sga_lens_sync_seconds_behind', 'Now minus the block time of the last applied Lens Chain block (0 at the confirmed head)', (s) => s.status.secondsBehind);
  define(Gauge, 'sga_lens_sync_blocks_behind', 'Lens Chain head minus the last applied block (confirmations included)', (s) => s.status.blocksBehind);
  define(Gauge, 'sga_lens_sync_block', 'The last applied Lens Chain block', (s) => s.status.block);
  define(Gauge, 'sga_lens_sync_events_per_second', 'Lens events stored per second over the last 10 s', (s) => s.status.eventsPerSecond);
  define(Counter, 'sga_lens_sync_events_stored_total', 'Lens events stored since the syncer started', (s) => s.status.eventsStored);
  define(Counter, 'sga_lens_sync_reorgs_total', 'Reorgs deeper than the confirmations, rewound, since the syncer started', (s) => s.status.reorgs);
  define(Counter, 'sga_lens_sync_blocks_undone_total', 'Blocks undone by rewinds since the syncer started', (s) => s.status.blocksUndone);
  define(Counter, 'sga_lens_sync_undecoded_logs_total', 'Logs of the followed contracts that did not decode against their ABI', (s) => s.status.undecoded);
  define(Counter, 'sga_lens_sync_retries_total', 'Failed steps (RPC or database) retried with backoff since the syncer started', (s) => s.status.retries);
  define(Gauge, 'sga_lens_sync_last_error_timestamp_seconds', 'When the Lens syncer last met an error',
    (s) => (s.status.lastError ? Date.parse(s.status.lastError.at) / 1000 : null));
}
