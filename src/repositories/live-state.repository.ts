// Whether Farcaster's live tables (fc_profile_counts, fc_follower_day) must be
// rebuilt: an import writes the base tables in bulk, past the live sync's
// per-event counting, and marks them; the next refresh rebuilds and clears the mark.
import type { SqlClient } from '../db/sql-client';

const LIVE_STALE_KEY = 'farcaster_live_stale';

/** True while an import has left the live tables stale (until the refresh after it rebuilds them). */
export const FARCASTER_LIVE_STALE_SQL = `EXISTS (SELECT 1 FROM app_meta WHERE key = '${LIVE_STALE_KEY}')`;

/**
 * A profile's live followers or following: fc_profile_counts (one key probe,
 * however many follows) unless an import has marked it stale, then counted
 * from fc_link. Same definition either way (self-follows never count); the
 * mark is read once per statement (an uncorrelated subquery). The aliases
 * are its own, so `fidExpr` may name any outer alias.
 */
export function farcasterFollowCountSql(direction: 'followers' | 'following', fidExpr: string): string {
  const [mine, other] = direction === 'followers' ? ['target_fid', 'fid'] : ['fid', 'target_fid'];
  return `CASE WHEN ${FARCASTER_LIVE_STALE_SQL}
    THEN (SELECT count(*) FROM fc_link live_l WHERE live_l.${mine} = ${fidExpr} AND live_l.deleted_at IS NULL AND live_l.${other} <> ${fidExpr})::int
    ELSE coalesce((SELECT live_c.${direction} FROM fc_profile_counts live_c WHERE live_c.fid = ${fidExpr}), 0) END`;
}

export async function farcasterLiveIsStale(sql: SqlClient): Promise<boolean> {
  return (await sql.query('SELECT 1 FROM app_meta WHERE key = $1', [LIVE_STALE_KEY])).length > 0;
}

export async function markFarcasterLiveStale(sql: SqlClient): Promise<void> {
  await sql.query(`INSERT INTO app_meta (key, value) VALUES ($1, 'import') ON CONFLICT (key) DO UPDATE SET updated_at = now()`, [LIVE_STALE_KEY]);
}

export async function clearFarcasterLiveStale(sql: SqlClient): Promise<void> {
  await sql.query('DELETE FROM app_meta WHERE key = $1', [LIVE_STALE_KEY]);
}
