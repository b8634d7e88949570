import { buildGraphCsr, computeGraphScore, csrScorer, scaleToUnitMax, type GraphScoreOptions } from '../../src/analytics/graph-score';

type Edge = [number, number];
const graph = (edges: Edge[]) => ({
  from: Int32Array.from(edges.map((e) => e[0])),
  to: Int32Array.from(edges.map((e) => e[1])),
});
const sum = (v: Float64Array) => v.reduce((a, b) => a + b, 0);

/**
 * The fixed point solved directly: (I − α·Cᵀ − α·p·dᵀ)·t = (1 − α)·p, where d
 * marks dangling nodes. Gaussian elimination with partial pivoting; tiny n only.
 */
function exactScores(n: number, edges: Edge[], alpha: number, p: number[]): number[] {
  const outs = Array.from({ length: n }, () => new Set<number>());
  for (const [a, b] of edges) if (a !== b) outs[a].add(b);
  const m = Array.from({ length: n }, (_, j) => Array.from({ length: n + 1 }, (_, i) => (i === n ? (1 - alpha) * p[j] : i === j ? 1 : 0)));
  for (let i = 0; i < n; i++) {
    if (outs[i].size === 0) for (let j = 0; j < n; j++) m[j][i] -= alpha * p[j];
    for (const j of outs[i]) m[j][i] -= alpha / outs[i].size;
  }
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r][c]) > Math.abs(m[pivot][c])) pivot = r;
    [m[c], m[pivot]] = [m[pivot], m[c]];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r][c] / m[c][c];
      for (let k = c; k <= n; k++) m[r][k] -= f * m[c][k];
    }
  }
  return m.map((row, r) => row[n] / row[r]);
}

const expectClose = (actual: Float64Array, expected: number[], eps = 1e-10) => {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((v, i) => expect(Math.abs(v - expected[i])).toBeLessThan(eps));
};

// 0 → 1 → 2 → 0 is a cycle; 2 also follows 3, who follows nobody (dangling);
// 4 follows 0 and nobody follows 4; 5 is isolated (dangling, unfollowed).
const N = 6;
const EDGES: Edge[] = [[0, 1], [1, 2], [2, 0], [2, 3], [4, 0]];
const { from, to } = graph(EDGES);
const tight: GraphScoreOptions = { tolerance: 1e-14, maxIterations: 1000 };

describe('computeGraphScore', () => {
  it('when the pretrust is uniform, then scores equal the exact stationary vector', () => {
    const r = computeGraphScore(N, from, to, tight);
    expect(r.converged).toBe(true);
    expectClose(r.scores, exactScores(N, EDGES, 0.85, Array(N).fill(1 / N)));
  });

  it('when a pretrust set is given, then scores equal the exact vector for that set', () => {
    const alpha = 0.7;
    const p = [0.5, 0, 0, 0, 0.5, 0];
    const r = computeGraphScore(N, from, to, { ...tight, alpha, pretrust: [0, 4] });
    expectClose(r.scores, exactScores(N, EDGES, alpha, p));
  });

  it('when trust starts only at pretrusted nodes, then nodes it cannot reach score 0 and pretrusted ones gain', () => {
    const uniform = computeGraphScore(N, from, to).scores;
    const pre = computeGraphScore(N, from, to, { pretrust: [4] }).scores;
    expect(pre[5]).toBe(0); // isolated, not pretrusted
    expect(uniform[5]).toBeGreaterThan(0);
    expect(pre[4]).toBeGreaterThan(uniform[4]);
    // Scores only reach nodes downstream of 4, but 0's cycle and 3 still gain from it.
    for (const i of [0, 1, 2, 3]) expect(pre[i]).toBeGreaterThan(0);
  });

  it('when scores are computed, then they sum to 1 whatever the pretrust', () => {
    for (const pretrust of [undefined, [], [2], [0, 3, 5]]) {
      const r = computeGraphScore(N, from, to, { pretrust });
      expect(Math.abs(sum(r.scores) - 1)).toBeLessThan(1e-12);
      r.scores.forEach((v) => expect(v).toBeGreaterThanOrEqual(0));
    }
  });

  it('when nobody follows a node and no node dangles, then it gets exactly (1 − alpha)·p_i', () => {
    // 0 → 1 → 2 → 0 plus 3 → 0: every node follows someone.
    const g = graph([[0, 1], [1, 2], [2, 0], [3, 0]]);
    const r = computeGraphScore(4, g.from, g.to, { alpha: 0.85 });
    expect(r.scores[3]).toBe((1 - 0.85) * (1 / 4));
  });

  it('when nobody follows a node and some nodes dangle, then it gets (1 − alpha)·p_i plus its dangling share', () => {
    const alpha = 0.85;
    const r = computeGraphScore(N, from, to, { ...tight, alpha });
    const dangling = r.scores[3] + r.scores[5];
    const p = 1 / N;
    expect(Math.abs(r.scores[4] - ((1 - alpha) * p + alpha * dangling * p))).toBeLessThan(1e-14);
    expect(Math.abs(r.scores[5] - r.scores[4])).toBeLessThan(1e-14); // same position, same score
  });

  it('when edges repeat or are self-loops, then they are ignored', () => {
    const noisy = graph([...EDGES, [0, 1], [0, 1], [2, 3], [1, 1], [3, 3], [5, 5]]);
    const clean = computeGraphScore(N, from, to, tight).scores;
    const r = computeGraphScore(N, noisy.from, noisy.to, tight).scores;
    expectClose(r, Array.from(clean), 1e-15);
  });

  it('when edges arrive in any order, then the scores are the same', () => {
    const reversed = graph([...EDGES].reverse());
    expectClose(computeGraphScore(N, reversed.from, reversed.to, tight).scores,
      Array.from(computeGraphScore(N, from, to, tight).scores), 1e-15);
  });

  it('when the graph has no edges, then scores equal the pretrust', () => {
    const empty = new Int32Array(0);
    expectClose(computeGraphScore(4, empty, empty).scores, [0.25, 0.25, 0.25, 0.25], 1e-15);
    expectClose(computeGraphScore(4, empty, empty, { pretrust: [1] }).scores, [0, 1, 0, 0], 1e-15);
    const none = computeGraphScore(0, empty, empty);
    expect(none.scores).toHaveLength(0);
    expect(none.converged).toBe(true);
  });

  it('when the defaults are used, then convergence is reported with the last L1 change', () => {
    const r = computeGraphScore(N, from, to);
    expect(r.converged).toBe(true);
    expect(r.delta).toBeLessThan(1e-9);
    expect(r.iterations).toBeGreaterThan(1);
    expect(r.iterations).toBeLessThanOrEqual(200);
  });

  it('when maxIterations runs out first, then converged is false and iterations equals the cap', () => {
    const r = computeGraphScore(N, from, to, { maxIterations: 2 });
    expect(r).toMatchObject({ iterations: 2, converged: false });
    expect(r.delta).toBeGreaterThan(1e-9);
    expect(Math.abs(sum(r.scores) - 1)).toBeLessThan(1e-12);
  });

  it.each([
    ['alpha 0', { alpha: 0 }, /alpha/],
    ['alpha 1', { alpha: 1 }, /alpha/],
    ['alpha NaN', { alpha: NaN }, /alpha/],
    ['tolerance 0', { tolerance: 0 }, /tolerance/],
    ['tolerance negative', { tolerance: -1 }, /tolerance/],
    ['maxIterations 0', { maxIterations: 0 }, /maxIterations/],
    ['maxIterations 1.5', { maxIterations: 1.5 }, /maxIterations/],
    ['pretrust out of range', { pretrust: [6] }, /pretrust index 6/],
    ['pretrust negative', { pretrust: [-1] }, /pretrust index -1/],
  ] as [string, GraphScoreOptions, RegExp][])('when the option %s is given, then it throws a RangeError', (_, opts, message) => {
    expect(() => computeGraphScore(N, from, to, opts)).toThrow(RangeError);
    expect(() => computeGraphScore(N, from, to, opts)).toThrow(message);
  });

  it('when an edge names a node out of range or the arrays differ in length, then it throws a RangeError', () => {
    const bad = graph([[0, 1], [1, 6]]);
    expect(() => computeGraphScore(N, bad.from, bad.to)).toThrow(/edge 1 \(1 → 6\)/);
    expect(() => computeGraphScore(N, Int32Array.of(0), Int32Array.of())).toThrow(RangeError);
    expect(() => computeGraphScore(-1, new Int32Array(0), new Int32Array(0))).toThrow(/nodeCount/);
  });
});

