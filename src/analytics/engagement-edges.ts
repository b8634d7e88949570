// The engagement graph of the ENGAGEMENT trust strategy: an edge i → j weighs
// what i did to j, each interaction kind at its weight (src/domain/trust.ts),
// summed in SQL per (i, j) pair. Read in batches of source profiles (each read
// through the indexes on the sources' own columns), so no statement aggregates
// the whole graph at once. Only profiles of the follow graph's node set are
// endpoints (an engaged id the service does not know is skipped).
import type { SqlClient } from '../db/sql-client';
import { PROTOCOLS, type ProtocolName } from '../domain/protocols';
import { TRUST_WEIGHTS } from '../domain/trust';
import type { Csr } from './graph-score';

/** Sources per statement: their rows come back as objects, so a batch's transient memory is bounded by it. */
const SOURCES_PER_BATCH = 5_000;

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

/**
 * The engagement graph as the adjacency the score iterates over, built as it is
 * read: ids are in node order and each batch holds whole rows of its sources
 * (pairs are distinct, self-pairs left out, by the statement), so a batch's
 * edges sorted by source append straight to the CSR. No edge list is ever held
 * beside it: 12 bytes an edge, plus the growth slack until the end.
 */
export async function loadEngagementCsr<K extends number | string>(
  sql: SqlClient, protocol: ProtocolName, ids: readonly K[], indexOf: Map<K, number>, sourcesPerBatch = SOURCES_PER_BATCH,
): Promise<Csr & { weight: Float64Array; rowWeight: Float64Array }> {
  const statement = protocol === 'farcaster' ? FARCASTER_EDGES : LENS_EDGES;
  const fromRow = PROTOCOLS[protocol].id.fromRow as (v: unknown) => K;
  const n = ids.length;
  const offset = new Int32Array(n + 1);
  const rowWeight = new Float64Array(n);
  let target = new Int32Array(1024);
  let weight = new Float64Array(1024);
  let length = 0;
  for (let start = 0; start < n; start += sourcesPerBatch) {
    const end = Math.min(start + sourcesPerBatch, n);
    const rows = await sql.query<{ src: unknown; dst: unknown; w: number }>(statement, [ids.slice(start, end)]);
    const batch: [number, number, number][] = [];
    for (const row of rows) {
      const a = indexOf.get(fromRow(row.src));
      const b = indexOf.get(fromRow(row.dst));
      if (a !== undefined && b !== undefined) batch.push([a, b, Number(row.w)]);
    }
    batch.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
    if (length + batch.length > target.length) {
      const size = Math.max(target.length * 2, length + batch.length);
      const grownTarget = new Int32Array(size); grownTarget.set(target.subarray(0, length)); target = grownTarget;
      const grownWeight = new Float64Array(size); grownWeight.set(weight.subarray(0, length)); weight = grownWeight;
    }
    let k = 0;
    for (let i = start; i < end; i++) {
      for (; k < batch.length && batch[k][0] === i; k++) {
        target[length] = batch[k][1];
        weight[length] = batch[k][2];
        rowWeight[i] += batch[k][2];
        length += 1;
      }
      offset[i + 1] = length;
    }
  }
  return { offset, target: target.slice(0, length), weight: weight.slice(0, length), rowWeight };
}
