// The engagement graph of the ENGAGEMENT trust strategy: an edge i → j weighs
// what i did to j, each interaction kind at its weight (src/domain/trust.ts).
// The interactions are summed in SQL per (i, j) pair, read in batches of source
// profiles (each read through the indexes on the sources' own columns), so no
// statement aggregates the whole graph at once. The follows come from the follow
// graph the refresh already holds in memory: reading them again from SQL was most
// of this step at the network's size (200 batches of 12-13 s re-reading 171 M
// follows). Only profiles of the follow graph's node set are endpoints (an
// engaged id the service does not know is skipped).
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
 * mentions of j in i's casts (i's live follow of j comes from the follow graph).
 * Deleted rows never count.
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
  ) e WHERE src <> dst GROUP BY src, dst`;

/** Lens: comments on and mirrors of j's visible publications, collects of j's publications (follows: the follow graph). */
const LENS_EDGES = `
  SELECT src, dst, sum(w)::float8 AS w FROM (
    SELECT c.profile_id AS src, parent.profile_id AS dst, CASE c.publication_type WHEN 'COMMENT' THEN ${lw.comments} ELSE ${lw.mirrors} END AS w
    FROM lens_publication c JOIN lens_publication parent ON parent.publication_id = c.parent_publication_id
    WHERE c.profile_id = ANY($1::text[]) AND c.publication_type IN ('COMMENT', 'MIRROR') AND NOT c.is_hidden AND NOT parent.is_hidden
    UNION ALL
    SELECT a.acted_profile_id, a.collected_profile_id, ${lw.collects} FROM lens_act a WHERE a.acted_profile_id = ANY($1::text[]) AND a.is_collect
  ) e WHERE src <> dst GROUP BY src, dst`;

/**
 * The engagement graph as the adjacency the score iterates over, built as it is
 * read: ids are in node order and each batch holds whole rows of its sources
 * (pairs are distinct, self-pairs left out, by the statement), so each source's
 * interactions, sorted by target, merge with its row of the follow graph (also
 * sorted, by target) and append straight to the CSR. `follows` is the follow
 * graph's adjacency on the same nodes (distinct pairs, no self-follows). No edge
 * list is ever held beside it: 12 bytes an edge, plus the growth slack until the
 * end, sized from the follow count so that one growth step is rarely needed.
 */
export async function loadEngagementCsr<K extends number | string>(
  sql: SqlClient, protocol: ProtocolName, ids: readonly K[], indexOf: Map<K, number>, follows: Csr, sourcesPerBatch = SOURCES_PER_BATCH,
): Promise<Csr & { weight: Float64Array; rowWeight: Float64Array }> {
  const statement = protocol === 'farcaster' ? FARCASTER_EDGES : LENS_EDGES;
  const followWeight = (protocol === 'farcaster' ? fw : lw).follows;
  const fromRow = PROTOCOLS[protocol].id.fromRow as (v: unknown) => K;
  const n = ids.length;
  if (follows.offset.length !== n + 1) throw new RangeError(`loadEngagementCsr: the follow adjacency has ${follows.offset.length - 1} nodes, not ${n}`);
  const offset = new Int32Array(n + 1);
  const rowWeight = new Float64Array(n);
  let capacity = Math.ceil(follows.target.length * 1.25) + 1024;
  let target = new Int32Array(capacity);
  let weight = new Float64Array(capacity);
  let length = 0;
  const reserve = (more: number) => {
    if (length + more <= capacity) return;
    capacity = Math.max(Math.ceil(capacity * 1.5), length + more);
    const grownTarget = new Int32Array(capacity); grownTarget.set(target.subarray(0, length)); target = grownTarget;
    const grownWeight = new Float64Array(capacity); grownWeight.set(weight.subarray(0, length)); weight = grownWeight;
  };
  const push = (i: number, j: number, w: number) => { target[length] = j; weight[length] = w; rowWeight[i] += w; length += 1; };
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
    reserve(batch.length + follows.offset[end] - follows.offset[start]);
    let k = 0;
    for (let i = start; i < end; i++) {
      // The follow row's targets in the load's order (Lens reads them by followee), sorted for the merge.
      const followed = follows.target.slice(follows.offset[i], follows.offset[i + 1]).sort();
      let f = 0;
      while (f < followed.length || (k < batch.length && batch[k][0] === i)) {
        const interacted = k < batch.length && batch[k][0] === i ? batch[k][1] : Infinity;
        const j = f < followed.length ? Math.min(followed[f], interacted) : interacted;
        let w = 0;
        if (f < followed.length && followed[f] === j) { w += followWeight; f += 1; }
        if (interacted === j) { w += batch[k][2]; k += 1; }
        push(i, j, w);
      }
      offset[i + 1] = length;
    }
  }
  // A copy to the exact length would hold both arrays at once (2.4 GB each at the network's size); small slack is kept instead.
  const fit = <A extends Int32Array | Float64Array>(a: A) => (length >= capacity * 0.8 ? a.subarray(0, length) : a.slice(0, length)) as A;
  return { offset, target: fit(target), weight: fit(weight), rowWeight };
}
