// The sync's one writer: a batch of ops (from live events, a backfill page or a
// reconcile) merged into the fc_* tables by the node's rules, the live counters
// moved by the difference, and each shard's cursor stored, all in one
// transaction: a crash leaves either all of a batch or none of it.
import type { SqlClient } from '../db/sql-client';
import { BUMP_DATA_VERSION_SQL } from '../repositories/protocols.sql';
import { applyCountDifference, applyDailyDifference, contributions, type ChangedKeys, type FollowState } from './live-counts';
import { mergeAdd, mergeTimed, mergeValue, restoreTimed, retractValue, type TimedRow, type ValueRow } from './merge-rules';
import type { AnyOp, CastAddOp, CastRemoveOp, SyncOp } from './sync-ops';
import { followEvents, liveFollowKeys } from './follow-events';
import { insertPushEvents } from '../repositories/push-outbox.sql';

/** Where a shard's stream stands after the batch: its last event, stored with the batch's rows. */
export interface ShardPosition { shard: number; eventId: number; blockNumber: number; eventTime: Date | null }

/** Rows the batch changed, per table. */
export interface ApplyResult { links: number; reactions: number; casts: number; userData: number; verifications: number; fnames: number; users: number }

interface LinkRow extends TimedRow { fid: number; target_fid: number }
interface ReactionRow extends TimedRow { fid: number; reaction_type: number; target_hash: string; target_fid: number }
interface VerificationRow extends TimedRow { fid: number; address: string; protocol: string }
interface UserDataRow extends ValueRow { fid: number; type: number }
interface CastRow {
  hash: string; fid: number; parent_fid: number | null; parent_hash: string | null; parent_url: string | null; text: string;
  embeds: string | null; mentions: number[]; quoted_hash: string | null; quoted_fid: number | null; timestamp: Date; deleted_at: Date | null;
}
interface FnameRow { fid: number; fname: string; deleted_at: Date | null }
interface UserRow { fid: number; registered_at: Date | null; custody_address: string | null }
interface CompactRow { fid: number; timestamp: Date; targets: number[] }

/** Stored rows by key as loaded, and the rows the batch leaves (only keys it changed). */
class Table<R> {
  readonly loaded = new Map<string, R>();
  readonly next = new Map<string, R>();
  current(key: string): R | undefined { return this.next.get(key) ?? this.loaded.get(key); }
  set(key: string, row: R | null) { if (row) this.next.set(key, row); }
}

/** Levels of replies a late parent passes its thread root down in one batch. */
const MAX_THREAD_DEPTH = 256;

const linkKey = (fid: number, target: number) => `${fid}|${target}`;
const reactionKey = (fid: number, type: number, hash: string) => `${fid}|${type}|${hash}`;
const pairKey = (fid: number, s: string | number) => `${fid}|${s}`;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const opsOf = (ops: AnyOp[]) => ops.map((o) => (o.kind === 'retract' || o.kind === 'restore' ? o.op : o));

