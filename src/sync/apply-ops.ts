// The sync's one writer: a batch of ops (from live events, a backfill page or a
// reconcile) merged into the fc_* tables by the node's rules, the live counters
// moved by the difference, and each shard's cursor stored, all in one
// transaction: a crash leaves either all of a batch or none of it. What each
// table stores and how each op kind merges into it is its adapter's
// (src/sync/tables/); this file only runs them in order.
import type { SqlClient } from '../db/sql-client';
import { BUMP_DATA_VERSION_SQL } from '../repositories/protocols.sql';
import { insertPushEvents } from '../repositories/push-outbox.sql';
import { applyCountDifference, applyDailyDifference, contributions, type ChangedKeys, type FollowState } from './live-counts';
import type { AnyOp, SyncOp } from './sync-ops';
import { followEvents, liveFollowKeys } from './follow-events';
import { notificationEvents } from './notification-events';
import { tableSteps, type OpKind, type OpRule, type TableSteps } from './tables/adapter';
import { castAdapter } from './tables/cast.adapter';
import { channelFollowAdapter } from './tables/channel-follow.adapter';
import { channelRegisterAdapter } from './tables/channel-register.adapter';
import { channelMemberAdapter, channelModerationAdapter, channelPinAdapter, channelUpdateAdapter } from './tables/channel-slot.adapter';
import { fnameAdapter } from './tables/fname.adapter';
import { linkCompactAdapter } from './tables/link-compact.adapter';
import { linkAdapter } from './tables/link.adapter';
import { reactionAdapter } from './tables/reaction.adapter';
import { emptyBatchRows, linkKey, reactionKey, type BatchRows, type LinkRow } from './tables/rows';
import { gaslessKeyAdapter } from './tables/gasless-key.adapter';
import { storageLendAdapter } from './tables/storage-lend.adapter';
import { storageRentAdapter } from './tables/storage-rent.adapter';
import { userDataAdapter } from './tables/user-data.adapter';
import { tierPurchaseAdapter } from './tables/tier-purchase.adapter';
import { userAdapter } from './tables/user.adapter';
import { verificationAdapter } from './tables/verification.adapter';

/** Where a shard's stream stands after the batch: its last event, stored with the batch's rows. */
export interface ShardPosition { shard: number; eventId: number; blockNumber: number; eventTime: Date | null }

/** A live event the sync has no rule for, kept as the node sent it (sync_unhandled). */
export interface UnhandledEvent { position: ShardPosition; type: string; raw: Buffer; receivedAt: Date }

async function storeUnhandled(tx: SqlClient, events: readonly UnhandledEvent[]): Promise<void> {
  if (!events.length) return;
  // Hex text rather than bytea[]: one parameter encoding for every driver. An event delivered again is kept once.
  await tx.query(`
    INSERT INTO sync_unhandled (shard, event_id, block_number, type, raw, received_at)
    SELECT s, e, b, t, decode(r, 'hex'), at FROM unnest($1::int[], $2::bigint[], $3::bigint[], $4::text[], $5::text[], $6::timestamptz[]) AS x(s, e, b, t, r, at)
    ON CONFLICT (shard, event_id) DO NOTHING`,
  [events.map((u) => u.position.shard), events.map((u) => String(u.position.eventId)), events.map((u) => String(u.position.blockNumber)),
    events.map((u) => u.type), events.map((u) => u.raw.toString('hex')), events.map((u) => u.receivedAt.toISOString())]);
}

/** Rows the batch changed, per table. */
export interface ApplyResult { links: number; reactions: number; casts: number; userData: number; verifications: number; fnames: number; users: number }

/**
 * Every table the sync writes, in the one order all writers lock and store
 * them in. Compact states come first: a link's merge reads its fid's state.
 */
const TABLES: readonly TableSteps[] = [
  tableSteps(linkCompactAdapter), tableSteps(linkAdapter), tableSteps(reactionAdapter), tableSteps(castAdapter),
  tableSteps(userDataAdapter), tableSteps(verificationAdapter), tableSteps(fnameAdapter), tableSteps(userAdapter), tableSteps(tierPurchaseAdapter),
  tableSteps(storageRentAdapter), tableSteps(storageLendAdapter), tableSteps(gaslessKeyAdapter),
  tableSteps(channelRegisterAdapter), tableSteps(channelUpdateAdapter), tableSteps(channelMemberAdapter), tableSteps(channelPinAdapter),
  tableSteps(channelModerationAdapter), tableSteps(channelFollowAdapter),
];

/** The merge rule of each op kind; the type makes every kind have one. */
const RULES: { [K in OpKind]: OpRule<K> } = {
  ...linkCompactAdapter.rules, ...linkAdapter.rules, ...reactionAdapter.rules, ...castAdapter.rules,
  ...userDataAdapter.rules, ...verificationAdapter.rules, ...fnameAdapter.rules, ...userAdapter.rules, ...tierPurchaseAdapter.rules,
  ...storageRentAdapter.rules, ...storageLendAdapter.rules, ...gaslessKeyAdapter.rules,
  ...channelRegisterAdapter.rules, ...channelUpdateAdapter.rules, ...channelMemberAdapter.rules, ...channelPinAdapter.rules,
  ...channelModerationAdapter.rules, ...channelFollowAdapter.rules,
};

