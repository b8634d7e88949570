// Live followers of a batch of profiles, newest follow first (ties by follower
// id, numerically, descending), keyset-paged by (time, id) either way; and
// their number, the rows those pages walk.
import type { Database } from '../db/database';
import { PROTOCOLS, type ProtocolName } from '../domain/protocols';
import { keysetJoin, keysetSql, type KeysetRead } from './paging.sql';

/** follower and followed_at are null on the one row of a target whose page is empty (it carries `beyond`). */
export interface RecentFollowerRow { target: string | number; follower: string | number | null; followed_at: Date | null; beyond: boolean }

const liveFollowersOf = (protocol: ProtocolName) => {
  const { id } = PROTOCOLS[protocol];
  const { table, follower, followee } = PROTOCOLS[protocol].follows;
  return { id, table, follower, where: `f.${followee} = x.t AND f.deleted_at IS NULL AND f.${follower} <> x.t` };
};

export function recentFollowers(db: Database, protocol: ProtocolName, targets: readonly (string | number)[], read: KeysetRead): Promise<RecentFollowerRow[]> {
  const { id, table, follower, where } = liveFollowersOf(protocol);
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
export function followerTotals(db: Database, protocol: ProtocolName, targets: readonly (string | number)[]): Promise<{ target: string | number; total: number }[]> {
  const { id, table, where } = liveFollowersOf(protocol);
  return db.read(`
    SELECT x.t AS target, (SELECT count(*) FROM ${table} f WHERE ${where})::int AS total
    FROM unnest($1::${id.sqlArray}) AS x(t)`, [...targets]);
}
