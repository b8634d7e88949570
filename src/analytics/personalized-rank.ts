// Personalized PageRank from a seed set, restricted to the seeds' k-hop ball,
// by forward push (Andersen, Chung, Lang 2006). Pure and synchronous over a
// follow graph in CSR form: a call finds the ball (BFS, nodes numbered in local
// indices) and pushes with its state in local indices, so it costs the ball and
// the pushes, not the graph (a few scratch arrays of the graph's size are kept
// per graph and reset touching only the last ball). A ball with fewer follows
// than the work budget is copied into a graph of its own first (its pushes
// scan those follows many times over); a larger one, most of the graph at hops
// 4–5 on medium, is pushed reading the graph's own rows. Either way the same
// pushes in the same order: the same answer, bit for bit.
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
// A ball with more follows than the budget (converging at ε 1e-7 pushes most of
// B's nodes, often several times, so more follows than that), or whose copy
// would not fit the caches (CACHED_BALL_BYTES), is pushed from the graph's
// rows, and its work counts UNCACHED_FOLLOW_COST times; its BFS's reading and
// nodes are charged to the budget too, so that the call's whole cost, not only
// its pushes', is bounded by it, and so are the rim's rows, read when a rim
// node is first taken from the queue. The BFS itself is bounded before it
// reads: a level whose follows, and the nodes they could add, would take its
// charge past BFS_SHARE of that budget is not expanded, and the ball is the
// smaller radius's (the result's `hops`), the answer exactly that radius's.
// Smaller balls are copied and get the budget as given.
import type { Csr } from './graph-score';

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
   * By default a ball is copied unless its follows outnumber maxWork.
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
/** On medium's shape (docs/bench/ppr-medium.json), one viewer at hops 3: Σ r about 1e-3 at the median, 7e-3 at p99. */
export const DEFAULT_EPSILON = 1e-7;
/**
 * The latency cap: a ball too large for ε (ten seeds, or hops 4–5, on medium)
 * stops after this many follows scanned on a copy (fewer on a graph of more
 * than 32 MiB of rows: followCost), or a third as many from the graph's rows
 * (fewer when its BFS is charged): at most 24 ms at p99 on medium's shape and
 * 22 ms on the network's (docs/bench/ppr-*.json; docs/performance.md,
 * "Levels"), with its (larger) bound still exact. One viewer at hops 3 on
 * medium converges under it in 180 of 200 cases. A deployment at the
 * network's size can afford three times this (31 ms at p99 there), for
 * smaller bounds.
 */
export const DEFAULT_MAX_WORK = 500_000;
const DEFAULT_LIMIT = 1000;

/**
 * The push threshold per follow of the first level (see firstLevel). The
 * levels push the largest residuals per follow first, which is what lowers the
 * bound fastest (a push of u takes (1 − α)·r(u) off it for d(u) follows
 * scanned): with one level at ε, a stopped run had spent its work on the many
 * nodes just over ε. Measured on medium's shape at the same cap (2026-11-29,
 * 200 seed sets a case, a million follows): ten Farcaster seeds at hops 3,
 * bound 0.066 → 0.008 at the median; one seed at hops 5, 0.12 → 0.020; a
 * hundred Lens seeds at hops 3, 0.47 → 0.29 (docs/performance.md, "Levels").
 * First levels of 1e-4 to 1e-2 and steps of 2 to 10 gave bounds within about
 * 20 % of each other.
 */
export const DEFAULT_FIRST_LEVEL = 1e-4;
/** Each level's threshold is the last one's divided by this, down to ε. */
const LEVEL_STEP = 4;
/**
 * What moving to the next level charges per node touched so far (its residual
 * compared with the new threshold, read in list order), in follows pushed.
 */
const RESCAN_CHARGE = 0.25;

/**
 * What a follow read by the BFS of a large ball is charged, in follows pushed
 * along from the graph's rows: about what it costs on medium's shape (read in
 * order, against a random lookup and update for a pushed one).
 */
const BFS_CHARGE = 0.25;

/**
 * What a node of a large ball is charged, in follows pushed from the rows: it is added to
 * the ball, its row's length read, its state set, its estimate scanned for
 * the answer and the ball reset, a few random accesses each. Uncharged, they
 * were most of the time at the network's density, where one seed's third
 * level holds most of the graph (600,000 nodes) and the pushes reach 7,000.
 */
const NODE_CHARGE = 1;