async function loadRows(tx: SqlClient, ops: AnyOp[]) {
  const inner = opsOf(ops);
  const links = new Table<LinkRow>(); const reactions = new Table<ReactionRow>(); const casts = new Table<CastRow>();
  const userData = new Table<UserDataRow>(); const verifications = new Table<VerificationRow>();
  const fnames = new Table<FnameRow>(); const users = new Table<UserRow>();
  const of = <K extends SyncOp['kind']>(kind: K) => inner.filter((o): o is Extract<SyncOp, { kind: K }> => o.kind === kind);

  const l = of('link');
  const compactFids = of('linkCompact').map((o) => o.fid);
  const compacts = new Table<CompactRow>();
  // A pruned or revoked follow stays when its fid's compact state lists it: those states are read too.
  const retractedFollowFids = ops.flatMap((o) => (o.kind === 'retract' && o.op.kind === 'link' ? [o.op.fid] : []));
  if (compactFids.length || retractedFollowFids.length) {
    const rows = await tx.query<CompactRow>('SELECT fid, timestamp, targets FROM fc_link_compact WHERE fid = ANY($1::int[]) FOR UPDATE',
      [[...compactFids, ...retractedFollowFids]]);
    for (const x of rows) compacts.loaded.set(String(x.fid), x);
  }
  if (l.length || compactFids.length) {
    const rows = await tx.query<LinkRow>(`
      SELECT l.fid, l.target_fid, l.timestamp, l.deleted_at FROM fc_link l
      WHERE (l.fid, l.target_fid) IN (SELECT * FROM unnest($1::int[], $2::int[])) OR l.fid = ANY($3::int[]) FOR UPDATE`,
    [l.map((o) => o.fid), l.map((o) => o.target), compactFids]);
    for (const r of rows) links.loaded.set(linkKey(r.fid, r.target_fid), r);
  }
  const r = of('reaction');
  if (r.length) {
    const rows = await tx.query<ReactionRow>(`
      SELECT r.fid, r.reaction_type, r.target_hash, r.target_fid, r.timestamp, r.deleted_at FROM fc_reaction r
      WHERE (r.fid, r.reaction_type, r.target_hash) IN (SELECT * FROM unnest($1::int[], $2::int[], $3::text[])) FOR UPDATE`,
    [r.map((o) => o.fid), r.map((o) => o.type), r.map((o) => o.targetHash)]);
    for (const x of rows) reactions.loaded.set(reactionKey(x.fid, x.reaction_type, x.target_hash), x);
  }
  const c = inner.filter((o): o is Extract<SyncOp, { kind: 'castAdd' | 'castRemove' }> => o.kind === 'castAdd' || o.kind === 'castRemove');
  if (c.length) {
    const rows = await tx.query<CastRow>(`
      SELECT hash, fid, parent_fid, parent_hash, parent_url, text, embeds::text AS embeds, mentions, quoted_hash, quoted_fid, timestamp, deleted_at
      FROM fc_cast WHERE hash = ANY($1::text[]) FOR UPDATE`, [c.map((o) => o.hash)]);
    for (const x of rows) casts.loaded.set(x.hash, x);
  }
  const u = of('userData');
  if (u.length) {
    const rows = await tx.query<UserDataRow>(`
      SELECT fid, type, value, timestamp, deleted_at FROM fc_user_data
      WHERE (fid, type) IN (SELECT * FROM unnest($1::int[], $2::int[])) FOR UPDATE`, [u.map((o) => o.fid), u.map((o) => o.type)]);
    for (const x of rows) userData.loaded.set(pairKey(x.fid, x.type), x);
  }
  const v = of('verification');
  if (v.length) {
    const rows = await tx.query<VerificationRow>(`
      SELECT fid, address, protocol, timestamp, deleted_at FROM fc_verification
      WHERE (fid, address) IN (SELECT * FROM unnest($1::int[], $2::text[])) FOR UPDATE`, [v.map((o) => o.fid), v.map((o) => o.address)]);
    for (const x of rows) verifications.loaded.set(pairKey(x.fid, x.address), x);
  }
  const f = of('fname');
  if (f.length) {
    const rows = await tx.query<FnameRow>(`
      SELECT fid, fname, deleted_at FROM fc_fname WHERE (fid, fname) IN (SELECT * FROM unnest($1::int[], $2::text[])) FOR UPDATE`,
    [f.map((o) => o.fid), f.map((o) => o.fname)]);
    for (const x of rows) fnames.loaded.set(pairKey(x.fid, x.fname), x);
  }
  const us = of('user');
  if (us.length) {
    const rows = await tx.query<UserRow>('SELECT fid, registered_at, custody_address FROM fc_user WHERE fid = ANY($1::int[]) FOR UPDATE', [us.map((o) => o.fid)]);
    for (const x of rows) users.loaded.set(String(x.fid), x);
  }
  return { links, reactions, casts, userData, verifications, fnames, users, compacts };
}

type Tables = Awaited<ReturnType<typeof loadRows>>;

const castContent = (o: CastAddOp) => ({
  fid: o.fid, parent_fid: o.parentFid, parent_hash: o.parentHash, parent_url: o.parentUrl, text: o.text, embeds: o.embeds,
  mentions: o.mentions, quoted_hash: o.quotedHash, quoted_fid: o.quotedFid, timestamp: o.ts,
});

/**
 * The row a cast remove leaves when the cast was never seen: no content and the
 * remove's time. A cast the sync has seen always has embeds (at least "[]"), so
 * a cast added at the very time of its remove is not mistaken for one.
 */
const isCastStandIn = (r: CastRow): boolean =>
  r.deleted_at !== null && r.embeds === null && r.text === '' && r.timestamp.getTime() === r.deleted_at.getTime();

