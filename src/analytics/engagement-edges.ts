// The engagement graph of the ENGAGEMENT trust strategy: an edge i → j weighs
// what i did to j, each interaction kind at its weight (src/domain/trust.ts),
// summed in SQL per (i, j) pair. Read in batches of source profiles (each an
// index range of the sources' own columns), so no statement aggregates the
// whole graph at once. Only profiles of the follow graph's node set are
// endpoints (an engaged id the service does not know is skipped).
import type { SqlClient } from '../db/sql-client';
import { PROTOCOLS, type ProtocolName } from '../domain/protocols';
import { TRUST_WEIGHTS } from '../domain/trust';

const SOURCES_PER_BATCH = 20_000;

const W = TRUST_WEIGHTS;
const fw = W.farcaster.engagement;
const lw = W.lens.engagement;

/**
 * Farcaster: likes and recasts of j's live casts, replies to j's live casts,
 * mentions of j in i's casts, i's live follow of j. Deleted rows never count.
 */
const FARCASTER_EDGES = `
  SELECT src, dst, sum(w)::float8 AS w FROM (
    SELECT r.fid AS src, c.fid AS dst, CASE r.reaction_type WHEN 1 THEN ${fw.likes} ELSE ${fw.recasts} END AS w
    FROM fc_reaction r JOIN fc_cast c ON c.hash = r.target_hash
    WHERE r.fid = ANY($1::int[]) AND r.reaction_type IN (1, 2) AND r.deleted_at IS NULL AND c.deleted_at IS NULL
    UNION ALL
    SELECT c.fid, p.fid, ${fw.replies} FROM fc_cast c JOIN fc_cast p ON p.hash = c.parent_hash
    WHERE c.fid = ANY($1::int[]) AND c.deleted_at IS NULL AND p.deleted_at IS NULL
    UNION ALL
    SELECT c.fid, m.fid, ${fw.mentions} FROM fc_cast c CROSS JOIN LATERAL unnest(c.mentions) AS m(fid)
    WHERE c.fid = ANY($1::int[]) AND c.deleted_at IS NULL
    UNION ALL
    SELECT l.fid, l.target_fid, ${fw.follows} FROM fc_link l WHERE l.fid = ANY($1::int[]) AND l.deleted_at IS NULL
  ) e WHERE src <> dst GROUP BY src, dst`;

/** Lens: i's live follow of j, comments on and mirrors of j's visible publications, collects of j's publications. */
const LENS_EDGES = `
  SELECT src, dst, sum(w)::float8 AS w FROM (
    SELECT f.follower_profile_id AS src, f.profile_id AS dst, ${lw.follows} AS w
    FROM lens_follow f WHERE f.follower_profile_id = ANY($1::text[]) AND f.deleted_at IS NULL
    UNION ALL
    SELECT c.profile_id, parent.profile_id, CASE c.publication_type WHEN 'COMMENT' THEN ${lw.comments} ELSE ${lw.mirrors} END
    FROM lens_publication c JOIN lens_publication parent ON parent.publication_id = c.parent_publication_id
    WHERE c.profile_id = ANY($1::text[]) AND c.publication_type IN ('COMMENT', 'MIRROR') AND NOT c.is_hidden AND NOT parent.is_hidden
    UNION ALL
    SELECT a.acted_profile_id, a.collected_profile_id, ${lw.collects} FROM lens_act a WHERE a.acted_profile_id = ANY($1::text[]) AND a.is_collect
  ) e WHERE src <> dst GROUP BY src, dst`;

export interface WeightedEdges { from: Int32Array; to: Int32Array; weight: Float64Array }

/** Engagement edges between the nodes of `ids` (indexOf maps an id to its node). */
export async function loadEngagementEdges<K extends number | string>(
  sql: SqlClient, protocol: ProtocolName, ids: readonly K[], indexOf: Map<K, number>,
): Promise<WeightedEdges> {
  const statement = protocol === 'farcaster' ? FARCASTER_EDGES : LENS_EDGES;
  const fromRow = PROTOCOLS[protocol].id.fromRow as (v: unknown) => K;
  let from = new Int32Array(1024);
  let to = new Int32Array(1024);
  let weight = new Float64Array(1024);
  let length = 0;
  for (let start = 0; start < ids.length; start += SOURCES_PER_BATCH) {
    const rows = await sql.query<{ src: unknown; dst: unknown; w: number }>(statement, [ids.slice(start, start + SOURCES_PER_BATCH)]);
    for (const row of rows) {
      const a = indexOf.get(fromRow(row.src));
      const b = indexOf.get(fromRow(row.dst));
      if (a === undefined || b === undefined) continue;
      if (length === from.length) {
        const grownFrom = new Int32Array(length * 2); grownFrom.set(from); from = grownFrom;
        const grownTo = new Int32Array(length * 2); grownTo.set(to); to = grownTo;
        const grownW = new Float64Array(length * 2); grownW.set(weight); weight = grownW;
      }
      from[length] = a; to[length] = b; weight[length] = Number(row.w); length += 1;
    }
  }
  return { from: from.slice(0, length), to: to.slice(0, length), weight: weight.slice(0, length) };
}