describe('weighted pretrust and a reused scorer (channel ranks)', () => {
  const edges: Edge[] = [[0, 1], [1, 2], [2, 0], [3, 2], [4, 3]];
  const { from, to } = graph(edges);

  it('when pretrust carries weights, then the fixed point is the one of p proportional to them', () => {
    const r = computeGraphScore(5, from, to, { pretrust: [0, 3], pretrustWeights: [3, 1], tolerance: 1e-13, maxIterations: 1000 });
    exactScores(5, edges, 0.85, [0.75, 0, 0, 0.25, 0]).forEach((v, i) => expect(r.scores[i]).toBeCloseTo(v, 10));
  });

  it('when one scorer scores several pretrust sets, then each equals its own computeGraphScore', () => {
    const score = csrScorer(buildGraphCsr(5, from, to));
    for (const opts of [{ pretrust: [1] }, { pretrust: [0, 4], pretrustWeights: [1, 5] }, {}] as GraphScoreOptions[]) {
      expect(Array.from(score(opts).scores)).toEqual(Array.from(computeGraphScore(5, from, to, opts).scores));
    }
  });

  it('when weights are missing, zero, negative or not one per pretrusted node, then it throws a RangeError', () => {
    expect(() => computeGraphScore(5, from, to, { pretrust: [0, 1], pretrustWeights: [1] })).toThrow(/2 pretrusted nodes/);
    expect(() => computeGraphScore(5, from, to, { pretrust: [0], pretrustWeights: [0] })).toThrow(/weight 0/);
    expect(() => computeGraphScore(5, from, to, { pretrust: [0], pretrustWeights: [-2] })).toThrow(RangeError);
    expect(() => computeGraphScore(5, from, to, { pretrust: [0], pretrustWeights: [Infinity] })).toThrow(RangeError);
  });
});

describe('scaleToUnitMax', () => {
  it('when scores are scaled, then the maximum is 1 and the order is kept', () => {
    const scores = computeGraphScore(N, from, to).scores;
    const scaled = scaleToUnitMax(scores);
    expect(Math.max(...scaled)).toBe(1);
    for (let i = 0; i < N; i++) {
      for (let j = 0; j < N; j++) expect(Math.sign(scaled[i] - scaled[j])).toBe(Math.sign(scores[i] - scores[j]));
    }
    expect(scaled).not.toBe(scores);
  });

  it('when all scores are zero or there are none, then they stay zero', () => {
    expect(Array.from(scaleToUnitMax(new Float64Array(3)))).toEqual([0, 0, 0]);
    expect(scaleToUnitMax(new Float64Array(0))).toHaveLength(0);
  });

  it('when values are given, then each is divided by the maximum', () => {
    expect(Array.from(scaleToUnitMax(Float64Array.of(0.1, 0.4, 0, 0.2)))).toEqual([0.25, 1, 0, 0.5]);
  });
});
