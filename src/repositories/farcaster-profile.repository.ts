// Farcaster profile data: the live user_data value of each type read, and
// the username (farcasterUsernameSql).
import type { Database } from '../db/database';
import { farcasterFollowCountSql } from './live-state.repository';
import { existsSql, FARCASTER, farcasterUsernameSql, FC_USER_DATA as T } from '../domain/protocols';

export interface FarcasterProfileRow {
  fid: number;
  username: string | null;
  display_name: string | null;
  pfp: string | null;
  bio: string | null;
  cover: string | null;
}

/** Fids that exist, with their live profile data. */
const PROFILE_SELECT = `
  SELECT x.fid, ${farcasterUsernameSql('x.fid', 'ud.username')} AS username, ud.display_name, ud.pfp, ud.bio, ud.cover
  FROM unnest($1::int[]) AS x(fid)
  LEFT JOIN LATERAL (
    SELECT max(value) FILTER (WHERE type = ${T.username}) AS username, max(value) FILTER (WHERE type = ${T.displayName}) AS display_name,
           max(value) FILTER (WHERE type = ${T.pfp}) AS pfp, max(value) FILTER (WHERE type = ${T.bio}) AS bio,
           max(value) FILTER (WHERE type = ${T.cover}) AS cover
    FROM fc_user_data d WHERE d.fid = x.fid AND d.deleted_at IS NULL) ud ON true
  WHERE ${existsSql(FARCASTER, 'x.fid')}`;

export function findFarcasterProfiles(db: Database, fids: readonly number[]): Promise<FarcasterProfileRow[]> {
  return db.read<FarcasterProfileRow>(PROFILE_SELECT, [...fids]);
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Handle search: exact username (case-insensitive) first, then prefix matches by
 * followers, at most `limit`. Returns fids in answer order.
 */
export async function searchFarcasterFids(db: Database, handle: string, limit: number): Promise<number[]> {
  const needle = handle.toLowerCase();
  const rows = await db.read<{ fid: number }>(`
    WITH names AS (
      SELECT fid, lower(value) AS name FROM fc_user_data
        WHERE type = ${T.username} AND deleted_at IS NULL AND lower(value) LIKE $2 || '%'
      UNION
      SELECT fid, lower(fname) FROM fc_fname WHERE deleted_at IS NULL AND lower(fname) LIKE $2 || '%'
    ), candidates AS (
      SELECT fid, bool_or(name = $1) AS exact FROM names GROUP BY fid
    )
    SELECT c.fid FROM candidates c
    ORDER BY c.exact DESC,
      ${farcasterFollowCountSql('followers', 'c.fid')} DESC, c.fid
    LIMIT $3`, needle, escapeLike(needle), limit);
  return rows.map((r) => r.fid);
}
