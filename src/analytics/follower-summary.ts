// Each profile's follower summary from the follow graph already in memory for
// the graph score: its followers with the most followers of their own (best
// first, ties by id) and a histogram of those followers' own follower counts.
// One pass over the edges with a bounded list per profile: the SQL it replaces
// sorted every follow in one array_agg(… ORDER BY …), which spilled to disk and
// grew much faster than the edge count (docs/performance.md#refresh).

/** Histogram buckets of a follower's own follower count: 0, 1-9, 10-99, 100-999, 1000-9999, 10000+. */
export const HISTOGRAM_BUCKETS = 6;

const bucketOf = (followers: number): number =>
  followers === 0 ? 0 : followers < 10 ? 1 : followers < 100 ? 2 : followers < 1000 ? 3 : followers < 10000 ? 4 : 5;

export interface FollowerSummaries {
  /** Followers per node (distinct live follows, no self-follows: the graph's in-degree). */
  followers: Int32Array;
  /** Node v's best followers are top[v*size .. v*size + count[v]), node indices, best first. */
  top: Int32Array;
  count: Int32Array;
  /** Node v's histogram is histogram[v*HISTOGRAM_BUCKETS ..]. */
  histogram: Int32Array;
  size: number;
}

/**
 * Edge e: node from[e] follows node to[e] (distinct pairs, no self-follows, as
 * loadFollowGraph gives them). Node order is id order, so "ties by id" is by index.
 */
export function followerSummaries(nodeCount: number, from: Int32Array, to: Int32Array, size = 20): FollowerSummaries {
  const followers = new Int32Array(nodeCount);
  for (let e = 0; e < to.length; e++) followers[to[e]] += 1;

  const top = new Int32Array(nodeCount * size);
  const count = new Int32Array(nodeCount);
  const histogram = new Int32Array(nodeCount * HISTOGRAM_BUCKETS);
  // a ranks before b: more followers, then the lower index.
  const before = (a: number, b: number) => followers[a] > followers[b] || (followers[a] === followers[b] && a < b);

  for (let e = 0; e < to.length; e++) {
    const f = from[e];
    const t = to[e];
    histogram[t * HISTOGRAM_BUCKETS + bucketOf(followers[f])] += 1;
    const base = t * size;
    let n = count[t];
    if (n === size) {
      // Full: most followers of a large profile lose to its current worst in one comparison.
      if (!before(f, top[base + n - 1])) continue;
      n -= 1;
    } else {
      count[t] = n + 1;
    }
    // Insertion into the sorted list, shifting the worse ones down.
    let i = n;
    while (i > 0 && before(f, top[base + i - 1])) { top[base + i] = top[base + i - 1]; i -= 1; }
    top[base + i] = f;
  }
  return { followers, top, count, histogram, size };
}
