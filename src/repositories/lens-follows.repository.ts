// Profiles a batch of Lens profiles follow (live follows, self left out),
// newest follow first, keyset-paged by (time, followed id in numeric order)
// either way; and their number, the rows those pages walk.
import type { Database } from '../db/database';
import { LENS_ID } from '../domain/protocols';
import { keysetJoin, keysetSql, type KeysetRead } from './paging.sql';

/** followed and followed_at are null on the one row of a profile whose page is empty (it carries `beyond`). */
export interface FollowingRow { follower: string; followed: string | null; followed_at: Date | null; beyond: boolean }

const LIVE_FOLLOWING = 'f.follower_profile_id = x.t AND f.deleted_at IS NULL AND f.profile_id <> x.t';

export function lensFollowing(db: Database, ids: readonly string[], read: KeysetRead): Promise<FollowingRow[]> {
  const k = keysetSql({ time: 'f.timestamp', id: 'f.profile_id', ids: LENS_ID, idType: 'text' }, read, 3);
  const { join, beyond } = keysetJoin(k, { from: 'lens_follow f', where: LIVE_FOLLOWING }, `
      SELECT f.profile_id AS followed, f.timestamp AS followed_at FROM lens_follow f
      WHERE ${LIVE_FOLLOWING} ${k.page}
      ORDER BY ${k.order} LIMIT $2`, 'r');
  return db.read<FollowingRow>(`
    SELECT x.t AS follower, r.followed, r.followed_at, ${beyond}
    FROM unnest($1::text[]) AS x(t)
    ${join}`, [...ids], read.limit, ...k.params);
}

export function lensFollowingTotals(db: Database, ids: readonly string[]): Promise<{ follower: string; total: number }[]> {
  return db.read(`
    SELECT x.t AS follower, (SELECT count(*) FROM lens_follow f WHERE ${LIVE_FOLLOWING})::int AS total
    FROM unnest($1::text[]) AS x(t)`, [...ids]);
}
