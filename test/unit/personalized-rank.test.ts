// The personalized rank against an independent exact computation: the k-hop
// ball found by a plain BFS, the restricted chain written out as a dense matrix
// and iterated to its fixed point (power iteration, to 1e-15). The push
// estimates must be lower bounds within the bound they state, the bound must be
// the exact L1 error, and the k-hop restriction must change the answer as defined.
import { buildCsr } from '../../src/analytics/graph-score';
import { followCost, personalizedRank, prepareWorkspace, type PersonalizedRankOptions } from '../../src/analytics/personalized-rank';

type Edge = [number, number];

const csrOf = (n: number, edges: Edge[]) => buildCsr(n, Int32Array.from(edges.map((e) => e[0])), Int32Array.from(edges.map((e) => e[1])));

/** Nodes within `hops` of the seeds (plain BFS over a Set-based adjacency). */
function ballOf(n: number, edges: Edge[], seeds: number[], hops: number): Set<number> {
  const outs = Array.from({ length: n }, () => new Set<number>());
  for (const [a, b] of edges) if (a !== b) outs[a].add(b);
  const ball = new Set(seeds);
  let frontier = [...new Set(seeds)];
  for (let h = 0; h < hops; h++) {
    const next: number[] = [];
    for (const u of frontier) for (const v of outs[u]) if (!ball.has(v)) { ball.add(v); next.push(v); }
    frontier = next;
  }
  return ball;
}

/** π = (1 − α)s + αPᵀπ on the ball by power iteration; P splits over follows inside the ball, a node with none sends to the seeds. */
function exactRank(n: number, edges: Edge[], seeds: number[], hops: number, alpha = 0.85): number[] {
  const ball = ballOf(n, edges, seeds, hops);
  const outs = Array.from({ length: n }, () => new Set<number>());
  for (const [a, b] of edges) if (a !== b && ball.has(a) && ball.has(b)) outs[a].add(b);
  const distinct = [...new Set(seeds)];
  const s = Array.from({ length: n }, (_, i) => (distinct.includes(i) ? 1 / distinct.length : 0));
  let pi = [...s];
  for (let it = 0; it < 10_000; it++) {
    const next = s.map((x) => (1 - alpha) * x);
    for (const u of ball) {
      if (outs[u].size === 0) for (const t of distinct) next[t] += alpha * pi[u] / distinct.length;
      else for (const v of outs[u]) next[v] += alpha * pi[u] / outs[u].size;
    }
    const delta = next.reduce((a, x, i) => a + Math.abs(x - pi[i]), 0);
    pi = next;
    if (delta < 1e-15) break;
  }
  return pi;
}

/** A seeded random graph: `m` follows among `n` nodes, a few hubs. */
function randomGraph(n: number, m: number, seed: number): Edge[] {
  let a = seed >>> 0;
  const rnd = () => { a = (a * 1664525 + 1013904223) >>> 0; return a / 2 ** 32; };
  return Array.from({ length: m }, () => [Math.floor(rnd() * n), Math.floor(rnd() ** 2 * n)] as Edge);
}

function check(n: number, edges: Edge[], seeds: number[], opts: PersonalizedRankOptions) {
  const exact = exactRank(n, edges, seeds, opts.hops ?? 3);
  const res = personalizedRank(csrOf(n, edges), seeds, { limit: n, ...opts });
  const estimate = new Array<number>(n).fill(0);
  res.nodes.forEach((v, i) => { estimate[v] = res.scores[i]; });
  // The seeds are not listed: their estimates come summed.
  const seedError = [...new Set(seeds)].reduce((acc, v) => acc + exact[v], 0) - res.seedMass;
  const otherError = exact.reduce((acc, x, v) => acc + (seeds.includes(v) ? 0 : x - estimate[v]), 0);
  return { exact, estimate, res, seedError, l1: otherError + seedError };
}

