// Counters and author of a cast: one statement per batch of casts.
import { Ctx, FieldResolver, Int, Resolver, Root } from 'type-graphql';
import type { Context } from '../context.type';
import { farcasterUsersByFid } from '../profile-lookup';
import { FarcasterCast } from '../types/farcaster-cast.type';
import { FarcasterUser } from '../types/farcaster-user.type';

const counts = (c: FarcasterCast, ctx: Context) => ctx.loaders.farcasterGraph.castCounts.load(c.hash);

@Resolver(() => FarcasterCast)
export class FarcasterCastResolver {
  @FieldResolver(() => Int, { description: 'Live likes from others.' })
  async likes(@Root() c: FarcasterCast, @Ctx() ctx: Context) { return (await counts(c, ctx)).likes; }

  @FieldResolver(() => Int, { description: 'Live recasts from others.' })
  async recasts(@Root() c: FarcasterCast, @Ctx() ctx: Context) { return (await counts(c, ctx)).recasts; }

  @FieldResolver(() => Int, { description: 'Live casts of others replying to this cast.' })
  async replies(@Root() c: FarcasterCast, @Ctx() ctx: Context) { return (await counts(c, ctx)).replies; }

  @FieldResolver(() => Int, { description: 'Live casts of others quoting this cast.' })
  async quotes(@Root() c: FarcasterCast, @Ctx() ctx: Context) { return (await counts(c, ctx)).quotes; }

  @FieldResolver(() => FarcasterUser, { nullable: true, description: 'The author\'s profile (fid); null when the fid is not a known user.' })
  async author(@Root() c: FarcasterCast, @Ctx() ctx: Context): Promise<FarcasterUser | null> {
    return (await farcasterUsersByFid(ctx, [c.fid]))[0] ?? null;
  }
}
