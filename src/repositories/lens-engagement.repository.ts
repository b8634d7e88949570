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

const CHILD_KIND = `CASE c.publication_type WHEN 'COMMENT' THEN 'comments' ELSE 'quotes' END`;

/** One statement for all ids; at most `limit` rows per (profile, direction, kind). */
export function lensEngagement(db: Database, ids: readonly string[], limit: number): Promise<EngagementRow[]> {
  return db.read<EngagementRow>(`
    WITH ev AS (
      SELECT p.profile_id AS me, 'inbound' AS direction, 'likes' AS kind, r.actioned_by_profile_id AS other
      FROM lens_publication p JOIN lens_reaction r ON r.publication_id = p.publication_id
      WHERE p.profile_id = ANY($1::text[]) AND r.type = 'UPVOTE' AND NOT p.is_hidden
      UNION ALL
      SELECT r.actioned_by_profile_id, 'outbound', 'likes', p.profile_id
      FROM lens_reaction r JOIN lens_publication p ON p.publication_id = r.publication_id
      WHERE r.actioned_by_profile_id = ANY($1::text[]) AND r.type = 'UPVOTE' AND NOT p.is_hidden
      UNION ALL
      SELECT parent.profile_id, 'inbound', ${CHILD_KIND}, c.profile_id
      FROM lens_publication parent JOIN lens_publication c ON c.parent_publication_id = parent.publication_id
      WHERE parent.profile_id = ANY($1::text[]) AND c.publication_type IN ('COMMENT', 'QUOTE') AND NOT c.is_hidden AND NOT parent.is_hidden
      UNION ALL
      SELECT c.profile_id, 'outbound', ${CHILD_KIND}, parent.profile_id
      FROM lens_publication c JOIN lens_publication parent ON parent.publication_id = c.parent_publication_id
      WHERE c.profile_id = ANY($1::text[]) AND c.publication_type IN ('COMMENT', 'QUOTE') AND NOT c.is_hidden AND NOT parent.is_hidden
    ),
    counted AS (
      SELECT me, direction, kind, other, count(*)::int AS interactions FROM ev
      WHERE other <> me AND ${existsSql(LENS, 'ev.other')}
      GROUP BY 1, 2, 3, 4),
    ranked AS (
      SELECT *, row_number() OVER (PARTITION BY me, direction, kind ORDER BY interactions DESC, ${LENS_ID.order('other')}) AS rn FROM counted)
    SELECT me AS profile_id, direction, kind, other, interactions FROM ranked WHERE rn <= $2
    ORDER BY me, direction, kind, rn`, [...ids], limit);
}
