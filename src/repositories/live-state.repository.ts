// Whether Farcaster's live tables (fc_profile_counts, fc_follower_day) must be
// rebuilt: an import writes the base tables in bulk, past the live sync's
// per-event counting, and marks them; the next refresh rebuilds and clears the mark.
import type { SqlClient } from '../db/sql-client';

const LIVE_STALE_KEY = 'farcaster_live_stale';

export async function farcasterLiveIsStale(sql: SqlClient): Promise<boolean> {
  return (await sql.query('SELECT 1 FROM app_meta WHERE key = $1', [LIVE_STALE_KEY])).length > 0;
}

export async function markFarcasterLiveStale(sql: SqlClient): Promise<void> {
  await sql.query(`INSERT INTO app_meta (key, value) VALUES ($1, 'import') ON CONFLICT (key) DO UPDATE SET updated_at = now()`, [LIVE_STALE_KEY]);
}

export async function clearFarcasterLiveStale(sql: SqlClient): Promise<void> {
  await sql.query('DELETE FROM app_meta WHERE key = $1', [LIVE_STALE_KEY]);
}
