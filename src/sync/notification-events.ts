// The notification push events of a sync batch: a like or recast that a live
// event made current, and a live new cast's reply, quote and mentions, each to
// the fid it notifies. The same rule as the notifications list
// (repositories/notifications.repository.ts): nobody is notified of their own
// action, and a cast that replies to a fid is not also its quote or mention.
// Backfill and reconcile pages emit nothing (they catch up with the past, not news).
import type { NotificationEventData, OutboxEvent } from '../domain/push-events';
import type { AnyOp } from './sync-ops';
import { reactionKey, type BatchRows, type CastRow, type ReactionRow } from './tables/rows';

const liveRow = (r: { deleted_at: Date | null } | undefined) => Boolean(r && r.deleted_at === null);

const event = (data: NotificationEventData): OutboxEvent => ({ type: 'NOTIFICATION', data });

function reactionEvent(r: ReactionRow): OutboxEvent[] {
  if (r.fid === r.target_fid || (r.reaction_type !== 1 && r.reaction_type !== 2)) return [];
  return [event({ fid: r.target_fid, kind: r.reaction_type === 1 ? 'LIKE' : 'REPOST', actorFid: r.fid, targetHash: r.target_hash, castHash: null, at: r.timestamp.toISOString() })];
}

function castEvents(c: CastRow): OutboxEvent[] {
  const at = c.timestamp.toISOString();
  const base = { actorFid: c.fid, castHash: c.hash, at };
  const out: OutboxEvent[] = [];
  if (c.parent_fid !== null && c.parent_hash && c.parent_fid !== c.fid) out.push(event({ ...base, fid: c.parent_fid, kind: 'REPLY', targetHash: c.parent_hash }));
  if (c.quoted_fid !== null && c.quoted_hash && c.quoted_fid !== c.fid && c.quoted_fid !== c.parent_fid) {
    out.push(event({ ...base, fid: c.quoted_fid, kind: 'QUOTE', targetHash: c.quoted_hash }));
  }
  for (const m of new Set(c.mentions)) {
    if (m !== c.fid && m !== c.parent_fid && m !== c.quoted_fid) out.push(event({ ...base, fid: m, kind: 'MENTION', targetHash: c.hash }));
  }
  return out;
}

/** The events of the rows the batch made live whose keys live events named. */
export function notificationEvents(b: BatchRows, liveOps: readonly AnyOp[]): OutboxEvent[] {
  if (!liveOps.length) return [];
  const reactions = new Set<string>();
  const casts = new Set<string>();
  for (const o of liveOps) {
    if (o.kind === 'reaction' && !o.remove) reactions.add(reactionKey(o.fid, o.type, o.targetHash));
    else if (o.kind === 'castAdd') casts.add(o.hash);
  }
  const out: OutboxEvent[] = [];
  for (const key of reactions) {
    const row = b.reactions.next.get(key);
    if (row && liveRow(row) && !liveRow(b.reactions.loaded.get(key))) out.push(...reactionEvent(row));
  }
  for (const hash of casts) {
    const row = b.casts.next.get(hash);
    if (row && liveRow(row) && !liveRow(b.casts.loaded.get(hash))) out.push(...castEvents(row));
  }
  return out;
}
