// Global trust score over the follow graph: EigenTrust / personalised PageRank.
//
//   t_{k+1} = (1 − α)·p + α·(Cᵀ·t_k + D_k·p),   D_k = Σ t_k[i] over dangling i
//
// p is the pretrust distribution, C the row-normalised follow matrix (a follower
// splits its trust equally among the distinct others it follows; with edge
// weights, in proportion to the summed weight of its edges to each). A node that
// follows nobody hands its trust back to p (EigenTrust's treatment of dangling
// rows), so Σ t = 1 at every step. Pure and synchronous; typed arrays only, so
// an edge costs a few bytes and no object, and an iteration is one pass over
// contiguous memory (docs/performance.md#refresh).

export interface GraphScoreOptions {
  /** Weight of following the graph vs. jumping back to pretrust (PageRank damping). Default 0.85. */
  alpha?: number;
  /** Stop when the L1 change between iterations is below this. Default 1e-9. */
  tolerance?: number;
  /** Upper bound on iterations (integer ≥ 1). Default 200. */
  maxIterations?: number;
  /** Dense node indices of the pretrusted set; empty/undefined = uniform over all nodes. Duplicates count once. */
  pretrust?: readonly number[];
  /**
   * Weights of the pretrusted nodes, one per entry of `pretrust` (finite, > 0):
   * p is proportional to them instead of uniform. A repeated index keeps its last weight.
   */
  pretrustWeights?: readonly number[];
  /**
   * Edge weights, parallel to from/to (finite, > 0): node i splits its trust in
   * proportion to its summed weight to each other node. Undefined = every distinct
   * edge weighs the same (the follow graph).
   */
  weights?: Float64Array;
}

export interface GraphScoreResult {
  /** One score per node, non-negative, summing to 1 (up to rounding). */
  scores: Float64Array;
  /** Iterations performed. */
  iterations: number;
  /** L1 change of the last iteration. */
  delta: number;
  /** Whether delta fell below the tolerance within maxIterations. */
  converged: boolean;
}

/**
 * Out-edges grouped by follower: targets of i are target[offset[i] .. offset[i+1]),
 * with their summed weights when the graph is weighted, and each row's total.
 */
export interface Csr { offset: Int32Array; target: Int32Array; weight?: Float64Array; rowWeight?: Float64Array }

const DEFAULTS = { alpha: 0.85, tolerance: 1e-9, maxIterations: 200 };

/** Edge i goes from `from[i]` (the follower, who extends trust) to `to[i]` (the followed). Nodes are 0..nodeCount-1. */
export function computeGraphScore(
  nodeCount: number, from: Int32Array, to: Int32Array, opts: GraphScoreOptions = {},
): GraphScoreResult {
  validateOptions(opts);
  validateGraph(nodeCount, from, to, opts.weights);
  const p = pretrustVector(nodeCount, opts.pretrust, opts.pretrustWeights);
  if (nodeCount === 0) return { scores: p, iterations: 0, delta: 0, converged: true };
  return iterateGraphScore(buildGraphCsr(nodeCount, from, to, opts.weights), p, opts);
}

/**
 * A graph laid out once (buildGraphCsr; the refresh builds it once for the global score), scored as often as
 * asked with different pretrust: the channel ranks score it once per channel, each with its own seeds.
 */
export function csrScorer(csr: Csr): (opts?: Omit<GraphScoreOptions, 'weights'>) => GraphScoreResult {
  const nodeCount = csr.offset.length - 1;
  return (opts = {}) => iterateGraphScore(csr, pretrustVector(nodeCount, opts.pretrust, opts.pretrustWeights), opts);
}

/** The distinct-edge (or weight-summed) adjacency the score iterates over; the refresh keeps it to explain the scores. */
export function buildGraphCsr(nodeCount: number, from: Int32Array, to: Int32Array, weights?: Float64Array): Csr {
  validateGraph(nodeCount, from, to, weights);
  return weights ? buildWeightedCsr(nodeCount, from, to, weights) : buildCsr(nodeCount, from, to);
}

/** The pretrust distribution as the score uses it (validated). */
export const pretrustOf = (nodeCount: number, pretrust?: readonly number[], weights?: readonly number[]) => pretrustVector(nodeCount, pretrust, weights);

