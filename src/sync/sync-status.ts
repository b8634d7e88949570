// What the syncer is doing, in one object: kept in memory by the instance that
// syncs, written to sync_status every few seconds so that every instance's
// /readyz and /metrics (and `sync --status`) can show it.
import type { SqlClient } from '../db/sql-client';

export interface ShardStatus {
  shard: number;
  /** subscribing | streaming | reconnecting | stalled */
  stream: string;
  /** Last event stored (its id, block and block time). */
  eventId: number | null;
  block: number | null;
  eventTime: string | null;
  /** The node's newest block of this shard (from getInfo). */
  nodeHeight: number | null;
  blocksBehind: number | null;
  /** Now minus the block time of the last event stored. */
  secondsBehind: number | null;
  lastEventAt: string | null;
  reconnects: number;
  stalls: number;
  /** Blocks that brought fewer events than their confirmation counts (each read again), and those still short after. */
  gaps: number;
  gapsUnfilled: number;
}

export interface SyncStatusData {
  state: 'starting' | 'backfilling' | 'live' | 'reconnecting' | 'error' | 'stopped';
  node: string;
  holder: string;
  startedAt: string;
  shards: ShardStatus[];
  /** Events received from the node and not yet stored. */
  eventsQueued: number;
  eventsStored: number;
  eventsPerSecond: number;
  batches: number;
  /** Largest secondsBehind / blocksBehind over the shards. */
  secondsBehind: number | null;
  blocksBehind: number | null;
  lastError: { at: string; message: string } | null;
  backfill: { state: 'none' | 'running' | 'done'; fidsDone: number; fidsTotal: number | null; messages: number };
  reconcile: { lastAt: string | null; fids: number; repaired: Record<string, number>; lastRepaired: Record<string, number> };
  /** Events kept raw in sync_unhandled because the sync has no rule for them, per type (all stored, not only since the start). */
  unhandled: Record<string, number>;
}

export class SyncStatus {
  readonly data: SyncStatusData;
  /** Stored events per second over the last 10 s. */
  private readonly window: { at: number; n: number }[] = [];

  constructor(node: string, holder: string) {
    this.data = {
      state: 'starting', node, holder, startedAt: new Date().toISOString(), shards: [], eventsQueued: 0, eventsStored: 0,
      eventsPerSecond: 0, batches: 0, secondsBehind: null, blocksBehind: null, lastError: null,
      backfill: { state: 'none', fidsDone: 0, fidsTotal: null, messages: 0 },
      reconcile: { lastAt: null, fids: 0, repaired: {}, lastRepaired: {} },
      unhandled: {},
    };
  }

  shard(n: number): ShardStatus {
    let s = this.data.shards.find((x) => x.shard === n);
    if (!s) {
      s = { shard: n, stream: 'subscribing', eventId: null, block: null, eventTime: null, nodeHeight: null, blocksBehind: null,
        secondsBehind: null, lastEventAt: null, reconnects: 0, stalls: 0, gaps: 0, gapsUnfilled: 0 };
      this.data.shards.push(s);
      this.data.shards.sort((a, b) => a.shard - b.shard);
    }
    return s;
  }

  error(err: unknown): void {
    this.data.lastError = { at: new Date().toISOString(), message: err instanceof Error ? err.message : String(err) };
  }

  /** One more event of this type kept raw. */
  unhandled(type: string): void { this.data.unhandled[type] = (this.data.unhandled[type] ?? 0) + 1; }

  stored(events: number, now = Date.now()): void {
    this.data.eventsStored += events;
    this.data.batches += 1;
    this.window.push({ at: now, n: events });
  }

  /** Recomputes the derived figures (rate, lag) as of now. */
  refresh(now = Date.now()): SyncStatusData {
    while (this.window.length && this.window[0].at < now - 10_000) this.window.shift();
    const span = this.window.length ? Math.max(1, (now - Math.min(...this.window.map((w) => w.at))) / 1000) : 1;
    this.data.eventsPerSecond = Math.round(this.window.reduce((a, w) => a + w.n, 0) / Math.max(span, 1));
    for (const s of this.data.shards) {
      s.blocksBehind = s.nodeHeight !== null && s.block !== null ? Math.max(0, s.nodeHeight - s.block) : null;
      // At the node's head nothing is missing, however old the last block (a quiet shard).
      s.secondsBehind = s.blocksBehind === 0 ? 0 : s.eventTime ? Math.max(0, Math.round((now - Date.parse(s.eventTime)) / 100) / 10) : null;
    }
    const max = (xs: (number | null)[]) => (xs.some((x) => x !== null) ? Math.max(...xs.filter((x): x is number => x !== null)) : null);
    this.data.secondsBehind = max(this.data.shards.map((s) => s.secondsBehind));
    this.data.blocksBehind = max(this.data.shards.map((s) => s.blocksBehind));
    return this.data;
  }
}

/** The row every instance reads. */
export async function saveSyncStatus(sql: SqlClient, status: SyncStatus): Promise<void> {
  await sql.query(`
    INSERT INTO sync_status (id, holder, status, updated_at) VALUES (1, $1, $2::jsonb, now())
    ON CONFLICT (id) DO UPDATE SET holder = EXCLUDED.holder, status = EXCLUDED.status, updated_at = now()`,
  [status.data.holder, JSON.stringify(status.refresh())]);
}

/** Per type, the events sync_unhandled holds. */
export async function countUnhandled(sql: SqlClient): Promise<Record<string, number>> {
  const rows = await sql.query<{ type: string; n: number }>('SELECT type, count(*)::int AS n FROM sync_unhandled GROUP BY type ORDER BY type');
  return Object.fromEntries(rows.map((r) => [r.type, r.n]));
}

export interface StoredSyncStatus { holder: string; status: SyncStatusData; updatedAt: Date; ageSeconds: number }

/** A status rewritten within 30 s by a syncer that has not stopped: its writer is alive (another takes over within the lock retry). */
export const isCurrent = (row: StoredSyncStatus): boolean => row.ageSeconds < 30 && row.status.state !== 'stopped';

export async function readSyncStatus(sql: SqlClient): Promise<StoredSyncStatus | null> {
  const [row] = await sql.query<{ holder: string; status: SyncStatusData; updated_at: Date; age: number }>(
    'SELECT holder, status, updated_at, extract(epoch FROM now() - updated_at)::float8 AS age FROM sync_status WHERE id = 1');
  return row ? { holder: row.holder, status: row.status, updatedAt: row.updated_at, ageSeconds: row.age } : null;
}
