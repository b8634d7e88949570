// What an import left for the next refresh, as marks in app_meta: an import
// writes the base tables in bulk, past what keeps the derived tables current
// (the live sync's per-event counting of fc_profile_counts, fc_follower_day …;
// the triggers of the matched-follower counts, which a live writer beside the
// import can race; Lens's counters, which each refresh stores), and marks them;
// the refresh that rebuilds or recounts them clears the mark. While a mark is
// set, readers count from the rows (live-counters.ts).
import type { SqlClient } from '../db/sql-client';

/** An import's mark: set by the import, cleared by the refresh step that puts its tables right. */
export interface ImportMark { key: string }

/** Farcaster's live tables (fc_profile_counts, fc_follower_day …) must be rebuilt. */
export const FARCASTER_LIVE_STALE: ImportMark = { key: 'farcaster_live_stale' };
/** The matched-follower counts must be recounted. */
export const MATCHED_FOLLOWERS_RECOUNT: ImportMark = { key: 'matched_followers_recount' };
/** Lens's counters (lens_profile_stats' followers … collects) must be recounted by the next Lens refresh. */
export const LENS_COUNTS_STALE: ImportMark = { key: 'lens_counts_stale' };

/**
 * Each setting gives the mark a new value, so a refresh that read the value
 * before it counted clears only the mark it counted for, never one an import
 * set while it ran (clearImportMark's `seen`).
 */
export async function setImportMark(sql: SqlClient, mark: ImportMark): Promise<void> {
  await sql.query(`INSERT INTO app_meta (key, value) VALUES ($1, gen_random_uuid()::text)
    ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`, [mark.key]);
}

export async function importMarkIsSet(sql: SqlClient, mark: ImportMark): Promise<boolean> {
  return (await importMarkValue(sql, mark)) !== null;
}

/** The mark's value, null when not set: read before counting, handed to clearImportMark after. */
export async function importMarkValue(sql: SqlClient, mark: ImportMark): Promise<string | null> {
  return (await sql.query<{ value: string }>('SELECT value FROM app_meta WHERE key = $1', [mark.key]))[0]?.value ?? null;
}

/** Clears the mark; with `seen` (importMarkValue's answer), only if nobody has set it again since. */
export async function clearImportMark(sql: SqlClient, mark: ImportMark, seen?: string | null): Promise<void> {
  if (seen === undefined) await sql.query('DELETE FROM app_meta WHERE key = $1', [mark.key]);
  else if (seen !== null) await sql.query('DELETE FROM app_meta WHERE key = $1 AND value = $2', [mark.key, seen]);
}

/** True while the mark is set, as SQL: an uncorrelated subquery, read once per statement. */
export const importMarkIsSetSql = (mark: ImportMark) => `EXISTS (SELECT 1 FROM app_meta WHERE key = '${mark.key}')`;

export const farcasterLiveIsStale = (sql: SqlClient) => importMarkIsSet(sql, FARCASTER_LIVE_STALE);
export const markFarcasterLiveStale = (sql: SqlClient) => setImportMark(sql, FARCASTER_LIVE_STALE);
export const clearFarcasterLiveStale = (sql: SqlClient, seen?: string | null) => clearImportMark(sql, FARCASTER_LIVE_STALE, seen);
