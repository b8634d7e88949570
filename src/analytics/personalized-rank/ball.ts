// The neighbourhood a personalized rank is computed on: the nodes within
// `hops` follows of the seeds, found breadth first and numbered in local
// indices (seeds first, then each level in the order found; the last level
// found, the rim, last), and, for balls that fit the caches, its follows copied
// into a graph of its own in those indices.
import type { Csr } from '../graph-score';
import type { BallCopy, GraphWorkspace } from './graph-workspace';
import { BFS_CHARGE, BFS_SHARE, NODE_CHARGE, rowsBudget } from './work-budget';

/** A ball: its nodes in the workspace's arrays, and what its BFS read. */
export interface Ball {
  /** Global node of each local index (a prefix of the workspace's array). */
  nodes: Int32Array;
  /** Local index of a ball node, −1 outside the ball (indexed by global node). */
  localOf: Int32Array;
  /** Bit v: node v is in the ball. */
  inBall: Int32Array;
  size: number;
  /** Local indices rimStart..size-1 are the rim: nodes found by the last level, whose rows were not read. */
  rimStart: number;
  /** Local indices 0..seedCount-1 are the seeds. */
  seedCount: number;
  /** Follows read by the BFS: the rows of every node below the rim. */
  bfsFollows: number;
  /** Follows of every node's row, the rim's included: an upper bound on the follows inside the ball. */
  follows: number;
  /** The radius used: the one asked, or smaller when its BFS would have read more than its share of the budget. */
  hops: number;
}

/**
 * The ball of `seeds` (distinct, in order) within `hops`, breadth first, level
 * by level: levels 0..hops-1 are expanded, and what the last one finds is the
 * rim. Before a level past the seeds' is expanded, its follows are counted (its
 * rows' lengths only): if reading them, and the nodes they could add, would
 * take the BFS's charge past BFS_SHARE of a large ball's budget, the ball stops
 * at the levels found so far and the radius used is smaller than asked (on a
 * dense graph, one seed's third level can hold much of the network, far more
 * follows to read than the budget pays for before any push). The workspace's
 * last ball is cleared first, touching only its nodes.
 */
export function findBall(csr: Csr, w: GraphWorkspace, seeds: readonly number[], hops: number, maxWork: number): Ball {
  w.reset();
  const { offset, target } = csr;
  const { inBall, ball, localOf, n } = w;
  let size = 0;
  for (const s of seeds) { inBall[s >>> 5] |= 1 << (s & 31); localOf[s] = size; ball[size++] = s; }
  let levelStart = 0;
  let bfsFollows = 0;
  const budget = rowsBudget(maxWork);
  let usedHops = hops;
  for (let h = 0; h < hops && levelStart < size; h++) {
    const levelEnd = size;
    if (h > 0) {
      let levelFollows = 0;
      for (let head = levelStart; head < levelEnd; head++) { const u = ball[head]; levelFollows += offset[u + 1] - offset[u]; }
      const added = Math.min(levelFollows, n - size);
      if ((bfsFollows + levelFollows) * BFS_CHARGE + (size + added) * NODE_CHARGE > budget * BFS_SHARE) { usedHops = h; break; }
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
  w.ballSize = size;
  let follows = bfsFollows;
  for (let i = levelStart; i < size; i++) { const v = ball[i]; follows += offset[v + 1] - offset[v]; }
  return { nodes: ball, localOf, inBall, size, rimStart: levelStart, seedCount: seeds.length, bfsFollows, follows, hops: usedHops };
}

/**
 * The ball's follows in local indices, into `copy`, in one pass over its rows:
 * all of a row below the rim (the BFS put every follow of it in the ball), and
 * at the rim only the follows into the ball, tested on the bitset (in cache)
 * before localOf is read. On a large graph localOf does not fit the caches and
 * most of the rim's follows leave the ball, so looking each one up, or counting
 * the rim's follows in a pass of their own, would be most of a capped call's
 * time. The copy's arrays must hold ball.follows follows and ball.size + 1 offsets.
 */
export function copyBall(csr: Csr, ball: Ball, copy: BallCopy): void {
  const { offset, target } = csr;
  const { nodes, localOf, inBall, size, rimStart } = ball;
  const { lOffset, lTarget } = copy;
  let k = 0;
  lOffset[0] = 0;
  for (let i = 0; i < size; i++) {
    const u = nodes[i];
    if (i < rimStart) for (let e = offset[u], end = offset[u + 1]; e < end; e++) lTarget[k++] = localOf[target[e]];
    else {
      for (let e = offset[u], end = offset[u + 1]; e < end; e++) {
        const t = target[e];
        if ((inBall[t >>> 5] >>> (t & 31)) & 1) lTarget[k++] = localOf[t];
      }
    }
    lOffset[i + 1] = k;
  }
}