/** The share of the budget the BFS of a large ball may be charged before it stops at a smaller radius. */
const BFS_SHARE = 0.75;

/**
 * What a follow pushed on a ball whose state does not fit the caches costs, in
 * follows pushed on one that does: such a ball (more follows than maxWork, or
 * a copy of more than CACHED_BALL_BYTES) is pushed from the graph's rows, and
 * its whole charge (its pushes, BFS, nodes and rim) counts against maxWork at
 * this rate, so the budget bounds the time whatever the ball. Measured on the
 * same seeds forced each way (20 seed sets a case, 2026-11-28): 17–23 ns a
 * follow on copies of about 0.3–2 MB, 35–85 ns on copies of 6–8 MB, 35–55 ns
 * from the graph's rows at medium's shape and 80–90 ns at the network's
 * (random accesses into node-sized arrays). Copying a ball costs about as much
 * as pushing its follows once, so one that does not fit is not copied.
 */
const UNCACHED_FOLLOW_COST = 3;

/**
 * What a follow costs a ball copied from this graph, in follows of one copied
 * from a graph whose rows (offset and target) fit in 32 MiB, as medium's 16 MB
 * do: 1 up to 32 MiB, half a unit more per doubling, 2 from 128 MiB. Copying
 * reads the ball's rows and looks each follow up in localOf, random accesses
 * into arrays of the graph's size, and a ball of the same reach holds more
 * nodes on a larger graph; past the caches and the TLB's reach both cost
 * more. Measured on the generator's graphs, the same seed sets and cap, calls
 * interleaved in one process (2026-11-29, 100 sets a case): a capped call took
 * 1.5–1.7 times medium's time on Lens at large's size (1 M nodes, 76 MiB of
 * rows: 1.63 here) and on Farcaster at large's (2 M nodes, 153 MiB: 2), the
 * copy alone twice. A copied ball's budget is divided by this, so that it
 * takes about the same time on a graph of any size. The rows path's charges
 * (UNCACHED_FOLLOW_COST, BFS_CHARGE, NODE_CHARGE) already keep its calls at
 * the network's size within the time of medium's (docs/performance.md,
 * "`large` rebuilt a fourth time").
 */
export function followCost(csr: Csr): number {
  const bytes = csr.offset.byteLength + csr.target.byteLength;
  return Math.min(2, Math.max(1, 1 + Math.log2(bytes / 2 ** 25) / 2));
}

/** Most bytes of a ball's copy (see copyBytes): a larger ball is pushed from the graph's rows. */
const CACHED_BALL_BYTES = 4 * 2 ** 20;

/**
 * What pushing on a copy of a ball touches: 4 bytes a follow copied, and 40 a
 * node (the push loop's state, 33, and its places in the ball and in localOf,
 * 8; the touched list's 4 more are written once a node and read once a level).
 * The follows are those the BFS and the rim's rows hold, an upper bound on the copy.
 */
const copyBytes = (follows: number, nodes: number) => 4 * follows + 40 * nodes;

/**
 * Scratch arrays of one graph, reused by every call (calls are synchronous, so
 * never shared by two at once) and reset touching only the last ball. The
 * push state of large balls (prefixes of arrays of the graph's size, indexed by
 * local index) is allocated on the first large ball, or by prepareWorkspace.
 */
class Workspace {
  readonly n: number;
  /** Bit v: node v is in the ball (a bitset stays in L1/L2 cache). */
  readonly inBall: Int32Array;
  /** Ball nodes in BFS order (seeds first): position = the node's local index. */
  readonly ball: Int32Array;
  /** Local index of a ball node, −1 outside the ball. */
  readonly localOf: Int32Array;
  ballSize = 0;
  /** Large balls, by local index: residual and threshold at 2i and 2i + 1 (one cache line per follow pushed along); estimate; follows in B (−1 not yet counted); FIFO. */
  rt: Float64Array | null = null;
  p: Float64Array | null = null;
  deg: Int32Array | null = null;
  queue: Int32Array | null = null;
  touched: Int32Array | null = null;
  /** Copied balls' arrays (see copied), allocated on the first copy, or by prepareWorkspace. */
  private copy: CopyArrays | null = null;

  /** The graph's follows (a copy holds at most them). */
  readonly edges: number;

  constructor(n: number, edges: number) {
    this.n = n;
    this.edges = edges;
    this.inBall = new Int32Array((n + 31) >>> 5);
    this.ball = new Int32Array(n);
    this.localOf = new Int32Array(n).fill(-1);
  }

