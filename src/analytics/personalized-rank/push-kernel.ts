// The forward push on a ball, in levels (see index.ts for what it estimates
// and why the levels): one loop, reading the ball's follows either from a copy
// in local indices or from the graph's own rows, the same pushes in the same
// order either way, so the same answer bit for bit. Its state is in local
// indices (the ball's nodes in BFS order: seeds first, then each level, the
// rim last), so a call costs the ball and its pushes, not the graph.
import type { Ball } from './ball';
import type { BallCopy } from './graph-workspace';

/** Each level's threshold is the last one's divided by this, down to ε. */
const LEVEL_STEP = 4;

/**
 * What moving to the next level charges per node touched so far (its residual
 * compared with the new threshold, read in list order), in follows pushed.
 */
const RESCAN_CHARGE = 0.25;

/**
 * The push's state, by local index: prefixes of arrays of the graph's size,
 * allocated once per graph (see graph-workspace.ts) and written before they
 * are read by each push, so nothing is reset between calls.
 */
export class PushState {
  /**
   * Residual and threshold of node i at 2i and 2i + 1 (one cache line per
   * follow pushed along). A node is pushed while r > threshold = level·max(d, 1).
   * A queued node's threshold is +Infinity (one compare per follow, no queued
   * flag), restored when it is pushed; an untouched node's is −max(d, 1), below
   * any residual, so its first residual takes the queue's branch, where it is
   * listed as touched and its real threshold set.
   */
  readonly rt: Float64Array;
  /** The estimate p. */
  readonly estimate: Float64Array;
  /** Follows inside the ball; −1 at the rim until the node is first taken from the queue. */
  readonly degree: Int32Array;
  /** FIFO of nodes to push, wrapping at the ball's size (a node is queued at most once at a time). */
  readonly queue: Int32Array;
  /** Nodes given a residual, in the order they got it: the levels rescan these only. */
  readonly touched: Int32Array;

  constructor(capacity: number) {
    this.rt = new Float64Array(2 * capacity);
    this.estimate = new Float64Array(capacity);
    this.degree = new Int32Array(capacity);
    this.queue = new Int32Array(capacity);
    this.touched = new Int32Array(capacity);
  }

  /** Writes every page (the system maps a new array's pages as they are first written). */
  writePages(): void {
    for (const a of [this.rt, this.estimate, this.degree, this.queue, this.touched]) a.fill(0);
  }
}

/** One push's inputs. */
export interface PushInput {
  /** The graph's rows: the ball's follows when it is not copied, and the length of a rim node's row, charged when it is read. */
  offset: Int32Array;
  target: Int32Array;
  ball: Ball;
  /** The ball's follows in local indices (see copyBall), or null to read the graph's rows in place. */
  copy: BallCopy | null;
  alpha: number;
  epsilon: number;
  firstLevel: number;
  /** Follows the pushes may scan, charges included (PushBudget.budget). */
  budget: number;
  /** What a rim node's row costs per follow when it is first taken from the queue (PushBudget.rimCharge). */
  rimCharge: number;
}

/** A push's answer: the estimates stay in the state; the bound is the residuals' sum (Σ r), the seeds' estimates summed apart. */
export interface PushRun { seedMass: number; errorBound: number; pushes: number; pushedEdges: number; converged: boolean }

/**
 * The push, in levels: to convergence at firstLevel per follow, then at a
 * quarter of it, down to ε, or until the budget is spent (checked before each
 * push). On a copy, a node's follows are its copied row, already in local
 * indices and inside the ball; from the graph's rows, they are its own row
 * looked up in localOf, a follow that leaves the ball (only a rim row has
 * them) skipped. A rim node's follows inside the ball are counted the first
 * time it is taken from the queue (until then its threshold is the level's,
 * the lowest it can be; if its trust is then below its real one, it is not
 * pushed yet), so the rim's rows are read only as far as the pushes reach.
 * Everything the loop reads is a local: no closures and no property reads in
 * it, so V8 keeps its state in registers.
 */
export function push(state: PushState, input: PushInput): PushRun {
  const { offset, target, copy, alpha, epsilon, budget, rimCharge } = input;
  const { nodes: ball, localOf, inBall, size, rimStart, seedCount } = input.ball;
  const { rt, estimate: p, degree: deg, queue, touched } = state;
  // A node's row: row u of the copy, or row ball[u] of the graph.
  const copied = copy !== null;
  const rowOffset = copy !== null ? copy.lOffset : offset;
  const rowTarget = copy !== null ? copy.lTarget : target;

  for (let i = 0; i < rimStart; i++) {
    const r = copied ? i : ball[i];
    const d = rowOffset[r + 1] - rowOffset[r];
    deg[i] = d; rt[2 * i] = 0; rt[2 * i + 1] = -(d > 1 ? d : 1);
  }
  // At the rim, until d is counted, d is taken as 1.
  for (let i = rimStart; i < size; i++) { deg[i] = -1; rt[2 * i] = 0; rt[2 * i + 1] = -1; }
  p.fill(0, 0, size);
  let level = input.firstLevel;
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
      if (pushedEdges + charged >= budget) { converged = false; break; }
      const u = queue[qHead];
      if (++qHead === size) qHead = 0;
      qLength -= 1;
      let d = deg[u];
      if (d < 0) {
        const g = ball[u];
        d = copied ? rowOffset[u + 1] - rowOffset[u] : rimDegree(offset, target, inBall, g);
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
        const row = copied ? u : ball[u];
        for (let e = rowOffset[row], end = rowOffset[row + 1]; e < end; e++) {
          const t = rowTarget[e];
          const v = copied ? t : localOf[t];
          if (v < 0) continue; // leaves the ball (a rim row read in place)
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
    const queued = requeue(rt, deg, touched, touchedCount, queue, size, qTail, level);
    qTail = (qTail + queued) % size;
    qLength += queued;
  }

  let errorBound = 0;
  for (let i = 0; i < size; i++) errorBound += rt[2 * i];
  let seedMass = 0;
  for (let s = 0; s < seedCount; s++) seedMass += p[s];
  return { seedMass, errorBound, pushes, pushedEdges, converged };
}

/**
 * The seeds' start (the queue empty, thresholds stored as −max(d, 1)): each
 * seed holds 1/seedCount, is listed as touched, and is queued when that is
 * over the first level's threshold. Answers how many were queued.
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
 * The move to the next level (the queue empty): each touched node's threshold
 * becomes level·max(d, 1) (d taken as 1 at the rim until counted), and the node
 * is queued, in list order, from `tail` on, when its residual is over it.
 * Answers how many were queued.
 */
function requeue(rt: Float64Array, deg: Int32Array, touched: Int32Array, touchedCount: number, queue: Int32Array, size: number, tail: number, level: number): number {
  let queued = 0;
  let t = tail;
  for (let k = 0; k < touchedCount; k++) {
    const i = touched[k];
    const d = deg[i];
    const th = level * (d > 1 ? d : 1);
    if (rt[2 * i] > th) { rt[2 * i + 1] = Infinity; queue[t] = i; if (++t === size) t = 0; queued += 1; } else rt[2 * i + 1] = th;
  }
  return queued;
}

/** Follows of node v that stay inside the ball. */
function rimDegree(offset: Int32Array, target: Int32Array, inBall: Int32Array, v: number): number {
  let d = 0;
  for (let e = offset[v], end = offset[v + 1]; e < end; e++) { const t = target[e]; d += (inBall[t >>> 5] >>> (t & 31)) & 1; }
  return d;
}
