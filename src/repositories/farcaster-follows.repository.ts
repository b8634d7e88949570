// Live Farcaster follows of a batch of fids, one statement per batch: totals
// (the live counters through live-counters.ts: a page of a fid with a million
// followers does not count them), keyset pages (the GraphQL cursors), offset
// pages (the REST face's `page`), and how many follows lie ahead of a key (a
// keyset page's page number). Newest follow first, ties by the other fid
// descending, in all of them. Unfollows (deleted_at) and self-follows never count.
import type { Database } from '../db/database';
import { FID } from '../domain/protocols';
import { keysetJoin, keysetSql, orderBy, type KeysetRead } from './paging.sql';
import { farcasterProfileCounters } from './live-counters';

export type FollowDirection = 'followers' | 'following';

export interface FollowTotalsRow { fid: number; followers: number; following: number }
export interface FollowPageRow { fid: number; other: number; followed_at: Date }
/** other and followed_at are null on the one row of a fid whose page is empty (it carries `beyond`). */
export interface FollowKeysetRow { fid: number; other: number | null; followed_at: Date | null; beyond: boolean }
/** A follow's place in a list: its time and the other fid. */
export interface FollowKey { fid: number; at: Date; other: number }

const c = farcasterProfileCounters('c', 'x.fid');

/** The fid's own column and the other side's, and the live follows of x.fid (self excluded). */
function sides(direction: FollowDirection) {
  const [mine, other] = direction === 'followers' ? ['target_fid', 'fid'] : ['fid', 'target_fid'];
  return { other, live: `l.${mine} = x.fid AND l.deleted_at IS NULL AND l.${other} <> x.fid` };
}

export function followTotals(db: Database, fids: readonly number[]): Promise<FollowTotalsRow[]> {
  return db.read<FollowTotalsRow>(`
    SELECT x.fid, ${c.counter('followers')} AS followers, ${c.counter('following')} AS following
    FROM unnest($1::int[]) AS x(fid) ${c.join}`, [...fids]);
}

/**
 * `limit` rows after skipping `offset`, or (`fromEnd`) the same counted from
 * the end of the list, oldest first. The REST face's `page`, and offset cursors
 * written before the lists were keyset-paged.
 */
export function followPage(db: Database, direction: FollowDirection, fids: readonly number[], limit: number, offset: number, fromEnd = false): Promise<FollowPageRow[]> {
  const { other, live } = sides(direction);
  return db.read<FollowPageRow>(`
    SELECT x.fid, p.other, p.followed_at
    FROM unnest($1::int[]) AS x(fid)
    CROSS JOIN LATERAL (
      SELECT l.${other} AS other, l.timestamp AS followed_at FROM fc_link l
      WHERE ${live}
      ORDER BY ${orderBy([['l.timestamp', 'DESC'], [`l.${other}`, 'DESC']], fromEnd)} LIMIT $2 OFFSET $3) p
    ORDER BY x.fid, ${orderBy([['p.followed_at', 'DESC'], ['p.other', 'DESC']], fromEnd)}`, [...fids], limit, offset);
}

/**
 * A keyset page by (time, other fid) either way: followers walk
 * fc_link_target_live_idx in its order; a fid's follows are read through the
 * primary key (a user follows few beside the followers some have).
 */
export function followKeysetPage(db: Database, direction: FollowDirection, fids: readonly number[], read: KeysetRead): Promise<FollowKeysetRow[]> {
  const { text, params } = followKeysetStatement(direction, fids, read);
  return db.read<FollowKeysetRow>(text, ...params);
}

/** The statement of followKeysetPage and its parameters (the throughput bench's bare server runs it too). */
export function followKeysetStatement(direction: FollowDirection, fids: readonly number[], read: KeysetRead): { text: string; params: unknown[] } {
  const { other, live } = sides(direction);
  const k = keysetSql({ time: 'l.timestamp', id: `l.${other}`, ids: FID, idType: 'int' }, read, 3);
  const { join, beyond } = keysetJoin(k, { from: 'fc_link l', where: live }, `
      SELECT l.${other} AS other, l.timestamp AS followed_at FROM fc_link l
      WHERE ${live} ${k.page}
      ORDER BY ${k.order} LIMIT $2`, 'r');
  const text = `
    SELECT x.fid, r.other, r.followed_at, ${beyond}
    FROM unnest($1::int[]) AS x(fid)
    ${join}`;
  return { text, params: [[...fids], read.limit, ...k.params] };
}

/** For each key (in key order): the live follows of its fid that come before it in list order (newer, or as new with a larger fid). */
export async function followsAhead(db: Database, direction: FollowDirection, keys: readonly FollowKey[]): Promise<number[]> {
  const { other, live } = sides(direction);
  const rows = await db.read<{ i: number; ahead: number }>(`
    SELECT x.i::int AS i, (SELECT count(*) FROM fc_link l WHERE ${live} AND (l.timestamp, l.${other}) > (x.at, x.other))::int AS ahead
    FROM unnest($1::int[], $2::timestamptz[], $3::int[]) WITH ORDINALITY AS x(fid, at, other, i)`,
  keys.map((k) => k.fid), keys.map((k) => k.at.toISOString()), keys.map((k) => k.other));
  const byIndex = new Map(rows.map((r) => [r.i, r.ahead]));
  return keys.map((_, i) => byIndex.get(i + 1) ?? 0);
}
