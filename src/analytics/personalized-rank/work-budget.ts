// What a personalized-rank call may spend, in follows pushed, and how the ball
// is pushed: on a copy of its follows (small balls, whose pushes scan the same
// follows many times over) or from the graph's own rows (large ones). The
// charges below turn every part of a call's work (its BFS, the nodes it finds,
// the rim's rows, the pushes) into follows pushed on a copy that fits the
// caches, so that maxWork bounds a call's time whatever its ball. The constants
// are tuned against the bench of the personalized rank (npm run bench:ppr);
// docs/performance.md#personalized-rank has the measurements behind each.
import type { Csr } from '../graph-score';

/**
 * What a follow read by the BFS of a large ball is charged, in follows pushed
 * from the graph's rows: it is read in order, against a random lookup and
 * update for a pushed one.
 */
export const BFS_CHARGE = 0.25;

/**
 * What a node of a large ball is charged, in follows pushed from the rows: it is
 * added to the ball, its row's length read, its state set, its estimate scanned
 * for the answer and the ball reset, a few random accesses each. Uncharged,
 * they would be most of the time on a dense graph, where one seed's third level
 * holds most of the nodes while the pushes reach few of them.
 */
export const NODE_CHARGE = 1;

/** The share of the budget the BFS of a large ball may be charged before it stops at a smaller radius. */
export const BFS_SHARE = 0.75;

/**
 * What a follow pushed on a ball whose state does not fit the caches costs, in
 * follows pushed on one that does: such a ball (more follows than maxWork, or a
 * copy of more than CACHED_BALL_BYTES) is pushed from the graph's rows, and its
 * whole charge (its pushes, BFS, nodes and rim) counts against maxWork at this
 * rate, so that the budget bounds the time whatever the ball. A push on a copy
 * is faster while the copy fits the caches; past them, and from the graph's
 * rows (random accesses into arrays of the graph's size), each follow costs a
 * few times more. Copying a ball costs about as much as pushing its follows
 * once, so one that does not fit is not copied.
 */
const UNCACHED_FOLLOW_COST = 3;

/** Most bytes of a ball's copy (see copyBytes): a larger ball is pushed from the graph's rows. */
export const CACHED_BALL_BYTES = 4 * 2 ** 20;

/**
 * What pushing on a copy of a ball touches, as the choice between a copy and
 * the rows counts it: 4 bytes a follow copied and 40 a node (about the push
 * state's residual, threshold, estimate, degree and queue place, the copy's
 * row offset, and the node's places in the ball and in localOf).
 * CACHED_BALL_BYTES is tuned against this count, so it stays as it is. The
 * follows are those the BFS and the rim's rows hold, an upper bound on the copy.
 */
export const copyBytes = (follows: number, nodes: number) => 4 * follows + 40 * nodes;

/** The most nodes and follows of a ball whose copy fits CACHED_BALL_BYTES: the capacity of a workspace's copy arrays. */
export const COPY_NODES = Math.floor(CACHED_BALL_BYTES / 40);
export const COPY_FOLLOWS = CACHED_BALL_BYTES / 4;

/**
 * What a follow costs a ball copied from this graph, in follows of one copied
 * from a graph whose rows (offset and target) fit in 32 MiB: 1 up to 32 MiB,
 * half a unit more per doubling, 2 from 128 MiB. Copying reads the ball's rows
 * and looks each follow up in localOf, random accesses into arrays of the
 * graph's size, and a ball of the same reach holds more nodes on a larger
 * graph; past the caches and the TLB's reach both cost more. A copied ball's
 * budget is divided by this, so that it takes about the same time on a graph
 * of any size. The rows path's charges (UNCACHED_FOLLOW_COST, BFS_CHARGE,
 * NODE_CHARGE) already keep its calls on a large graph within the time of a
 * small one's.
 */
export function followCost(csr: Csr): number {
  const bytes = csr.offset.byteLength + csr.target.byteLength;
  return Math.min(2, Math.max(1, 1 + Math.log2(bytes / 2 ** 25) / 2));
}

/** A large ball's budget, in follows pushed from the graph's rows: the BFS is bounded by a share of it. */
export const rowsBudget = (maxWork: number) => maxWork / UNCACHED_FOLLOW_COST;

/** How a ball is pushed and what its pushes may spend. */
export interface PushBudget {
  /** More follows than maxWork, or a copy that would not fit the caches: pushed from the graph's rows by default. */
  large: boolean;
  /** Follows the pushes may scan, charges included. */
  budget: number;
  /** What reading a rim node's row costs, per follow read, when the node is first taken from the queue. */
  rimCharge: number;
}

/**
 * A ball with more follows than maxWork, or whose copy would not fit the
 * caches, is large: copying it would cost about as much as pushing its follows
 * once, and convergence within the budget is out of reach in practice
 * (converging pushes most nodes of the ball). It is pushed from the rows, its
 * work counts UNCACHED_FOLLOW_COST times (rowsBudget), and its BFS is charged
 * to that (a BFS follow at BFS_CHARGE of a pushed one, a node of the ball at
 * NODE_CHARGE), so that the whole call stays within about the time of maxWork
 * follows pushed on a copy; at least a quarter of rowsBudget is left to the
 * pushes. So are the rim's rows, read when a rim node is first taken from the
 * queue (to count its follows inside the ball). A copied ball has maxWork
 * divided by the graph's followCost, and nothing charged.
 */
export function pushBudget(csr: Csr, maxWork: number, ball: { size: number; follows: number; bfsFollows: number }): PushBudget {
  const large = ball.follows > maxWork || copyBytes(ball.follows, ball.size) > CACHED_BALL_BYTES;
  if (!large) return { large, budget: Math.floor(maxWork / followCost(csr)), rimCharge: 0 };
  const rows = rowsBudget(maxWork);
  const budget = Math.max(Math.floor(rows - ball.bfsFollows * BFS_CHARGE - ball.size * NODE_CHARGE), Math.ceil(rows / 4));
  return { large, budget, rimCharge: BFS_CHARGE };
}
