// Personalized PageRank from a seed set, restricted to the seeds' k-hop ball,
// by forward push (Andersen, Chung, Lang 2006). Pure and synchronous over a
// follow graph in CSR form: a call finds the ball (BFS), copies the follows
// inside it into a graph of its own in local indices, and pushes on that, so it
// costs the ball and the pushes, not the graph (a few scratch arrays of the
// graph's size are kept per graph and reset touching only the last ball).
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
// 1/((1 − α)·ε) whatever the graph's size. A work budget (follows scanned) can
// stop earlier; the bound returned is then still exact, only larger.
import type { Csr } from './graph-score';

export interface PersonalizedRankOptions {
  /** Weight of following the graph vs. jumping back to the seeds. Default 0.85, the global score's. */
  alpha?: number;
  /** The ball's radius in follows, 0..MAX_HOPS. Default 3. */
  hops?: number;
  /** Push threshold per follow (ε). Default DEFAULT_EPSILON. */
  epsilon?: number;
  /** Most follows the pushes may scan before stopping (the bound then says how far from converged). Default DEFAULT_MAX_WORK. */
  maxWork?: number;
  /** Most nodes listed (the best). Default 1000. */
  limit?: number;
  /**
   * Ball size, as a fraction of the graph's nodes, above which the push runs in
   * place rather than on a local copy of the ball (0: always in place; 1: never).
   * The answer is the same either way, only the speed differs. Default DEFAULT_IN_PLACE_ABOVE.
   */
  inPlaceAbove?: number;
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
  /** Nodes of the ball B and follows scanned to find it. */
  ballNodes: number;
  /** Pushes performed and follows they scanned (the work). */
  pushes: number;
  pushedEdges: number;
  /** Every node's residual is at most ε times its follows in B (false when maxWork stopped the loop). */
  converged: boolean;
  alpha: number;
  epsilon: number;
  hops: number;
}

export const MAX_HOPS = 5;
export const DEFAULT_HOPS = 3;
export const DEFAULT_ALPHA = 0.85;
/** On medium's shape (docs/bench/ppr-medium.json), one viewer at hops 3: Σ r about 1e-3 at the median, 7e-3 at p99. */
export const DEFAULT_EPSILON = 1e-7;
/**
 * The latency cap: a ball too large for ε (ten seeds, or hops 4–5, on medium)
 * stops after this many follows scanned, tens of ms of one core, with its
 * (larger) bound still exact. One viewer at hops 3 stays under it at p99.
 */
export const DEFAULT_MAX_WORK = 1_500_000;
const DEFAULT_LIMIT = 1000;

/**
 * Balls above this fraction of the graph's nodes are pushed in place (on the
 * graph's own CSR and the workspace's arrays of the graph's size) instead of
 * on a local copy: copying most of the graph costs more than the locality it buys.
 */
export const DEFAULT_IN_PLACE_ABOVE = 0.25;

/**
 * Scratch arrays of one graph, reused by every call (calls are synchronous, so
 * never shared by two at once) and reset touching only the last ball. The
 * in-place push's arrays are allocated on the first ball that needs them.
 */
class Workspace {
  readonly n: number;
  readonly dist: Int32Array;
  /** Ball nodes in BFS order (seeds first): position = the node's local index. */
  readonly ball: Int32Array;
  /** Local index of a ball node (local copy); follows in B of a ball node, −1 not yet counted (in place). */
  readonly localOf: Int32Array;
  ballSize = 0;
  /** In place: residual and threshold of node v at 2v and 2v + 1; estimate; FIFO of queued nodes. */
  rt: Float64Array | null = null;
  p: Float64Array | null = null;
  queue: Int32Array | null = null;
  /** The last ball's p and r are in rt / p (zeroed by the next reset). */
  dirty = false;

  constructor(n: number) {
    this.n = n;
    this.dist = new Int32Array(n).fill(-1);
    this.ball = new Int32Array(n);
    this.localOf = new Int32Array(n);
  }

  inPlace(): { rt: Float64Array; p: Float64Array; queue: Int32Array } {
    if (!this.rt || !this.p || !this.queue) {
      this.rt = new Float64Array(2 * this.n);
      this.p = new Float64Array(this.n);
      this.queue = new Int32Array(this.n);
    }
    return { rt: this.rt, p: this.p, queue: this.queue };
  }

  reset(): void {
    const { ball, dist, rt, p } = this;
    if (this.dirty && rt && p) for (let i = 0; i < this.ballSize; i++) { const v = ball[i]; rt[2 * v] = 0; p[v] = 0; }
    this.dirty = false;
    for (let i = 0; i < this.ballSize; i++) dist[ball[i]] = -1;
    this.ballSize = 0;
  }
}

const workspaces = new WeakMap<Csr, Workspace>();

