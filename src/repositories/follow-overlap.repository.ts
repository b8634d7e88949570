// Follow lists of one profile seen from a second one, for either protocol
// (its follow table and id kind from domain/protocols): followers the viewer
// follows, mutual follows, and who unfollowed in a window. One statement per
// batch of profiles sharing the arguments. The first two walk the shorter of
// two lists, the follows of one profile (the viewer's, or the profile's own)
// or the profile's followers, and check the other follow by key; unfollows
// come from a partial index.
import type { Database } from '../db/database';
import type { ProtocolSpec } from '../domain/protocols';
import { followCountSql } from './live-counters';
import { keysetJoin, keysetSql, orderBy, type KeysetRead, type OffsetRead, type OrderTerm } from './paging.sql';

/**
 * `via` picks who must follow the listed followers: a viewer (followers you
 * know) or the profile itself (mutual follows).
 */
export type OverlapVia = { viewer: number | string } | 'self';

/** `total` is the whole list's length, read with the page (the page needs the whole list to sort it anyway). */
export interface OverlapRow { profile: string | number; other: string | number; followed_at: Date; followers: number; total: number }
export interface OverlapTotalRow { profile: string | number; total: number }

/** What `stats.followers` / `stats.following` answer. */
const followCount = (p: ProtocolSpec, column: 'followers' | 'following', idExpr: string) => followCountSql(p.name, column, idExpr);

/**
 * (other, followed_at) of the followers `other` of profile x.id whom the
 * source (the viewer, or x itself) also follows, followed_at being when
 * `other` followed x. Two ways to the same rows, and the shorter list drives
 * (the counts decide, in a gate evaluated before either way runs, so only one
 * does); each row it yields is checked by key on the other side:
 * - the source's live follows, each checked against x: the LIMIT keeps the
 *   planner from flattening the check into a join it might start from the
 *   other side, all followers of a large profile (its estimate for
 *   `target = x.id` is a generic one);
 * - x's live followers, each checked against the source's follows.
 * Each way costs about one probe per row of the list that drives it, so the
 * wrong one is as much slower as the lists differ in length: walking a
 * large profile's followers for a viewer of a few hundred follows is the
 * slowest answer there is (docs/performance.md#request-path). The counts
 * only choose the way: stale or
 * missing, the rows are the same. The checks of the first way are
 * index-only probes into the profile's own run of a live-follows index
 * (fc_link_target_follower_live_idx, lens_follow_live_idx: see their
 * migration), not a leaf and a heap page each anywhere in the table.
 */
function overlapRows(p: ProtocolSpec, via: OverlapVia, viewerParam: string) {
  const { table, follower, followee } = p.follows;
  const source = via === 'self' ? 'x.id' : viewerParam;
  const fromFollowers = `(${followCount(p, 'followers', 'x.id')} <= ${followCount(p, 'following', source)})`;
  return `SELECT o.${followee} AS other, l.timestamp AS followed_at FROM ${table} o
      CROSS JOIN LATERAL (SELECT l.timestamp FROM ${table} l
        WHERE l.${follower} = o.${followee} AND l.${followee} = x.id AND l.deleted_at IS NULL LIMIT 1) l
      WHERE NOT ${fromFollowers} AND o.${follower} = ${source} AND o.deleted_at IS NULL AND o.${followee} <> ${source} AND o.${followee} <> x.id
    UNION ALL
    SELECT l.${follower}, l.timestamp FROM ${table} l
      WHERE ${fromFollowers} AND l.${followee} = x.id AND l.deleted_at IS NULL AND l.${follower} <> ${source} AND l.${follower} <> x.id
        AND EXISTS (SELECT 1 FROM ${table} o WHERE o.${follower} = ${source} AND o.${followee} = l.${follower} AND o.deleted_at IS NULL)`;
}

/** The list order: the other profile's followers, most first, then its id ascending (numeric). */
const overlapOrder = (p: ProtocolSpec, alias: string): OrderTerm[] =>
  [[`${alias}.followers`, 'DESC'], ...p.id.keys(`${alias}.other`).split(', ').map((t): OrderTerm => [t, 'ASC'])];

