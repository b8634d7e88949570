// The scratch arrays of one graph's personalized rank, kept per graph and
// reused by every call on it (calls are synchronous, so never shared by two at
// once): the ball's (a bitset and two arrays of the graph's size), the push's
// state (prefixes of arrays of the graph's size, by local index), and the
// arrays a copied ball is written into. Only what the last ball touched is
// reset. A server allocates them all, and writes their pages, when it loads a
// graph (prepareWorkspace); otherwise the first call that needs each does.
import type { Csr } from '../graph-score';
import { PushState } from './push-kernel';
import { COPY_FOLLOWS, COPY_NODES, CACHED_BALL_BYTES, copyBytes } from './work-budget';

/** A copied ball's follows by local index: row i is lTarget[lOffset[i]..lOffset[i + 1]) (see copyBall). */
export interface BallCopy { lOffset: Int32Array; lTarget: Int32Array }

const ballCopy = (nodes: number, follows: number): BallCopy => ({ lOffset: new Int32Array(nodes + 1), lTarget: new Int32Array(follows) });

export class GraphWorkspace {
  readonly n: number;
  /** The graph's follows (a copy holds at most them). */
  readonly edges: number;
  /** Bit v: node v is in the ball (a bitset stays in the nearer caches). */
  readonly inBall: Int32Array;
  /** Ball nodes in BFS order (seeds first): position = the node's local index. */
  readonly ball: Int32Array;
  /** Local index of a ball node, −1 outside the ball. */
  readonly localOf: Int32Array;
  /** Nodes of the last ball (what reset clears). */
  ballSize = 0;
  private state: PushState | null = null;
  private copy: BallCopy | null = null;

  constructor(n: number, edges: number) {
    this.n = n;
    this.edges = edges;
    this.inBall = new Int32Array((n + 31) >>> 5);
    this.ball = new Int32Array(n);
    this.localOf = new Int32Array(n).fill(-1);
  }

  /** The push's state, for any ball of this graph. */
  pushState(): PushState {
    this.state ??= new PushState(this.n);
    return this.state;
  }

  /**
   * The arrays of a copied ball of `nodes` nodes and at most `follows`
   * follows: prefixes of arrays kept for the graph when the ball fits
   * CACHED_BALL_BYTES (every ball copied by default), fresh ones otherwise (a
   * larger ball forced onto a copy by copyBelow). Kept rather than allocated
   * per call, because a new array's pages are mapped by the system as they are
   * first written, a cost every capped call would pay again. copyBall writes
   * every entry the push reads.
   */
  copyArrays(nodes: number, follows: number): BallCopy {
    if (copyBytes(follows, nodes) > CACHED_BALL_BYTES) return ballCopy(nodes, follows);
    this.copy ??= ballCopy(Math.min(COPY_NODES, this.n), Math.min(COPY_FOLLOWS, this.edges));
    return this.copy;
  }

  /** Clears the last ball's marks. */
  reset(): void {
    const { ball, localOf } = this;
    for (let i = 0; i < this.ballSize; i++) localOf[ball[i]] = -1;
    this.inBall.fill(0);
    this.ballSize = 0;
  }
}

const workspaces = new WeakMap<Csr, GraphWorkspace>();

/** The graph's workspace, made on its first call. */
export function workspaceOf(csr: Csr): GraphWorkspace {
  let w = workspaces.get(csr);
  if (!w) { w = new GraphWorkspace(csr.offset.length - 1, csr.target.length); workspaces.set(csr, w); }
  return w;
}

/**
 * Allocates a graph's scratch arrays now, all of them (workspaceBytes), and
 * writes every page of them, instead of on the first call and the first
 * copied ball: the system maps a new array's pages as they are first written,
 * and on a large graph the first call would pay for mapping the push state's
 * pages on top of its own time. For a server, which loads a graph once per
 * analytics generation.
 */
export function prepareWorkspace(csr: Csr): void {
  const w = workspaceOf(csr);
  w.pushState().writePages();
  const copy = w.copyArrays(0, 0);
  copy.lOffset.fill(0);
  copy.lTarget.fill(0);
}

/**
 * Bytes of the scratch arrays one graph keeps: per node, the ball's 8 and a
 * bit and the push state's 36 (residual and threshold 16, estimate 8, degree,
 * queue and touched list 4 each), and a copied ball's rows, 4 per node and 4
 * per follow up to CACHED_BALL_BYTES' worth (all of them by prepareWorkspace,
 * else as the first call and the first copy need them).
 */
export const workspaceBytes = (nodeCount: number, edgeCount: number) => nodeCount * (4 + 4 + 16 + 8 + 4 + 4 + 4) + 4 * ((nodeCount + 31) >>> 5)
  + 4 * Math.min(COPY_NODES, nodeCount) + 4 + 4 * Math.min(COPY_FOLLOWS, edgeCount);