/** Power iteration over a built adjacency. */
export function iterateGraphScore(csr: Csr, p: Float64Array, opts: GraphScoreOptions = {}): GraphScoreResult {
  const { alpha, tolerance, maxIterations } = validateOptions(opts);
  const nodeCount = p.length;
  if (nodeCount === 0) return { scores: p, iterations: 0, delta: 0, converged: true };
  const { offset, target, weight } = csr;
  // Unweighted: 1/out-degree per row; weighted: 1/row weight, times each edge's weight.
  const invDegree = new Float64Array(nodeCount);
  for (let i = 0; i < nodeCount; i++) {
    const d = weight ? csr.rowWeight![i] : offset[i + 1] - offset[i];
    if (d > 0) invDegree[i] = 1 / d;
  }

  let t = Float64Array.from(p);
  let next = new Float64Array(nodeCount);
  let delta = Infinity;
  let iterations = 0;
  while (iterations < maxIterations) {
    iterations += 1;
    next.fill(0);
    let dangling = 0;
    for (let i = 0; i < nodeCount; i++) {
      const ti = t[i];
      if (ti === 0) continue;
      const end = offset[i + 1];
      let e = offset[i];
      if (e === end) { dangling += ti; continue; }
      const share = ti * invDegree[i];
      if (weight) for (; e < end; e++) next[target[e]] += share * weight[e];
      else for (; e < end; e++) next[target[e]] += share;
    }
    // Teleport plus dangling mass both follow p, so fold them into one coefficient.
    const jump = (1 - alpha) + alpha * dangling;
    delta = 0;
    for (let j = 0; j < nodeCount; j++) {
      const v = alpha * next[j] + jump * p[j];
      next[j] = v;
      delta += Math.abs(v - t[j]);
    }
    [t, next] = [next, t];
    if (delta < tolerance) break;
  }
  return { scores: t, iterations, delta, converged: delta < tolerance };
}

/** Scales so the maximum is 1 (rank order unchanged); all zeros stay zeros. This is what the API shows. */
export function scaleToUnitMax(scores: Float64Array): Float64Array {
  let max = 0;
  for (let i = 0; i < scores.length; i++) if (scores[i] > max) max = scores[i];
  const out = new Float64Array(scores.length);
  if (max === 0) return out;
  for (let i = 0; i < scores.length; i++) out[i] = scores[i] / max;
  // Division can land a hair off 1 for the maximum itself; pin it exactly.
  for (let i = 0; i < scores.length; i++) if (scores[i] === max) out[i] = 1;
  return out;
}

export function validateOptions(opts: GraphScoreOptions) {
  const alpha = opts.alpha ?? DEFAULTS.alpha;
  const tolerance = opts.tolerance ?? DEFAULTS.tolerance;
  const maxIterations = opts.maxIterations ?? DEFAULTS.maxIterations;
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`graph score: alpha must be in (0, 1), got ${alpha}`);
  if (!(tolerance > 0) || !Number.isFinite(tolerance)) {
    throw new RangeError(`graph score: tolerance must be a finite number > 0, got ${tolerance}`);
  }
  if (!Number.isInteger(maxIterations) || maxIterations < 1) {
    throw new RangeError(`graph score: maxIterations must be an integer ≥ 1, got ${maxIterations}`);
  }
  return { alpha, tolerance, maxIterations };
}

function validateGraph(nodeCount: number, from: Int32Array, to: Int32Array, weights?: Float64Array): void {
  if (!Number.isInteger(nodeCount) || nodeCount < 0) {
    throw new RangeError(`graph score: nodeCount must be an integer ≥ 0, got ${nodeCount}`);
  }
  if (from.length !== to.length) {
    throw new RangeError(`graph score: from and to must have equal length, got ${from.length} and ${to.length}`);
  }
  if (weights && weights.length !== from.length) {
    throw new RangeError(`graph score: weights must have one value per edge, got ${weights.length} for ${from.length} edges`);
  }
  if (weights) {
    for (let e = 0; e < weights.length; e++) {
      if (!(weights[e] > 0) || !Number.isFinite(weights[e])) throw new RangeError(`graph score: edge ${e} has weight ${weights[e]}, not a finite number > 0`);
    }
  }
  for (let e = 0; e < from.length; e++) {
    const a = from[e];
    const b = to[e];
    if (a < 0 || a >= nodeCount || b < 0 || b >= nodeCount) {
      throw new RangeError(`graph score: edge ${e} (${a} → ${b}) has a node outside 0..${nodeCount - 1}`);
    }
  }
}

