// Trust under a strategy with its explanation, and the rank history: answers
// over the trust loaders, the same for both protocols; resolvers turn the
// contributor ids into profiles.
import { badInput, profileNotFound } from '../errors/app-error';
import { percentileCategory } from '../domain/periods';
import { optionalDay } from '../domain/days';
import type { TrustStrategy } from '../domain/trust';
import type { TrustLoaders } from '../loaders/trust-loaders';

type Id = string | number;

/** The profile's trust under the strategy as of the last refresh, with the parameters it ran with. */
export async function profileTrust(l: TrustLoaders, id: Id, strategy: TrustStrategy) {
  const [[row], run] = await Promise.all([l.trust.load({ id, strategy }), l.run.load(strategy)]);
  if (!row || !run) throw profileNotFound(id, `${strategy} trust of `);
  return {
    strategy, score: row.score, rank: row.rank, profiles: row.profiles, percentileCategory: percentileCategory(row.rank, row.profiles),
    parameters: {
      weights: run.weights.map(([interaction, weight]) => ({ interaction, weight })),
      alpha: run.alpha, tolerance: run.tolerance, maxIterations: run.max_iterations, iterations: run.iterations,
      delta: run.delta, converged: run.converged, pretrustProfiles: run.pretrust_profiles, edges: Number(run.edges),
    },
    explanation: {
      contributors: row.contributors.map((cid, i) => ({ id: cid, share: row.shares[i] })),
      otherShare: row.other_share, pretrustShare: row.pretrust_share,
    },
  };
}

export type ProfileTrust = Awaited<ReturnType<typeof profileTrust>>;

/** The five ranks and their bands at each refresh whose run fell on from..to (UTC days), oldest first, the last `first`. */
export async function profileRankHistory(l: TrustLoaders, id: Id, args: { from?: string | null; to?: string | null; first: number }) {
  // In the service's day range, as every other day argument: a year-0 day reached Postgres and failed there.
  const from = optionalDay('from', args.from);
  const to = optionalDay('to', args.to);
  if (from && to && from > to) throw badInput(`from (${from}) must not be after to (${to})`);
  const rows = await l.rankHistory.load({ id, from, to });
  const kept = rows.slice(Math.max(0, rows.length - args.first));
  const entry = (rank: number, profiles: number) => ({ rank, percentileCategory: percentileCategory(rank, profiles) });
  return {
    from, to, totalCount: rows.length,
    points: kept.map((r) => ({
      generation: r.generation, asOf: r.as_of, refreshedAt: r.recorded_at, profiles: r.profiles,
      followerRank: entry(r.follower_rank, r.profiles), engagementRank: entry(r.engagement_rank, r.profiles),
      scoreRank: entry(r.score_rank, r.profiles), likesRank: entry(r.likes_rank, r.profiles), collectRank: entry(r.collect_rank, r.profiles),
    })),
  };
}