const removedCast = (o: CastRemoveOp, row: CastRow | undefined): CastRow => (row ? { ...row, deleted_at: o.ts }
  : { hash: o.hash, fid: o.fid, parent_fid: null, parent_hash: null, parent_url: null, text: '', embeds: null, mentions: [],
    quoted_hash: null, quoted_fid: null, timestamp: o.ts, deleted_at: o.ts });

/** Sets the batch's view of a key's row to what the node's message says (a reconcile's repair). */
function restore(t: Tables, o: SyncOp): void {
  switch (o.kind) {
    case 'link': {
      const key = linkKey(o.fid, o.target);
      t.links.set(key, { fid: o.fid, target_fid: o.target, ...restoreTimed(t.links.current(key), o.ts, o.remove) });
      return;
    }
    case 'reaction': {
      const key = reactionKey(o.fid, o.type, o.targetHash);
      const row = t.reactions.current(key);
      t.reactions.set(key, { fid: o.fid, reaction_type: o.type, target_hash: o.targetHash, target_fid: row?.target_fid ?? o.targetFid, ...restoreTimed(row, o.ts, o.remove) });
      return;
    }
    case 'verification': {
      const key = pairKey(o.fid, o.address);
      t.verifications.set(key, { fid: o.fid, address: o.address, protocol: o.protocol, ...restoreTimed(t.verifications.current(key), o.ts, o.remove) });
      return;
    }
    case 'userData':
      t.userData.set(pairKey(o.fid, o.type), { fid: o.fid, type: o.type, value: o.value, timestamp: o.ts, deleted_at: null });
      return;
    case 'castAdd':
      t.casts.set(o.hash, { hash: o.hash, ...castContent(o), deleted_at: null });
      return;
    case 'castRemove':
      t.casts.set(o.hash, removedCast(o, t.casts.current(o.hash)));
      return;
    default:
      // Fnames, fids and compact states have no stored time to distrust: merged as usual.
      merge(t, o);
  }
}

