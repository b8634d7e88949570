// Following a node: on a new database, each shard's head is recorded first,
// then every fid is backfilled while the live streams run from those heads (so
// nothing between the two is missed); on a known database the streams resume
// from the stored cursors. The node's heads are polled to measure lag and to
// find stalled streams; a sample of fids is reconciled on a schedule.
import type { Logger } from 'pino';
import type { SqlClient } from '../db/sql-client';
import { backfill, type SyncContext } from './backfill';
import { BatchWriter } from './batch-writer';
import { SEQUENCE_SPAN } from './block-tally';
import { connectHub, type Hub, type HubConnection } from './hub-client';
import { reconcile, sampleFids } from './reconcile';
import { ShardStream } from './shard-stream';
import { countUnhandled, saveSyncStatus, SyncStatus } from './sync-status';

export interface SyncOptions extends HubConnection {
  /** Open but silent this long while the node's head moves: the stream is restarted. */
  stallMs: number;
  headPollMs: number;
  reconnectMinMs: number;
  reconnectMaxMs: number;
  maxBatchEvents: number;
  /** 'auto': backfill a new database (and resume one that stopped); 'off': live only. */
  backfill: 'auto' | 'off';
  backfillConcurrency: number;
  /** Seconds between reconcile rounds (0 = none), fids per round, fids per second. */
  reconcileIntervalS: number;
  reconcileSample: number;
  reconcilePerSecond: number;
  statusEveryMs: number;
  holder: string;
}

const BACKFILL_KEY = 'sync_backfill';

interface GetInfo { numShards: number; shardInfos: { shardId: number; maxHeight: number; numFidRegistrations: number }[] }

export class SyncEngine {
  readonly status: SyncStatus;
  readonly hub: Hub;
  readonly writer: BatchWriter;
  private streams: ShardStream[] = [];
  private timers: NodeJS.Timeout[] = [];
  private stopped = false;
  private backfillRun: Promise<unknown> | null = null;
  private reconciling = false;

  constructor(private readonly sql: SqlClient, private readonly opts: SyncOptions, private readonly log: Logger) {
    this.status = new SyncStatus(opts.url, opts.holder);
    this.hub = connectHub(opts);
    this.writer = new BatchWriter(sql, this.status, {
      maxBatchEvents: opts.maxBatchEvents, highWater: Math.max(1000, opts.maxBatchEvents * 4),
      onError: (err, attempt) => log.error({ err, attempt }, 'storing synced events failed: retrying the same batch'),
      onStored: (items) => {
        for (const i of items) {
          if (!i.position) continue;
          const s = this.status.shard(i.position.shard);
          s.eventId = i.position.eventId; s.block = i.position.blockNumber; s.lastEventAt = new Date(i.receivedAt).toISOString();
          if (i.position.eventTime) s.eventTime = i.position.eventTime.toISOString();
        }
      },
    });
  }

  get context(): SyncContext { return { hub: this.hub, sql: this.sql, writer: this.writer, status: this.status, log: this.log }; }

  private async info(): Promise<GetInfo> { return this.hub.call<'getInfo', object, GetInfo>('getInfo', {}); }

  /** Connects, resumes or starts from the heads, starts the streams, the backfill if due and the timers. */
  async start(): Promise<void> {
    this.writer.start();
    const info = await this.info();
    const shards = info.shardInfos.map((s) => s.shardId).filter((s) => s > 0).sort((a, b) => a - b);
    if (!shards.length) throw new Error(`the node at ${this.opts.url} reports no user shards`);
    const stored = new Map((await this.sql.query<{ shard: number; event_id: string }>('SELECT shard, event_id::text FROM sync_cursor'))
      .map((r) => [r.shard, Number(r.event_id)]));
    const fresh = shards.some((s) => !stored.has(s));
    if (fresh) {
      // Start each shard without a cursor at the node's head; the backfill covers what came before.
      const heads = shards.filter((s) => !stored.has(s)).map((s) => {
        const height = info.shardInfos.find((x) => x.shardId === s)?.maxHeight ?? 0;
        return { shard: s, eventId: Math.max(0, height * SEQUENCE_SPAN - 1), blockNumber: height, eventTime: null };
      });
      await this.sql.transaction(async (tx) => {
        for (const h of heads) {
          await tx.query(`INSERT INTO sync_cursor (shard, event_id, block_number, updated_at) VALUES ($1, $2, $3, now()) ON CONFLICT (shard) DO NOTHING`,
            [h.shard, String(h.eventId), String(h.blockNumber)]);
        }
        if (this.opts.backfill === 'auto') {
          await tx.query(`INSERT INTO app_meta (key, value) VALUES ($1, 'pending') ON CONFLICT (key) DO UPDATE SET value = 'pending', updated_at = now()`, [BACKFILL_KEY]);
        }
      });
      for (const h of heads) stored.set(h.shard, h.eventId);
      this.log.info({ heads }, 'new sync: starting each shard at the node\'s head');
    }
    this.status.data.unhandled = await countUnhandled(this.sql);
    for (const shard of shards) {
      const s = this.status.shard(shard);
      s.nodeHeight = info.shardInfos.find((x) => x.shardId === shard)?.maxHeight ?? null;
      const stream = new ShardStream(this.hub, shard, stored.get(shard) ?? 0, this.writer, this.status,
        { reconnectMinMs: this.opts.reconnectMinMs, reconnectMaxMs: this.opts.reconnectMaxMs }, this.log);
      this.streams.push(stream);
      stream.start();
    }
    this.status.data.state = 'live';
    const [pending] = await this.sql.query<{ value: string }>('SELECT value FROM app_meta WHERE key = $1', [BACKFILL_KEY]);
    if (this.opts.backfill === 'auto' && pending?.value === 'pending') {
      const total = info.shardInfos.filter((s) => s.shardId > 0).reduce((a, s) => a + (s.numFidRegistrations ?? 0), 0);
      // Not awaited: it runs beside the live streams. Its failure is logged and in the status; it resumes at the next start.
      this.backfillRun = this.runBackfill('all', true, shards, total || undefined).catch(() => undefined);
    }
    this.every(this.opts.headPollMs, () => this.pollHeads());
    this.every(this.opts.statusEveryMs, () => saveSyncStatus(this.sql, this.status));
    if (this.opts.reconcileIntervalS > 0) this.every(this.opts.reconcileIntervalS * 1000, () => this.reconcileSample());
    await saveSyncStatus(this.sql, this.status);
  }

