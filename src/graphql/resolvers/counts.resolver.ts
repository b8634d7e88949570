import { Args, Ctx, Query, Resolver } from 'type-graphql';
import { countsOfEach } from '../../queries/profiles';
import { FidsArgs, LensIdsArgs } from '../args/id.args';
import type { Context } from '../context.type';
import { FarcasterFollowerCount, FarcasterLikesCount, LensFollowerCount } from '../types/counts.type';

/** Batch counters: one item per distinct id in request order; unknown ids count 0. */
@Resolver()
export class CountsResolver {
  @Query(() => [LensFollowerCount], { description: 'Follower counts of Lens profiles: one item per distinct id, in request order; unknown ids count 0.' })
  async lensFollowersCounts(@Args(() => LensIdsArgs) { ids }: LensIdsArgs, @Ctx() ctx: Context): Promise<LensFollowerCount[]> {
    return (await countsOfEach(ctx.loaders.lensCounts, ids)).map(({ id, counts }) => ({ profileId: id, followersCount: counts.followers }));
  }

  @Query(() => [FarcasterFollowerCount], { description: 'Live follower counts of Farcaster users: one item per distinct fid, in request order; unknown fids count 0.' })
  async farcasterFollowersCounts(@Args(() => FidsArgs) { fids }: FidsArgs, @Ctx() ctx: Context): Promise<FarcasterFollowerCount[]> {
    return (await countsOfEach(ctx.loaders.farcasterCounts, fids)).map(({ id, counts }) => ({ fid: id, followersCount: counts.followers }));
  }

  @Query(() => [FarcasterLikesCount], { description: 'Live likes by others on each user\'s live casts: one item per distinct fid, in request order; unknown fids count 0.' })
  async farcasterLikesCounts(@Args(() => FidsArgs) { fids }: FidsArgs, @Ctx() ctx: Context): Promise<FarcasterLikesCount[]> {
    return (await countsOfEach(ctx.loaders.farcasterCounts, fids)).map(({ id, counts }) => ({ fid: id, likesCount: counts.likes }));
  }
}
