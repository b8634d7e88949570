// The Farcaster graph on FarcasterUser: follows (cursor connections), casts,
// engagement, verifications and the Lens match. All through the request's
// farcasterGraph loaders, so nesting costs a bounded number of statements.
import { Args, Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { EngagementLists } from '../../queries/engagement';
import {
  farcasterCastPage, farcasterEngagement, farcasterFollowPage, farcasterVerifications,
} from '../../queries/farcaster-graph';
import type { FollowDirection } from '../../repositories/farcaster-follows.repository';
import { FarcasterEngagementArgs, FarcasterPageArgs, VerificationArgs } from '../args/farcaster-graph.args';
import type { Context } from '../context.type';
import { farcasterUserMap, lensProfilesById, nodesOf } from '../profile-lookup';
import { toFarcasterCast } from '../types/farcaster-cast.type';
import { FarcasterCastConnection, FarcasterFollowConnection } from '../types/farcaster-connections.type';
import { FarcasterEngagement, FarcasterEngagementLists } from '../types/farcaster-engagement.type';
import { FarcasterUser } from '../types/farcaster-user.type';
import { FarcasterVerification } from '../types/farcaster-verification.type';
import { LensProfile } from '../types/lens-profile.type';

/** A follow page with its users; a user that no longer loads is left out (its position still counts). */
async function follows(user: FarcasterUser, direction: FollowDirection, args: FarcasterPageArgs, ctx: Context) {
  const { edges, ...connection } = await farcasterFollowPage(ctx.loaders.farcasterGraph, user.fid, direction, args);
  const nodes = await farcasterUserMap(ctx, edges.map((e) => e.row.other));
  return {
    ...connection,
    edges: edges.flatMap(({ cursor, row }) => { const node = nodes.get(row.other); return node ? [{ cursor, followedAt: row.followed_at, node }] : []; }),
  };
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
    const { edges, ...connection } = await farcasterCastPage(ctx.loaders.farcasterGraph, user.fid, args);
    return { ...connection, edges: edges.map(({ cursor, row }) => ({ cursor, node: toFarcasterCast(row) })) };
  }

  @FieldResolver(() => FarcasterEngagement, { description: 'Who likes, replies to and quotes this user, and whom this user likes, replies to and quotes; `limit` items per list.' })
  async engagement(@Root() user: FarcasterUser, @Args(() => FarcasterEngagementArgs) { limit }: FarcasterEngagementArgs, @Ctx() ctx: Context): Promise<FarcasterEngagement> {
    const e = await farcasterEngagement(ctx.loaders.farcasterGraph, user.fid, limit);
    const users = await farcasterUserMap(ctx, e.others);
    const lists = (fids: EngagementLists<number>): FarcasterEngagementLists => ({
      likes: nodesOf(users, fids.likes), comments: nodesOf(users, fids.comments), quotes: nodesOf(users, fids.quotes),
    });
    return { inbound: lists(e.inbound), outbound: lists(e.outbound) };
  }

  @FieldResolver(() => [FarcasterVerification], { description: 'Live verified addresses, oldest first.' })
  async verifications(@Root() user: FarcasterUser, @Args(() => VerificationArgs) { protocol }: VerificationArgs, @Ctx() ctx: Context): Promise<FarcasterVerification[]> {
    const rows = await farcasterVerifications(ctx.loaders.farcasterGraph, user.fid, protocol);
    return rows.map((r) => ({ address: r.address, protocol: r.protocol, verifiedAt: r.timestamp }));
  }

  @FieldResolver(() => [LensProfile], { description: 'Lens profiles owned by one of this user\'s live verified Ethereum addresses (case-insensitive), by profile id.' })
  async lensProfiles(@Root() user: FarcasterUser, @Ctx() ctx: Context): Promise<LensProfile[]> {
    return lensProfilesById(ctx, await ctx.loaders.farcasterGraph.lensMatches.load(user.fid));
  }
}
