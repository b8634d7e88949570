import { Args, Ctx, FieldResolver, Int, Query, Resolver, Root } from 'type-graphql';
import { searchFarcasterProfiles } from '../../queries/profile-search';
import { requestedProfiles, requireProfile } from '../../queries/profiles';
import { FidArgs, FidsArgs, HandleArgs } from '../args/id.args';
import type { Context } from '../context.type';
import { FarcasterStorage, toFarcasterStorage } from '../types/farcaster-storage.type';
import { FarcasterUser, toFarcasterUser } from '../types/farcaster-user.type';
import { ProfileStats } from '../types/profile-parts.type';

@Resolver(() => FarcasterUser)
export class FarcasterUserResolver {
  // Nullable so that an unknown fid nulls this field alone, not its siblings in the same request.
  @Query(() => FarcasterUser, { nullable: true, description: 'One Farcaster user by fid; null with a NOT_FOUND error when the fid is unknown (other fields of the request still answer).' })
  async farcasterUser(@Args(() => FidArgs) { fid }: FidArgs, @Ctx() ctx: Context): Promise<FarcasterUser> {
    return toFarcasterUser(await requireProfile(ctx.loaders.farcasterProfile, fid));
  }

  @Query(() => [FarcasterUser], { description: 'Farcaster users by fid, in request order, duplicates and unknown fids left out.' })
  async farcasterUsers(@Args(() => FidsArgs) { fids }: FidsArgs, @Ctx() ctx: Context): Promise<FarcasterUser[]> {
    return (await requestedProfiles(ctx.loaders.farcasterProfile, fids)).map(toFarcasterUser);
  }

  @Query(() => [FarcasterUser], { description: 'Top-N: users whose username equals the handle (case-insensitive) first, then prefix matches by followers; the best 20 at most (not paged).' })
  async searchFarcasterUsers(@Args(() => HandleArgs) { handle }: HandleArgs, @Ctx() ctx: Context): Promise<FarcasterUser[]> {
    return (await searchFarcasterProfiles(ctx.db, ctx.loaders.farcasterProfile, handle)).map(toFarcasterUser);
  }

  @FieldResolver(() => ProfileStats, { description: 'Live followers, following and top-level casts; lensClassifierScore is always null.' })
  async stats(@Root() user: FarcasterUser, @Ctx() ctx: Context): Promise<ProfileStats> {
    const c = await ctx.loaders.farcasterCounts.load(user.fid);
    return { followers: c.followers, following: c.following, posts: c.posts, lensClassifierScore: null };
  }

  @FieldResolver(() => Date, {
    nullable: true,
    description: 'When the user\'s Farcaster Pro subscription ends, or ended: each Pro purchase on chain extends it by its days from the later of the purchase and the end before it (the node\'s rule). Null when the user never bought Pro.',
  })
  async proExpiresAt(@Root() user: FarcasterUser, @Ctx() ctx: Context): Promise<Date | null> {
    return ctx.loaders.farcasterPro.load(user.fid);
  }

  @FieldResolver(() => Boolean, { description: 'Whether the user\'s Farcaster Pro subscription runs now (proExpiresAt is not past).' })
  async isPro(@Root() user: FarcasterUser, @Ctx() ctx: Context): Promise<boolean> {
    const ends = await ctx.loaders.farcasterPro.load(user.fid);
    return ends !== null && ends.getTime() >= ctx.loaders.now().getTime();
  }

  @FieldResolver(() => FarcasterStorage, { description: 'The user\'s storage now as the node counts it (STORAGE_RENT events on chain and LEND_STORAGE messages): units per unit type and the limit of each store.' })
  async storage(@Root() user: FarcasterUser, @Ctx() ctx: Context): Promise<FarcasterStorage> {
    return toFarcasterStorage(await ctx.loaders.farcasterStorage.load(user.fid));
  }

  @FieldResolver(() => Int, {
    description: 'Keys the user added by KEY_ADD message and has not removed by KEY_REMOVE (what the node counts against its cap of such keys); keys added on chain are not counted. A key whose sliding ttl has passed still counts until it is removed, as on the node.',
  })
  async activeKeys(@Root() user: FarcasterUser, @Ctx() ctx: Context): Promise<number> {
    return ctx.loaders.farcasterActiveKeys.load(user.fid);
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
