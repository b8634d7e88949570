// The persons the documented REST examples name: fids 1..4 and Lens profiles
// 0x01..0x04 (src/rest/routes/*, `example`). Random draws alone leave most of
// those examples empty (a pair that is not the same person, no follower the
// viewer knows), so a few facts about these persons are set, the same at
// every scale and seed: each fid p verifies the address that owns Lens
// profile p (matched persons), and the follow edges below exist on both
// protocols. Everything else about them stays random.

/** Ids 1..SHOWCASE_PERSONS on each protocol are the examples' persons. */
export const SHOWCASE_PERSONS = 4;

export const isShowcasePerson = (id: number) => id >= 1 && id <= SHOWCASE_PERSONS;

/** A follow of one showcase person by another; `deletedMs` 0 = still live. */
export interface ShowcaseFollow { follower: number; target: number; ms: number; deletedMs: number }

const at = (month: number, day: number) => Date.UTC(2024, month - 1, day, 12);

/**
 * 1 ⇄ 2 follow each other (mutual follows; and, as both are matched, one
 * person in 1's audience overlap); 3 follows 2, so viewer 3 knows 2 among 1's
 * followers; 4 and 3 unfollowed 1: in February (the Lens example's window)
 * and in the last days of June (inside the Farcaster example's window and
 * the default 30 days).
 */
export const SHOWCASE_FOLLOWS: readonly ShowcaseFollow[] = [
  { follower: 2, target: 1, ms: at(1, 10), deletedMs: 0 },
  { follower: 1, target: 2, ms: at(1, 12), deletedMs: 0 },
  { follower: 3, target: 2, ms: at(1, 15), deletedMs: 0 },
  { follower: 4, target: 1, ms: at(1, 20), deletedMs: at(2, 14) },
  { follower: 3, target: 1, ms: at(2, 1), deletedMs: at(6, 25) },
];

/** The showcase follows of `follower`. */
export const showcaseFollowsOf = (follower: number) => SHOWCASE_FOLLOWS.filter((f) => f.follower === follower);

/**
 * Collects of profile 1's first publication (the dataset's first post, which
 * the publication writer gives to profile 1) by profiles 2 and 3 in June, one
 * paid in USDC: the collect list and sums of the examples (0x01, June 2024, usdc).
 */
export const SHOWCASE_COLLECTS: readonly { collector: number; ms: number; currency: 'USDC' | 'WMATIC'; amount: number }[] = [
  { collector: 2, ms: at(6, 10), currency: 'USDC', amount: 5 },
  { collector: 3, ms: at(6, 18), currency: 'WMATIC', amount: 2 },
];