const rule = <K extends OpKind>(op: Extract<SyncOp, { kind: K }>): OpRule<K> => RULES[op.kind];

/** Merges one op into the batch's view of its rows. */
function merge(b: BatchRows, op: AnyOp): void {
  if (op.kind === 'restore') {
    const r = rule(op.op);
    if (r.restore) r.restore(b, op.op); else r.merge(b, op.op, null);
    return;
  }
  if (op.kind === 'retract') rule(op.op).merge(b, op.op, op);
  else rule(op).merge(b, op, null);
}

async function loadRows(tx: SqlClient, ops: readonly AnyOp[]): Promise<BatchRows> {
  const b = emptyBatchRows();
  for (const t of TABLES) await t.lock(tx, ops, b);
  return b;
}

async function writeRows(tx: SqlClient, b: BatchRows): Promise<void> {
  for (const t of TABLES) await t.write(tx, b);
}

/** Keys whose rows the batch changed, for the live counters. */
function changedKeys(b: BatchRows): ChangedKeys {
  return {
    links: [...b.links.next.values()].map((r) => ({ fid: r.fid, target: r.target_fid })),
    reactions: [...b.reactions.next.values()].map((r) => ({ fid: r.fid, type: r.reaction_type, hash: r.target_hash })),
    casts: [...b.casts.next.keys()],
  };
}

const followState = (r: LinkRow | undefined): FollowState | undefined =>
  r && { fid: r.fid, target: r.target_fid, timestamp: r.timestamp, deleted_at: r.deleted_at };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function storePositions(tx: SqlClient, positions: readonly ShardPosition[]): Promise<void> {
  if (!positions.length) return;
  await tx.query(`
    INSERT INTO sync_cursor (shard, event_id, block_number, event_time, updated_at)
    SELECT s, e, b, t, now() FROM unnest($1::int[], $2::bigint[], $3::bigint[], $4::timestamptz[]) AS x(s, e, b, t)
    ON CONFLICT (shard) DO UPDATE SET event_id = EXCLUDED.event_id, block_number = EXCLUDED.block_number,
      event_time = coalesce(EXCLUDED.event_time, sync_cursor.event_time), updated_at = now()
    WHERE EXCLUDED.event_id >= sync_cursor.event_id`,
  [positions.map((p) => p.shard), positions.map((p) => String(p.eventId)), positions.map((p) => String(p.blockNumber)), positions.map((p) => iso(p.eventTime))]);
  // Farcaster's data is as of the block time every shard has reached.
  await tx.query(`
    INSERT INTO protocol_state (protocol, as_of) SELECT 'farcaster', min(event_time) FROM sync_cursor HAVING min(event_time) IS NOT NULL
    ON CONFLICT (protocol) DO UPDATE SET as_of = GREATEST(protocol_state.as_of, EXCLUDED.as_of)`);
}

/**
 * Merges the ops (in order) and stores the shards' positions, in one transaction.
 * `liveOps`: the ops that came from live events; the follows, reactions and casts they make are push events (in the same transaction).
 * `unhandled`: live events no op stands for, stored raw with the batch, so that the cursor never passes one that is not kept.
 */
export async function applyOps(
  sql: SqlClient, ops: AnyOp[], positions: readonly ShardPosition[] = [], liveOps: readonly AnyOp[] = [], unhandled: readonly UnhandledEvent[] = [],
): Promise<ApplyResult> {
  return sql.transaction(async (tx) => {
    const b = await loadRows(tx, ops);
    for (const op of ops) merge(b, op);
    const keys = changedKeys(b);
    // A row that did not exist counts for nothing before the batch (every counted pair
    // needs both of its rows), so the "before" pass reads only rows that were loaded.
    const before = await contributions(tx, {
      links: keys.links.filter((k) => b.links.loaded.has(linkKey(k.fid, k.target))),
      reactions: keys.reactions.filter((k) => b.reactions.loaded.has(reactionKey(k.fid, k.type, k.hash))),
      casts: keys.casts.filter((h) => b.casts.loaded.has(h)),
    });
    const linkChanges = [...b.links.next].map(([key, row]) => ({ before: followState(b.links.loaded.get(key)), after: followState(row) }));
    await writeRows(tx, b);
    const after = await contributions(tx, keys);
    await applyCountDifference(tx, before, after);
    await applyDailyDifference(tx, linkChanges);
    await insertPushEvents(tx, [
      ...await followEvents(tx, linkChanges, liveFollowKeys(liveOps), before.profiles, after.profiles),
      ...notificationEvents(b, liveOps),
    ]);
    await storeUnhandled(tx, unhandled);
    await storePositions(tx, positions);
    // Rows or the as-of time (answers show it) may have moved: answers cached before this transaction no longer match.
    if (ops.length || positions.length) await tx.query(BUMP_DATA_VERSION_SQL);
    return {
      links: b.links.next.size, reactions: b.reactions.next.size, casts: b.casts.next.size, userData: b.userData.next.size,
      verifications: b.verifications.next.size, fnames: b.fnames.next.size, users: b.users.next.size,
    };
  });
}
