// What an import left for the next refresh, as marks in app_meta: an import
// writes the base tables in bulk, past what keeps the derived tables current
// (the live sync's per-event counting of fc_profile_counts, fc_follower_day …;
// the triggers of the matched-follower counts, which a live writer beside the
// import can race), and marks them; the refresh that rebuilds or recounts them
// clears the mark.
import type { SqlClient } from '../db/sql-client';

/** An import's mark: set by the import, cleared by the refresh step that puts its tables right. */
export interface ImportMark { key: string }

/** Farcaster's live tables (fc_profile_counts, fc_follower_day …) must be rebuilt. */
export const FARCASTER_LIVE_STALE: ImportMark = { key: 'farcaster_live_stale' };
/** The matched-follower counts must be recounted. */
export const MATCHED_FOLLOWERS_RECOUNT: ImportMark = { key: 'matched_followers_recount' };

export async function setImportMark(sql: SqlClient, mark: ImportMark): Promise<void> {
  await sql.query(`INSERT INTO app_meta (key, value) VALUES ($1, 'import') ON CONFLICT (key) DO UPDATE SET updated_at = now()`, [mark.key]);
}

export async function importMarkIsSet(sql: SqlClient, mark: ImportMark): Promise<boolean> {
  return (await sql.query('SELECT 1 FROM app_meta WHERE key = $1', [mark.key])).length > 0;
}

export async function clearImportMark(sql: SqlClient, mark: ImportMark): Promise<void> {
  await sql.query('DELETE FROM app_meta WHERE key = $1', [mark.key]);
}

/** True while an import has left the live tables stale (until the refresh after it rebuilds them). */
export const FARCASTER_LIVE_STALE_SQL = `EXISTS (SELECT 1 FROM app_meta WHERE key = '${FARCASTER_LIVE_STALE.key}')`;

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

export const farcasterLiveIsStale = (sql: SqlClient) => importMarkIsSet(sql, FARCASTER_LIVE_STALE);
export const markFarcasterLiveStale = (sql: SqlClient) => setImportMark(sql, FARCASTER_LIVE_STALE);
export const clearFarcasterLiveStale = (sql: SqlClient) => clearImportMark(sql, FARCASTER_LIVE_STALE);
