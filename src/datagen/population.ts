// The users of one protocol, as a few numbers per user: registration time
// (ids are in registration order), who is popular (Zipf over a shuffle), and
// how active each user is. Everything else is streamed from these.
import { END_MS, registrationMs } from './clock';
import { PrefixSampler, Rng, ZipfSampler } from './random';

/** Zipf exponent of follow/engagement targets: heavy-tailed follower counts. */
const POPULARITY_EXPONENT = 1.05;
/** Spread of per-user activity (posting volume): most post little, a few a lot. */
const ACTIVITY_SIGMA = 1.2;
/** Newest accounts register a week before the end, so everyone has some history. */
const LAST_REGISTRATION_MS = END_MS - 7 * 86_400_000;

export interface Population {
  readonly n: number;
  /** Registration ms by id (index 0 unused); non-decreasing in id. */
  readonly regMs: Float64Array;
  readonly popularity: ZipfSampler;
  readonly activity: PrefixSampler;
}

export function buildPopulation(seed: number, name: string, n: number, firstRegistrationMs: number): Population {
  const rng = new Rng(seed, `${name}:population`);
  const regMs = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) regMs[i + 1] = registrationMs(firstRegistrationMs, LAST_REGISTRATION_MS, i, n, rng.float());
  const popularity = new ZipfSampler(n, POPULARITY_EXPONENT, rng);
  const weights = new Float64Array(n);
  for (let i = 0; i < n; i++) weights[i] = rng.lognormal(1, ACTIVITY_SIGMA);
  return { n, regMs, popularity, activity: new PrefixSampler(weights) };
}

/** Number of users registered at or before ms (so ids 1..k may act at ms). */
export function registeredBy(pop: Population, ms: number): number {
  let lo = 0;
  let hi = pop.n;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (pop.regMs[mid] <= ms) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
