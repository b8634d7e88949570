// Live followers of a batch of profiles, newest follow first (ties by follower
// id, numerically, descending), keyset-paged by (time, id) either way; and
// their number, the rows those pages walk; either kept to followers of a
// minimum quality score when asked.
import type { Database } from '../db/database';
import { PROTOCOLS, type ProtocolName } from '../domain/protocols';
import { keysetJoin, keysetSql, type KeysetRead } from './paging.sql';
import { qualityAtLeastSql } from './quality.sql';

/** follower and followed_at are null on the one row of a target whose page is empty (it carries `beyond`). */
export interface RecentFollowerRow { target: string | number; follower: string | number | null; followed_at: Date | null; beyond: boolean }

/**
 * The live followers of x.t; with `minQuality`, only those whose quality score
 * is at least it. The minimum is written into the statement as a literal: it is
 * a finite number in 0..1 (queries/quality.ts checks it), and the statements
 * that carry it number their parameters differently, so a literal keeps one
 * fragment for all of them.
 */
const liveFollowersOf = (protocol: ProtocolName, minQuality: number | null = null) => {
  const { id } = PROTOCOLS[protocol];
  const { table, follower, followee } = PROTOCOLS[protocol].follows;
  if (minQuality !== null && !(Number.isFinite(minQuality) && minQuality >= 0 && minQuality <= 1)) throw new RangeError(`minQuality ${minQuality}`);
  const quality = minQuality === null ? '' : ` AND ${qualityAtLeastSql(PROTOCOLS[protocol], `f.${follower}`, `${minQuality}::float8`)}`;
  return { id, table, follower, where: `f.${followee} = x.t AND f.deleted_at IS NULL AND f.${follower} <> x.t${quality}` };
};

export function recentFollowers(
  db: Database, protocol: ProtocolName, targets: readonly (string | number)[], read: KeysetRead, minQuality: number | null = null,
): Promise<RecentFollowerRow[]> {
  const { id, table, follower, where } = liveFollowersOf(protocol, minQuality);
  const k = keysetSql({ time: 'f.timestamp', id: `f.${follower}`, ids: id, idType: id.sqlType }, read, 3);
  const { join, beyond } = keysetJoin(k, { from: `${table} f`, where }, `
      SELECT f.${follower} AS follower, f.timestamp AS followed_at FROM ${table} f
      WHERE ${where} ${k.page}
      ORDER BY ${k.order} LIMIT $2`, 'r');
  return db.read<RecentFollowerRow>(`
    SELECT x.t AS target, r.follower, r.followed_at, ${beyond}
    FROM unnest($1::${id.sqlArray}) AS x(t)
    ${join}`, [...targets], read.limit, ...k.params);
}

/** Live followers (self excluded) of each target: the rows recentFollowers pages through. */
export function followerTotals(
  db: Database, protocol: ProtocolName, targets: readonly (string | number)[], minQuality: number | null = null,
): Promise<{ target: string | number; total: number }[]> {
  const { id, table, where } = liveFollowersOf(protocol, minQuality);
  return db.read(`
    SELECT x.t AS target, (SELECT count(*) FROM ${table} f WHERE ${where})::int AS total
    FROM unnest($1::${id.sqlArray}) AS x(t)`, [...targets]);
}
