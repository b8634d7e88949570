// Dismissed suggestions, per API key, protocol and viewer (ids as canonical
// text). Writes go to the primary through the database's SQL client, as the
// webhooks' do.
import { ADVISORY_LOCKS } from '../db/advisory-locks';
import type { SqlClient } from '../db/sql-client';

export interface DismissalKey { apiKeyId: string; protocol: string; viewer: string }

export interface DismissalState {
  /** When the target was dismissed; null when it is not (or, after a refused insert, not yet). */
  dismissedAt: Date | null;
  /** Rows of this key and viewer now. */
  count: number;
}

/**
 * The lock every dismissal of a key and viewer takes first, in the caller's transaction: two dismissals at
 * once would each count the rows before the other's insert and pass the bound together; with it the second
 * counts after the first commits.
 */
export async function lockDismissals(tx: SqlClient, k: DismissalKey): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2 || chr(31) || $3 || chr(31) || $4))',
    [ADVISORY_LOCKS.dismissalSpace, k.apiKeyId, k.protocol, k.viewer]);
}

/**
 * Dismisses `target` unless the key and viewer already hold `max` rows: the count and the insert in one
 * statement, so a dismissal past the bound writes nothing (with lockDismissals held, also one racing
 * another). Dismissing again keeps the first time (idempotent).
 */
export async function dismiss(sql: SqlClient, k: DismissalKey, target: string, max: number): Promise<DismissalState> {
  const [row] = await sql.query<{ dismissed_at: Date | null; count: number }>(`
    WITH mine AS (SELECT target, dismissed_at FROM suggestion_dismissal WHERE api_key_id = $1::uuid AND protocol = $2 AND viewer = $3),
    added AS (
      INSERT INTO suggestion_dismissal (api_key_id, protocol, viewer, target)
      SELECT $1::uuid, $2, $3, $4 WHERE NOT EXISTS (SELECT 1 FROM mine WHERE target = $4) AND (SELECT count(*) FROM mine) < $5
      ON CONFLICT DO NOTHING
      RETURNING dismissed_at)
    SELECT coalesce((SELECT dismissed_at FROM added), (SELECT dismissed_at FROM mine WHERE target = $4)) AS dismissed_at,
      ((SELECT count(*) FROM mine) + (SELECT count(*) FROM added))::int AS count`, [k.apiKeyId, k.protocol, k.viewer, target, max]);
  return { dismissedAt: row.dismissed_at, count: row.count };
}

/** Takes a dismissal back (nothing to take back is no error); the rows left. */
export async function undismiss(sql: SqlClient, k: DismissalKey, target: string): Promise<DismissalState> {
  const [row] = await sql.query<{ count: number }>(`
    WITH gone AS (DELETE FROM suggestion_dismissal WHERE api_key_id = $1::uuid AND protocol = $2 AND viewer = $3 AND target = $4 RETURNING 1)
    SELECT ((SELECT count(*) FROM suggestion_dismissal WHERE api_key_id = $1::uuid AND protocol = $2 AND viewer = $3)
      - (SELECT count(*) FROM gone))::int AS count`, [k.apiKeyId, k.protocol, k.viewer, target]);
  return { dismissedAt: null, count: row.count };
}
