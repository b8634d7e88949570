// Snapshot, then live: a database that imported a dump goes on from the node at
// the dump's time instead of backfilling every fid. Each shard's event stream is
// resumed from the first block made at or after that time (less an overlap); the
// merge rules make the events the dump already holds harmless, so replaying a
// little too much costs time and never a count.
import type { HubEvent } from '@farcaster/hub-nodejs';
import type { SqlClient } from '../db/sql-client';
import { SEQUENCE_SPAN, blockOfId } from './block-tally';
import type { Hub } from './hub-client';
import { eventTime } from './hub-messages';

/** Where one shard's stream resumes: everything before `block` is taken to be in the dump. */
export interface ShardPosition {
  shard: number;
  block: number;
  /** The time of that block, or null when the node holds no block made since (the stream starts at its head). */
  blockTime: Date | null;
}

/** The node no longer holds the events from the dump's time on: they cannot be replayed. */
export class DumpTooOldError extends Error {
  constructor(readonly shard: number, readonly oldest: Date | null, readonly since: Date) {
    super(`the node holds shard ${shard}'s events from ${oldest?.toISOString() ?? 'no time'} on, after ${since.toISOString()} (the dump's time less the overlap): `
      + 'the events between cannot be replayed. Take a newer dump, or run `sync` without --from-dump, which follows from the node\'s heads and '
      + 'backfills every fid (the import stays: the merge rules keep it exact)');
    this.name = 'DumpTooOldError';
  }
}

/**
 * The dump's time: the newest fact of the table the export wrote least recently. A dump's tables
 * are written one after another, so the earliest of their newest rows is the latest instant every
 * table is known complete up to. Only the tables that change every minute take part (casts,
 * reactions, follows): a table written rarely, such as verifications, would put that instant
 * days back. A remove counts as a fact at its time too. Null when the dump holds none of them.
 */
export async function dumpTimeOf(sql: SqlClient): Promise<Date | null> {
  const newest = (table: string) => `(SELECT greatest(max(timestamp), max(deleted_at)) FROM ${table})`;
  const [row] = await sql.query<{ at: Date | null }>(`SELECT least(${['fc_cast', 'fc_reaction', 'fc_link'].map(newest).join(', ')}) AS at`);
  return row.at;
}

interface EventsPage { events: HubEvent[] }

/** The shard's first event at or after `id`, or null past its head. */
async function firstEventFrom(hub: Hub, shard: number, id: number): Promise<HubEvent | null> {
  const page = await hub.call<'getEvents', unknown, EventsPage>('getEvents', { startId: id, shardIndex: shard, pageSize: 1 });
  return page.events[0] ?? null;
}

/**
 * The first block of `shard` made at or after `since`, found by bisecting the node's event log on
 * block times (they never decrease along a shard). The node prunes old events: when the oldest it
 * holds is later than `since` and is not the shard's first block, what came between is gone.
 */
export async function shardPosition(hub: Hub, shard: number, head: number, since: Date): Promise<ShardPosition> {
  const oldest = await firstEventFrom(hub, shard, 0);
  const oldestTime = oldest ? eventTime(oldest) : null;
  if (!oldest || oldestTime === null) throw new DumpTooOldError(shard, oldestTime, since);
  const oldestBlock = blockOfId(oldest.id);
  if (oldestTime > since && oldestBlock > 1) throw new DumpTooOldError(shard, oldestTime, since);
  // Invariant: no block before `lo` was made at or after `since`; block `hi` was (or is past the head).
  let lo = oldestBlock;
  let hi = head + 1;
  const madeSince = async (block: number) => {
    const e = await firstEventFrom(hub, shard, block * SEQUENCE_SPAN);
    const t = e ? eventTime(e) : null;
    return e === null || (t !== null && t >= since);
  };
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (await madeSince(mid)) hi = mid; else lo = mid + 1;
  }
  const at = await firstEventFrom(hub, shard, lo * SEQUENCE_SPAN);
  return { shard, block: lo, blockTime: at ? eventTime(at) : null };
}

/**
 * Stores the positions as the shards' cursors, in one transaction, on a database that follows no node
 * yet: a cursor already there belongs to a sync this must not move.
 */
export async function writeDumpCursors(sql: SqlClient, positions: readonly ShardPosition[]): Promise<void> {
  await sql.transaction(async (tx) => {
    const [{ n }] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM sync_cursor');
    if (n > 0) throw new Error('this database already follows a node: --from-dump starts a new deployment');
    for (const p of positions) {
      // A cursor names the last event taken as stored: the stream skips it and goes on after it (fromId is inclusive).
      await tx.query(`INSERT INTO sync_cursor (shard, event_id, block_number, event_time, updated_at) VALUES ($1, $2, $3, $4, now())`,
        [p.shard, String(Math.max(0, p.block * SEQUENCE_SPAN - 1)), String(Math.max(0, p.block - 1)), p.blockTime]);
    }
  });
}
