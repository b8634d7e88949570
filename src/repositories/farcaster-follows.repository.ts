// Live Farcaster follows of a batch of fids, one statement per batch: totals
// (the live counters through live-counters.ts: a page of a fid with a million
// followers does not count them) and offset pages, newest follow first.
// Unfollows (deleted_at) and self-follows never count.
import type { Database } from '../db/database';
import { orderBy } from './paging.sql';
import { farcasterProfileCounters } from './live-counters';

export type FollowDirection = 'followers' | 'following';

export interface FollowTotalsRow { fid: number; followers: number; following: number }
export interface FollowPageRow { fid: number; other: number; followed_at: Date }

const c = farcasterProfileCounters('c', 'x.fid');

export function followTotals(db: Database, fids: readonly number[]): Promise<FollowTotalsRow[]> {
  return db.read<FollowTotalsRow>(`
    SELECT x.fid, ${c.counter('followers')} AS followers, ${c.counter('following')} AS following
    FROM unnest($1::int[]) AS x(fid) ${c.join}`, [...fids]);
}

/**
 * Newest follow first, ties by the other fid descending (as recentFollowers):
 * `limit` rows after skipping `offset`, or (`fromEnd`) the same counted from
 * the end of the list, oldest first.
 */
export function followPage(db: Database, direction: FollowDirection, fids: readonly number[], limit: number, offset: number, fromEnd = false): Promise<FollowPageRow[]> {
  const [mine, other] = direction === 'followers' ? ['target_fid', 'fid'] : ['fid', 'target_fid'];
  return db.read<FollowPageRow>(`
    SELECT x.fid, p.other, p.followed_at
    FROM unnest($1::int[]) AS x(fid)
    CROSS JOIN LATERAL (
      SELECT l.${other} AS other, l.timestamp AS followed_at FROM fc_link l
      WHERE l.${mine} = x.fid AND l.deleted_at IS NULL AND l.${other} <> x.fid
      ORDER BY ${orderBy([['l.timestamp', 'DESC'], [`l.${other}`, 'DESC']], fromEnd)} LIMIT $2 OFFSET $3) p
    ORDER BY x.fid, ${orderBy([['p.followed_at', 'DESC'], ['p.other', 'DESC']], fromEnd)}`, [...fids], limit, offset);
}