/** Merges one op into the batch's view of its row. */
function merge(t: Tables, op: AnyOp): void {
  if (op.kind === 'restore') { restore(t, op.op); return; }
  const retract = op.kind === 'retract' ? op : null;
  const o = retract ? retract.op : (op as SyncOp);
  switch (o.kind) {
    case 'link': {
      const key = linkKey(o.fid, o.target);
      const row = t.links.current(key);
      // The node keeps a follow its compact state lists when the follow's own add is pruned or revoked.
      if (retract && !o.remove && t.compacts.current(String(o.fid))?.targets.includes(o.target)) return;
      const times = mergeTimed(row, o.ts, o.remove, retract?.at ?? null);
      if (times) t.links.set(key, { fid: o.fid, target_fid: o.target, ...times });
      return;
    }
    case 'linkCompact': {
      const stored = t.compacts.current(String(o.fid));
      if (retract) {
        // A pruned compact state leaves the follows it listed, but no longer keeps them from a prune.
        if (stored && stored.timestamp.getTime() === o.ts.getTime()) t.compacts.set(String(o.fid), { ...stored, targets: [] });
        return;
      }
      if (stored && stored.timestamp.getTime() >= o.ts.getTime()) return; // an older state than the one stored
      t.compacts.set(String(o.fid), { fid: o.fid, timestamp: o.ts, targets: [...o.targets] });
      const listed = new Set(o.targets);
      for (const target of listed) {
        const key = linkKey(o.fid, target);
        const times = mergeAdd(t.links.current(key), o.ts);
        // A follow older than the compact state stays as it is; only missing or ended ones start at its time.
        if (times && !(t.links.current(key)?.deleted_at === null)) t.links.set(key, { fid: o.fid, target_fid: target, ...times });
      }
      const rows = new Map([...t.links.loaded, ...t.links.next]);
      for (const [key, row] of rows) {
        if (row.fid !== o.fid || listed.has(row.target_fid) || row.deleted_at !== null || row.timestamp.getTime() > o.ts.getTime()) continue;
        t.links.set(key, { ...row, deleted_at: o.ts });
      }
      return;
    }
    case 'reaction': {
      const key = reactionKey(o.fid, o.type, o.targetHash);
      const row = t.reactions.current(key);
      const times = mergeTimed(row, o.ts, o.remove, retract?.at ?? null);
      // A retract ends the stored row as it is (a reconcile names only its key and time).
      if (times) t.reactions.set(key, retract && row ? { ...row, ...times } : { fid: o.fid, reaction_type: o.type, target_hash: o.targetHash, target_fid: o.targetFid, ...times });
      return;
    }
    case 'verification': {
      const key = pairKey(o.fid, o.address);
      const row = t.verifications.current(key);
      const times = mergeTimed(row, o.ts, o.remove, retract?.at ?? null);
      if (times) t.verifications.set(key, retract && row ? { ...row, ...times } : { fid: o.fid, address: o.address, protocol: o.protocol, ...times });
      return;
    }
    case 'userData': {
      const key = pairKey(o.fid, o.type);
      const row = t.userData.current(key);
      const next = retract ? retractValue(row, o.value, o.ts, retract.at) : mergeValue(row, o.value, o.ts);
      if (next) t.userData.set(key, { fid: o.fid, type: o.type, ...next });
      return;
    }
    case 'castAdd': {
      const row = t.casts.current(o.hash);
      if (retract) {
        if (row && row.deleted_at === null) t.casts.set(o.hash, { ...row, deleted_at: new Date(Math.max(retract.at.getTime(), row.timestamp.getTime())) });
        return;
      }
      // A cast's content never changes: a known cast (live or removed) is a duplicate; the
      // stand-in of a remove that came first gets its content and stays removed.
      if (row && (row.deleted_at === null || !isCastStandIn(row))) return;
      t.casts.set(o.hash, { hash: o.hash, ...castContent(o), deleted_at: row?.deleted_at ?? null });
      return;
    }
    case 'castRemove': {
      if (retract) return;
      const row = t.casts.current(o.hash);
      if (row?.deleted_at) {
        // Of two removes of one cast the node keeps the later; the stand-in of a remove
        // without its cast (timestamp = deleted_at) follows it.
        if (o.ts.getTime() <= row.deleted_at.getTime()) return;
        const standIn = isCastStandIn(row);
        t.casts.set(o.hash, { ...row, deleted_at: o.ts, timestamp: standIn ? o.ts : row.timestamp });
        return;
      }
      t.casts.set(o.hash, removedCast(o, row));
      return;
    }
    case 'fname': {
      const key = pairKey(o.fid, o.fname);
      const row = t.fnames.current(key);
      if (retract) return;
      if (o.remove) {
        if (!row || row.deleted_at === null) t.fnames.set(key, { fid: o.fid, fname: o.fname, deleted_at: o.ts });
      } else if (!row || (row.deleted_at !== null && row.deleted_at.getTime() <= o.ts.getTime())) {
        t.fnames.set(key, { fid: o.fid, fname: o.fname, deleted_at: null });
      }
      return;
    }
    case 'user': {
      const key = String(o.fid);
      const row = t.users.current(key);
      const next = { fid: o.fid, registered_at: o.registeredAt ?? row?.registered_at ?? null, custody_address: o.custody ?? row?.custody_address ?? null };
      if (!row || row.registered_at?.getTime() !== next.registered_at?.getTime() || row.custody_address !== next.custody_address) t.users.set(key, next);
      return;
    }
  }
}