  large(): { rt: Float64Array; p: Float64Array; deg: Int32Array; queue: Int32Array; touched: Int32Array } {
    if (!this.rt || !this.p || !this.deg || !this.queue || !this.touched) {
      this.rt = new Float64Array(2 * this.n);
      this.p = new Float64Array(this.n);
      this.deg = new Int32Array(this.n);
      this.queue = new Int32Array(this.n);
      this.touched = new Int32Array(this.n);
    }
    return { rt: this.rt, p: this.p, deg: this.deg, queue: this.queue, touched: this.touched };
  }

  /**
   * The arrays of a copied ball of `nodes` nodes and at most `follows`
   * follows: prefixes of arrays kept for the graph when the ball fits
   * CACHED_BALL_BYTES (every ball copied by default), fresh ones otherwise (a
   * larger ball forced onto a copy by copyBelow). Allocated per call, they
   * were up to 8 MB of new buffers on every capped call, whose pages the
   * system maps as they are first written: kept, a call at `large`'s shape is
   * 5–9 % faster (the same 200 seed sets interleaved, the same answers). Only
   * lOffset[0] is set here: pushOnCopy writes or clears every other entry it reads.
   */
  copied(nodes: number, follows: number): CopyArrays {
    if (copyBytes(follows, nodes) > CACHED_BALL_BYTES) return copyArrays(nodes, follows);
    this.copy ??= copyArrays(Math.min(COPY_NODES, this.n), Math.min(COPY_FOLLOWS, this.edges));
    this.copy.lOffset[0] = 0;
    return this.copy;
  }

  reset(): void {
    const { ball, localOf } = this;
    for (let i = 0; i < this.ballSize; i++) localOf[ball[i]] = -1;
    this.inBall.fill(0);
    this.ballSize = 0;
  }
}

/** The most nodes and follows of a ball whose copy fits CACHED_BALL_BYTES: the capacity of a workspace's copy arrays. */
const COPY_NODES = Math.floor(CACHED_BALL_BYTES / 40);
const COPY_FOLLOWS = CACHED_BALL_BYTES / 4;

/** A copied ball's push state, by local index (see pushOnCopy). */
interface CopyArrays { lOffset: Int32Array; lTarget: Int32Array; p: Float64Array; rt: Float64Array; hidden: Uint8Array; queue: Int32Array; touched: Int32Array }

const copyArrays = (nodes: number, follows: number): CopyArrays => ({
  lOffset: new Int32Array(nodes + 1), lTarget: new Int32Array(follows), p: new Float64Array(nodes), rt: new Float64Array(2 * nodes),
  hidden: new Uint8Array(nodes), queue: new Int32Array(nodes), touched: new Int32Array(nodes),
});

const workspaces = new WeakMap<Csr, Workspace>();

function workspaceOf(csr: Csr): Workspace {
  let w = workspaces.get(csr);
  if (!w) { w = new Workspace(csr.offset.length - 1, csr.target.length); workspaces.set(csr, w); }
  return w;
}

/**
 * Allocates a graph's scratch arrays now, all of them (workspaceBytes), and
 * writes every page of them, instead of on the first call and the first
 * large or copied ball: the system maps a new array's pages as they are first
 * written, and at `large`'s size (a million nodes) the first large ball's 36
 * MB of state cost that request 70–80 ms more than the next ones. For a
 * server, which loads a graph once per analytics generation.
 */
export function prepareWorkspace(csr: Csr): void {
  const w = workspaceOf(csr);
  const large = w.large();
  const copy = w.copied(0, 0);
  for (const a of [large.rt, large.p, large.deg, large.queue, large.touched, copy.lOffset, copy.lTarget, copy.p, copy.rt, copy.hidden, copy.queue, copy.touched]) a.fill(0);
}

/**
 * Bytes of the scratch arrays one graph keeps: 40 per node and a bit, the large balls' 36 per node, and a copied
 * ball's, 37 per node and 4 per follow up to CACHED_BALL_BYTES' worth (all of them by prepareWorkspace, else as
 * the first call, the first large ball and the first copy need them).
 */
