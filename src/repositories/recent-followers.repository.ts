// Newest live followers of a batch of profiles, keyset-paged by (time, id).
import type { Database } from '../db/database';
import type { ProtocolName } from './analytics.repository';

export interface RecentFollowerRow { target: string | number; follower: string | number; followed_at: Date }
export interface FollowerCursor { at: Date; id: string | number }

const SQL = {
  farcaster: { arr: 'int[]', table: 'fc_link', follower: 'fid' },
  lens: { arr: 'text[]', table: 'lens_follow', target: 'profile_id', follower: 'follower_profile_id' },
} as const;

export function recentFollowers(db: Database, protocol: ProtocolName, targets: readonly (string | number)[], first: number, after: FollowerCursor | null): Promise<RecentFollowerRow[]> {
  const target = protocol === 'farcaster' ? 'target_fid' : 'profile_id';
  const follower = SQL[protocol].follower;
  // Lens ids order numerically as (length, text); fids as integers.
  const cursorCmp = protocol === 'farcaster'
    ? `(f.timestamp, f.${follower}) < ($3::timestamptz, $4::int)`
    : `(f.timestamp, length(f.${follower}), f.${follower}) < ($3::timestamptz, length($4::text), $4::text)`;
  const order = protocol === 'farcaster' ? `f.timestamp DESC, f.${follower} DESC` : `f.timestamp DESC, length(f.${follower}) DESC, f.${follower} DESC`;
  const params: unknown[] = [[...targets], first];
  if (after) params.push(after.at, after.id);
  return db.read<RecentFollowerRow>(`
    SELECT x.t AS target, r.follower, r.followed_at
    FROM unnest($1::${SQL[protocol].arr}) AS x(t)
    CROSS JOIN LATERAL (
      SELECT f.${follower} AS follower, f.timestamp AS followed_at FROM ${SQL[protocol].table} f
      WHERE f.${target} = x.t AND f.deleted_at IS NULL AND f.${follower} <> x.t ${after ? `AND ${cursorCmp}` : ''}
      ORDER BY ${order} LIMIT $2) r`, ...params);
}
