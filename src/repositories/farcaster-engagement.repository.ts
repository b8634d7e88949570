// Engagement lists for a batch of fids in one statement.
// inbound = others acting on this fid's live casts; outbound = this fid acting
// on others' live casts. likes = live like reactions, comments = live replies,
// quotes = live casts quoting (embeds castId). Counterparts by interaction
// count desc, then fid asc, at most `limit` per list.
import type { Database } from '../db/database';
import type { EngagementDirection, EngagementKind } from '../domain/engagement';

export interface EngagementRow { fid: number; dir: EngagementDirection; kind: EngagementKind; other: number; n: number }

/**
 * Both directions of one cast-to-cast relation (`column` of the acting cast c
 * holds the hash of the cast p it replies to or quotes). Each arm filters the
 * side the fids are on, so each can start from that side's fid index.
 */
const castToCast = (kind: EngagementKind, column: 'parent_hash' | 'quoted_hash') => `
      SELECT p.fid, 'inbound', '${kind}', c.fid
        FROM fc_cast p JOIN fc_cast c ON c.${column} = p.hash
        WHERE p.fid = ANY($1::int[]) AND p.deleted_at IS NULL AND c.deleted_at IS NULL AND c.fid <> p.fid
      UNION ALL
      SELECT c.fid, 'outbound', '${kind}', p.fid
        FROM fc_cast c JOIN fc_cast p ON p.hash = c.${column}
        WHERE c.fid = ANY($1::int[]) AND c.deleted_at IS NULL AND p.deleted_at IS NULL AND c.fid <> p.fid`;

const ENGAGEMENT_SQL = `
    WITH acts AS (
      SELECT c.fid, 'inbound' AS dir, 'likes' AS kind, r.fid AS other
        FROM fc_cast c JOIN fc_reaction r ON r.target_hash = c.hash
        WHERE c.fid = ANY($1::int[]) AND c.deleted_at IS NULL AND r.deleted_at IS NULL AND r.reaction_type = 1 AND r.fid <> c.fid
      UNION ALL
      SELECT r.fid, 'outbound', 'likes', c.fid
        FROM fc_reaction r JOIN fc_cast c ON c.hash = r.target_hash
        WHERE r.fid = ANY($1::int[]) AND r.deleted_at IS NULL AND r.reaction_type = 1 AND c.deleted_at IS NULL AND r.fid <> c.fid
      UNION ALL
      ${castToCast('comments', 'parent_hash')}
      UNION ALL
      ${castToCast('quotes', 'quoted_hash')}
    ), counted AS (
      SELECT fid, dir, kind, other, count(*)::int AS n FROM acts GROUP BY fid, dir, kind, other
    ), ranked AS (
      SELECT *, row_number() OVER (PARTITION BY fid, dir, kind ORDER BY n DESC, other) AS rn FROM counted
    )
    SELECT fid, dir, kind, other, n FROM ranked WHERE rn <= $2 ORDER BY fid, dir, kind, rn`;

export function engagementLists(db: Database, fids: readonly number[], limit: number): Promise<EngagementRow[]> {
  return db.read<EngagementRow>(ENGAGEMENT_SQL, [...fids], limit);
}
