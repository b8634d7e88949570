// Rank, history and top-follower fields, the same for FarcasterUser and
// LensProfile: one resolver class built per profile type. (Follower lists are
// connections of the graph resolvers.)
import { Args, Ctx, FieldResolver, Float, Resolver, Root, type ClassType } from 'type-graphql';
import * as analytics from '../../queries/profile-analytics';
import type { AnalyticsLoaders } from '../../loaders/analytics-loaders';
import { HistoryArgs, RatioArgs, TopFollowersArgs } from '../args/analytics.args';
import type { Context } from '../context.type';
import { farcasterUsersByFid, lensProfilesById } from '../profile-lookup';
import { FarcasterUser } from '../types/farcaster-user.type';
import { FollowerHistogram, FollowersHistory } from '../types/follower-stats.type';
import { LensProfile } from '../types/lens-profile.type';
import { FarcasterUserRank, LensUserRank, ProfileRank } from '../types/rank.type';

type Id = string | number;

interface Side<T extends object> {
  type: ClassType<T>;
  userRankType: ClassType<object>;
  key: (p: T) => Id;
  loaders: (ctx: Context) => AnalyticsLoaders;
  byIds: (ctx: Context, ids: Id[]) => Promise<T[]>;
  graphScore: (ctx: Context, id: Id) => Promise<number>;
}

function profileAnalyticsResolver<T extends object>(side: Side<T>) {
  @Resolver(() => side.type)
  class ProfileAnalyticsResolver {
    @FieldResolver(() => ProfileRank, { description: 'The five ranks (followers, engagement, score, likes, collects), each with its percentile band.' })
    rank(@Root() p: T, @Ctx() ctx: Context) {
      return analytics.profileRank(side.loaders(ctx), side.key(p));
    }

    @FieldResolver(() => side.userRankType, { description: 'Rank by net followers gained in the window ending at the as-of time; 5 top followers.' })
    async userRank(@Root() p: T, @Args(() => RatioArgs) { ratio }: RatioArgs, @Ctx() ctx: Context) {
      const { rank, topFollowerIds } = await analytics.userRankWithTopFollowers(side.loaders(ctx), side.key(p), ratio);
      return { ...rank, topFollowers: await side.byIds(ctx, topFollowerIds) };
    }

    @FieldResolver(() => [side.type], { description: 'Top-N: the `first` followers with the most followers, best first (at most 20 are kept per profile; not paged).' })
    async topFollowers(@Root() p: T, @Args(() => TopFollowersArgs) { first }: TopFollowersArgs, @Ctx() ctx: Context) {
      return side.byIds(ctx, await analytics.topFollowerIds(side.loaders(ctx), side.key(p), first));
    }

    @FieldResolver(() => FollowerHistogram, { description: 'Followers bucketed by their own follower count.' })
    followerHistogram(@Root() p: T, @Ctx() ctx: Context) {
      return analytics.followerHistogram(side.loaders(ctx), side.key(p));
    }

    @FieldResolver(() => FollowersHistory, { description: 'Cumulative followers at the end of each interval (default: the 30 days up to the as-of day).' })
    followersHistory(@Root() p: T, @Args(() => HistoryArgs) args: HistoryArgs, @Ctx() ctx: Context) {
      return analytics.followersHistory(side.loaders(ctx), side.key(p), args);
    }

    @FieldResolver(() => Float, { description: 'Graph score in [0, 1]: EigenTrust over the live follow graph, the top profile scaled to 1.' })
    graphScore(@Root() p: T, @Ctx() ctx: Context) {
      return side.graphScore(ctx, side.key(p));
    }
  }
  return ProfileAnalyticsResolver;
}

export const FarcasterAnalyticsResolver = profileAnalyticsResolver<FarcasterUser>({
  type: FarcasterUser, userRankType: FarcasterUserRank,
  key: (u) => u.fid, loaders: (ctx) => ctx.loaders.farcasterAnalytics,
  byIds: (ctx, ids) => farcasterUsersByFid(ctx, ids as number[]),
  graphScore: async (ctx, id) => (await ctx.loaders.farcasterCounts.load(id as number)).graph_score,
});

export const LensAnalyticsResolver = profileAnalyticsResolver<LensProfile>({
  type: LensProfile, userRankType: LensUserRank,
  key: (p) => p.profileId, loaders: (ctx) => ctx.loaders.lensAnalytics,
  byIds: (ctx, ids) => lensProfilesById(ctx, ids as string[]),
  graphScore: async (ctx, id) => (await ctx.loaders.lensCounts.load(id as string)).graph_score,
});