/** Uniform over all nodes, or over the pretrusted nodes (uniform, or in proportion to their weights). */
function pretrustVector(nodeCount: number, pretrust: readonly number[] | undefined, weights?: readonly number[]): Float64Array {
  const p = new Float64Array(nodeCount);
  if (!pretrust || pretrust.length === 0) return p.fill(1 / nodeCount);
  if (weights && weights.length !== pretrust.length) {
    throw new RangeError(`graph score: ${weights.length} pretrust weights for ${pretrust.length} pretrusted nodes`);
  }
  pretrust.forEach((i, k) => {
    if (!Number.isInteger(i) || i < 0 || i >= nodeCount) {
      throw new RangeError(`graph score: pretrust index ${i} is outside 0..${nodeCount - 1}`);
    }
    const w = weights ? weights[k] : 1;
    if (!(w > 0) || !Number.isFinite(w)) throw new RangeError(`graph score: pretrust weight ${w} must be a finite number > 0`);
    p[i] = w;
  });
  let members = 0;
  for (let i = 0; i < nodeCount; i++) members += p[i];
  for (let i = 0; i < nodeCount; i++) p[i] /= members;
  return p;
}

/**
 * Counting sort of edges by follower, dropping self-loops and repeated
 * (from, to) pairs: a follower's trust is split per distinct followee, so a
 * duplicated row in the input cannot double a share.
 */
export function buildCsr(nodeCount: number, from: Int32Array, to: Int32Array): Csr {
  const offset = new Int32Array(nodeCount + 1);
  for (let e = 0; e < from.length; e++) if (from[e] !== to[e]) offset[from[e] + 1] += 1;
  for (let i = 0; i < nodeCount; i++) offset[i + 1] += offset[i];

  const cursor = offset.slice(0, nodeCount);
  const target = new Int32Array(offset[nodeCount]);
  for (let e = 0; e < from.length; e++) {
    const a = from[e];
    if (a !== to[e]) target[cursor[a]++] = to[e];
  }

  // Dedupe in place row by row: lastRow[j] remembers the last row that emitted j.
  const lastRow = new Int32Array(nodeCount).fill(-1);
  let write = 0;
  let start = 0;
  for (let i = 0; i < nodeCount; i++) {
    const end = offset[i + 1];
    for (let e = start; e < end; e++) {
      const j = target[e];
      if (lastRow[j] === i) continue;
      lastRow[j] = i;
      target[write++] = j;
    }
    start = end;
    offset[i + 1] = write;
  }
  return { offset, target: write === target.length ? target : target.slice(0, write) };
}

/**
 * As buildCsr, but repeated (from, to) pairs are one edge whose weight is their
 * sum (i liked j's casts and follows j: one edge of both weights).
 */
function buildWeightedCsr(nodeCount: number, from: Int32Array, to: Int32Array, weights: Float64Array): Csr {
  const offset = new Int32Array(nodeCount + 1);
  for (let e = 0; e < from.length; e++) if (from[e] !== to[e]) offset[from[e] + 1] += 1;
  for (let i = 0; i < nodeCount; i++) offset[i + 1] += offset[i];

  const cursor = offset.slice(0, nodeCount);
  const target = new Int32Array(offset[nodeCount]);
  const weight = new Float64Array(offset[nodeCount]);
  for (let e = 0; e < from.length; e++) {
    const a = from[e];
    if (a === to[e]) continue;
    weight[cursor[a]] = weights[e];
    target[cursor[a]++] = to[e];
  }

  // Merge in place row by row: slotOf[j] is where row i wrote j (valid when lastRow[j] === i).
  const lastRow = new Int32Array(nodeCount).fill(-1);
  const slotOf = new Int32Array(nodeCount);
  const rowWeight = new Float64Array(nodeCount);
  let write = 0;
  let start = 0;
  for (let i = 0; i < nodeCount; i++) {
    const end = offset[i + 1];
    for (let e = start; e < end; e++) {
      const j = target[e];
      const w = weight[e];
      rowWeight[i] += w;
      if (lastRow[j] === i) { weight[slotOf[j]] += w; continue; }
      lastRow[j] = i;
      slotOf[j] = write;
      target[write] = j;
      weight[write++] = w;
    }
    start = end;
    offset[i + 1] = write;
  }
  return { offset, target: target.slice(0, write), weight: weight.slice(0, write), rowWeight };
}