function workspaceOf(csr: Csr): Workspace {
  let w = workspaces.get(csr);
  if (!w) { w = new Workspace(csr.offset.length - 1); workspaces.set(csr, w); }
  return w;
}

/** Bytes of the scratch arrays one graph keeps (allocated on its first call; the in-place push's 28 per node on its first large ball). */
export const workspaceBytes = (nodeCount: number) => nodeCount * (4 + 4 + 4 + 16 + 8 + 4);

/**
 * Personalized rank of the nodes within `hops` of `seeds` (node indices,
 * duplicates count once). Throws RangeError on bad options or seeds.
 */
export function personalizedRank(csr: Csr, seeds: readonly number[], opts: PersonalizedRankOptions = {}): PersonalizedRankResult {
  const { alpha, hops, epsilon, maxWork, limit, inPlaceAbove } = validate(opts);
  const n = csr.offset.length - 1;
  const seedSet = [...new Set(seeds)].sort((a, b) => a - b);
  if (seedSet.length === 0) throw new RangeError('personalized rank: at least one seed');
  for (const s of seedSet) if (!Number.isInteger(s) || s < 0 || s >= n) throw new RangeError(`personalized rank: seed ${s} is outside 0..${n - 1}`);

  const w = workspaceOf(csr);
  w.reset();
  const { offset, target } = csr;
  const { dist, ball } = w;

  // The ball, breadth first: only nodes closer than `hops` are expanded.
  let size = 0;
  for (const s of seedSet) { dist[s] = 0; ball[size++] = s; }
  for (let head = 0; head < size; head++) {
    const u = ball[head];
    const du = dist[u];
    if (du >= hops) break; // BFS order: every later node is at least as far.
    for (let e = offset[u], end = offset[u + 1]; e < end; e++) {
      const v = target[e];
      if (dist[v] < 0) { dist[v] = du + 1; ball[size++] = v; }
    }
  }
  w.ballSize = size;

  const run = size > inPlaceAbove * n
    ? pushInPlace(w, csr, size, seedSet, alpha, hops, epsilon, maxWork)
    : pushOnCopy(w, csr, size, seedSet.length, alpha, hops, epsilon, maxWork);
  const { nodes, scores, reached } = best(ball, size, seedSet.length, run.p, run.inPlace, limit);
  return { nodes, scores, reached, seedMass: run.seedMass, errorBound: run.errorBound, ballNodes: size,
    pushes: run.pushes, pushedEdges: run.pushedEdges, converged: run.converged, alpha, epsilon, hops };
}

interface PushRun { p: Float64Array; inPlace: boolean; seedMass: number; errorBound: number; pushes: number; pushedEdges: number; converged: boolean }

/**
 * The push on the ball's own graph in local indices: the follows between its
 * nodes (all of them below the rim, those that stay inside at the rim), so it
 * touches a few arrays of the ball's size, not of the graph's, and its random
 * accesses stay in cache. For balls that are a small part of the graph.
 */
function pushOnCopy(w: Workspace, csr: Csr, size: number, seedCount: number, alpha: number, hops: number, epsilon: number, maxWork: number): PushRun {
  const { offset, target } = csr;
  const { dist, ball, localOf } = w;
  for (let i = 0; i < size; i++) localOf[ball[i]] = i;
  const lOffset = new Int32Array(size + 1);
  for (let i = 0; i < size; i++) {
    const u = ball[i];
    let d = offset[u + 1] - offset[u];
    if (dist[u] >= hops) { d = 0; for (let e = offset[u], end = offset[u + 1]; e < end; e++) if (dist[target[e]] >= 0) d += 1; }
    lOffset[i + 1] = lOffset[i] + d;
  }
  const lTarget = new Int32Array(lOffset[size]);
  for (let i = 0, k = 0; i < size; i++) {
    const u = ball[i];
    for (let e = offset[u], end = offset[u + 1]; e < end; e++) { const v = target[e]; if (dist[v] >= 0) lTarget[k++] = localOf[v]; }
  }

  // A node is pushed while r > threshold = ε·max(d, 1); a queued node's
  // threshold is +Infinity (one compare per follow, no queued flag), restored
  // when it is pushed. No closures over the loop's state: V8 keeps it in registers.
  const p = new Float64Array(size);
  const r = new Float64Array(size);
  const threshold = new Float64Array(size);
  for (let i = 0; i < size; i++) { const d = lOffset[i + 1] - lOffset[i]; threshold[i] = epsilon * (d > 1 ? d : 1); }
  const queue = new Int32Array(size);
  let qHead = 0;
  let qTail = 0;
  let qLength = 0;
  const seedShare = 1 / seedCount;
  for (let s = 0; s < seedCount; s++) {
    r[s] = seedShare;
    if (r[s] > threshold[s]) { threshold[s] = Infinity; queue[qTail] = s; if (++qTail === size) qTail = 0; qLength += 1; }
  }

  let pushes = 0;
  let pushedEdges = 0;
  let converged = true;
  while (qLength > 0) {
    if (pushedEdges >= maxWork) { converged = false; break; }
    const u = queue[qHead];
    if (++qHead === size) qHead = 0;
    qLength -= 1;
    const start = lOffset[u];
    const end = lOffset[u + 1];
    const d = end - start;
    threshold[u] = epsilon * (d > 1 ? d : 1);
    const ru = r[u];
    p[u] += (1 - alpha) * ru;
    r[u] = 0;
    pushes += 1;
    if (d > 0) {
      const share = (alpha * ru) / d;
      for (let e = start; e < end; e++) {
        const v = lTarget[e];
        const rv = r[v] + share;
        r[v] = rv;
        if (rv > threshold[v]) { threshold[v] = Infinity; queue[qTail] = v; if (++qTail === size) qTail = 0; qLength += 1; }
      }
      pushedEdges += d;
    } else {
      // Follows nobody in the ball: its trust returns to the seeds (local 0..seedCount-1).
      const share = (alpha * ru) * seedShare;
      for (let s = 0; s < seedCount; s++) {
        const rs = r[s] + share;
        r[s] = rs;
        if (rs > threshold[s]) { threshold[s] = Infinity; queue[qTail] = s; if (++qTail === size) qTail = 0; qLength += 1; }
      }
      pushedEdges += seedCount;
    }
  }

  let errorBound = 0;
  for (let i = 0; i < size; i++) errorBound += r[i];
  let seedMass = 0;
  for (let s = 0; s < seedCount; s++) seedMass += p[s];
  return { p, inPlace: false, seedMass, errorBound, pushes, pushedEdges, converged };
}