export const workspaceBytes = (nodeCount: number, edgeCount: number) => nodeCount * (4 + 4 + 16 + 8 + 4 + 4 + 4) + 4 * ((nodeCount + 31) >>> 5)
  + 37 * Math.min(COPY_NODES, nodeCount) + 4 + 4 * Math.min(COPY_FOLLOWS, edgeCount);

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
  w.reset();
  const { offset, target } = csr;
  const { inBall, ball, localOf } = w;

  // The ball, breadth first, level by level: levels 0..hops-1 are expanded,
  // and what the last one finds (local indices rimStart..size-1) is the rim.
  // Before a level past the seeds' is expanded, its follows are counted (its
  // rows' lengths only): if reading them, and the nodes they could add, would
  // take the BFS's charge past BFS_SHARE of the budget, the ball stops at the
  // levels found so far and the radius used is smaller than asked (on a dense
  // graph, one seed's third level can hold half the network: 50 M follows to
  // read before any push).
  let size = 0;
  for (const s of seedSet) { inBall[s >>> 5] |= 1 << (s & 31); localOf[s] = size; ball[size++] = s; }
  let levelStart = 0;
  let bfsFollows = 0;
  // A large ball's budget, in follows pushed from the rows; the BFS is bounded by it.
  const rowsBudget = maxWork / UNCACHED_FOLLOW_COST;
  let usedHops = hops;
  for (let h = 0; h < hops && levelStart < size; h++) {
    const levelEnd = size;
    if (h > 0) {
      let levelFollows = 0;
      for (let head = levelStart; head < levelEnd; head++) { const u = ball[head]; levelFollows += offset[u + 1] - offset[u]; }
      const added = Math.min(levelFollows, n - size);
      if ((bfsFollows + levelFollows) * BFS_CHARGE + (size + added) * NODE_CHARGE > rowsBudget * BFS_SHARE) { usedHops = h; break; }
    }
    for (let head = levelStart; head < levelEnd; head++) {
      const u = ball[head];
      bfsFollows += offset[u + 1] - offset[u];
      for (let e = offset[u], end = offset[u + 1]; e < end; e++) {
        const v = target[e];
        const word = v >>> 5;
        const bit = 1 << (v & 31);
        if ((inBall[word] & bit) === 0) { inBall[word] |= bit; localOf[v] = size; ball[size++] = v; }
      }
    }
    levelStart = levelEnd;
  }
  const rimStart = levelStart;
  w.ballSize = size;

  // A ball with more follows than the budget, or whose copy would not fit the
  // caches, is large: copying it would cost about as much as pushing its
  // follows once, and convergence within the budget is out of reach in
  // practice (converging pushes most nodes of B). It is pushed from the rows,
  // its work counts UNCACHED_FOLLOW_COST times (rowsBudget), and its BFS is
  // charged to that (a BFS follow at BFS_CHARGE of a pushed one, a node of the
  // ball at NODE_CHARGE), so that the whole call stays within about the time of
  // maxWork follows pushed on a copy; at least a quarter of rowsBudget is left
  // to the pushes. So are the rim's rows, read when a rim node is first taken
  // from the queue (to count its follows inside B). A copied ball has maxWork
  // divided by the graph's followCost.
  let ballFollows = bfsFollows;
  for (let i = rimStart; i < size; i++) { const v = ball[i]; ballFollows += offset[v + 1] - offset[v]; }
  const large = ballFollows > maxWork || copyBytes(ballFollows, size) > CACHED_BALL_BYTES;
  const budget = large ? Math.max(Math.floor(rowsBudget - bfsFollows * BFS_CHARGE - size * NODE_CHARGE), Math.ceil(rowsBudget / 4)) : Math.floor(maxWork / followCost(csr));
  const rimCharge = large ? BFS_CHARGE : 0;
  const run = (copyBelow === undefined ? large : size > copyBelow * n)
    ? pushOnRows(w, csr, size, rimStart, seedSet.length, alpha, epsilon, firstLevel, budget, rimCharge)
    : pushOnCopy(w, csr, size, rimStart, ballFollows, seedSet.length, alpha, epsilon, firstLevel, budget, rimCharge);
  const { nodes, scores, reached } = best(ball, size, seedSet.length, run.p, limit);
  return { nodes, scores, reached, seedMass: run.seedMass, errorBound: run.errorBound, ballNodes: size,
    pushes: run.pushes, pushedEdges: run.pushedEdges, converged: run.converged, alpha, epsilon, hops: usedHops };
}

interface PushRun { p: Float64Array; seedMass: number; errorBound: number; pushes: number; pushedEdges: number; converged: boolean }

