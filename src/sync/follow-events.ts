// The push events of a sync batch: a new follower for each follow that a live
// event made current, and the follower milestones its target passed. Backfill
// and reconcile pages emit nothing (they catch up with the past, not news).
import type { SqlClient } from '../db/sql-client';
import { farcasterCounterSql } from '../repositories/live-counters';
import { milestonesCrossed, type OutboxEvent } from '../domain/push-events';
import type { Counts } from './live-counts';
import type { AnyOp } from './sync-ops';

interface LinkState { fid: number; target: number; timestamp: Date; deleted_at: Date | null }

const live = (r: LinkState | undefined) => Boolean(r && r.deleted_at === null && r.fid !== r.target);

/** Follow keys (`fid|target`) that live events of the batch named. */
export const liveFollowKeys = (ops: readonly AnyOp[]): Set<string> =>
  new Set(ops.flatMap((o) => (o.kind === 'link' ? [`${o.fid}|${o.target}`] : [])));

export async function followEvents(
  tx: SqlClient, changes: { before?: LinkState; after?: LinkState }[], liveKeys: ReadonlySet<string>,
  before: Map<number, Counts>, after: Map<number, Counts>,
): Promise<OutboxEvent[]> {
  if (!liveKeys.size) return [];
  const events: OutboxEvent[] = [];
  const targets = new Set<number>();
  for (const c of changes) {
    const a = c.after;
    if (!a || !liveKeys.has(`${a.fid}|${a.target}`) || !live(a) || live(c.before)) continue;
    events.push({ type: 'NEW_FOLLOWER', data: { fid: a.target, followerFid: a.fid, followedAt: a.timestamp.toISOString() } });
    targets.add(a.target);
  }
  const gained = [...targets].map((fid) => ({ fid, delta: (after.get(fid)?.followers ?? 0) - (before.get(fid)?.followers ?? 0) })).filter((g) => g.delta > 0);
  if (!gained.length) return events;
  // The followers every answer gives (counted from the rows while an import has left the counters stale).
  const rows = await tx.query<{ fid: number; followers: number }>(`SELECT x.fid, ${farcasterCounterSql('followers', 'x.fid')} AS followers
    FROM unnest($1::int[]) AS x(fid)`, [gained.map((g) => g.fid)]);
  const now = new Map(rows.map((r) => [r.fid, r.followers]));
  for (const g of gained) {
    const followers = now.get(g.fid) ?? 0;
    for (const milestone of milestonesCrossed(followers - g.delta, followers)) events.push({ type: 'FOLLOWER_MILESTONE', data: { fid: g.fid, milestone, followers } });
  }
  return events;
}
