// The Farcaster graph on FarcasterUser: follows (cursor connections), casts,
// engagement, verifications and the Lens match. All through the request's
// farcasterGraph loaders, so nesting costs a bounded number of statements.
import { Args, Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { FollowDirection } from '../../repositories/farcaster-follows.repository';
import { cutPage, offsetConnection, pageWindow, rowsToRead } from '../../queries/pagination';
import { FarcasterEngagementArgs, FarcasterPageArgs, VerificationArgs } from '../args/farcaster-graph.args';
import type { Context } from '../context.type';
import { farcasterUsersByFid, lensProfilesById } from '../profile-lookup';
import { toFarcasterCast } from '../types/farcaster-cast.type';
import { FarcasterCastConnection, FarcasterFollowConnection } from '../types/farcaster-connections.type';
import { FarcasterEngagement } from '../types/farcaster-engagement.type';
import { FarcasterUser } from '../types/farcaster-user.type';
import { FarcasterVerification } from '../types/farcaster-verification.type';
import { LensProfile } from '../types/lens-profile.type';

async function follows(user: FarcasterUser, direction: FollowDirection, args: FarcasterPageArgs, ctx: Context) {
  const w = pageWindow(args);
  const l = ctx.loaders.farcasterGraph;
  const [totals, rows] = await Promise.all([
    l.followTotals.load(user.fid),
    l.followPage.load({ fid: user.fid, direction, limit: rowsToRead(w.limit), offset: w.offset }),
  ]);
  const nodes = new Map((await farcasterUsersByFid(ctx, cutPage(rows, w.limit).rows.map((r) => r.other))).map((u) => [u.fid, u]));
  return offsetConnection(w, totals[direction], rows, (r, cursor) => {
    const node = nodes.get(r.other);
    return node ? { cursor, followedAt: r.followed_at, node } : null;
  });
}

@Resolver(() => FarcasterUser)
export class FarcasterGraphResolver {
  @FieldResolver(() => FarcasterFollowConnection, { description: 'Live followers (self excluded), newest follow first.' })
  followers(@Root() user: FarcasterUser, @Args(() => FarcasterPageArgs) args: FarcasterPageArgs, @Ctx() ctx: Context) {
    return follows(user, 'followers', args, ctx);
  }

  @FieldResolver(() => FarcasterFollowConnection, { description: 'Live follows of this user (self excluded), newest follow first.' })
  following(@Root() user: FarcasterUser, @Args(() => FarcasterPageArgs) args: FarcasterPageArgs, @Ctx() ctx: Context) {
    return follows(user, 'following', args, ctx);
  }

  @FieldResolver(() => FarcasterCastConnection, { description: 'Live casts (replies included), newest first.' })
  async casts(@Root() user: FarcasterUser, @Args(() => FarcasterPageArgs) args: FarcasterPageArgs, @Ctx() ctx: Context) {
    const w = pageWindow(args);
    const l = ctx.loaders.farcasterGraph;
    const [total, rows] = await Promise.all([
      l.castTotals.load(user.fid), l.castPage.load({ fid: user.fid, limit: rowsToRead(w.limit), offset: w.offset }),
    ]);
    return offsetConnection(w, total, rows, (r, cursor) => ({ cursor, node: toFarcasterCast(r) }));
  }

  @FieldResolver(() => FarcasterEngagement, { description: 'Who likes, replies to and quotes this user, and whom this user likes, replies to and quotes; `limit` items per list.' })
  async engagement(@Root() user: FarcasterUser, @Args(() => FarcasterEngagementArgs) { limit }: FarcasterEngagementArgs, @Ctx() ctx: Context): Promise<FarcasterEngagement> {
    const rows = await ctx.loaders.farcasterGraph.engagement.load({ fid: user.fid, limit });
    const users = new Map((await farcasterUsersByFid(ctx, [...new Set(rows.map((r) => r.other))])).map((u) => [u.fid, u]));
    const list = (dir: string, kind: string) => rows.filter((r) => r.dir === dir && r.kind === kind)
      .flatMap((r) => { const u = users.get(r.other); return u ? [u] : []; });
    const lists = (dir: string) => ({ likes: list(dir, 'likes'), comments: list(dir, 'comments'), quotes: list(dir, 'quotes') });
    return { inbound: lists('inbound'), outbound: lists('outbound') };
  }

  @FieldResolver(() => [FarcasterVerification], { description: 'Live verified addresses, oldest first.' })
  async verifications(@Root() user: FarcasterUser, @Args(() => VerificationArgs) { protocol }: VerificationArgs, @Ctx() ctx: Context): Promise<FarcasterVerification[]> {
    const rows = await ctx.loaders.farcasterGraph.verifications.load(user.fid);
    return rows.filter((r) => protocol == null || r.protocol === protocol)
      .map((r) => ({ address: r.address, protocol: r.protocol, verifiedAt: r.timestamp }));
  }

  @FieldResolver(() => [LensProfile], { description: 'Lens profiles owned by one of this user\'s live verified Ethereum addresses (case-insensitive), by profile id.' })
  async lensProfiles(@Root() user: FarcasterUser, @Ctx() ctx: Context): Promise<LensProfile[]> {
    return lensProfilesById(ctx, await ctx.loaders.farcasterGraph.lensMatches.load(user.fid));
  }
}
