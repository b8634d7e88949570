// Backfill: each fid's whole state read from the node and stored through the
// writer, fid by fid, a few at a time. A fid is recorded in sync_backfill once
// its ops are committed, so a restarted backfill goes on where it stopped.
import type { Logger } from 'pino';
import type { SqlClient } from '../db/sql-client';
import type { BatchWriter } from './batch-writer';
import type { Hub } from './hub-client';
import { fidOpPages, fidsOfShard } from './node-reads';
import type { SyncStatus } from './sync-status';

export interface SyncContext { hub: Hub; sql: SqlClient; writer: BatchWriter; status: SyncStatus; log: Logger }

/** Reads one fid from the node into the writer; resolves when it is stored. Returns the messages read. */
export async function backfillFid(ctx: SyncContext, fid: number): Promise<number> {
  let messages = 0;
  for await (const page of fidOpPages(ctx.hub, fid)) {
    messages += page.messages;
    if (page.ops.length) ctx.writer.push({ ops: page.ops, events: 0, receivedAt: Date.now() });
    await ctx.writer.drained();
  }
  await ctx.writer.flushed();
  await ctx.sql.query(`INSERT INTO sync_backfill (fid, done_at) VALUES ($1, now()) ON CONFLICT (fid) DO UPDATE SET done_at = now()`, [fid]);
  return messages;
}

/** Runs fn over the items with at most `limit` in flight. */
async function pool<T>(items: AsyncIterable<T[]>, limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  const inFlight = new Set<Promise<void>>();
  let failure: unknown = null;
  for await (const chunk of items) {
    for (const item of chunk) {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- the job's own rejection, rethrown unchanged
      if (failure) throw failure;
      const p = fn(item).catch((e) => { failure = failure ?? e; }).finally(() => inFlight.delete(p));
      inFlight.add(p);
      if (inFlight.size >= limit) await Promise.race(inFlight);
    }
  }
  await Promise.all(inFlight);
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the job's own rejection, rethrown unchanged
  if (failure) throw failure;
}

/**
 * Backfills the given fids, or every fid of every shard ('all'). `resume`
 * skips fids already recorded (a restarted backfill); an explicit list never does.
 */
export async function backfill(ctx: SyncContext, target: 'all' | number[], opts: { shards: number[]; concurrency: number; resume: boolean; fidsTotal?: number }): Promise<{ fids: number; messages: number }> {
  const b = ctx.status.data.backfill;
  b.state = 'running'; b.fidsDone = 0; b.messages = 0; b.fidsTotal = target === 'all' ? opts.fidsTotal ?? null : target.length;
  const done = new Set<number>(opts.resume
    ? (await ctx.sql.query<{ fid: number }>('SELECT fid FROM sync_backfill')).map((r) => r.fid) : []);
  async function* source(): AsyncGenerator<number[]> {
    if (target !== 'all') { yield target; return; }
    for (const shard of opts.shards) yield* fidsOfShard(ctx.hub, shard);
  }
  const started = Date.now();
  await pool(source(), opts.concurrency, async (fid) => {
    if (done.has(fid)) { b.fidsDone += 1; return; }
    b.messages += await backfillFid(ctx, fid);
    b.fidsDone += 1;
    if (b.fidsDone % 1000 === 0) ctx.log.info({ fids: b.fidsDone, of: b.fidsTotal, messages: b.messages, seconds: (Date.now() - started) / 1000 }, 'backfill progress');
  });
  b.state = 'done';
  return { fids: b.fidsDone, messages: b.messages };
}
