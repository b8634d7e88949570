// Who a profile's trust comes from. At the fixed point
//   t_j = jump·p_j + α Σ_i t_i w_ij / W_i,   jump = (1 − α) + α·(dangling mass)
// the term of i is its contribution to j; divided by t_j it is i's share. The
// pretrust share is jump·p_j / t_j, and the contributions beyond the top K are
// summed as "others", so a profile's shares add up to 1. One pass over the
// adjacency keeps, per profile, a min-heap of its K largest contributions.
import type { Csr } from './graph-score';

export interface TrustExplanation {
  k: number;
  /** Profile j's contributors are contributor[j·k .. j·k + count[j]), largest share first (ties: lower node first). */
  contributor: Int32Array;
  share: Float64Array;
  count: Uint8Array;
  /** Shares of the contributors beyond the top k, and of the pretrust jump (teleport plus dangling mass). */
  otherShare: Float64Array;
  pretrustShare: Float64Array;
}

export function explainScores(csr: Csr, scores: Float64Array, p: Float64Array, alpha: number, k: number): TrustExplanation {
  // Heap sizes are bytes.
  if (!Number.isInteger(k) || k < 1 || k > 255) throw new RangeError(`explainScores: k must be an integer in 1..255, got ${k}`);
  const n = scores.length;
  const { offset, target, weight, rowWeight } = csr;
  const contributor = new Int32Array(n * k);
  const share = new Float64Array(n * k); // contributions while the heaps fill, shares at the end
  const count = new Uint8Array(n);
  const incoming = new Float64Array(n);
  let dangling = 0;

  // (c, i) is smaller than (c', i') when c < c', or equal with the higher node: the heap root is what is dropped first.
  const less = (a: number, b: number) => share[a] < share[b] || (share[a] === share[b] && contributor[a] > contributor[b]);
  const swap = (a: number, b: number) => {
    const c = share[a]; share[a] = share[b]; share[b] = c;
    const i = contributor[a]; contributor[a] = contributor[b]; contributor[b] = i;
  };
  const siftDown = (base: number, size: number) => {
    let at = 0;
    for (;;) {
      const l = 2 * at + 1;
      const r = l + 1;
      let low = at;
      if (l < size && less(base + l, base + low)) low = l;
      if (r < size && less(base + r, base + low)) low = r;
      if (low === at) return;
      swap(base + at, base + low);
      at = low;
    }
  };
  const offer = (j: number, i: number, c: number) => {
    const base = j * k;
    const size = count[j];
    if (size < k) {
      let at = size;
      share[base + at] = c; contributor[base + at] = i;
      count[j] = size + 1;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (!less(base + at, base + parent)) break;
        swap(base + at, base + parent);
        at = parent;
      }
      return;
    }
    if (c < share[base] || (c === share[base] && i > contributor[base])) return;
    share[base] = c; contributor[base] = i;
    siftDown(base, k);
  };

  for (let i = 0; i < n; i++) {
    const start = offset[i];
    const end = offset[i + 1];
    if (start === end) { dangling += scores[i]; continue; }
    const ti = scores[i];
    if (ti === 0) continue;
    const unit = alpha * ti / (weight ? rowWeight![i] : end - start);
    for (let e = start; e < end; e++) {
      const j = target[e];
      const c = weight ? unit * weight[e] : unit;
      incoming[j] += c;
      offer(j, i, c);
    }
  }

  const jump = (1 - alpha) + alpha * dangling;
  const otherShare = new Float64Array(n);
  const pretrustShare = new Float64Array(n);
  const order = new Int32Array(k);
  for (let j = 0; j < n; j++) {
    const tj = scores[j];
    const base = j * k;
    const size = count[j];
    if (!(tj > 0)) { count[j] = 0; continue; }
    // Heap order to largest-first.
    for (let a = 0; a < size; a++) order[a] = base + a;
    const slots = Array.from(order.subarray(0, size)).sort((a, b) => share[b] - share[a] || contributor[a] - contributor[b]);
    const pairs = slots.map((s) => [contributor[s], share[s]] as const);
    let top = 0;
    pairs.forEach(([i, c], a) => { contributor[base + a] = i; share[base + a] = c / tj; top += c; });
    otherShare[j] = Math.max(0, incoming[j] - top) / tj;
    pretrustShare[j] = jump * p[j] / tj;
  }
  return { k, contributor, share, count, otherShare, pretrustShare };
}