async function writeRows(tx: SqlClient, t: Tables): Promise<void> {
  const links = [...t.links.next.values()];
  if (links.length) {
    await tx.query(`
      INSERT INTO fc_link (fid, target_fid, timestamp, deleted_at) SELECT * FROM unnest($1::int[], $2::int[], $3::timestamptz[], $4::timestamptz[])
      ON CONFLICT (fid, target_fid) DO UPDATE SET timestamp = EXCLUDED.timestamp, deleted_at = EXCLUDED.deleted_at`,
    [links.map((r) => r.fid), links.map((r) => r.target_fid), links.map((r) => iso(r.timestamp)), links.map((r) => iso(r.deleted_at))]);
  }
  const reactions = [...t.reactions.next.values()];
  if (reactions.length) {
    await tx.query(`
      INSERT INTO fc_reaction (fid, reaction_type, target_hash, target_fid, timestamp, deleted_at)
      SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::int[], $5::timestamptz[], $6::timestamptz[])
      ON CONFLICT (fid, reaction_type, target_hash) DO UPDATE SET target_fid = EXCLUDED.target_fid, timestamp = EXCLUDED.timestamp, deleted_at = EXCLUDED.deleted_at`,
    [reactions.map((r) => r.fid), reactions.map((r) => r.reaction_type), reactions.map((r) => r.target_hash), reactions.map((r) => r.target_fid),
      reactions.map((r) => iso(r.timestamp)), reactions.map((r) => iso(r.deleted_at))]);
  }
  const casts = [...t.casts.next.values()];
  if (casts.length) {
    // mentions go as array literals: unnest cannot take a ragged int[][].
    await tx.query(`
      INSERT INTO fc_cast (hash, fid, parent_fid, parent_hash, parent_url, text, embeds, mentions, quoted_hash, quoted_fid, timestamp, deleted_at)
      SELECT h, f, pf, ph, pu, tx, e::jsonb, m::int[], qh, qf, ts, d
      FROM unnest($1::text[], $2::int[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::int[],
        $11::timestamptz[], $12::timestamptz[]) AS x(h, f, pf, ph, pu, tx, e, m, qh, qf, ts, d)
      ON CONFLICT (hash) DO UPDATE SET fid = EXCLUDED.fid, parent_fid = EXCLUDED.parent_fid, parent_hash = EXCLUDED.parent_hash,
        parent_url = EXCLUDED.parent_url, text = EXCLUDED.text, embeds = EXCLUDED.embeds, mentions = EXCLUDED.mentions,
        quoted_hash = EXCLUDED.quoted_hash, quoted_fid = EXCLUDED.quoted_fid, timestamp = EXCLUDED.timestamp, deleted_at = EXCLUDED.deleted_at`,
    [casts.map((r) => r.hash), casts.map((r) => r.fid), casts.map((r) => r.parent_fid), casts.map((r) => r.parent_hash),
      casts.map((r) => r.parent_url), casts.map((r) => r.text), casts.map((r) => r.embeds), casts.map((r) => `{${r.mentions.join(',')}}`),
      casts.map((r) => r.quoted_hash), casts.map((r) => r.quoted_fid), casts.map((r) => iso(r.timestamp)), casts.map((r) => iso(r.deleted_at))]);
    // The thread root: a reply takes its parent's once the parent is stored. Shards deliver
    // in no common order, so a cast stored after its replies passes its root down to them,
    // level by level (an index probe on parent_hash per level; most casts have no replies
    // yet, so one probe), until a level changes nothing. Hashes make a cycle impossible on the
    // network; the walk is bounded anyway so that no stored data can make it endless.
    const hashes = casts.map((r) => r.hash);
    await tx.query(`
      UPDATE fc_cast c SET root_parent_hash = coalesce(p.root_parent_hash, p.hash) FROM fc_cast p
      WHERE c.hash = ANY($1::text[]) AND p.hash = c.parent_hash AND c.root_parent_hash IS DISTINCT FROM coalesce(p.root_parent_hash, p.hash)`,
    [hashes]);
    for (let parents = hashes, level = 0; parents.length && level < MAX_THREAD_DEPTH; level++) {
      parents = (await tx.query<{ hash: string }>(`
        UPDATE fc_cast c SET root_parent_hash = coalesce(p.root_parent_hash, p.hash) FROM fc_cast p
        WHERE c.parent_hash = ANY($1::text[]) AND p.hash = c.parent_hash AND c.root_parent_hash IS DISTINCT FROM coalesce(p.root_parent_hash, p.hash)
        RETURNING c.hash`, [parents])).map((r) => r.hash);
    }
  }
  const userData = [...t.userData.next.values()];
  if (userData.length) {
    await tx.query(`
      INSERT INTO fc_user_data (fid, type, value, timestamp, deleted_at) SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::timestamptz[], $5::timestamptz[])
      ON CONFLICT (fid, type) DO UPDATE SET value = EXCLUDED.value, timestamp = EXCLUDED.timestamp, deleted_at = EXCLUDED.deleted_at`,
    [userData.map((r) => r.fid), userData.map((r) => r.type), userData.map((r) => r.value), userData.map((r) => iso(r.timestamp)), userData.map((r) => iso(r.deleted_at))]);
  }
  const verifications = [...t.verifications.next.values()];
  if (verifications.length) {
    await tx.query(`
      INSERT INTO fc_verification (fid, address, protocol, timestamp, deleted_at)
      SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::timestamptz[], $5::timestamptz[])
      ON CONFLICT (fid, address) DO UPDATE SET protocol = EXCLUDED.protocol, timestamp = EXCLUDED.timestamp, deleted_at = EXCLUDED.deleted_at`,
    [verifications.map((r) => r.fid), verifications.map((r) => r.address), verifications.map((r) => r.protocol),
      verifications.map((r) => iso(r.timestamp)), verifications.map((r) => iso(r.deleted_at))]);
  }
  const fnames = [...t.fnames.next.values()];
  if (fnames.length) {
    await tx.query(`
      INSERT INTO fc_fname (fid, fname, deleted_at) SELECT * FROM unnest($1::int[], $2::text[], $3::timestamptz[])
      ON CONFLICT (fid, fname) DO UPDATE SET deleted_at = EXCLUDED.deleted_at`,
    [fnames.map((r) => r.fid), fnames.map((r) => r.fname), fnames.map((r) => iso(r.deleted_at))]);
  }
  const compacts = [...t.compacts.next.values()];
  if (compacts.length) {
    // Targets as array literals: unnest cannot take a ragged int[][].
    await tx.query(`
      INSERT INTO fc_link_compact (fid, timestamp, targets) SELECT f, ts, t::int[] FROM unnest($1::int[], $2::timestamptz[], $3::text[]) AS x(f, ts, t)
      ON CONFLICT (fid) DO UPDATE SET timestamp = EXCLUDED.timestamp, targets = EXCLUDED.targets`,
    [compacts.map((r) => r.fid), compacts.map((r) => iso(r.timestamp)), compacts.map((r) => `{${r.targets.join(',')}}`)]);
  }
  const users = [...t.users.next.values()];
  if (users.length) {
    await tx.query(`
      INSERT INTO fc_user (fid, registered_at, custody_address) SELECT * FROM unnest($1::int[], $2::timestamptz[], $3::text[])
      ON CONFLICT (fid) DO UPDATE SET registered_at = EXCLUDED.registered_at, custody_address = EXCLUDED.custody_address`,
    [users.map((r) => r.fid), users.map((r) => iso(r.registered_at)), users.map((r) => r.custody_address)]);
  }
}

