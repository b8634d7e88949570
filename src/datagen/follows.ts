// Follow edges, shared by Farcaster links and Lens profile_follower. Each
// follower draws a log-normal number of targets, mostly by preferential
// popularity (Zipf) and partly uniformly (so the tail gets followers too);
// follower counts come out heavy-tailed. No self-follows, no duplicate pairs.
import { LAST_EVENT_MS, WINDOW_START_MS, deletedAfter, recentBetween } from './clock';
import type { Population } from './population';
import type { Rng } from './random';
import { showcaseFollowsOf } from './showcase';

export interface FollowOptions {
  meanDegree: number;
  /** Share of follows later undone (deleted_at set). */
  unfollowRate: number;
  /** Expected non-follow rows (e.g. blocks) per follow; 0 for none. */
  otherRate: number;
}

/** One edge; `deletedMs` 0 = still active; `other` = a non-follow link type. */
export type FollowSink = (follower: number, target: number, ms: number, deletedMs: number, other: boolean) => Promise<void> | undefined;

const UNIFORM_SHARE = 0.1;
const MAX_DEGREE = 5000;

export async function generateFollows(pop: Population, rng: Rng, opts: FollowOptions, emit: FollowSink): Promise<void> {
  const { n, regMs, popularity } = pop;
  // Small datasets cannot host a 400-follow user without exhausting the graph.
  const cap = Math.max(1, Math.min(MAX_DEGREE, n - 1, Math.floor(n / 2)));
  const chosen = new Set<number>();
  for (let f = 1; f <= n; f++) {
    const degree = Math.min(cap, Math.round(rng.lognormal(opts.meanDegree, 1.0)));
    chosen.clear();
    // The examples' persons follow each other as showcase.ts says, before any random draw.
    for (const s of showcaseFollowsOf(f)) {
      if (s.target > n) continue;
      chosen.add(s.target);
      const p = emit(f, s.target, s.ms, s.deletedMs, false);
      if (p) await p;
    }
    for (let tries = 0; chosen.size < degree && tries < degree * 4 + 20; tries++) {
      const t = rng.chance(UNIFORM_SHARE) ? 1 + rng.int(n) : popularity.sample(rng);
      if (t === f || chosen.has(t)) continue;
      chosen.add(t);
      const ms = recentBetween(rng, Math.max(WINDOW_START_MS, regMs[f], regMs[t]), LAST_EVENT_MS);
      const deleted = rng.chance(opts.unfollowRate) ? deletedAfter(rng, ms) : 0;
      const p = emit(f, t, ms, deleted, false);
      if (p) await p;
    }
    if (opts.otherRate > 0 && rng.chance(opts.otherRate * opts.meanDegree)) {
      const t = 1 + rng.int(n);
      if (t !== f && !chosen.has(t)) {
        const ms = recentBetween(rng, Math.max(WINDOW_START_MS, regMs[f], regMs[t]), LAST_EVENT_MS);
        const p = emit(f, t, ms, 0, true);
        if (p) await p;
      }
    }
  }
}
