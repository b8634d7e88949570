// Engagement lists for a batch of fids in one statement.
// inbound = others acting on this fid's live casts; outbound = this fid acting
// on others' live casts. likes = live like reactions, comments = live replies,
// quotes = live casts quoting (embeds castId). Counterparts by interaction
// count desc, then fid asc, at most `limit` per list.
//
// The lists are read from fc_engagement_pair, which the live sync keeps exact
// event by event: each list is the first `limit` entries of one index. While
// an import has left the live tables stale (until the refresh after it
// rebuilds them), they are counted from the reactions and casts instead.
// Which of the two runs is decided by a read of the mark first
// (live-counters.ts), not inside one statement: planning the counting arms on
// every call cost more than running the stored one.
import type { Database } from '../db/database';
import type { EngagementDirection, EngagementKind } from '../domain/engagement';
import { farcasterLiveIsStaleRead } from './live-counters';

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

/**
 * The stored lists: per fid and kind, the first rows of the inbound index (by
 * author) and of the outbound one (by actor). Kinds are numbered as the lists
 * (list = 2 × kind + direction).
 */
const STORED = `
    WITH fids AS (SELECT DISTINCT unnest($1::int[]) AS fid), kinds AS (SELECT generate_series(0, 2) AS kind),
    lists AS (
      SELECT f.fid, 2 * k.kind AS list, e.actor AS other, e.n
        FROM fids f CROSS JOIN kinds k CROSS JOIN LATERAL (
          SELECT p.actor, p.n FROM fc_engagement_pair p WHERE p.author = f.fid AND p.kind = k.kind ORDER BY p.n DESC, p.actor LIMIT $2) e
      UNION ALL
      SELECT f.fid, 2 * k.kind + 1, e.author, e.n
        FROM fids f CROSS JOIN kinds k CROSS JOIN LATERAL (
          SELECT p.author, p.n FROM fc_engagement_pair p WHERE p.actor = f.fid AND p.kind = k.kind ORDER BY p.n DESC, p.author LIMIT $2) e)
    SELECT fid, ${LISTS} AS dir, ${KINDS} AS kind, other, n FROM lists ORDER BY fid, dir, kind, n DESC, other`;

/** Counted from the rows, per list and counterpart, then ranked: while the live tables are stale. */
const COUNTED = `
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

export async function engagementLists(db: Database, fids: readonly number[], limit: number): Promise<EngagementRow[]> {
  return db.read<EngagementRow>(await farcasterLiveIsStaleRead(db) ? COUNTED : STORED, [...fids], limit);
}
