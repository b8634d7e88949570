import { followerSummaries, HISTOGRAM_BUCKETS } from '../../src/analytics/follower-summary';

/** Deterministic pseudo-random graph with many equal follower counts. */
function graph(nodes: number, edges: number, seed: number) {
  // xorshift32: exact in 32-bit integer arithmetic.
  let x = seed;
  const rand = (n: number) => { x ^= x << 13; x ^= x >>> 17; x ^= x << 5; return (x >>> 0) % n; };
  const pairs = new Set<string>();
  const from: number[] = [];
  const to: number[] = [];
  while (from.length < edges) {
    // Skewed targets, so a few nodes have far more than 20 followers.
    const a = rand(nodes);
    const b = Math.min(rand(nodes), rand(nodes), rand(nodes));
    if (a === b || pairs.has(`${a},${b}`)) continue;
    pairs.add(`${a},${b}`);
    from.push(a); to.push(b);
  }
  return { from: Int32Array.from(from), to: Int32Array.from(to) };
}

describe('followerSummaries', () => {
  it('when followers tie and lists overflow, then each list is the first `size` by (followers desc, index asc) and the histogram counts all', () => {
    const n = 300;
    const { from, to } = graph(n, 4000, 7);
    const s = followerSummaries(n, from, to, 5);
    const indeg = new Array(n).fill(0);
    for (const t of to) indeg[t] += 1;
    for (let v = 0; v < n; v++) {
      const fs = [...from.keys()].filter((e) => to[e] === v).map((e) => from[e]);
      const sorted = [...fs].sort((a, b) => indeg[b] - indeg[a] || a - b).slice(0, 5);
      expect(Array.from(s.top.subarray(v * 5, v * 5 + s.count[v]))).toEqual(sorted);
      const hist = [0, 0, 0, 0, 0, 0];
      for (const f of fs) hist[indeg[f] === 0 ? 0 : Math.min(5, Math.floor(Math.log10(indeg[f])) + 1)] += 1;
      expect(Array.from(s.histogram.subarray(v * HISTOGRAM_BUCKETS, (v + 1) * HISTOGRAM_BUCKETS))).toEqual(hist);
      expect(s.followers[v]).toBe(indeg[v]);
    }
    expect(Math.max(...indeg)).toBeGreaterThan(5);
  });

  it('when the graph is empty, then every node has no followers', () => {
    const s = followerSummaries(3, new Int32Array(0), new Int32Array(0));
    expect(Array.from(s.count)).toEqual([0, 0, 0]);
  });
});