/**
 * The push on the ball's own graph in local indices: the follows between its
 * nodes (all of them below the rim, those that stay inside at the rim), so it
 * touches a few arrays of the ball's size, not of the graph's, and its random
 * accesses stay in cache. For balls that are a small part of the graph, where
 * the pushes scan their follows many times over.
 */
function pushOnCopy(w: Workspace, csr: Csr, size: number, rimStart: number, ballFollows: number, seedCount: number, alpha: number, epsilon: number, firstLevel: number, maxWork: number, rimCharge: number): PushRun {
  const { offset, target } = csr;
  const { inBall, ball, localOf } = w;
  // The ball's follows in local indices, in one pass over its rows: all of a
  // row below the rim, and at the rim only the follows into B, tested on the
  // bitset (in cache) before localOf is read. On a graph of millions of nodes
  // localOf does not fit the caches, and most of the rim's follows leave B:
  // looking each up, and counting the rim's follows in B in a pass of their
  // own, took 60 % of a capped call at large's shape (2 M nodes).
  // ballFollows, every follow of the rows read, bounds the copy's length.
  const { lOffset, lTarget, p, rt, hidden, queue, touched } = w.copied(size, ballFollows);
  let k = 0;
  for (let i = 0; i < size; i++) {
    const u = ball[i];
    if (i < rimStart) for (let e = offset[u], end = offset[u + 1]; e < end; e++) lTarget[k++] = localOf[target[e]];
    else {
      for (let e = offset[u], end = offset[u + 1]; e < end; e++) {
        const t = target[e];
        if ((inBall[t >>> 5] >>> (t & 31)) & 1) lTarget[k++] = localOf[t];
      }
    }
    lOffset[i + 1] = k;
  }

  // Residual and threshold of node i at 2i and 2i + 1 (one cache line per
  // follow pushed along). A node is pushed while r > threshold = level·max(d, 1);
  // a queued node's threshold is +Infinity (one compare per follow, no queued
  // flag), restored when it is pushed; an untouched node's is −max(d, 1), below
  // any residual, so its first residual takes the queue's branch, where it is
  // listed as touched and its real threshold set. No closures over the loop's
  // state: V8 keeps it in registers.
  p.fill(0, 0, size);
  for (let i = 0; i < rimStart; i++) { const d = lOffset[i + 1] - lOffset[i]; rt[2 * i] = 0; rt[2 * i + 1] = -(d > 1 ? d : 1); }
  // A rim node's follows in B are known here, but pushOnRows counts them only
  // when the node is first taken from the queue: until then its threshold is
  // the level's lowest (d taken as 1) here too, and its row is charged then, so
  // both ways push the same.
  for (let i = rimStart; i < size; i++) { rt[2 * i] = 0; rt[2 * i + 1] = -1; }
  hidden.fill(1, 0, size - rimStart);
  let level = firstLevel;
  let touchedCount = seedCount;
  let qHead = 0;
  let qLength = startSeeds(rt, touched, queue, seedCount, level);
  let qTail = qLength === size ? 0 : qLength;
  const seedShare = 1 / seedCount;
  let charged = 0;

  let pushes = 0;
  let pushedEdges = 0;
  let converged = true;
  for (;;) {
    while (qLength > 0) {
      if (pushedEdges + charged >= maxWork) { converged = false; break; }
      const u = queue[qHead];
      if (++qHead === size) qHead = 0;
      qLength -= 1;
      const start = lOffset[u];
      const end = lOffset[u + 1];
      const d = end - start;
      if (u >= rimStart && hidden[u - rimStart] === 1) {
        hidden[u - rimStart] = 0;
        const g = ball[u];
        charged += rimCharge * (offset[g + 1] - offset[g]);
        const th = level * (d > 1 ? d : 1);
        if (!(rt[2 * u] > th)) { rt[2 * u + 1] = th; continue; }
      }
      rt[2 * u + 1] = level * (d > 1 ? d : 1);
      const ru = rt[2 * u];
      p[u] += (1 - alpha) * ru;
      rt[2 * u] = 0;
      pushes += 1;
      if (d > 0) {
        const share = (alpha * ru) / d;
        for (let e = start; e < end; e++) {
          const v = lTarget[e];
          const i = 2 * v;
          const rv = rt[i] + share;
          rt[i] = rv;
          const th = rt[i + 1];
          if (rv > th) {
            if (th < 0) {
              touched[touchedCount++] = v;
              const real = -level * th;
              if (!(rv > real)) { rt[i + 1] = real; continue; }
            }
            rt[i + 1] = Infinity; queue[qTail] = v; if (++qTail === size) qTail = 0; qLength += 1;
          }
        }
        pushedEdges += d;
      } else {
        // Follows nobody in the ball: its trust returns to the seeds (local 0..seedCount-1, touched from the start).
        const share = (alpha * ru) * seedShare;
        for (let s = 0; s < seedCount; s++) {
          const rs = rt[2 * s] + share;
          rt[2 * s] = rs;
          if (rs > rt[2 * s + 1]) { rt[2 * s + 1] = Infinity; queue[qTail] = s; if (++qTail === size) qTail = 0; qLength += 1; }
        }
        pushedEdges += seedCount;
      }
    }
    if (!converged || level <= epsilon) break;
    level = Math.max(level / LEVEL_STEP, epsilon);
    charged += touchedCount * RESCAN_CHARGE;
    const next = requeue(rt, touched, touchedCount, queue, size, qTail, level, (i) => (i >= rimStart && hidden[i - rimStart] === 1 ? 1 : lOffset[i + 1] - lOffset[i]));
    qTail = next.tail;
    qLength += next.queued;
  }

  return runOf(rt, p, size, seedCount, pushes, pushedEdges, converged);
}

