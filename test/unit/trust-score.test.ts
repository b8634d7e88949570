// The weighted graph score and its explanation, against hand-made graphs:
// weights of 1 give the unweighted score, repeated pairs sum their weights, and
// the explanation's shares match α·t_i·w_ij/W_i ÷ t_j, are cut at k, and with
// the "others" and pretrust shares sum to 1. Competition ranks share ties.
import { buildGraphCsr, computeGraphScore, iterateGraphScore, pretrustOf } from '../../src/analytics/graph-score';
import { explainScores } from '../../src/analytics/trust-explain';
import { competitionRanks } from '../../src/analytics/trust-refresh';

const edges = (list: [number, number, number][]) => ({
  from: Int32Array.from(list.map((e) => e[0])), to: Int32Array.from(list.map((e) => e[1])), weight: Float64Array.from(list.map((e) => e[2])),
});

describe('weighted graph score', () => {
  it('when every weight is 1, then the scores are the unweighted ones', () => {
    const g = edges([[0, 1, 1], [1, 2, 1], [2, 0, 1], [3, 0, 1], [3, 2, 1], [0, 2, 1]]);
    const plain = computeGraphScore(5, g.from, g.to, { tolerance: 1e-14 });
    const weighted = computeGraphScore(5, g.from, g.to, { tolerance: 1e-14, weights: g.weight });
    for (let i = 0; i < 5; i++) expect(weighted.scores[i]).toBeCloseTo(plain.scores[i], 13);
  });

  it('when a pair repeats, then its weights add up: 0 → 1 twice (1 + 2) against 0 → 2 once (1) splits 3 : 1', () => {
    const g = edges([[0, 1, 1], [0, 1, 2], [0, 2, 1]]);
    const csr = buildGraphCsr(3, g.from, g.to, g.weight);
    expect([Array.from(csr.target), Array.from(csr.weight!), csr.rowWeight![0]]).toEqual([[1, 2], [3, 1], 4]);
    const { scores } = computeGraphScore(3, g.from, g.to, { weights: g.weight, tolerance: 1e-14 });
    // t1 − jump·p and t2 − jump·p are α·t0·3/4 and α·t0·1/4.
    const base = scores[0];
    expect((scores[1] - base) / (scores[2] - base)).toBeCloseTo(3, 9);
  });

  it('when a weight is not a finite positive number, or weights do not match the edges, then it throws', () => {
    const g = edges([[0, 1, 1]]);
    expect(() => computeGraphScore(2, g.from, g.to, { weights: Float64Array.of(0) })).toThrow(/weight 0/);
    expect(() => computeGraphScore(2, g.from, g.to, { weights: Float64Array.of(1, 2) })).toThrow(/one value per edge/);
  });
});

describe('explainScores', () => {
  const alpha = 0.85;
  const g = edges([[1, 0, 2], [2, 0, 1], [3, 0, 5], [4, 0, 1], [0, 1, 1], [2, 1, 3], [3, 4, 1]]);
  const csr = buildGraphCsr(6, g.from, g.to, g.weight);
  const p = pretrustOf(6);
  const { scores } = iterateGraphScore(csr, p, { alpha, tolerance: 1e-15, maxIterations: 1000 });
  const out = [1, 2, 4, 6, 1, 0];
  const dangling = scores[5];

  it('when a profile is explained, then each share is α·t_i·w_ij/W_i ÷ t_j, largest first, and all shares sum to 1', () => {
    const why = explainScores(csr, scores, p, alpha, 10);
    const share = (i: number, w: number) => alpha * scores[i] * w / out[i] / scores[0];
    const expected = [[3, share(3, 5)], [4, share(4, 1)], [1, share(1, 2)], [2, share(2, 1)]].sort((a, b) => b[1] - a[1]);
    expect(why.count[0]).toBe(4);
    expected.forEach(([i, s], a) => { expect(why.contributor[a]).toBe(i); expect(why.share[a]).toBeCloseTo(s, 12); });
    expect(why.pretrustShare[0]).toBeCloseTo(((1 - alpha) + alpha * dangling) / 6 / scores[0], 12);
    for (let j = 0; j < 6; j++) {
      let total = why.otherShare[j] + why.pretrustShare[j];
      for (let a = 0; a < why.count[j]; a++) total += why.share[j * 10 + a];
      expect(total).toBeCloseTo(1, 9);
    }
    // Profile 5 has no contributor: all its trust is pretrust.
    expect([why.count[5], why.pretrustShare[5]]).toEqual([0, expect.closeTo(1, 9)]);
  });

  it('when k is smaller than the contributors, then the k largest are kept and the rest is otherShare', () => {
    const all = explainScores(csr, scores, p, alpha, 10);
    const two = explainScores(csr, scores, p, alpha, 2);
    expect([two.count[0], two.contributor[0], two.contributor[1]]).toEqual([2, all.contributor[0], all.contributor[1]]);
    expect(two.otherShare[0]).toBeCloseTo(all.share[2] + all.share[3], 12);
  });
});

describe('competitionRanks', () => {
  it('when scores tie, then they share a rank and the next rank skips', () => {
    expect(Array.from(competitionRanks(Float64Array.of(0.5, 1, 0.5, 0.2)))).toEqual([2, 1, 2, 4]);
  });
});
