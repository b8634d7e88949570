// Newest live followers of a batch of profiles, keyset-paged by (time, id).
import type { Database } from '../db/database';
import { PROTOCOLS, type ProtocolName } from '../domain/protocols';

export interface RecentFollowerRow { target: string | number; follower: string | number; followed_at: Date }
export interface FollowerCursor { at: Date; id: string | number }

export function recentFollowers(db: Database, protocol: ProtocolName, targets: readonly (string | number)[], first: number, after: FollowerCursor | null): Promise<RecentFollowerRow[]> {
  const { id } = PROTOCOLS[protocol];
  const { table, follower, followee } = PROTOCOLS[protocol].follows;
  // Ties on time go by follower id, numerically, newest-first like the time.
  const cursorCmp = `(f.timestamp, ${id.keys(`f.${follower}`)}) < ($3::timestamptz, ${id.keys(`$4::${id.sqlType}`)})`;
  const params: unknown[] = [[...targets], first];
  if (after) params.push(after.at, after.id);
  return db.read<RecentFollowerRow>(`
    SELECT x.t AS target, r.follower, r.followed_at
    FROM unnest($1::${id.sqlArray}) AS x(t)
    CROSS JOIN LATERAL (
      SELECT f.${follower} AS follower, f.timestamp AS followed_at FROM ${table} f
      WHERE f.${followee} = x.t AND f.deleted_at IS NULL AND f.${follower} <> x.t ${after ? `AND ${cursorCmp}` : ''}
      ORDER BY f.timestamp DESC, ${id.order(`f.${follower}`, 'DESC')} LIMIT $2) r`, ...params);
}
