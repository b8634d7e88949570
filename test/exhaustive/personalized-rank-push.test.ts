// The personalized rank against a plain restatement of the same algorithm:
// the same ball, budget, levels and push order, written with arrays, Maps and
// explicit touched/queued flags instead of the module's workspace, copied
// rows, interleaved state and sentinel thresholds. Floating point is not
// associative, so only the same pushes in the same order give the same bits:
// the answers must be equal exactly, on the copied path and on the graph's
// rows, converged, stopped by the budget, or at a radius the BFS's share cut.
import { buildCsr, type Csr } from '../../src/analytics/graph-score';
import { personalizedRank, prepareWorkspace, type PersonalizedRankOptions } from '../../src/analytics/personalized-rank';

/** The algorithm as index.ts and work-budget.ts state it, with the defaults they give. */
function referenceRank(csr: Csr, seedList: readonly number[], o: PersonalizedRankOptions) {
  const alpha = o.alpha ?? 0.85;
  const hops = o.hops ?? 3;
  const epsilon = o.epsilon ?? 1e-7;
  const maxWork = o.maxWork ?? 500_000;
  const limit = o.limit ?? 1000;
  const firstLevel = Math.max(o.firstLevel ?? 1e-4, epsilon);
  const n = csr.offset.length - 1;
  const row = (v: number) => Array.from(csr.target.subarray(csr.offset[v], csr.offset[v + 1]));
  const seeds = [...new Set(seedList)].sort((a, b) => a - b);

  // The ball, breadth first. A level past the seeds' is not expanded when reading its rows (a quarter of a
  // follow each) and the nodes it could add (one each) would pass three quarters of a large ball's budget, a
  // third of maxWork. The last level found is the rim.
  const ball = [...seeds];
  const local = new Map(seeds.map((s, i) => [s, i]));
  let frontier = [...seeds];
  let read = 0;
  let usedHops = hops;
  for (let h = 0; h < hops && frontier.length > 0; h++) {
    const follows = frontier.reduce((acc, u) => acc + row(u).length, 0);
    if (h > 0 && (read + follows) * 0.25 + (ball.length + Math.min(follows, n - ball.length)) > (maxWork / 3) * 0.75) { usedHops = h; break; }
    read += follows;
    const next: number[] = [];
    for (const u of frontier) for (const v of row(u)) if (!local.has(v)) { local.set(v, ball.length); ball.push(v); next.push(v); }
    frontier = next;
  }
  const size = ball.length;
  const rimStart = size - frontier.length;
  const outs = ball.map((v) => row(v).filter((t) => local.has(t)).map((t) => local.get(t)!));

  // Large (more follows than maxWork, or a copy over 4 MiB at 4 bytes a follow and 40 a node): a third of
  // maxWork less the BFS's charge, at least a quarter of that third, and the rim's rows charged a quarter a
  // follow. Else maxWork over the graph's followCost.
  const follows = ball.reduce((acc, v) => acc + row(v).length, 0);
  const large = follows > maxWork || 4 * follows + 40 * size > 4 * 2 ** 20;
  const followCost = Math.min(2, Math.max(1, 1 + Math.log2((csr.offset.byteLength + csr.target.byteLength) / 2 ** 25) / 2));
  const budget = large ? Math.max(Math.floor(maxWork / 3 - read * 0.25 - size), Math.ceil(maxWork / 3 / 4)) : Math.floor(maxWork / followCost);
  const rimCharge = large ? 0.25 : 0;

  const r = new Array<number>(size).fill(0);
  const p = new Array<number>(size).fill(0);
  const th = new Array<number>(size).fill(0);
  // A rim node's follows in the ball are counted when it is first taken from the queue; until then d is 1.
  const counted = ball.map((_, i) => i < rimStart);
  const isTouched = new Array<boolean>(size).fill(false);
  const isQueued = new Array<boolean>(size).fill(false);
  const touched: number[] = [];
  const queue: number[] = [];
  let head = 0;
  let level = firstLevel;
  const threshold = (i: number) => level * Math.max(counted[i] ? outs[i].length : 1, 1);
  const offer = (i: number) => { if (!isQueued[i] && r[i] > th[i]) { isQueued[i] = true; queue.push(i); } };
  const seedIndices = seeds.map((_, s) => s);
  for (const s of seedIndices) { touched.push(s); isTouched[s] = true; th[s] = threshold(s); r[s] = 1 / seeds.length; offer(s); }

  let charged = 0;
  let pushes = 0;
  let pushedEdges = 0;
  let converged = true;
  for (;;) {
    while (head < queue.length) {
      if (pushedEdges + charged >= budget) { converged = false; break; }
      const u = queue[head++];
      isQueued[u] = false;
      if (!counted[u]) {
        counted[u] = true;
        charged += rimCharge * row(ball[u]).length;
        if (!(r[u] > threshold(u))) { th[u] = threshold(u); continue; }
      }
      th[u] = threshold(u);
      const ru = r[u];
      p[u] += (1 - alpha) * ru;
      r[u] = 0;
      pushes += 1;
      // Its follows in the ball share α·r; one that follows none of them hands it back to the seeds.
      const d = outs[u].length;
      const targets = d > 0 ? outs[u] : seedIndices;
      const share = d > 0 ? (alpha * ru) / d : (alpha * ru) * (1 / seeds.length);
      for (const v of targets) {
        r[v] += share;
        if (!isTouched[v]) { isTouched[v] = true; touched.push(v); th[v] = threshold(v); }
        offer(v);
      }
      pushedEdges += targets.length;
    }
    if (!converged || level <= epsilon) break;
    level = Math.max(level / 4, epsilon);
    charged += touched.length * 0.25;
    for (const i of touched) { th[i] = threshold(i); offer(i); }
  }

  let errorBound = 0;
  for (let i = 0; i < size; i++) errorBound += r[i];
  let seedMass = 0;
  for (const s of seedIndices) seedMass += p[s];
  const listed = ball.map((v, i) => ({ v, i, x: p[i] })).filter(({ i, x }) => i >= seeds.length && x > 0).sort((a, b) => b.x - a.x || a.v - b.v);
  const top = listed.slice(0, limit);
  return {
    nodes: Int32Array.from(top.map((e) => e.v)), scores: Float64Array.from(top.map((e) => e.x)), reached: listed.length, seedMass, errorBound,
    ballNodes: size, pushes, pushedEdges, converged, alpha, epsilon, hops: usedHops,
  };
}