/** A push's answer, shared by both pushes: the bound is the residuals' sum (Σ r), the seeds' estimates summed apart. */
function runOf(rt: Float64Array, p: Float64Array, size: number, seedCount: number, pushes: number, pushedEdges: number, converged: boolean): PushRun {
  let errorBound = 0;
  for (let i = 0; i < size; i++) errorBound += rt[2 * i];
  let seedMass = 0;
  for (let s = 0; s < seedCount; s++) seedMass += p[s];
  return { p, seedMass, errorBound, pushes, pushedEdges, converged };
}

/**
 * The seeds' start, shared by both pushes (the queue empty, thresholds stored
 * as −max(d, 1)): each seed holds 1/seedCount, is listed as touched, and is
 * queued when that is over the first level's threshold. Answers how many were queued.
 */
function startSeeds(rt: Float64Array, touched: Int32Array, queue: Int32Array, seedCount: number, level: number): number {
  let queued = 0;
  for (let s = 0; s < seedCount; s++) {
    touched[s] = s;
    const th = -level * rt[2 * s + 1];
    rt[2 * s] = 1 / seedCount;
    if (rt[2 * s] > th) { rt[2 * s + 1] = Infinity; queue[queued++] = s; } else rt[2 * s + 1] = th;
  }
  return queued;
}

/**
 * The move to the next level, shared by both pushes (the queue empty): each
 * touched node's threshold becomes level·max(d, 1), d as degreeOf answers it
 * (1 at the rim until counted), and the node is queued, in list order, when its
 * residual is over it (the queue wraps at the ball's size). Answers the queue's tail and how many were queued.
 */
function requeue(rt: Float64Array, touched: Int32Array, touchedCount: number, queue: Int32Array, size: number, tail: number, level: number,
  degreeOf: (i: number) => number): { tail: number; queued: number } {
  let queued = 0;
  let t = tail;
  for (let k = 0; k < touchedCount; k++) {
    const i = touched[k];
    const d = degreeOf(i);
    const th = level * (d > 1 ? d : 1);
    if (rt[2 * i] > th) { rt[2 * i + 1] = Infinity; queue[t] = i; if (++t === size) t = 0; queued += 1; } else rt[2 * i + 1] = th;
  }
  return { tail: t, queued };
}

/** Follows of node v that stay inside the ball. */
function rimDegree(offset: Int32Array, target: Int32Array, inBall: Int32Array, v: number): number {
  let d = 0;
  for (let e = offset[v], end = offset[v + 1]; e < end; e++) { const t = target[e]; d += (inBall[t >>> 5] >>> (t & 31)) & 1; }
  return d;
}

/**
 * The same push (same order, same arithmetic, so the same answer bit for bit)
 * reading the follows from the graph's own rows, for large balls: no copy, the
 * state still in local indices (compact, the BFS's early finds, the much
 * followed, together). A node below the rim follows only nodes of B (by the
 * BFS), so its row is used as is; a rim node's follows in B are counted the
 * first time it is taken from the queue (until then its threshold is the
 * level's, the lowest it can be; if its trust is then below its real one, it is
 * not pushed yet), so the rim's rows are read only as far as the pushes reach, and its
 * pushes skip the follows that leave B (local index −1).
 */
