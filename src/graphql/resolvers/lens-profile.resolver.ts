import { Args, Ctx, FieldResolver, Int, Query, Resolver, Root } from 'type-graphql';
import { lensLastUpdated, requestedProfiles, requireProfile } from '../../queries/profiles';
import { LensIdArgs, LensIdsArgs } from '../args/id.args';
import type { Context } from '../context.type';
import { LensProfile, toLensProfile } from '../types/lens-profile.type';
import { ProfileStats } from '../types/profile-parts.type';

@Resolver(() => LensProfile)
export class LensProfileResolver {
  // Nullable so that an unknown id nulls this field alone, not its siblings in the same request.
  @Query(() => LensProfile, { nullable: true, description: 'One Lens profile by id (any hex form); null with a NOT_FOUND error when unknown (other fields of the request still answer).' })
  async lensProfile(@Args(() => LensIdArgs) { id }: LensIdArgs, @Ctx() ctx: Context): Promise<LensProfile> {
    return toLensProfile(await requireProfile(ctx.loaders.lensProfile, id));
  }

  @Query(() => [LensProfile], { description: 'Lens profiles by id, in request order, duplicates and unknown ids left out.' })
  async lensProfiles(@Args(() => LensIdsArgs) { ids }: LensIdsArgs, @Ctx() ctx: Context): Promise<LensProfile[]> {
    return (await requestedProfiles(ctx.loaders.lensProfile, ids)).map(toLensProfile);
  }

  @FieldResolver(() => ProfileStats, { description: 'Live followers and following, visible top-level posts, and the classifier score.' })
  async stats(@Root() p: LensProfile, @Ctx() ctx: Context): Promise<ProfileStats> {
    const c = await ctx.loaders.lensCounts.load(p.profileId);
    return { followers: c.followers, following: c.following, posts: c.posts, lensClassifierScore: p.classifierScore };
  }

  @FieldResolver(() => Int, { description: 'Live followers (self-follows excluded); the same as stats.followers.' })
  async totalFollowers(@Root() p: LensProfile, @Ctx() ctx: Context): Promise<number> {
    return (await ctx.loaders.lensCounts.load(p.profileId)).followers;
  }

  @FieldResolver(() => Int, { description: 'Profiles this one follows live (self excluded); the same as stats.following.' })
  async totalFollowing(@Root() p: LensProfile, @Ctx() ctx: Context): Promise<number> {
    return (await ctx.loaders.lensCounts.load(p.profileId)).following;
  }

  @FieldResolver(() => Boolean, { description: 'Published, reacted or followed in the 30 days up to the Lens as-of time; as of the last analytics refresh (analyticsAsOf), which stores it.' })
  async active(@Root() p: LensProfile, @Ctx() ctx: Context): Promise<boolean> {
    return (await ctx.loaders.lensCounts.load(p.profileId)).active;
  }

  @FieldResolver(() => Date, { description: 'Newest of the profile metadata update and the last stats refresh.' })
  async lastUpdated(@Root() p: LensProfile, @Ctx() ctx: Context): Promise<Date> {
    return lensLastUpdated(ctx.loaders.protocolState, p);
  }
}