  /** Backfills fids (all: every fid of every shard) beside the live streams. */
  async runBackfill(target: 'all' | number[], resume: boolean, shards?: number[], fidsTotal?: number): Promise<{ fids: number; messages: number }> {
    this.status.data.state = 'backfilling';
    const list = shards ?? this.streams.map((s) => s.shard);
    try {
      const r = await backfill(this.context, target, { shards: list, concurrency: this.opts.backfillConcurrency, resume, fidsTotal });
      if (target === 'all') await this.sql.query(`UPDATE app_meta SET value = 'done', updated_at = now() WHERE key = $1`, [BACKFILL_KEY]);
      this.log.info(r, 'backfill done');
      return r;
    } catch (err) {
      // Stopping the engine ends a backfill in flight: that is no error (it resumes at the next start).
      if (this.stopped) throw err;
      this.status.error(err);
      this.log.error({ err }, 'backfill stopped: it resumes at the next start');
      throw err;
    } finally {
      if (!this.stopped) this.status.data.state = 'live';
    }
  }

  /** Reconciles the given fids (or a sample) now. */
  async reconcileNow(fids?: number[]) {
    return reconcile(this.context, fids ?? await sampleFids(this.context, this.opts.reconcileSample), this.opts.reconcilePerSecond);
  }

  private async reconcileSample(): Promise<void> {
    if (this.reconciling || this.status.data.backfill.state === 'running') return;
    this.reconciling = true;
    try {
      const r = await this.reconcileNow();
      const n = Object.values(r).reduce((a, b) => a + b, 0);
      if (n) this.log.warn({ repaired: r }, 'reconcile repaired differences with the node'); else this.log.debug('reconcile: no differences');
    } finally { this.reconciling = false; }
  }

  /** The node's heads: lag, and streams silent while their shard moved on. */
  private async pollHeads(): Promise<void> {
    const info = await this.info();
    const now = Date.now();
    for (const stream of this.streams) {
      const s = this.status.shard(stream.shard);
      const height = info.shardInfos.find((x) => x.shardId === stream.shard)?.maxHeight ?? null;
      s.nodeHeight = height;
      const behind = height !== null && (stream.lastBlock === null ? height * SEQUENCE_SPAN > stream.lastId + 1 : height > stream.lastBlock);
      if (behind && now - stream.lastDataAt > this.opts.stallMs) stream.restartStalled();
    }
  }

  private every(ms: number, fn: () => Promise<void>): void {
    let busy = false;
    const timer = setInterval(() => {
      if (busy || this.stopped) return;
      busy = true;
      fn().catch((err) => { this.status.error(err); this.log.warn({ err: err instanceof Error ? err.message : err }, 'sync: node check failed'); })
        .finally(() => { busy = false; });
    }, ms);
    timer.unref();
    this.timers.push(timer);
  }

  /** Waits until everything received so far is stored. */
  flushed(): Promise<void> { return this.writer.flushed(); }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    for (const s of this.streams) s.stop();
    await this.writer.stop();
    await this.backfillRun?.catch(() => undefined);
    // A start that failed stays 'error' in the stored status while the worker retries.
    if (this.status.data.state !== 'error') this.status.data.state = 'stopped';
    await saveSyncStatus(this.sql, this.status).catch(() => undefined);
    this.hub.close();
  }
}
