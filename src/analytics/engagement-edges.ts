// The engagement graph of the ENGAGEMENT trust strategy: an edge i → j weighs
// what i did to j, each interaction kind at its weight (src/domain/trust.ts).
// The interactions are summed in SQL per (i, j) pair by one statement over the
// whole graph into a temporary table, numbered in the order of the graph's
// nodes, then read back in pages of that number. One statement lets Postgres
// join the reactions with the casts by hashing both tables once: read in batches
// of sources instead, every reaction was a random probe of fc_cast by hash, and
// the probes grew with the dataset. The follows come from the follow graph the
// refresh already holds in memory: reading them again from SQL would cost as
// much as the first load, the largest read of the refresh on a large graph
// (docs/performance.md#refresh). Only profiles of the follow graph's node set
// are endpoints (an engaged id the service does not know is skipped).
import type { SqlClient } from '../db/sql-client';
import { PROTOCOLS, type ProtocolName } from '../domain/protocols';
import { TRUST_WEIGHTS } from '../domain/trust';
import type { Csr } from './graph-score';

/** Pairs per page read back: they come back as objects, so a page's transient memory is bounded by it (docs/performance.md#refresh). */
const PAIRS_PER_PAGE = 100_000;

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
    WHERE r.reaction_type IN (1, 2) AND r.deleted_at IS NULL AND c.deleted_at IS NULL
    UNION ALL
    SELECT c.fid, p.fid, ${fw.replies} FROM fc_cast c JOIN fc_cast p ON p.hash = c.parent_hash
    WHERE c.deleted_at IS NULL AND p.deleted_at IS NULL
    UNION ALL
    SELECT c.fid, m.fid, ${fw.mentions} FROM fc_cast c CROSS JOIN LATERAL unnest(c.mentions) AS m(fid)
    WHERE c.deleted_at IS NULL
  ) e WHERE src <> dst GROUP BY src, dst`;

/** Lens: comments on and mirrors of j's visible publications, collects of j's publications (follows: the follow graph). */
const LENS_EDGES = `
  SELECT src, dst, sum(w)::float8 AS w FROM (
    SELECT c.profile_id AS src, parent.profile_id AS dst, CASE c.publication_type WHEN 'COMMENT' THEN ${lw.comments} ELSE ${lw.mirrors} END AS w
    FROM lens_publication c JOIN lens_publication parent ON parent.publication_id = c.parent_publication_id
    WHERE c.publication_type IN ('COMMENT', 'MIRROR') AND NOT c.is_hidden AND NOT parent.is_hidden
    UNION ALL
    SELECT a.acted_profile_id, a.collected_profile_id, ${lw.collects} FROM lens_act a WHERE a.is_collect
  ) e WHERE src <> dst GROUP BY src, dst`;

/**
 * The engagement graph as the adjacency the score iterates over, built as it is
 * read: the pairs come in node order of their source, so each source's
 * interactions, sorted by target, merge with its row of the follow graph (also
 * sorted, by target) and append straight to the CSR. `follows` is the follow
 * graph's adjacency on the same nodes (distinct pairs, no self-follows). No edge
 * list is ever held beside it: 12 bytes an edge, plus the growth slack until the
 * end, sized from the follow count so that one growth step is rarely needed.
 */
export async function loadEngagementCsr<K extends number | string>(
  sql: SqlClient, protocol: ProtocolName, ids: readonly K[], indexOf: Map<K, number>, follows: Csr, pairsPerPage = PAIRS_PER_PAGE,
): Promise<Csr & { weight: Float64Array; rowWeight: Float64Array }> {
  const { id } = PROTOCOLS[protocol];
  const followWeight = (protocol === 'farcaster' ? fw : lw).follows;
  const fromRow = id.fromRow as (v: unknown) => K;
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

  // Row `row` of the result: its follows (in the load's order, Lens reads them by followee: sorted here)
  // merged with its interactions, both by target; a pair in both weighs the sum.
  let row = 0;
  let pending: [number, number][] = [];
  const closeRowsBefore = (next: number) => {
    for (; row < next; row++) {
      const followed = follows.target.slice(follows.offset[row], follows.offset[row + 1]).sort();
      const interacted = pending.sort((a, b) => a[0] - b[0]);
      reserve(followed.length + interacted.length);
      let f = 0;
      let k = 0;
      while (f < followed.length || k < interacted.length) {
        const j = Math.min(f < followed.length ? followed[f] : Infinity, k < interacted.length ? interacted[k][0] : Infinity);
        let w = 0;
        if (f < followed.length && followed[f] === j) { w += followWeight; f += 1; }
        if (k < interacted.length && interacted[k][0] === j) { w += interacted[k][1]; k += 1; }
        push(row, j, w);
      }
      offset[row + 1] = length;
      pending = [];
    }
  };

  const table = `engagement_pairs_${protocol}`;
  await sql.session(async (s) => {
    await s.exec(`DROP TABLE IF EXISTS pg_temp.${table}`);
    try {
      // n numbers the pairs in the order of the graph's nodes (ids ascending by numeric value), then by target.
      await s.exec(`CREATE TEMP TABLE ${table} AS
        SELECT (row_number() OVER (ORDER BY ${id.order('e.src')}, ${id.order('e.dst')}))::int AS n, e.src, e.dst, e.w
        FROM (${protocol === 'farcaster' ? FARCASTER_EDGES : LENS_EDGES}) e`);
      await s.exec(`CREATE INDEX ON pg_temp.${table} (n)`);
      for (let from = 0; ; from += pairsPerPage) {
        const rows = await s.query<{ src: unknown; dst: unknown; w: number }>(
          `SELECT src, dst, w FROM pg_temp.${table} WHERE n > $1 AND n <= $2 ORDER BY n`, [from, from + pairsPerPage]);
        for (const r of rows) {
          const a = indexOf.get(fromRow(r.src));
          const b = indexOf.get(fromRow(r.dst));
          if (a === undefined || b === undefined) continue;
          // The statement's order is the node order; anything else would put pairs in the wrong row.
          if (a < row) throw new Error(`loadEngagementCsr: ${protocol} pairs are not in node order (${String(r.src)} after node ${row})`);
          if (a !== row) closeRowsBefore(a);
          pending.push([b, Number(r.w)]);
        }
        if (rows.length < pairsPerPage) break;
      }
    } finally {
      await s.exec(`DROP TABLE IF EXISTS pg_temp.${table}`);
    }
  });
  closeRowsBefore(n);
  // The two arrays are the graph's largest allocation, and a copy to the exact length needs as much again while both live; small slack is kept instead.
  const fit = <A extends Int32Array | Float64Array>(a: A) => (length >= capacity * 0.8 ? a.subarray(0, length) : a.slice(0, length)) as A;
  return { offset, target: fit(target), weight: fit(weight), rowWeight };
}
