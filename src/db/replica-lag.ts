// How far each streaming replica is behind the primary, in time, measured
// from WAL positions. On a replica `now() - pg_last_xact_replay_timestamp()`
// grows while the primary is idle (nothing to replay) and says nothing while
// it is paused mid-stream; WAL positions are exact. Each round samples the
// primary's flushed position (pg_current_wal_flush_lsn: only flushed WAL is
// streamed), then each replica's replayed position (pg_last_wal_replay_lsn).
// The primary's samples over time turn a position into a time: a replica that
// has replayed up to R has everything the primary had flushed when the newest
// sample at or below R was taken, so its lag is at most the age of that
// sample. The figure is an upper bound (at most one probe interval too high
// when it is current); an idle primary keeps a current replica near zero.
// While the primary cannot be sampled the ages grow, and after the bound the
// replicas are skipped: a lag that cannot be measured is not trusted.
import type { ClientConfig } from 'pg';
import { ProbeConnection } from './probe-connection';

/** A WAL position `X/Y` (two hex halves) as a number of bytes. */
export function parseLsn(text: string): bigint {
  const [hi, lo] = text.split('/');
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
}

/** The primary's flushed WAL position over the last `keepMs`. */
export class PrimaryWalHistory {
  /** Ascending in time and position; one sample per position (the newest time it was seen). */
  private readonly samples: { at: number; lsn: bigint }[] = [];

  constructor(private readonly keepMs: number) {}

  /** `at`: when the sampling query was sent (the position answered is at least the one of that moment). */
  note(at: number, lsn: bigint): void {
    const last = this.samples.at(-1);
    if (last && lsn <= last.lsn) { if (lsn === last.lsn) last.at = at; return; }
    this.samples.push({ at, lsn });
    while (this.samples.length > 1 && this.samples[0].at < at - this.keepMs) this.samples.shift();
  }

  /**
   * Lag at `now` of a replica that has replayed up to `replayed`: the age of the
   * newest sample it has reached; null before the first sample. When it has
   * reached none that is kept, the primary was last seen at a position it has
   * reached more than keepMs ago (that sample was dropped for its age), so the
   * lag is at least keepMs. (The oldest kept sample's own age says nothing: on
   * an idle primary its time moves on with every probe.)
   */
  lagMs(replayed: bigint, now: number): number | null {
    if (this.samples.length === 0) return null;
    for (let i = this.samples.length - 1; i >= 0; i--) if (this.samples[i].lsn <= replayed) return Math.max(0, now - this.samples[i].at);
    return Math.max(this.keepMs, now - this.samples[0].at);
  }
}

export interface ReplicaLagStatus {
  /** Milliseconds behind the primary at the last probe; null when not measured (replica or primary unanswered, not a standby). */
  lagMs: number | null;
  /** The replica's replayed WAL position at the last probe. */
  replayLsn: string | null;
  lastError: string | null;
  /** When the last probe of this replica ended (ISO time), null before the first. */
  checkedAt: string | null;
}

export interface ReplicaLagOptions { intervalMs: number; timeoutMs: number; maxLagMs: number }

export class ReplicaLagProbe {
  private readonly primary: ProbeConnection;
  private readonly replicas: ProbeConnection[];
  private readonly history: PrimaryWalHistory;
  private readonly states: ReplicaLagStatus[];
  /** performance.now() of each replica's last successful measurement. */
  private readonly measuredAt: number[];
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;

  constructor(primary: ClientConfig, replicas: ClientConfig[], private readonly opts: ReplicaLagOptions) {
    this.primary = new ProbeConnection(primary, opts.timeoutMs);
    this.replicas = replicas.map((r) => new ProbeConnection(r, opts.timeoutMs));
    // Kept long enough that a replica within the bound always finds a sample it has reached.
    this.history = new PrimaryWalHistory(2 * opts.maxLagMs + 10 * opts.intervalMs);
    this.states = replicas.map(() => ({ lagMs: null, replayLsn: null, lastError: null, checkedAt: null }));
    this.measuredAt = replicas.map(() => -Infinity);
  }

  get maxLagMs(): number { return this.opts.maxLagMs; }

  status(i: number): ReplicaLagStatus { return { ...this.states[i] }; }

  /** Reads may go to replica i: measured within the last few probes, and no further behind than the bound. */
  withinBound(i: number): boolean {
    const { lagMs } = this.states[i];
    const fresh = performance.now() - this.measuredAt[i] <= 2 * this.opts.intervalMs + 2 * this.opts.timeoutMs;
    return !this.stopped && fresh && lagMs !== null && lagMs <= this.opts.maxLagMs;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.primary.drop();
    for (const r of this.replicas) r.drop();
  }

  /** One round: the primary's position first, then every replica's (a replica compared with a later sample would look ahead). */
  async probe(): Promise<void> {
    const sentAt = performance.now();
    let primaryError: string | null = null;
    try {
      const [row] = await this.primary.query<{ lsn: string }>('SELECT pg_current_wal_flush_lsn()::text AS lsn');
      this.history.note(sentAt, parseLsn(row.lsn));
    } catch (err) {
      primaryError = `primary: ${(err as Error).message}`;
    }
    await Promise.all(this.replicas.map(async (replica, i) => {
      const state = this.states[i];
      try {
        const [row] = await replica.query<{ lsn: string | null }>('SELECT pg_last_wal_replay_lsn()::text AS lsn');
        const now = performance.now();
        state.replayLsn = row.lsn;
        state.lagMs = row.lsn === null ? null : this.history.lagMs(parseLsn(row.lsn), now);
        if (state.lagMs !== null) state.lagMs = Math.round(state.lagMs);
        state.lastError = row.lsn === null ? 'not a standby (pg_last_wal_replay_lsn() is null)' : primaryError;
        if (row.lsn !== null) this.measuredAt[i] = now;
      } catch (err) {
        state.lagMs = null;
        state.lastError = (err as Error).message;
      }
      state.checkedAt = new Date().toISOString();
    }));
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => { void this.probe().finally(() => this.schedule(this.opts.intervalMs)); }, delay);
    this.timer.unref();
  }
}
