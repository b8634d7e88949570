import { Args, Ctx, FieldResolver, Int, Query, Resolver, Root } from 'type-graphql';
import { notFound } from '../../errors/app-error';
import { distinct } from '../../loaders/order-by-keys';
import { searchFarcasterProfiles } from '../../queries/profile-search';
import { FidArgs, FidsArgs, HandleArgs } from '../args/id.args';
import type { Context } from '../context.type';
import { farcasterUsersByFid } from '../profile-lookup';
import { FarcasterUser, toFarcasterUser } from '../types/farcaster-user.type';
import { ProfileStats } from '../types/profile-parts.type';

@Resolver(() => FarcasterUser)
export class FarcasterUserResolver {
  @Query(() => FarcasterUser, { description: 'One Farcaster user by fid; NOT_FOUND when the fid is unknown.' })
  async farcasterUser(@Args(() => FidArgs) { fid }: FidArgs, @Ctx() ctx: Context): Promise<FarcasterUser> {
    const row = await ctx.loaders.farcasterProfile.load(fid);
    if (!row) throw notFound();
    return toFarcasterUser(row);
  }

  @Query(() => [FarcasterUser], { description: 'Farcaster users by fid, in request order, duplicates and unknown fids left out.' })
  async farcasterUsers(@Args(() => FidsArgs) { fids }: FidsArgs, @Ctx() ctx: Context): Promise<FarcasterUser[]> {
    return farcasterUsersByFid(ctx, distinct(fids));
  }

  @Query(() => [FarcasterUser], { description: 'Users whose username equals the handle (case-insensitive) first, then prefix matches by followers; at most 20.' })
  async searchFarcasterUsers(@Args(() => HandleArgs) { handle }: HandleArgs, @Ctx() ctx: Context): Promise<FarcasterUser[]> {
    return (await searchFarcasterProfiles(ctx.db, ctx.loaders.farcasterProfile, handle)).map(toFarcasterUser);
  }

  @FieldResolver(() => ProfileStats)
  async stats(@Root() user: FarcasterUser, @Ctx() ctx: Context): Promise<ProfileStats> {
    const c = await ctx.loaders.farcasterCounts.load(user.fid);
    return { followers: c.followers, following: c.following, posts: c.posts, lensClassifierScore: null };
  }

  @FieldResolver(() => Int, { description: 'Current followers (self-follows excluded).' })
  async totalFollowers(@Root() user: FarcasterUser, @Ctx() ctx: Context): Promise<number> {
    return (await ctx.loaders.farcasterCounts.load(user.fid)).followers;
  }

  @FieldResolver(() => Int, { description: 'Live likes from others on this user\'s live casts.' })
  async likesCount(@Root() user: FarcasterUser, @Ctx() ctx: Context): Promise<number> {
    return (await ctx.loaders.farcasterCounts.load(user.fid)).likes;
  }
}
