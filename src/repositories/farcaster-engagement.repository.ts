// Engagement lists for a batch of fids in one statement.
// inbound = others acting on this fid's live casts; outbound = this fid acting
// on others' live casts. likes = live like reactions, comments = live replies,
// quotes = live casts quoting (embeds castId). Counterparts by interaction
// count desc, then fid asc, at most `limit` per list.
import type { Database } from '../db/database';

export type EngagementDirection = 'inbound' | 'outbound';
export type EngagementKind = 'likes' | 'comments' | 'quotes';
export interface EngagementRow { fid: number; dir: EngagementDirection; kind: EngagementKind; other: number; n: number }

export function engagementLists(db: Database, fids: readonly number[], limit: number): Promise<EngagementRow[]> {
  return db.read<EngagementRow>(`
    WITH acts AS (
      SELECT c.fid, 'inbound' AS dir, 'likes' AS kind, r.fid AS other
        FROM fc_cast c JOIN fc_reaction r ON r.target_hash = c.hash
        WHERE c.fid = ANY($1::int[]) AND c.deleted_at IS NULL AND r.deleted_at IS NULL AND r.reaction_type = 1 AND r.fid <> c.fid
      UNION ALL
      SELECT r.fid, 'outbound', 'likes', c.fid
        FROM fc_reaction r JOIN fc_cast c ON c.hash = r.target_hash
        WHERE r.fid = ANY($1::int[]) AND r.deleted_at IS NULL AND r.reaction_type = 1 AND c.deleted_at IS NULL AND r.fid <> c.fid
      UNION ALL
      SELECT p.fid, 'inbound', 'comments', c.fid
        FROM fc_cast p JOIN fc_cast c ON c.parent_hash = p.hash
        WHERE p.fid = ANY($1::int[]) AND p.deleted_at IS NULL AND c.deleted_at IS NULL AND c.fid <> p.fid
      UNION ALL
      SELECT c.fid, 'outbound', 'comments', p.fid
        FROM fc_cast c JOIN fc_cast p ON p.hash = c.parent_hash
        WHERE c.fid = ANY($1::int[]) AND c.deleted_at IS NULL AND p.deleted_at IS NULL AND c.fid <> p.fid
      UNION ALL
      SELECT q.fid, 'inbound', 'quotes', c.fid
        FROM fc_cast q JOIN fc_cast c ON c.quoted_hash = q.hash
        WHERE q.fid = ANY($1::int[]) AND q.deleted_at IS NULL AND c.deleted_at IS NULL AND c.fid <> q.fid
      UNION ALL
      SELECT c.fid, 'outbound', 'quotes', q.fid
        FROM fc_cast c JOIN fc_cast q ON q.hash = c.quoted_hash
        WHERE c.fid = ANY($1::int[]) AND c.deleted_at IS NULL AND q.deleted_at IS NULL AND c.fid <> q.fid
    ), counted AS (
      SELECT fid, dir, kind, other, count(*)::int AS n FROM acts GROUP BY fid, dir, kind, other
    ), ranked AS (
      SELECT *, row_number() OVER (PARTITION BY fid, dir, kind ORDER BY n DESC, other) AS rn FROM counted
    )
    SELECT fid, dir, kind, other, n FROM ranked WHERE rn <= $2 ORDER BY fid, dir, kind, rn`, [...fids], limit);
}