/** Follows of rim node v that stay inside the ball. */
function rimDegree(offset: Int32Array, target: Int32Array, dist: Int32Array, v: number): number {
  let d = 0;
  for (let e = offset[v], end = offset[v + 1]; e < end; e++) if (dist[target[e]] >= 0) d += 1;
  return d;
}

/**
 * The same push (same order, same arithmetic, so the same answer bit for bit)
 * on the graph's own CSR, for balls that are most of the graph. A node below
 * the rim follows only nodes of B (by the BFS), so its row is used as is; a rim
 * node's follows in B are counted the first time it receives mass, and its
 * pushes skip the follows that leave B. Residual and threshold are interleaved
 * (one cache line per follow pushed along).
 */
function pushInPlace(w: Workspace, csr: Csr, size: number, seedSet: readonly number[], alpha: number, hops: number, epsilon: number, maxWork: number): PushRun {
  const { offset, target } = csr;
  const { dist, ball } = w;
  const deg = w.localOf;
  const { rt, p, queue } = w.inPlace();
  w.dirty = true;
  // Threshold ε·max(d, 1); −1 at the rim until d is counted (any mass exceeds it).
  for (let i = 0; i < size; i++) {
    const v = ball[i];
    if (dist[v] < hops) { const d = offset[v + 1] - offset[v]; deg[v] = d; rt[2 * v + 1] = epsilon * (d > 1 ? d : 1); } else { deg[v] = -1; rt[2 * v + 1] = -1; }
  }
  const seedCount = seedSet.length;
  let qHead = 0;
  let qTail = 0;
  let qLength = 0;
  const seedShare = 1 / seedCount;
  for (let s = 0; s < seedCount; s++) {
    const v = seedSet[s];
    if (deg[v] < 0) { const d = rimDegree(offset, target, dist, v); deg[v] = d; rt[2 * v + 1] = epsilon * (d > 1 ? d : 1); }
    rt[2 * v] = seedShare;
    if (seedShare > rt[2 * v + 1]) { rt[2 * v + 1] = Infinity; queue[qTail] = v; if (++qTail === size) qTail = 0; qLength += 1; }
  }

  let pushes = 0;
  let pushedEdges = 0;
  let converged = true;
  while (qLength > 0) {
    if (pushedEdges >= maxWork) { converged = false; break; }
    const u = queue[qHead];
    if (++qHead === size) qHead = 0;
    qLength -= 1;
    const d = deg[u];
    rt[2 * u + 1] = epsilon * (d > 1 ? d : 1);
    const ru = rt[2 * u];
    p[u] += (1 - alpha) * ru;
    rt[2 * u] = 0;
    pushes += 1;
    if (d > 0) {
      const share = (alpha * ru) / d;
      const rim = dist[u] >= hops;
      for (let e = offset[u], end = offset[u + 1]; e < end; e++) {
        const v = target[e];
        if (rim && dist[v] < 0) continue;
        const i = 2 * v;
        const rv = rt[i] + share;
        rt[i] = rv;
        if (rv > rt[i + 1]) {
          let th = rt[i + 1];
          if (th < 0) { const dv = rimDegree(offset, target, dist, v); deg[v] = dv; th = epsilon * (dv > 1 ? dv : 1); rt[i + 1] = th; }
          if (rv > th) { rt[i + 1] = Infinity; queue[qTail] = v; if (++qTail === size) qTail = 0; qLength += 1; }
        }
      }
      pushedEdges += d;
    } else {
      // Follows nobody in the ball: its trust returns to the seeds.
      const share = (alpha * ru) * seedShare;
      for (let s = 0; s < seedCount; s++) {
        const i = 2 * seedSet[s];
        const rs = rt[i] + share;
        rt[i] = rs;
        if (rs > rt[i + 1]) { rt[i + 1] = Infinity; queue[qTail] = seedSet[s]; if (++qTail === size) qTail = 0; qLength += 1; }
      }
      pushedEdges += seedCount;
    }
  }

  let errorBound = 0;
  for (let i = 0; i < size; i++) errorBound += rt[2 * ball[i]];
  let seedMass = 0;
  for (let s = 0; s < seedCount; s++) seedMass += p[seedSet[s]];
  return { p, inPlace: true, seedMass, errorBound, pushes, pushedEdges, converged };
}