/** A seeded random graph: `m` follows among `n` nodes, the followed skewed towards a few hubs. */
function randomCsr(n: number, m: number, seed: number): Csr {
  let a = seed >>> 0;
  const rnd = () => { a = (a * 1664525 + 1013904223) >>> 0; return a / 2 ** 32; };
  const from = new Int32Array(m);
  const to = new Int32Array(m);
  for (let e = 0; e < m; e++) { from[e] = Math.floor(rnd() * n); to[e] = Math.floor(rnd() ** 2 * n); }
  return buildCsr(n, from, to);
}

const OPTIONS: PersonalizedRankOptions[] = [
  {},
  { epsilon: 1e-9, maxWork: 100_000 },
  { epsilon: 1e-12, maxWork: 400 },
  { maxWork: 3000 },
  { epsilon: 1e-12, firstLevel: 1e-12, maxWork: 20_000 },
  { alpha: 0.5, epsilon: 1e-6, firstLevel: 1e-2, limit: 3 },
  { limit: 0, maxWork: 50_000 },
];

describe('personalized rank against a plain restatement of its push', () => {
  it('when balls of every radius are pushed on a copy, from the graph\'s rows, or as the budget chooses, then each answer equals the reference\'s bit for bit', () => {
    let stopped = 0;
    let cut = 0;
    for (const [n, m, seed] of [[60, 300, 2], [300, 3000, 6], [1000, 12_000, 7]]) {
      const csr = randomCsr(n, m, seed);
      // One graph prepared as the server prepares it, the others allocating on their first calls.
      if (n === 300) prepareWorkspace(csr);
      for (const seeds of [[0], [3, 7, 7, 11], [n - 1, 1], Array.from({ length: 10 }, (_, k) => (k * 37 + 5) % n)]) {
        for (let hops = 0; hops <= 5; hops++) {
          for (const opts of OPTIONS) {
            const expected = referenceRank(csr, seeds, { hops, ...opts });
            if (!expected.converged) stopped += 1;
            if (expected.hops < hops) cut += 1;
            // The calls share the graph's workspace, one path after the other: none may read what another left.
            for (const copyBelow of [undefined, 0, 1]) expect(personalizedRank(csr, seeds, { hops, ...opts, copyBelow })).toEqual(expected);
          }
        }
      }
    }
    // The cases include runs the budget stopped and balls the BFS's share cut short.
    expect(stopped).toBeGreaterThan(50);
    expect(cut).toBeGreaterThan(10);
  });

  it('when a ball\'s copy would pass 4 MiB, then the answer on the rows, and on a copy forced by copyBelow, equals the reference\'s bit for bit', () => {
    // The seed follows 90,000 nodes, each following it back: at hops 1, 4 × 180,000 + 40 × 90,001 bytes > 4 MiB.
    const k = 90_000;
    const from = new Int32Array(2 * k);
    const to = new Int32Array(2 * k);
    for (let a = 1; a <= k; a++) { from[2 * a - 2] = 0; to[2 * a - 2] = a; from[2 * a - 1] = a; to[2 * a - 1] = 0; }
    const csr = buildCsr(k + 1, from, to);
    for (const opts of [{ hops: 1, epsilon: 1e-9, maxWork: 250_000 }, { hops: 2, epsilon: 1e-9, firstLevel: 1e-9, maxWork: 1_000_000 }]) {
      const expected = referenceRank(csr, [0], opts);
      expect(expected.converged).toBe(false);
      for (const copyBelow of [undefined, 1]) expect(personalizedRank(csr, [0], { ...opts, copyBelow })).toEqual(expected);
    }
  });
});
