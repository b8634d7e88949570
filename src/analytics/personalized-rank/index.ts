// Personalized PageRank from a seed set, restricted to the seeds' k-hop ball,
// by forward push (Andersen, Chung, Lang 2006). Pure and synchronous over a
// follow graph in CSR form: a call finds the ball (ball.ts: BFS, nodes numbered
// in local indices) and pushes with its state in local indices
// (push-kernel.ts), so it costs the ball and the pushes, not the graph (the
// scratch arrays are kept per graph and reset touching only the last ball:
// graph-workspace.ts). A ball that fits the caches is copied into a graph of
// its own first (its pushes scan those follows many times over); a larger one,
// most of the graph at the larger radii, is pushed reading the graph's own
// rows (work-budget.ts decides, and charges each part of the call). Either way
// the same pushes in the same order: the same answer, bit for bit.
//
// What is estimated. B is the set of nodes within `hops` follows of a seed
// (seeds at 0); only follows between nodes of B count. A node splits its trust
// equally among the nodes of B it follows; one that follows none of them hands
// its trust back to the seeds (EigenTrust's dangling rule, as the global score
// in graph-score.ts). With s uniform over the seeds and P that row-stochastic
// matrix on B, the rank is
//
//   π = (1 − α)·s + α·Pᵀ·π,   Σ π = 1.
//
// Forward push keeps an estimate p and a residual r (both ≥ 0) with the
// invariant π = p + (1 − α)·(I − α·Pᵀ)⁻¹·r. Since (I − α·Pᵀ)⁻¹ has non-negative
// entries and column sums 1/(1 − α), it follows that p ≤ π at every node and
//
//   ‖π − p‖₁ = Σ r  (exactly),  so  0 ≤ π(v) − p(v) ≤ Σ r  for every v.
//
// That sum is returned as `errorBound`. A node u is pushed while
// r(u) > ε·d(u), d(u) = its follows inside B (1 if none), so on convergence
// Σ r ≤ ε·Σ_B max(d, 1); each push moves more than (1 − α)·ε·d(u) of mass into
// p, whose total is at most 1, so the work (edges scanned by pushes) is below
// 1/((1 − α)·ε) whatever the graph's size. The pushes run in levels: to
// convergence at a threshold per follow of firstLevel, then at a quarter of
// it, down to ε, so the largest residuals per follow go first (each push takes
// (1 − α)·r(u) off the bound for d(u) follows scanned). A work budget (follows
// scanned) can stop earlier; the bound returned is then still exact, only
// larger, and far smaller than a single level's at ε for the same work.
//
// A ball with more follows than the budget (converging at a small ε pushes
// most of B's nodes, often several times, so more follows than that), or whose
// copy would not fit the caches, is pushed from the graph's rows, and its whole
// cost (pushes, BFS, nodes, the rim's rows) is charged to the budget at rates
// that make a follow's charge about its time; the BFS itself is bounded before
// it reads, and may stop at a smaller radius (the result's `hops`), the answer
// exactly that radius's. Smaller balls are copied and get the budget as given.
import type { Csr } from '../graph-score';
import { copyBall, findBall } from './ball';
import { workspaceOf } from './graph-workspace';
import { push } from './push-kernel';
import { topRanked } from './top-ranked';
import { pushBudget } from './work-budget';

export { prepareWorkspace, workspaceBytes } from './graph-workspace';
export { followCost } from './work-budget';

export interface PersonalizedRankOptions {
  /** Weight of following the graph vs. jumping back to the seeds. Default 0.85, the global score's. */
  alpha?: number;
  /** The ball's radius in follows, 0..MAX_HOPS. Default 3. */
  hops?: number;
  /** Push threshold per follow (ε). Default DEFAULT_EPSILON. */
  epsilon?: number;
  /**
   * Most follows the pushes may scan before stopping (the bound then says how
   * far from converged). A ball with more follows than this, or whose copy
   * would take more than CACHED_BALL_BYTES (4 MiB), is pushed from the graph's
   * rows with its work counted UNCACHED_FOLLOW_COST (3) times and its BFS
   * charged too (a quarter of a follow per follow the BFS read and one per
   * node found, leaving the pushes at least a quarter). Default DEFAULT_MAX_WORK.
   */
  maxWork?: number;
  /**
   * The push threshold per follow of the first level: the pushes run to
   * convergence at this threshold, then at a quarter of it, and so on down to
   * ε, so that a run the budget stops has pushed the largest residuals per
   * follow first (a smaller bound for the same work). ε or more: a single level,
   * the plain push at ε. Default DEFAULT_FIRST_LEVEL.
   */
  firstLevel?: number;
  /** Most nodes listed (the best). Default 1000. */
  limit?: number;
  /**
   * Ball size, as a fraction of the graph's nodes, up to which the push runs on
   * a copy of the ball's follows, above which on the graph's own rows (0: never
   * copied; 1: always). The answer is the same either way, only the speed differs.
   * By default a ball is copied unless it is large (see work-budget.ts).
   */
  copyBelow?: number;
}

export interface PersonalizedRankResult {
  /** The listed nodes (seeds never listed), highest estimate first, ties by node index (= id order). */
  nodes: Int32Array;
  /** Their estimates p(v): lower bounds of π(v), each within errorBound of it. */
  scores: Float64Array;
  /** Nodes other than the seeds with a positive estimate (the list holds the best `limit` of them). */
  reached: number;
  /** The seeds' own estimates, summed (they are never listed). */
  seedMass: number;
  /** Σ r = ‖π − p‖₁ exactly: the L1 error of the whole estimate, a bound on each node's error. */
  errorBound: number;
  /** Nodes of the ball B. */
  ballNodes: number;
  /** Pushes performed and follows they scanned (the work). */
  pushes: number;
  pushedEdges: number;
  /** Every node's residual is at most ε times its follows in B (false when maxWork stopped the loop). */
  converged: boolean;
  alpha: number;
  epsilon: number;
  /** The radius used: the one asked, or smaller when its BFS would have read more than its share of the budget. */
  hops: number;
}

