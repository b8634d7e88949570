// Engagement lists for a batch of Lens profiles, as of the analytics refresh:
// per profile, direction and kind, the distinct counterpart profiles with their
// interaction counts, most first, then profile id ascending by numeric value.
// Self excluded; hidden publications never count; likes are UPVOTEs only;
// comments/quotes are COMMENT/QUOTE publications whose parent belongs to the
// other side; counterparts are known profiles. The refresh stores each list cut
// at the largest limit (LENS_ENGAGEMENT in src/analytics/lens-refresh.sql.ts):
// counted per request, the most-engaged profiles were the slowest answers of
// the route (docs/performance.md#request-path).
import type { Database } from '../db/database';
import type { EngagementDirection, EngagementKind } from '../domain/engagement';
import { LENS } from '../domain/protocols';
import { generationOf } from './protocols.sql';

export interface EngagementRow {
  profile_id: string;
  direction: EngagementDirection;
  kind: EngagementKind;
  other: string;
  interactions: number;
}

/** Stored lists are small integers: even inbound, odd outbound; list / 2 is the kind. */
const DIRECTION = `(ARRAY['inbound', 'outbound'])[e.list % 2 + 1]`;
const KIND = `(ARRAY['likes', 'comments', 'quotes'])[e.list / 2 + 1]`;

/** One statement for all ids; at most `limit` rows per (profile, direction, kind). */
export function lensEngagement(db: Database, ids: readonly string[], limit: number): Promise<EngagementRow[]> {
  return db.read<EngagementRow>(`
    SELECT e.profile_id, ${DIRECTION} AS direction, ${KIND} AS kind, o.other, o.interactions
    FROM lens_engagement_top e
    CROSS JOIN LATERAL unnest(e.others[1:$2], e.interactions[1:$2]) WITH ORDINALITY AS o(other, interactions, rn)
    WHERE e.generation = ${generationOf(LENS)} AND e.profile_id = ANY($1::text[])
    ORDER BY e.profile_id, direction, kind, o.rn`, [...ids], limit);
}
