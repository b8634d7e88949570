// Seeded randomness for the generator. Everything derives from (seed, stream
// name) so one table's draws never shift another's: adding a column to casts
// must not change links.csv. Stateless hashes (hashUnit) give per-entity facts
// that several tables must agree on without sharing state (e.g. which fids
// have a verified address that a Lens profile may reuse).

/** FNV-1a of a string: turns stream/domain names into 32-bit integers. */
export function strHash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function mixK(h: number, k: number): number {
  k = Math.imul(k, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  h ^= k;
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Murmur3-style hash of four 32-bit integers to a uint32. */
export function hash4(a: number, b: number, c: number, d: number): number {
  return fmix(mixK(mixK(mixK(mixK(0x9747b28c, a), b), c), d) ^ 16);
}

/** Stateless uniform in [0, 1) for (seed, domain, id, k). */
export function hashUnit(seed: number, domain: number, id: number, k = 0): number {
  return hash4(seed, domain, id, k) / 4294967296;
}

/** 8 hex digits of a uint32. */
export function hex8(x: number): string {
  return (x >>> 0).toString(16).padStart(8, '0');
}

/** Deterministic lowercase hex string of `words` × 8 digits for (seed, domain, id). */
export function hashHex(seed: number, domain: number, id: number, words: number): string {
  let s = '';
  for (let w = 0; w < words; w++) s += hex8(hash4(seed, domain, id, w));
  return s;
}

/** xoshiro128** seeded through splitmix32: fast, 2^128 period, good enough for data. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number, stream: string) {
    let s = hash4(seed >>> 0, Math.floor(seed / 4294967296), strHash(stream), 0x5eed);
    const next = (): number => {
      s = (s + 0x9e3779b9) | 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next() | 1; // never all-zero state
  }

  u32(): number {
    const r = Math.imul(rotl(Math.imul(this.b, 5), 7), 9) >>> 0;
    const t = this.b << 9;
    this.c ^= this.a;
    this.d ^= this.b;
    this.b ^= this.c;
    this.a ^= this.d;
    this.c ^= t;
    this.d = rotl(this.d, 11);
    return r;
  }

  /** Uniform in [0, 1). */
  float(): number {
    return this.u32() / 4294967296;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.float() * n);
  }

  /** Uniform integer in [lo, hi]. */
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }

  /** Index drawn by relative weights (small arrays only: linear scan). */
  weighted(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    let x = this.float() * total;
    for (let i = 0; i < weights.length; i++) {
      x -= weights[i];
      if (x < 0) return i;
    }
    return weights.length - 1;
  }

  /** Standard normal (Box-Muller; one value per call keeps the stream simple). */
  normal(): number {
    const u = 1 - this.float(); // (0, 1]
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.float());
  }

  /** Log-normal with the given mean: skewed per-user volumes (most low, a few heavy). */
  lognormal(mean: number, sigma: number): number {
    return Math.exp(Math.log(mean) - (sigma * sigma) / 2 + sigma * this.normal());
  }

  /** In-place Fisher-Yates shuffle. */
  shuffle(a: Int32Array): void {
    for (let i = a.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/** Smallest index i in [0, n) with cum[i] > x (cum non-decreasing). */
function searchCum(cum: Float64Array, n: number, x: number): number {
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cum[mid] > x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * Zipf over a random permutation of ids 1..n: rank r has weight r^-s, and the
 * permutation decides who is popular, so popularity is unrelated to id order
 * (and thus to registration time). Sampling is a binary search over a
 * precomputed cumulative table: O(log n) per draw, 12 bytes per id.
 */
export class ZipfSampler {
  private readonly cum: Float64Array;
  private readonly byRank: Int32Array;
  readonly n: number;

  constructor(n: number, exponent: number, rng: Rng) {
    this.n = n;
    this.cum = new Float64Array(n);
    let acc = 0;
    for (let r = 0; r < n; r++) {
      acc += Math.pow(r + 1, -exponent);
      this.cum[r] = acc;
    }
    this.byRank = new Int32Array(n);
    for (let i = 0; i < n; i++) this.byRank[i] = i + 1;
    rng.shuffle(this.byRank);
  }

  /** An id in 1..n. */
  sample(rng: Rng): number {
    const r = searchCum(this.cum, this.n, rng.float() * this.cum[this.n - 1]);
    return this.byRank[r];
  }
}

/**
 * Weighted draw restricted to a prefix of ids: ids are in registration order,
 * so "anyone registered before t" is the prefix 1..k. Cumulative weights in id
 * order make that a binary search over cum[0..k).
 */
export class PrefixSampler {
  private readonly cum: Float64Array;

  constructor(weights: Float64Array) {
    this.cum = new Float64Array(weights.length);
    let acc = 0;
    for (let i = 0; i < weights.length; i++) {
      acc += weights[i];
      this.cum[i] = acc;
    }
  }

  /** An id in 1..k (k ≥ 1). */
  sample(rng: Rng, k: number): number {
    return searchCum(this.cum, k, rng.float() * this.cum[k - 1]) + 1;
  }
}
