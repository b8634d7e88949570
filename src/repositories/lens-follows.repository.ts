// Profiles a batch of Lens profiles follow (live follows, self left out),
// newest follow first, keyset-paged by (time, followed id in numeric order).
import type { Database } from '../db/database';
import { LENS_ID } from '../domain/protocols';
import type { FollowerCursor } from './recent-followers.repository';

export interface FollowingRow { follower: string; followed: string; followed_at: Date }

export function lensFollowing(db: Database, ids: readonly string[], first: number, after: FollowerCursor | null): Promise<FollowingRow[]> {
  const params: unknown[] = [[...ids], first];
  if (after) params.push(after.at, String(after.id));
  return db.read<FollowingRow>(`
    SELECT x.t AS follower, r.followed, r.followed_at
    FROM unnest($1::text[]) AS x(t)
    CROSS JOIN LATERAL (
      SELECT f.profile_id AS followed, f.timestamp AS followed_at FROM lens_follow f
      WHERE f.follower_profile_id = x.t AND f.deleted_at IS NULL AND f.profile_id <> x.t
        ${after ? `AND (f.timestamp, ${LENS_ID.keys('f.profile_id')}) < ($3::timestamptz, ${LENS_ID.keys('$4::text')})` : ''}
      ORDER BY f.timestamp DESC, ${LENS_ID.order('f.profile_id', 'DESC')} LIMIT $2) r`, ...params);
}
