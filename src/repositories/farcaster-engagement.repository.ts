// Engagement lists for a batch of fids in one statement.
// inbound = others acting on this fid's live casts; outbound = this fid acting
// on others' live casts. likes = live like reactions, comments = live replies,
// quotes = live casts quoting (embeds castId). Counterparts by interaction
// count desc, then fid asc, at most `limit` per list.
import type { Database } from '../db/database';
import type { EngagementDirection, EngagementKind } from '../domain/engagement';

export interface EngagementRow { fid: number; dir: EngagementDirection; kind: EngagementKind; other: number; n: number }

/**
 * The six lists, each a small integer while counting and ranking (so the
 * tens of thousands of acts of a much-engaged fid are grouped and sorted as
 * integers, not by the text of direction and kind): even inbound, odd outbound;
 * list / 2 is the kind.
 */
const LISTS = `(ARRAY['inbound', 'outbound'])[list % 2 + 1]`;
const KINDS = `(ARRAY['likes', 'comments', 'quotes'])[list / 2 + 1]`;

/**
 * Both directions of one cast-to-cast relation (`column` of the acting cast c
 * holds the hash of the cast p it replies to or quotes), counted per
 * counterpart. Each arm filters the side the fids are on, so each can start
 * from that side's fid index.
 */
const castToCast = (inbound: number, column: 'parent_hash' | 'quoted_hash') => `
      SELECT p.fid, ${inbound} AS list, c.fid AS other, count(*)::int AS n
        FROM fc_cast p JOIN fc_cast c ON c.${column} = p.hash
        WHERE p.fid = ANY($1::int[]) AND p.deleted_at IS NULL AND c.deleted_at IS NULL AND c.fid <> p.fid
        GROUP BY p.fid, c.fid
      UNION ALL
      SELECT c.fid, ${inbound + 1}, p.fid, count(*)::int
        FROM fc_cast c JOIN fc_cast p ON p.hash = c.${column}
        WHERE c.fid = ANY($1::int[]) AND c.deleted_at IS NULL AND p.deleted_at IS NULL AND c.fid <> p.fid
        GROUP BY c.fid, p.fid`;

const ENGAGEMENT_SQL = `
    WITH counted AS (
      SELECT c.fid, 0 AS list, r.fid AS other, count(*)::int AS n
        FROM fc_cast c JOIN fc_reaction r ON r.target_hash = c.hash
        WHERE c.fid = ANY($1::int[]) AND c.deleted_at IS NULL AND r.deleted_at IS NULL AND r.reaction_type = 1 AND r.fid <> c.fid
        GROUP BY c.fid, r.fid
      UNION ALL
      SELECT r.fid, 1, c.fid, count(*)::int
        FROM fc_reaction r JOIN fc_cast c ON c.hash = r.target_hash
        WHERE r.fid = ANY($1::int[]) AND r.deleted_at IS NULL AND r.reaction_type = 1 AND c.deleted_at IS NULL AND r.fid <> c.fid
        GROUP BY r.fid, c.fid
      UNION ALL
      ${castToCast(2, 'parent_hash')}
      UNION ALL
      ${castToCast(4, 'quoted_hash')}
    ), ranked AS (
      SELECT *, row_number() OVER (PARTITION BY fid, list ORDER BY n DESC, other) AS rn FROM counted
    )
    SELECT fid, ${LISTS} AS dir, ${KINDS} AS kind, other, n FROM ranked WHERE rn <= $2 ORDER BY fid, dir, kind, rn`;

export function engagementLists(db: Database, fids: readonly number[], limit: number): Promise<EngagementRow[]> {
  return db.read<EngagementRow>(ENGAGEMENT_SQL, [...fids], limit);
}
