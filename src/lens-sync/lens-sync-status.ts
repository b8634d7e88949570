// What the Lens syncer is doing, in one object: kept by the instance that syncs and
// written to lens_sync_status every few seconds, so that every instance's /readyz and
// /metrics (and `lens-sync --status`) show it.
import type { SqlClient } from '../db/sql-client';

export interface LensSyncStatusData {
  state: 'starting' | 'backfilling' | 'live' | 'retrying' | 'error' | 'stopped';
  rpc: string;
  holder: string;
  startedAt: string;
  confirmations: number;
  /** The last block applied (its rows are stored), its hash and block time. */
  block: number | null;
  blockHash: string | null;
  blockTime: string | null;
  /** The chain's newest block, last read. */
  head: number | null;
  headAt: string | null;
  /** head minus block (confirmations included: a sync at its target is `confirmations` behind). */
  blocksBehind: number | null;
  /** Now minus the block time of the last block applied; 0 when nothing is left to apply. */
  secondsBehind: number | null;
  eventsStored: number;
  eventsPerSecond: number;
  batches: number;
  /** Logs of the followed contracts that did not decode against their ABI (counted, not applied). */
  undecoded: number;
  reorgs: number;
  /** Blocks undone by rewinds. */
  blocksUndone: number;
  retries: number;
  lastError: { at: string; message: string } | null;
}

export class LensSyncStatus {
  readonly data: LensSyncStatusData;
  private readonly window: { at: number; n: number }[] = [];

  constructor(rpc: string, holder: string, confirmations: number) {
    this.data = {
      state: 'starting', rpc, holder, startedAt: new Date().toISOString(), confirmations, block: null, blockHash: null, blockTime: null,
      head: null, headAt: null, blocksBehind: null, secondsBehind: null, eventsStored: 0, eventsPerSecond: 0, batches: 0,
      undecoded: 0, reorgs: 0, blocksUndone: 0, retries: 0, lastError: null,
    };
  }

  error(err: unknown): void {
    this.data.lastError = { at: new Date().toISOString(), message: err instanceof Error ? err.message : String(err) };
  }

  stored(events: number, now = Date.now()): void {
    this.data.eventsStored += events;
    this.data.batches += 1;
    this.window.push({ at: now, n: events });
  }

  /** Recomputes the derived figures (rate, lag) as of now. */
  refresh(now = Date.now()): LensSyncStatusData {
    while (this.window.length && this.window[0].at < now - 10_000) this.window.shift();
    const span = this.window.length ? Math.max(1, (now - this.window[0].at) / 1000) : 1;
    this.data.eventsPerSecond = Math.round(this.window.reduce((a, w) => a + w.n, 0) / span);
    const d = this.data;
    d.blocksBehind = d.head !== null && d.block !== null ? Math.max(0, d.head - d.block) : null;
    // At its target (head less confirmations) nothing is missing however old the block (a quiet chain).
    d.secondsBehind = d.blocksBehind !== null && d.blocksBehind <= d.confirmations ? 0
      : d.blockTime ? Math.max(0, Math.round((now - Date.parse(d.blockTime)) / 100) / 10) : null;
    return d;
  }
}

export async function saveLensSyncStatus(sql: SqlClient, status: LensSyncStatus): Promise<void> {
  await sql.query(`
    INSERT INTO lens_sync_status (id, holder, status, updated_at) VALUES (1, $1, $2::jsonb, now())
    ON CONFLICT (id) DO UPDATE SET holder = EXCLUDED.holder, status = EXCLUDED.status, updated_at = now()`,
  [status.data.holder, JSON.stringify(status.refresh())]);
}

export interface StoredLensSyncStatus { holder: string; status: LensSyncStatusData; ageSeconds: number }

/** Rewritten within 30 s by a syncer that has not stopped: its writer is alive. */
export const lensSyncIsCurrent = (row: StoredLensSyncStatus): boolean => row.ageSeconds < 30 && row.status.state !== 'stopped';

export async function readLensSyncStatus(sql: SqlClient): Promise<StoredLensSyncStatus | null> {
  const [row] = await sql.query<{ holder: string; status: LensSyncStatusData; age: number }>(
    'SELECT holder, status, extract(epoch FROM now() - updated_at)::float8 AS age FROM lens_sync_status WHERE id = 1');
  return row ? { holder: row.holder, status: row.status, ageSeconds: row.age } : null;
}
