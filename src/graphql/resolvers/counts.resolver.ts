import { Args, Ctx, Query, Resolver } from 'type-graphql';
import { loadAll } from '../../loaders/load-all';
import { distinct } from '../../loaders/order-by-keys';
import { FidsArgs, LensIdsArgs } from '../args/id.args';
import type { Context } from '../context.type';
import { FarcasterFollowerCount, FarcasterLikesCount, LensFollowerCount } from '../types/counts.type';

/** Batch counters: one item per distinct id in request order; unknown ids count 0. */
@Resolver()
export class CountsResolver {
  @Query(() => [LensFollowerCount], { description: 'Follower counts of Lens profiles: one item per distinct id, in request order; unknown ids count 0.' })
  async lensFollowersCounts(@Args(() => LensIdsArgs) { ids }: LensIdsArgs, @Ctx() ctx: Context): Promise<LensFollowerCount[]> {
    const unique = distinct(ids);
    const counts = await loadAll(ctx.loaders.lensCounts, unique);
    return unique.map((profileId, i) => ({ profileId, followersCount: counts[i].followers }));
  }

  @Query(() => [FarcasterFollowerCount], { description: 'Follower counts of Farcaster users.' })
  async farcasterFollowersCounts(@Args(() => FidsArgs) { fids }: FidsArgs, @Ctx() ctx: Context): Promise<FarcasterFollowerCount[]> {
    const unique = distinct(fids);
    const counts = await loadAll(ctx.loaders.farcasterCounts, unique);
    return unique.map((fid, i) => ({ fid, followersCount: counts[i].followers }));
  }

  @Query(() => [FarcasterLikesCount], { description: 'Live likes by others on each user\'s live casts: one item per distinct fid, in request order; unknown fids count 0.' })
  async farcasterLikesCounts(@Args(() => FidsArgs) { fids }: FidsArgs, @Ctx() ctx: Context): Promise<FarcasterLikesCount[]> {
    const unique = distinct(fids);
    const counts = await loadAll(ctx.loaders.farcasterCounts, unique);
    return unique.map((fid, i) => ({ fid, likesCount: counts[i].likes }));
  }
}