export const MAX_HOPS = 5;
export const DEFAULT_HOPS = 3;
export const DEFAULT_ALPHA = 0.85;
/**
 * The push threshold per follow the levels end at. The bounds it gives one
 * viewer at the default radius, on graphs of the generator's shapes, are in
 * docs/performance.md#personalized-rank.
 */
export const DEFAULT_EPSILON = 1e-7;
/**
 * The latency cap: a ball too large for ε (ten seeds, or the larger radii)
 * stops after this many follows scanned on a copy (fewer on a graph of more
 * than 32 MiB of rows: followCost), or a third as many from the graph's rows
 * (fewer when its BFS is charged), with its (larger) bound still exact. Set so
 * that every case of the bench (npm run bench:ppr) stays well within the
 * latency goal at medium's shape, where one viewer at the default radius still
 * converges under it in most cases; a deployment at the network's size can
 * afford three times this, for smaller bounds (docs/performance.md#personalized-rank).
 */
export const DEFAULT_MAX_WORK = 500_000;
const DEFAULT_LIMIT = 1000;

/**
 * The push threshold per follow of the first level (see firstLevel). The
 * levels push the largest residuals per follow first, which is what lowers the
 * bound fastest (a push of u takes (1 − α)·r(u) off it for d(u) follows
 * scanned): with one level at ε, a stopped run had spent its work on the many
 * nodes just over ε. For the same work a stopped run's bound is smaller than
 * one level's, several times so for one or ten seeds, and it changes little
 * over a wide range of first levels and steps (docs/performance.md#personalized-rank,
 * the levels).
 */
export const DEFAULT_FIRST_LEVEL = 1e-4;

/**
 * Personalized rank of the nodes within `hops` of `seeds` (node indices,
 * duplicates count once). Throws RangeError on bad options or seeds.
 */
export function personalizedRank(csr: Csr, seeds: readonly number[], opts: PersonalizedRankOptions = {}): PersonalizedRankResult {
  const { alpha, hops, epsilon, firstLevel, maxWork, limit, copyBelow } = validate(opts);
  const n = csr.offset.length - 1;
  const seedSet = [...new Set(seeds)].sort((a, b) => a - b);
  if (seedSet.length === 0) throw new RangeError('personalized rank: at least one seed');
  for (const s of seedSet) if (!Number.isInteger(s) || s < 0 || s >= n) throw new RangeError(`personalized rank: seed ${s} is outside 0..${n - 1}`);

  const w = workspaceOf(csr);
  const ball = findBall(csr, w, seedSet, hops, maxWork);
  const { large, budget, rimCharge } = pushBudget(csr, maxWork, ball);
  const onRows = copyBelow === undefined ? large : ball.size > copyBelow * n;
  const copy = onRows ? null : w.copyArrays(ball.size, ball.follows);
  if (copy) copyBall(csr, ball, copy);
  const state = w.pushState();
  const run = push(state, { offset: csr.offset, target: csr.target, ball, copy, alpha, epsilon, firstLevel, budget, rimCharge });
  const { nodes, scores, reached } = topRanked(ball.nodes, ball.size, ball.seedCount, state.estimate, limit);
  return { nodes, scores, reached, seedMass: run.seedMass, errorBound: run.errorBound, ballNodes: ball.size,
    pushes: run.pushes, pushedEdges: run.pushedEdges, converged: run.converged, alpha, epsilon, hops: ball.hops };
}

function validate(opts: PersonalizedRankOptions) {
  const alpha = opts.alpha ?? DEFAULT_ALPHA;
  const hops = opts.hops ?? DEFAULT_HOPS;
  const epsilon = opts.epsilon ?? DEFAULT_EPSILON;
  const maxWork = opts.maxWork ?? DEFAULT_MAX_WORK;
  const limit = opts.limit ?? DEFAULT_LIMIT;
  const copyBelow = opts.copyBelow;
  // ε or more is one level at ε.
  const firstLevel = Math.max(opts.firstLevel ?? DEFAULT_FIRST_LEVEL, epsilon);
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`personalized rank: alpha must be in (0, 1), got ${alpha}`);
  if (!Number.isInteger(hops) || hops < 0 || hops > MAX_HOPS) throw new RangeError(`personalized rank: hops must be an integer in 0..${MAX_HOPS}, got ${hops}`);
  if (!(epsilon > 0) || !Number.isFinite(epsilon)) throw new RangeError(`personalized rank: epsilon must be a finite number > 0, got ${epsilon}`);
  if (!(maxWork >= 1)) throw new RangeError(`personalized rank: maxWork must be ≥ 1, got ${maxWork}`);
  if (!Number.isInteger(limit) || limit < 0) throw new RangeError(`personalized rank: limit must be an integer ≥ 0, got ${limit}`);
  if (copyBelow !== undefined && !(copyBelow >= 0)) throw new RangeError(`personalized rank: copyBelow must be ≥ 0, got ${copyBelow}`);
  if (opts.firstLevel !== undefined && (!(opts.firstLevel > 0) || !Number.isFinite(opts.firstLevel))) {
    throw new RangeError(`personalized rank: firstLevel must be a finite number > 0, got ${opts.firstLevel}`);
  }
  return { alpha, hops, epsilon, firstLevel, maxWork, limit, copyBelow };
}
