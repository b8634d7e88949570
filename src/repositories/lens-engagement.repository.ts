// Engagement lists for a batch of Lens profiles:
// per profile, direction and kind, the distinct counterpart profiles with their
// interaction counts, most first, then profile id ascending by numeric value
// (canonical ids order as length, text). Self excluded; hidden publications never
// count; likes are UPVOTEs only; comments/quotes are COMMENT/QUOTE publications
// whose parent belongs to the other side. Counterparts must be known profiles.
import type { Database } from '../db/database';
import type { EngagementDirection, EngagementKind } from '../domain/engagement';
import { existsSql, LENS, LENS_ID } from '../domain/protocols';


export interface EngagementRow {
  profile_id: string;
  direction: EngagementDirection;
  kind: EngagementKind;
  other: string;
  interactions: number;
}

/**
 * The six lists, each a small integer while counting and ranking (tens of
 * thousands of counterparts of a much-engaged profile are grouped and sorted
 * without the text of direction and kind): even inbound, odd outbound; list / 2
 * is the kind. Each arm counts per counterpart and leaves self out; a counterpart
 * is checked to be known once, after counting.
 */
const DIRECTION = `(ARRAY['inbound', 'outbound'])[list % 2 + 1]`;
const KIND = `(ARRAY['likes', 'comments', 'quotes'])[list / 2 + 1]`;
const CHILD_LIST = (inbound: number) => `CASE c.publication_type WHEN 'COMMENT' THEN ${inbound + 2} ELSE ${inbound + 4} END`;

/** One statement for all ids; at most `limit` rows per (profile, direction, kind). */
export function lensEngagement(db: Database, ids: readonly string[], limit: number): Promise<EngagementRow[]> {
  return db.read<EngagementRow>(`
    WITH counted AS (
      SELECT p.profile_id AS me, 0 AS list, r.actioned_by_profile_id AS other, count(*)::int AS interactions
      FROM lens_publication p JOIN lens_reaction r ON r.publication_id = p.publication_id
      WHERE p.profile_id = ANY($1::text[]) AND r.type = 'UPVOTE' AND NOT p.is_hidden AND r.actioned_by_profile_id <> p.profile_id
      GROUP BY 1, 3
      UNION ALL
      SELECT r.actioned_by_profile_id, 1, p.profile_id, count(*)::int
      FROM lens_reaction r JOIN lens_publication p ON p.publication_id = r.publication_id
      WHERE r.actioned_by_profile_id = ANY($1::text[]) AND r.type = 'UPVOTE' AND NOT p.is_hidden AND r.actioned_by_profile_id <> p.profile_id
      GROUP BY 1, 3
      UNION ALL
      SELECT parent.profile_id, ${CHILD_LIST(0)}, c.profile_id, count(*)::int
      FROM lens_publication parent JOIN lens_publication c ON c.parent_publication_id = parent.publication_id
      WHERE parent.profile_id = ANY($1::text[]) AND c.publication_type IN ('COMMENT', 'QUOTE') AND NOT c.is_hidden AND NOT parent.is_hidden
        AND c.profile_id <> parent.profile_id
      GROUP BY 1, 2, 3
      UNION ALL
      SELECT c.profile_id, ${CHILD_LIST(1)}, parent.profile_id, count(*)::int
      FROM lens_publication c JOIN lens_publication parent ON parent.publication_id = c.parent_publication_id
      WHERE c.profile_id = ANY($1::text[]) AND c.publication_type IN ('COMMENT', 'QUOTE') AND NOT c.is_hidden AND NOT parent.is_hidden
        AND c.profile_id <> parent.profile_id
      GROUP BY 1, 2, 3),
    ranked AS (
      SELECT *, row_number() OVER (PARTITION BY me, list ORDER BY interactions DESC, ${LENS_ID.order('other')}) AS rn FROM counted
      WHERE ${existsSql(LENS, 'counted.other')})
    SELECT me AS profile_id, ${DIRECTION} AS direction, ${KIND} AS kind, other, interactions FROM ranked WHERE rn <= $2
    ORDER BY me, direction, kind, rn`, [...ids], limit);
}