function pushOnRows(w: Workspace, csr: Csr, size: number, rimStart: number, seedCount: number, alpha: number, epsilon: number, firstLevel: number, maxWork: number, rimCharge: number): PushRun {
  const { offset, target } = csr;
  const { inBall, ball, localOf } = w;
  const { rt, p, deg, queue, touched } = w.large();
  // Thresholds as pushOnCopy's: untouched −max(d, 1); at the rim, until d is counted (deg −1), d taken as 1.
  for (let i = 0; i < rimStart; i++) { const v = ball[i]; const d = offset[v + 1] - offset[v]; deg[i] = d; rt[2 * i] = 0; rt[2 * i + 1] = -(d > 1 ? d : 1); }
  for (let i = rimStart; i < size; i++) { deg[i] = -1; rt[2 * i] = 0; rt[2 * i + 1] = -1; }
  p.fill(0, 0, size);
  let level = firstLevel;
  let touchedCount = seedCount;
  let qHead = 0;
  let qLength = startSeeds(rt, touched, queue, seedCount, level);
  let qTail = qLength === size ? 0 : qLength;
  const seedShare = 1 / seedCount;
  let charged = 0;

  let pushes = 0;
  let pushedEdges = 0;
  let converged = true;
  for (;;) {
    while (qLength > 0) {
      if (pushedEdges + charged >= maxWork) { converged = false; break; }
      const u = queue[qHead];
      if (++qHead === size) qHead = 0;
      qLength -= 1;
      let d = deg[u];
      if (d < 0) {
        const g = ball[u];
        d = rimDegree(offset, target, inBall, g);
        deg[u] = d;
        charged += rimCharge * (offset[g + 1] - offset[g]);
        const th = level * (d > 1 ? d : 1);
        if (!(rt[2 * u] > th)) { rt[2 * u + 1] = th; continue; }
      }
      rt[2 * u + 1] = level * (d > 1 ? d : 1);
      const ru = rt[2 * u];
      p[u] += (1 - alpha) * ru;
      rt[2 * u] = 0;
      pushes += 1;
      if (d > 0) {
        const share = (alpha * ru) / d;
        const g = ball[u];
        for (let e = offset[g], end = offset[g + 1]; e < end; e++) {
          const v = localOf[target[e]];
          if (v < 0) continue; // leaves B (rim rows only)
          const i = 2 * v;
          const rv = rt[i] + share;
          rt[i] = rv;
          const th = rt[i + 1];
          if (rv > th) {
            if (th < 0) {
              touched[touchedCount++] = v;
              const real = -level * th;
              if (!(rv > real)) { rt[i + 1] = real; continue; }
            }
            rt[i + 1] = Infinity; queue[qTail] = v; if (++qTail === size) qTail = 0; qLength += 1;
          }
        }
        pushedEdges += d;
      } else {
        // Follows nobody in the ball: its trust returns to the seeds (local 0..seedCount-1, touched from the start).
        const share = (alpha * ru) * seedShare;
        for (let s = 0; s < seedCount; s++) {
          const rs = rt[2 * s] + share;
          rt[2 * s] = rs;
          if (rs > rt[2 * s + 1]) { rt[2 * s + 1] = Infinity; queue[qTail] = s; if (++qTail === size) qTail = 0; qLength += 1; }
        }
        pushedEdges += seedCount;
      }
    }
    if (!converged || level <= epsilon) break;
    level = Math.max(level / LEVEL_STEP, epsilon);
    charged += touchedCount * RESCAN_CHARGE;
    const next = requeue(rt, touched, touchedCount, queue, size, qTail, level, (i) => (deg[i] < 0 ? 1 : deg[i]));
    qTail = next.tail;
    qLength += next.queued;
  }

  return runOf(rt, p, size, seedCount, pushes, pushedEdges, converged);
}

/**
 * The `limit` highest estimates among the ball's non-seed nodes (local indices
 * seedCount..size-1), by estimate desc then node index asc; a bounded
 * heap, not a sort of the ball. `score` is indexed by local index. Answers node indices.
 */
function best(ball: Int32Array, size: number, seedCount: number, score: Float64Array, limit: number) {
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
