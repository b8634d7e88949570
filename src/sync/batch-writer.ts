// One writer for everything the sync stores: live events of every shard,
// backfill and reconcile pages. Items queue in arrival order; the writer takes
// all that is queued (up to a limit) into one transaction as soon as the
// previous one commits, so an idle sync stores an event at once and a busy one
// stores large batches. A failed transaction is retried (with backoff) with the
// same items: nothing is dropped, and the streams pause while the queue is full.
import type { SqlClient } from '../db/sql-client';
import { applyOps, type ShardPosition, type UnhandledEvent } from './apply-ops';
import type { SyncStatus } from './sync-status';
import type { AnyOp } from './sync-ops';

/** Most event-loop turns the writer lets pass gathering items between two transactions: larger batches against a longer lag (docs/performance.md#sync). */
const GATHER_TURNS = 50;

export interface WriteItem {
  ops: AnyOp[];
  /** Set for a live event: the shard's cursor moves to it with the batch. */
  position?: ShardPosition;
  /** Events this item stands for (1 per live event; 0 for backfill pages). */
  events: number;
  /** A live event the sync has no rule for: its type (hub-messages.ts's unhandledTypeOf) and its bytes. */
  unhandled?: { type: string; raw: Buffer };
  receivedAt: number;
}

export interface BatchWriterOptions {
  /** Most events in one transaction. */
  maxBatchEvents: number;
  /** Queue length past which producers are told to wait. */
  highWater: number;
  onError?: (err: unknown, attempt: number) => void;
  /** Called after each commit with the items it stored (lag measurement). */
  onStored?: (items: WriteItem[], committedAt: number) => void;
}

export class BatchWriter {
  private queue: WriteItem[] = [];
  private waiters: { seq: number; resolve: () => void; reject: (e: unknown) => void }[] = [];
  private drainWaiters: (() => void)[] = [];
  private wake: (() => void) | null = null;
  private running = false;
  private stopped = false;
  private loop: Promise<void> | null = null;
  /** Sequence of the last item pushed and of the last item committed. */
  private pushed = 0;
  private committed = 0;

  constructor(private readonly sql: SqlClient, private readonly status: SyncStatus, private readonly opts: BatchWriterOptions) {}

  get queued(): number { return this.queue.length; }
  get full(): boolean { return this.queue.length >= this.opts.highWater; }

  start(): void {
    if (this.loop) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Queues an item; returns its sequence number. */
  push(item: WriteItem): number {
    if (this.stopped) throw new Error('sync writer stopped');
    this.queue.push(item);
    this.status.data.eventsQueued = this.queue.length;
    this.wake?.();
    return ++this.pushed;
  }

  /** Resolves once every item pushed so far is committed. */
  flushed(): Promise<void> {
    if (this.committed >= this.pushed) return Promise.resolve();
    return new Promise((resolve, reject) => this.waiters.push({ seq: this.pushed, resolve, reject }));
  }

  /** Resolves when the queue is below its high-water mark again. */
  drained(): Promise<void> {
    if (!this.full) return Promise.resolve();
    return new Promise((resolve) => this.drainWaiters.push(resolve));
  }

  /** Stops after the batch in flight; what is still queued is not stored (the cursors say so). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.running = false;
    this.wake?.();
    await this.loop;
    for (const w of this.waiters.splice(0)) w.reject(new Error('sync writer stopped'));
    for (const d of this.drainWaiters.splice(0)) d();
  }

  private async run(): Promise<void> {
    let attempt = 0;
    while (this.running) {
      if (!this.queue.length) {
        await new Promise<void>((resolve) => { this.wake = resolve; });
        this.wake = null;
        continue;
      }
      const batch = this.take();
      try {
        await applyOps(this.sql, batch.flatMap((i) => i.ops), lastPositions(batch), batch.flatMap((i) => (i.position ? i.ops : [])), unhandledOf(batch));
        attempt = 0;
      } catch (err) {
        // Put the batch back in front and retry it: a database that is down or a
        // serialization failure must not lose events.
        this.queue.unshift(...batch);
        attempt += 1;
        this.status.error(err);
        this.opts.onError?.(err, attempt);
        await sleep(Math.min(30_000, 250 * 2 ** Math.min(attempt, 7)));
        continue;
      }
      const now = Date.now();
      this.committed += batch.length;
      this.status.stored(batch.reduce((a, i) => a + i.events, 0), now);
      for (const i of batch) if (i.unhandled) this.status.unhandled(i.unhandled.type);
      this.status.data.eventsQueued = this.queue.length;
      this.opts.onStored?.(batch, now);
      this.waiters = this.waiters.filter((w) => (w.seq <= this.committed ? (w.resolve(), false) : true));
      if (!this.full) for (const d of this.drainWaiters.splice(0)) d();
      await this.gather();
    }
  }

  /**
   * An embedded database (PGlite) runs a transaction without waiting on a socket, so the
   * event loop reads nothing from the node's streams meanwhile, and gRPC then hands over
   * about one message per stream per turn: the next batch would hold one event or two.
   * Turns of the event loop are let pass while they keep bringing items (at most
   * GATHER_TURNS, and not past a full batch). On Postgres an idle queue costs one turn.
   */
  private async gather(): Promise<void> {
    let seen = -1;
    for (let turn = 0; turn < GATHER_TURNS && this.queue.length !== seen && this.queue.length < this.opts.maxBatchEvents; turn++) {
      seen = this.queue.length;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  private take(): WriteItem[] {
    let events = 0; let i = 0;
    while (i < this.queue.length && (i === 0 || events + Math.max(1, this.queue[i].ops.length) <= this.opts.maxBatchEvents)) {
      events += Math.max(1, this.queue[i].ops.length);
      i += 1;
    }
    return this.queue.splice(0, i);
  }
}

function unhandledOf(batch: WriteItem[]): UnhandledEvent[] {
  return batch.flatMap((i) => (i.unhandled && i.position ? [{ ...i.unhandled, position: i.position, receivedAt: new Date(i.receivedAt) }] : []));
}

/** Per shard, the position of its newest event in the batch (a block read again for a gap brings older ones after it). */
function lastPositions(batch: WriteItem[]): ShardPosition[] {
  const last = new Map<number, ShardPosition>();
  for (const item of batch) {
    const p = item.position;
    if (p && p.eventId >= (last.get(p.shard)?.eventId ?? -1)) last.set(p.shard, p);
  }
  return [...last.values()];
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