/** Keys whose rows the batch changed, for the live counters. */
function changedKeys(t: Tables): ChangedKeys {
  return {
    links: [...t.links.next.values()].map((r) => ({ fid: r.fid, target: r.target_fid })),
    reactions: [...t.reactions.next.values()].map((r) => ({ fid: r.fid, type: r.reaction_type, hash: r.target_hash })),
    casts: [...t.casts.next.keys()],
  };
}

const followState = (r: LinkRow | undefined): FollowState | undefined =>
  r && { fid: r.fid, target: r.target_fid, timestamp: r.timestamp, deleted_at: r.deleted_at };

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
 * `liveOps`: the ops that came from live events; the follows they make are push events (in the same transaction).
 */
export async function applyOps(sql: SqlClient, ops: AnyOp[], positions: readonly ShardPosition[] = [], liveOps: readonly AnyOp[] = []): Promise<ApplyResult> {
  return sql.transaction(async (tx) => {
    const t = await loadRows(tx, ops);
    for (const op of ops) merge(t, op);
    const keys = changedKeys(t);
    // A row that did not exist counts for nothing before the batch (every counted pair
    // needs both of its rows), so the "before" pass reads only rows that were loaded.
    const before = await contributions(tx, {
      links: keys.links.filter((k) => t.links.loaded.has(linkKey(k.fid, k.target))),
      reactions: keys.reactions.filter((k) => t.reactions.loaded.has(reactionKey(k.fid, k.type, k.hash))),
      casts: keys.casts.filter((h) => t.casts.loaded.has(h)),
    });
    const linkChanges = [...t.links.next].map(([key, row]) => ({ before: followState(t.links.loaded.get(key)), after: followState(row) }));
    await writeRows(tx, t);
    const after = await contributions(tx, keys);
    await applyCountDifference(tx, before, after);
    await applyDailyDifference(tx, linkChanges);
    await insertPushEvents(tx, await followEvents(tx, linkChanges, liveFollowKeys(liveOps), before.profiles, after.profiles));
    await storePositions(tx, positions);
    // Rows or the as-of time (answers show it) may have moved: answers cached before this transaction no longer match.
    if (ops.length || positions.length) await tx.query(BUMP_DATA_VERSION_SQL);
    return {
      links: t.links.next.size, reactions: t.reactions.next.size, casts: t.casts.next.size, userData: t.userData.next.size,
      verifications: t.verifications.next.size, fnames: t.fnames.next.size, users: t.users.next.size,
    };
  });
}