describe('personalized rank (forward push on the k-hop ball)', () => {
  it('when the graph is small, then every listed estimate is a lower bound within errorBound, and errorBound is the exact L1 error', () => {
    for (const [n, m, seed] of [[30, 90, 1], [60, 300, 2], [120, 500, 3]]) {
      const edges = randomGraph(n, m, seed);
      for (const seeds of [[0], [3, 7, 7, 11]]) {
        for (const hops of [1, 2, 3, 5]) {
          for (const epsilon of [1e-3, 1e-5, 1e-9]) {
            const { exact, estimate, res, seedError, l1 } = check(n, edges, seeds, { hops, epsilon });
            for (let v = 0; v < n; v++) {
              if (seeds.includes(v)) continue;
              expect(estimate[v]).toBeLessThanOrEqual(exact[v] + 1e-12);
              expect(exact[v] - estimate[v]).toBeLessThanOrEqual(res.errorBound + 1e-12);
            }
            expect(seedError).toBeGreaterThanOrEqual(-1e-12);
            // The L1 distance to the exact solution (every node listed with limit n, the seeds summed) is the bound stated.
            expect(Math.abs(l1 - res.errorBound)).toBeLessThan(1e-10);
            expect(res.converged).toBe(true);
            if (epsilon === 1e-9) expect(res.errorBound).toBeLessThan(1e-6);
          }
        }
      }
    }
  });

  it('when ε is tiny, then the list is the exact rank: order by score then id, seeds left out, ranks as the exact solution gives them', () => {
    const n = 80;
    const edges = randomGraph(n, 320, 9);
    const { exact, res } = check(n, edges, [5, 6], { hops: 3, epsilon: 1e-12 });
    const expected = exact.map((x, v) => [v, x] as const).filter(([v, x]) => x > 1e-10 && v !== 5 && v !== 6)
      .sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    expect(Array.from(res.nodes)).toEqual(expected.map(([v]) => v));
    res.scores.forEach((x, i) => expect(x).toBeCloseTo(expected[i][1], 9));
    expect(res.reached).toBe(expected.length);
  });

  it('when follows leave the k-hop ball, then they do not count: a rim node splits its trust among the follows it keeps', () => {
    // 0 → 1 → 2 → 3, and 1 → 3. With hops 1 the ball is {0, 1}: 1 follows nobody inside, so its trust returns to 0.
    const edges: Edge[] = [[0, 1], [1, 2], [2, 3], [1, 3]];
    const one = personalizedRank(csrOf(4, edges), [0], { hops: 1, epsilon: 1e-14, limit: 10 });
    expect(Array.from(one.nodes)).toEqual([1]);
    expect(one.ballNodes).toBe(2);
    // π0 = 0.15 + 0.85·π1, π1 = 0.85·π0, so π1 = 0.85·0.15 / (1 − 0.85²).
    expect(one.scores[0]).toBeCloseTo((0.85 * 0.15) / (1 - 0.85 ** 2), 10);
    // With hops 2 the ball is {0, 1, 2, 3} (3 is one follow from 1): 2 is on the rim and keeps 2 → 3; 3 follows nobody, back to 0.
    const two = personalizedRank(csrOf(4, edges), [0], { hops: 2, epsilon: 1e-14, limit: 10 });
    const exact = exactRank(4, edges, [0], 2);
    expect(two.ballNodes).toBe(4);
    expect(Array.from(two.nodes)).toEqual([1, 3, 2]);
    two.nodes.forEach((v, i) => expect(two.scores[i]).toBeCloseTo(exact[v], 10));
    // Beyond the ball nothing is listed: with hops 1 from 2, only 3.
    expect(Array.from(personalizedRank(csrOf(4, edges), [2], { hops: 1 }).nodes)).toEqual([3]);
  });

  it('when scores tie, then the smaller node index (= id order) comes first; a second call on the same graph gives the same answer', () => {
    const csr = csrOf(5, [[0, 3], [0, 1], [0, 4], [0, 2]]);
    const a = personalizedRank(csr, [0], { epsilon: 1e-12 });
    expect(Array.from(a.nodes)).toEqual([1, 2, 3, 4]);
    personalizedRank(csr, [4], { hops: 5 });
    const b = personalizedRank(csr, [0], { epsilon: 1e-12 });
    expect([Array.from(b.nodes), Array.from(b.scores), b.errorBound]).toEqual([Array.from(a.nodes), Array.from(a.scores), a.errorBound]);
  });

  it('when the work cap stops the pushes, then converged is false and the bound is still the exact L1 error', () => {
    const n = 200;
    const edges = randomGraph(n, 2000, 4);
    const { res, l1 } = check(n, edges, [1], { hops: 4, epsilon: 1e-12, maxWork: 500 });
    expect(res.converged).toBe(false);
    expect(Math.abs(l1 - res.errorBound)).toBeLessThan(1e-10);
    expect(res.errorBound).toBeGreaterThan(1e-3);
  });

  it('when the limit is below the nodes reached, then the best `limit` are listed and reached counts them all', () => {
    const n = 100;
    const edges = randomGraph(n, 600, 5);
    const all = personalizedRank(csrOf(n, edges), [2], { limit: n, epsilon: 1e-10 });
    const top = personalizedRank(csrOf(n, edges), [2], { limit: 7, epsilon: 1e-10 });
    expect(Array.from(top.nodes)).toEqual(Array.from(all.nodes.slice(0, 7)));
    expect(top.reached).toBe(all.reached);
  });

  it('when the ball is pushed in place instead of on a local copy, then the answer is the same, bit for bit, converged or stopped by the cap', () => {
    for (const [n, m, seed] of [[60, 300, 2], [120, 500, 3], [300, 3000, 6]]) {
      const csr = csrOf(n, randomGraph(n, m, seed));
      for (const seeds of [[0], [3, 7, 7, 11], [n - 1, 1]]) {
        for (const hops of [0, 1, 2, 3, 5]) {
          for (const [epsilon, maxWork] of [[1e-9, undefined], [1e-12, 400]] as const) {
            const copy = personalizedRank(csr, seeds, { hops, epsilon, maxWork, limit: n, copyBelow: 1 });
            const inPlace = personalizedRank(csr, seeds, { hops, epsilon, maxWork, limit: n, copyBelow: 0 });
            expect(inPlace).toEqual(copy);
            // Both paths share the graph's workspace: a later call on either path is not disturbed by the other's leftovers.
            expect(personalizedRank(csr, seeds, { hops, epsilon, maxWork, limit: n, copyBelow: 1 })).toEqual(copy);
          }
        }
      }
    }
    // Against the exact solution too, in place, with rim nodes that keep only some of their follows.
    const n = 120;
    const edges = randomGraph(n, 500, 3);
    for (const hops of [1, 2]) {
      const exact = exactRank(n, edges, [4], hops);
      const res = personalizedRank(csrOf(n, edges), [4], { hops, epsilon: 1e-13, limit: n, copyBelow: 0 });
      expect(res.converged).toBe(true);
      res.nodes.forEach((v, i) => expect(res.scores[i]).toBeCloseTo(exact[v], 10));
    }
  });

  it('when copied balls of different sizes follow one another on one prepared graph, then each answer is the one a fresh graph gives', () => {
    // The copy's arrays are kept per graph and reused: a call must not read what a larger ball left in them.
    const n = 300;
    const edges = randomGraph(n, 3000, 8);
    const shared = csrOf(n, edges);
    // Allocated up front, as the server does when it loads a graph; the fresh graphs allocate on their first call.
    prepareWorkspace(shared);
    const calls: [number[], number, number, number | undefined][] = [
      [[0], 4, 1e-12, undefined], [[5, 9], 1, 1e-9, undefined], [[100], 3, 1e-12, 700], [[0], 2, 1e-9, undefined], [[7, 200, 201], 5, 1e-12, 300], [[5, 9], 1, 1e-9, undefined],
    ];
    for (const [seeds, hops, epsilon, maxWork] of calls) {
      const opts = { hops, epsilon, maxWork, limit: n, copyBelow: 1 };
      expect(personalizedRank(shared, seeds, opts)).toEqual(personalizedRank(csrOf(n, edges), seeds, opts));
    }
  });

  it('when the ball has more follows than the work budget, then its BFS and its rim\'s rows are charged to the budget, the rows are read in place, and the bound stays exact', () => {
    const n = 300;
    const edges = randomGraph(n, 3000, 7);
    const csr = csrOf(n, edges);
    const maxWork = 2000;
    const { res, l1 } = check(n, edges, [1], { hops: 3, epsilon: 1e-12, maxWork });
    expect(res.hops).toBe(3);
    expect(res.converged).toBe(false);
    expect(Math.abs(l1 - res.errorBound)).toBeLessThan(1e-10);
    // A large ball's work counts three times: its budget is a third of maxWork, in follows pushed from the
    // rows. The BFS expanded the nodes within 2 follows: a quarter of a pushed follow each follow read, and a
    // pushed follow for each node of the ball.
    const ball2 = ballOf(n, edges, [1], 2);
    const ball3 = ballOf(n, edges, [1], 3);
    const rowOf = (u: number) => csr.offset[u + 1] - csr.offset[u];
    const bfsFollows = [...ball2].reduce((acc, u) => acc + rowOf(u), 0);
    const budget = Math.max(Math.floor(maxWork / 3 - bfsFollows / 4 - ball3.size), Math.ceil(maxWork / 3 / 4));
    expect(budget).toBeLessThan(maxWork);
    // The rim's rows, a quarter each, are charged as rim nodes are first taken from the queue: at most all of them.
    const rim = [...ball3].filter((v) => !ball2.has(v));
    const rimCharge = rim.reduce((acc, v) => acc + rowOf(v) / 4, 0);
    const maxDegree = Math.max(...Array.from({ length: n }, (_, u) => rowOf(u)));
    expect(res.pushedEdges).toBeGreaterThanOrEqual(budget - rimCharge);
    expect(res.pushedEdges).toBeLessThan(budget + maxDegree);
    // Read in place by default here, the same answer as on a copy.
    expect(personalizedRank(csr, [1], { hops: 3, epsilon: 1e-12, maxWork, limit: n, copyBelow: 1 })).toEqual(res);
    // A budget the ball's follows fit in: no charge, as before.
    expect(personalizedRank(csr, [1], { hops: 3, epsilon: 1e-12, maxWork: 10 * edges.length }).pushedEdges).toBeGreaterThan(maxWork);
  });

  it('when the rim\'s rows are long, then reading them is charged: the pushes stop that much earlier', () => {
    // Seed 0 follows 1..10; each of those follows the rim 11..20; each rim node follows 21..1020 (outside the
    // ball at hops 2) and node 1. The rim's rows (1,001 follows each) are far longer than the ball's other rows.
    const edges: Edge[] = [];
    for (let a = 1; a <= 10; a++) { edges.push([0, a]); for (let r = 11; r <= 20; r++) edges.push([a, r]); }
    for (let r = 11; r <= 20; r++) { edges.push([r, 1]); for (let x = 21; x <= 1020; x++) edges.push([r, x]); }
    const n = 1021;
    const maxWork = 9000;
    const { res, l1 } = check(n, edges, [0], { hops: 2, epsilon: 1e-12, maxWork });
    expect(Math.abs(l1 - res.errorBound)).toBeLessThan(1e-10);
    expect(res.converged).toBe(false);
    // A third of maxWork (the ball is large), less the BFS: 110 follows read (a quarter each) and 21 nodes
    // found (one each). Every rim node is taken from the queue after the first level's pushes: all ten rows
    // are charged.
    const budget = Math.floor(maxWork / 3 - (10 + 100) / 4 - 21);
    const rimCharge = 10 * 1001 / 4;
    expect(res.pushedEdges).toBeGreaterThanOrEqual(budget - rimCharge);
    expect(res.pushedEdges).toBeLessThan(budget - rimCharge + 10);
    // The same stop on a copy of the ball.
    expect(personalizedRank(csrOf(n, edges), [0], { hops: 2, epsilon: 1e-12, maxWork, limit: n, copyBelow: 1 })).toEqual(res);
  });

  it('when a ball\'s copy would take more than 4 MiB, then it is pushed from the rows like a large one: a third of the budget, less its BFS', () => {
    // The seed follows k nodes, each following it back: the ball at hops 1 is k + 1 nodes with 2k follows,
    // fewer than maxWork; its copy is counted 4 bytes a follow and 40 a node: 48k + 40 bytes.
    const star = (k: number) => {
      const edges: Edge[] = [];
      for (let a = 1; a <= k; a++) { edges.push([0, a]); edges.push([a, 0]); }
      return csrOf(k + 1, edges);
    };
    const maxWork = 250_000;
    // 90,000 nodes (4.32 MB > 4 MiB): a third of maxWork less the BFS (90,000 follows read, a quarter each, and
    // 90,001 nodes) is below a quarter of that third, so the budget is the quarter, 20,834; the seed's push scans
    // 90,000 follows, and the loop stops before the next.
    const uncached = personalizedRank(star(90_000), [0], { hops: 1, epsilon: 1e-9, maxWork });
    expect(uncached.converged).toBe(false);
    expect(uncached.pushes).toBe(1);
    expect(uncached.pushedEdges).toBe(90_000);
    // 80,000 nodes (3.84 MB): copied, the whole budget (the levels' rescans take a quarter of a follow per node
    // touched, at most 80,001 each).
    const cached = personalizedRank(star(80_000), [0], { hops: 1, epsilon: 1e-9, maxWork });
    expect(cached.converged).toBe(false);
    expect(cached.pushedEdges).toBeGreaterThanOrEqual(maxWork - 2 * 80_001 / 4);
    expect(cached.pushedEdges).toBeGreaterThan(4 * 20_834);
    // With a cap the BFS leaves room in, one level (no rescans): a third of a million less the BFS (22,500 and
    // 90,001) is 220,832. The seed's push (90,000), each leaf's (one follow each, 90,000, its row charged a
    // quarter as it is first taken: 22,500), then the seed's again pass it: 270,000 follows. Counted three
    // times without the BFS's charge (333,334), the leaves would have been pushed a second time.
    const big = personalizedRank(star(90_000), [0], { hops: 1, epsilon: 1e-9, firstLevel: 1e-9, maxWork: 1_000_000 });
    expect(big.converged).toBe(false);
    expect(big.pushedEdges).toBe(270_000);
  });

  it('when the graph\'s rows pass 32 MiB, then a follow costs more: the budget is divided by 1 + ½·log2(rows / 32 MiB), at most 2', () => {
    // A star (node 0 and k leaves following each other) and, beside it, nodes the seed never reaches, each
    // following itself `pad` times, only to make the rows (offset and target, 4 bytes an entry) that large.
    const padded = (k: number, padNodes: number, pad: number) => {
      const n = k + 1 + padNodes;
      const offset = new Int32Array(n + 1);
      offset[1] = k;
      for (let a = 1; a <= k; a++) offset[a + 1] = offset[a] + 1;
      for (let v = k + 1; v < n; v++) offset[v + 1] = offset[v] + pad;
      const target = new Int32Array(offset[n]);
      for (let a = 1; a <= k; a++) { target[a - 1] = a; target[k + a - 1] = 0; }
      for (let v = k + 1; v < n; v++) target.fill(v, offset[v], offset[v + 1]);
      return { offset, target };
    };
    const mib = (csr: { offset: Int32Array; target: Int32Array }) => (csr.offset.byteLength + csr.target.byteLength) / 2 ** 20;
    const small = padded(1000, 0, 0);
    const at64 = padded(1000, 2 ** 20 - 1002, 15); // 2^20 offsets, 15·(2^20 − 1002) + 2,000 follows: 63.95 MiB
    const at256 = padded(1000, 2 ** 22, 15);
    expect(followCost(small)).toBe(1);
    expect(mib(at64)).toBeCloseTo(63.95, 2);
    expect(followCost(at64)).toBeCloseTo(1 + Math.log2(mib(at64) / 32) / 2, 12);
    expect(followCost(at64)).toBeCloseTo(1.5, 2);
    expect(followCost(at256)).toBe(2);
    // The ball (the star at hops 1, 2,000 follows) is copied, one level (no rescans): the loop stops at the first
    // check where the follows pushed reach the budget, so past it by less than the seed's push (1,000 follows).
    const opts = { hops: 1, epsilon: 1e-12, firstLevel: 1e-12, maxWork: 30_000 };
    for (const [csr, budget] of [[small, 30_000], [at64, Math.floor(30_000 / followCost(at64))], [at256, 15_000]] as const) {
      const res = personalizedRank(csr, [0], opts);
      expect(res.converged).toBe(false);
      expect(res.pushedEdges).toBeGreaterThanOrEqual(budget);
      expect(res.pushedEdges).toBeLessThan(budget + 1000);
    }
  });

  it('when the cap stops the pushes, then the levels have pushed the largest residuals per follow first: a smaller bound than one level at ε, both exact', () => {
    for (const [n, m, hops, maxWork] of [[400, 6000, 3, 100_000], [2000, 30_000, 2, 100_000], [5000, 60_000, 3, 300_000]]) {
      const edges = randomGraph(n, m, 11);
      const levels = check(n, edges, [0, 5], { hops, epsilon: 1e-12, maxWork });
      const single = check(n, edges, [0, 5], { hops, epsilon: 1e-12, maxWork, firstLevel: 1e-12 });
      for (const { res, l1 } of [levels, single]) {
        expect(res.converged).toBe(false);
        expect(Math.abs(l1 - res.errorBound)).toBeLessThan(1e-10);
      }
      expect(levels.res.errorBound).toBeLessThan(single.res.errorBound / 2);
    }
  });

  it('when the pushes converge, then the levels end at ε: the same exact answer as one level, within the bound', () => {
    const n = 300;
    const edges = randomGraph(n, 3000, 14);
    const levels = check(n, edges, [3], { hops: 3, epsilon: 1e-13 });
    const single = check(n, edges, [3], { hops: 3, epsilon: 1e-13, firstLevel: 1e-13 });
    expect(levels.res.converged).toBe(true);
    expect(single.res.converged).toBe(true);
    for (let v = 0; v < n; v++) {
      if (v === 3) continue; // the seed: not listed
      expect(Math.abs(levels.estimate[v] - levels.exact[v])).toBeLessThan(1e-9);
      expect(Math.abs(levels.estimate[v] - single.estimate[v])).toBeLessThan(1e-9);
    }
    // A node left under an earlier level's threshold is pushed at a later one: ε, not the first level, bounds the rest.
    expect(levels.res.errorBound).toBeLessThan(1e-13 * 3000);
  });

  it('when a level would add more nodes than three quarters of the budget pays for, then the ball stops before it, though its follows alone would fit', () => {
    // The BFS's share: three quarters of a third of maxWork (a large ball's work counts three times).
    // One seed follows 2,000 nodes, each following one node of its own: reading the second level is 2,000
    // follows (500 at a quarter each), but it could add 2,000 nodes (one each) to the 2,001 found.
    const edges: Edge[] = [];
    for (let a = 1; a <= 2000; a++) { edges.push([0, a]); edges.push([a, 2000 + a]); }
    const n = 4001;
    const csr = csrOf(n, edges);
    const asked2 = personalizedRank(csr, [0], { hops: 2, epsilon: 1e-9, maxWork: 3000, limit: n });
    expect(asked2.hops).toBe(1);
    expect(asked2.ballNodes).toBe(2001);
    expect(asked2).toEqual(personalizedRank(csr, [0], { hops: 1, epsilon: 1e-9, maxWork: 3000, limit: n }));
    // A budget whose share pays for the follows read and every node (5,001 ≤ 24,000 / 3 × 0.75): the radius asked.
    const wide = personalizedRank(csr, [0], { hops: 2, epsilon: 1e-9, maxWork: 24_000, limit: n });
    expect(wide.hops).toBe(2);
    expect(wide.ballNodes).toBe(n);
  });

  it('when a level would take the BFS past three quarters of the budget, then the ball stops there: the answer is the smaller radius\'s, and says so', () => {
    // One seed follows 20 nodes, each following 50 others, each of those following 200 of 4,000 more: the
    // second level's rows (1,000 × 200 reads, a quarter each: 50,000) do not fit three quarters of a third of a
    // budget of 6,000 (a large ball's work counts three times), where the first level's (1,000 reads and up to
    // 1,021 nodes: 1,276) do.
    const edges: Edge[] = [];
    let next = 1;
    const first = Array.from({ length: 20 }, () => next++);
    const second: number[] = [];
    for (const a of first) { edges.push([0, a]); for (let k = 0; k < 50; k++) { const b = next++; second.push(b); edges.push([a, b]); } }
    const third0 = next;
    for (const b of second) for (let k = 0; k < 200; k++) edges.push([b, third0 + ((b * 7 + k) % 4000)]);
    const n = third0 + 4000;
    const csr = csrOf(n, edges);
    const asked3 = personalizedRank(csr, [0], { hops: 3, epsilon: 1e-9, maxWork: 6000, limit: n });
    expect(asked3.hops).toBe(2);
    expect(asked3.ballNodes).toBe(1 + 20 + 1000);
    expect(asked3).toEqual(personalizedRank(csr, [0], { hops: 2, epsilon: 1e-9, maxWork: 6000, limit: n }));
    // A budget the second level's rows and nodes fit in (50,255 + 5,021 ≤ 300,000 / 3 × 0.75): the radius asked.
    const wide = personalizedRank(csr, [0], { hops: 3, epsilon: 1e-9, maxWork: 300_000, limit: n });
    expect(wide.hops).toBe(3);
    expect(wide.ballNodes).toBe(1 + 20 + 1000 + 4000);
  });

  it('when options or seeds are out of range, then a RangeError names them', () => {
    const csr = csrOf(3, [[0, 1]]);
    expect(() => personalizedRank(csr, [])).toThrow('at least one seed');
    expect(() => personalizedRank(csr, [3])).toThrow('seed 3 is outside 0..2');
    expect(() => personalizedRank(csr, [0], { hops: 6 })).toThrow('hops must be an integer in 0..5');
    expect(() => personalizedRank(csr, [0], { alpha: 1 })).toThrow('alpha must be in (0, 1)');
    expect(() => personalizedRank(csr, [0], { epsilon: 0 })).toThrow('epsilon must be');
    expect(() => personalizedRank(csr, [0], { copyBelow: -1 })).toThrow('copyBelow must be ≥ 0');
    expect(() => personalizedRank(csr, [0], { firstLevel: Number.NaN })).toThrow('firstLevel must be');
    expect(() => personalizedRank(csr, [0], { firstLevel: -1 })).toThrow('firstLevel must be');
    expect(() => personalizedRank(csr, [0], { firstLevel: 0 })).toThrow('firstLevel must be');
  });
});
