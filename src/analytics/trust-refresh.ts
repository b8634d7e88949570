// The refresh's trust step: for each strategy, the score over its graph, the
// rank of every profile under it, and the top contributors of each profile's
// score (explainScores), written as one row per profile plus one row of the
// parameters the strategy ran with. FOLLOWS reuses the follow graph the graph
// score step loaded (its scores are the graph score's); ENGAGEMENT adds the
// interactions it reads (engagement-edges.ts) to those follows, on the same nodes.
import type { SqlClient } from '../db/sql-client';
import { PROTOCOLS, type ProtocolName } from '../domain/protocols';
import { TRUST_CONTRIBUTORS, TRUST_WEIGHTS, type TrustStrategy } from '../domain/trust';
import { loadEngagementCsr } from './engagement-edges';
import { buildGraphCsr, iterateGraphScore, pretrustOf, scaleToUnitMax, validateOptions, type Csr, type GraphScoreOptions, type GraphScoreResult } from './graph-score';
import { explainScores } from './trust-explain';
import { copyRows } from './copy-rows';

// The run's weights are stored as [kind, weight] pairs: a JSON array keeps their order, an object would not (jsonb sorts keys).

/** Rows per COPY of the trust tables: their rows carry arrays of contributors, so fewer than copy-rows' default (docs/performance.md#refresh). */
const CSV_CHUNK = 50_000;

/** The nodes of the follow graph: every profile, node i is ids[i]. */
export interface TrustNodes<K extends number | string> { ids: K[]; indexOf: Map<K, number> }

export interface StrategyReport { strategy: TrustStrategy; edges: number; iterations: number; delta: number; seconds: number }

/** Standard competition ranks (1 is highest, equal scores share, the next rank skips). */
export function competitionRanks(scores: Float64Array): Int32Array {
  const order = Int32Array.from(scores.keys()).sort((a, b) => scores[b] - scores[a]);
  const rank = new Int32Array(scores.length);
  for (let k = 0; k < order.length; k++) {
    const i = order[k];
    rank[i] = k > 0 && scores[order[k - 1]] === scores[i] ? rank[order[k - 1]] : k + 1;
  }
  return rank;
}

/** Scores the follow graph (the graph score's own computation) and keeps its adjacency for the explanation. */
export function scoreFollows(nodeCount: number, from: Int32Array, to: Int32Array, opts: GraphScoreOptions) {
  const csr = buildGraphCsr(nodeCount, from, to);
  const p = pretrustOf(nodeCount, opts.pretrust);
  return { csr, p, result: iterateGraphScore(csr, p, opts) };
}

/** Writes one strategy's rows of the generation: scores, ranks, contributors, and the run's parameters. */
export async function writeTrustStrategy<K extends number | string>(
  sql: SqlClient, protocol: ProtocolName, generation: number, strategy: TrustStrategy, ids: readonly K[],
  scored: { csr: Csr; p: Float64Array; result: GraphScoreResult }, opts: GraphScoreOptions, edges: number,
): Promise<void> {
  const spec = PROTOCOLS[protocol];
  const { alpha, tolerance, maxIterations } = validateOptions(opts);
  const { csr, p, result } = scored;
  const scores = scaleToUnitMax(result.scores);
  const ranks = competitionRanks(scores);
  const why = explainScores(csr, result.scores, p, alpha, TRUST_CONTRIBUTORS);
  const k = why.k;
  await copyRows(sql, spec.analytics.trust, ['generation', 'strategy', spec.key, 'score', 'rank', 'contributors', 'shares', 'other_share', 'pretrust_share'],
    ids.length, (j) => {
      const who: string[] = [];
      const shares: string[] = [];
      for (let a = 0; a < why.count[j]; a++) { who.push(String(ids[why.contributor[j * k + a]])); shares.push(String(why.share[j * k + a])); }
      return `${generation},${strategy},${ids[j]},${scores[j]},${ranks[j]},"{${who.join(',')}}","{${shares.join(',')}}",${why.otherShare[j]},${why.pretrustShare[j]}`;
    }, CSV_CHUNK);
  const pretrustProfiles = opts.pretrust?.length ? new Set(opts.pretrust).size : 0;
  await sql.query(`INSERT INTO ${spec.analytics.trustRun} (generation, strategy, profiles, edges, weights, alpha, tolerance, max_iterations,
    iterations, delta, converged, pretrust_profiles) VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9, $10, $11, $12)`,
  [generation, strategy, ids.length, edges, JSON.stringify(Object.entries(TRUST_WEIGHTS[protocol][strategy])), alpha, tolerance, maxIterations,
    result.iterations, result.delta, result.converged, pretrustProfiles]);
}

/** The ENGAGEMENT strategy: its weighted edges onto the follow graph's nodes (`follows`, its adjacency), scored, explained and written. */
export async function writeEngagementTrust<K extends number | string>(
  sql: SqlClient, protocol: ProtocolName, generation: number, graph: TrustNodes<K>, follows: Csr, opts: GraphScoreOptions,
): Promise<{ edges: number; iterations: number; delta: number }> {
  const csr = await loadEngagementCsr(sql, protocol, graph.ids, graph.indexOf, follows);
  const p = pretrustOf(graph.ids.length, opts.pretrust);
  const result = iterateGraphScore(csr, p, opts);
  await writeTrustStrategy(sql, protocol, generation, 'engagement', graph.ids, { csr, p, result }, opts, csr.target.length);
  return { edges: csr.target.length, iterations: result.iterations, delta: result.delta };
}