/** `limit` rows after skipping `offset`, or (`fromEnd`) counted from the end of the list, in flipped order. */
export function overlapPage(db: Database, p: ProtocolSpec, ids: readonly (string | number)[], via: OverlapVia, read: OffsetRead): Promise<OverlapRow[]> {
  const viewer = via === 'self' ? [] : [via.viewer];
  return db.read<OverlapRow>(`
    SELECT x.id AS profile, k.other, k.followed_at, k.followers, k.total
    FROM unnest($1::${p.id.sqlArray}) AS x(id)
    CROSS JOIN LATERAL (
      SELECT *, count(*) OVER ()::int AS total FROM (
        SELECT r.other, r.followed_at, ${followCount(p, 'followers', 'r.other')} AS followers
        FROM (${overlapRows(p, via, `$4::${p.id.sqlType}`)}) r) c
      ORDER BY ${orderBy(overlapOrder(p, 'c'), read.fromEnd)} LIMIT $2 OFFSET $3) k
    ORDER BY x.id, ${orderBy(overlapOrder(p, 'k'), read.fromEnd)}`, [...ids], read.limit, read.offset, ...viewer);
}

/** The lists' lengths alone, for a page that read no row (past the end, or before the first). */
export function overlapTotals(db: Database, p: ProtocolSpec, ids: readonly (string | number)[], via: OverlapVia): Promise<OverlapTotalRow[]> {
  const viewer = via === 'self' ? [] : [via.viewer];
  return db.read<OverlapTotalRow>(`
    SELECT x.id AS profile, (SELECT count(*) FROM (${overlapRows(p, via, `$2::${p.id.sqlType}`)}) r)::int AS total
    FROM unnest($1::${p.id.sqlArray}) AS x(id)`, [...ids], ...viewer);
}

/** An unfollow window: [from, to) instants. */
export interface UnfollowWindow { from: Date; to: Date }

/** other, unfollowed_at and followed_at are null on the one row of a profile whose page is empty (it carries `beyond`). */
export interface UnfollowRow {
  profile: string | number; other: string | number | null; unfollowed_at: Date | null; followed_at: Date | null; beyond: boolean;
}

/** Follows of x.id undone in the window ($n, $n+1) and not made again since (a follow made again is live: one row per pair). */
const unfollowedIn = (p: ProtocolSpec, n: number) =>
  `l.${p.follows.followee} = x.id AND l.deleted_at >= $${n} AND l.deleted_at < $${n + 1} AND l.${p.follows.follower} <> x.id`;

/** Newest unfollow first, ties by the follower's id descending (numeric); keyset-paged either way. */
export function unfollowPage(db: Database, p: ProtocolSpec, ids: readonly (string | number)[], window: UnfollowWindow, read: KeysetRead): Promise<UnfollowRow[]> {
  const k = keysetSql({ time: 'l.deleted_at', id: `l.${p.follows.follower}`, ids: p.id, idType: p.id.sqlType }, read, 5);
  const base = { from: `${p.follows.table} l`, where: unfollowedIn(p, 3) };
  const { join, beyond } = keysetJoin(k, base, `
      SELECT l.${p.follows.follower} AS other, l.deleted_at AS unfollowed_at, l.timestamp AS followed_at FROM ${base.from}
      WHERE ${base.where} ${k.page}
      ORDER BY ${k.order} LIMIT $2`, 'r');
  return db.read<UnfollowRow>(`
    SELECT x.id AS profile, r.other, r.unfollowed_at, r.followed_at, ${beyond}
    FROM unnest($1::${p.id.sqlArray}) AS x(id)
    ${join}`, [...ids], read.limit, window.from, window.to, ...k.params);
}

export function unfollowTotals(db: Database, p: ProtocolSpec, ids: readonly (string | number)[], window: UnfollowWindow): Promise<OverlapTotalRow[]> {
  return db.read<OverlapTotalRow>(`
    SELECT x.id AS profile, (SELECT count(*) FROM ${p.follows.table} l WHERE ${unfollowedIn(p, 2)})::int AS total
    FROM unnest($1::${p.id.sqlArray}) AS x(id)`, [...ids], window.from, window.to);
}