/**
 * The `limit` highest estimates among the ball's non-seed nodes (positions
 * seedCount..size-1 of `ball`), by estimate desc then node index asc; a bounded
 * heap, not a sort of the ball. `p` is indexed by position (local copy) or by
 * node (in place). Answers node indices.
 */
function best(ball: Int32Array, size: number, seedCount: number, p: Float64Array, inPlace: boolean, limit: number) {
  // Scores by position, gathered once (the heap compares them many times).
  const score = inPlace ? new Float64Array(size) : p;
  if (inPlace) for (let i = seedCount; i < size; i++) score[i] = p[ball[i]];
  // Min-heap on (score asc, node index desc): its root is the worst kept.
  const heap = new Int32Array(Math.max(limit, 1));
  let count = 0;
  let reached = 0;
  const worse = (a: number, b: number) => score[a] < score[b] || (score[a] === score[b] && ball[a] > ball[b]);
  const siftDown = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const rr = l + 1;
      let m = i;
      if (l < count && worse(heap[l], heap[m])) m = l;
      if (rr < count && worse(heap[rr], heap[m])) m = rr;
      if (m === i) return;
      const t = heap[i]; heap[i] = heap[m]; heap[m] = t; i = m;
    }
  };
  for (let v = seedCount; v < size; v++) {
    if (!(score[v] > 0)) continue;
    reached += 1;
    if (limit === 0) continue;
    if (count < limit) {
      let i = count++;
      heap[i] = v;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!worse(heap[i], heap[parent])) break;
        const t = heap[i]; heap[i] = heap[parent]; heap[parent] = t; i = parent;
      }
    } else if (worse(heap[0], v)) {
      heap[0] = v;
      siftDown(0);
    }
  }
  const local = heap.slice(0, count).sort((a, b) => score[b] - score[a] || ball[a] - ball[b]);
  const nodes = new Int32Array(count);
  const scores = new Float64Array(count);
  for (let i = 0; i < count; i++) { nodes[i] = ball[local[i]]; scores[i] = score[local[i]]; }
  return { nodes, scores, reached };
}

function validate(opts: PersonalizedRankOptions) {
  const alpha = opts.alpha ?? DEFAULT_ALPHA;
  const hops = opts.hops ?? DEFAULT_HOPS;
  const epsilon = opts.epsilon ?? DEFAULT_EPSILON;
  const maxWork = opts.maxWork ?? DEFAULT_MAX_WORK;
  const limit = opts.limit ?? DEFAULT_LIMIT;
  const inPlaceAbove = opts.inPlaceAbove ?? DEFAULT_IN_PLACE_ABOVE;
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`personalized rank: alpha must be in (0, 1), got ${alpha}`);
  if (!Number.isInteger(hops) || hops < 0 || hops > MAX_HOPS) throw new RangeError(`personalized rank: hops must be an integer in 0..${MAX_HOPS}, got ${hops}`);
  if (!(epsilon > 0) || !Number.isFinite(epsilon)) throw new RangeError(`personalized rank: epsilon must be a finite number > 0, got ${epsilon}`);
  if (!(maxWork >= 1)) throw new RangeError(`personalized rank: maxWork must be ≥ 1, got ${maxWork}`);
  if (!Number.isInteger(limit) || limit < 0) throw new RangeError(`personalized rank: limit must be an integer ≥ 0, got ${limit}`);
  if (!(inPlaceAbove >= 0)) throw new RangeError(`personalized rank: inPlaceAbove must be ≥ 0, got ${inPlaceAbove}`);
  return { alpha, hops, epsilon, maxWork, limit, inPlaceAbove };
}
