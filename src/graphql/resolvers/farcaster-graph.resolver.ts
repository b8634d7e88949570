// The Farcaster graph on FarcasterUser: follows (cursor connections), casts,
// engagement, verifications and the Lens match. All through the request's
// farcasterGraph loaders, so nesting costs a bounded number of statements.
import { Args, Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { EngagementLists } from '../../queries/engagement';
import {
  farcasterCastPage, farcasterEngagement, farcasterFollowPage, farcasterVerifications,
} from '../../queries/farcaster-graph';
import type { FollowDirection } from '../../repositories/farcaster-follows.repository';
import { PagedConnectionArgs } from '../args/connection.args';
import { PagedFollowerConnectionArgs } from '../args/quality.args';
import { qualityFollowerPage } from '../../queries/profile-analytics';
import { FarcasterEngagementArgs, VerificationArgs } from '../args/farcaster-graph.args';
import type { Context } from '../context.type';
import { farcasterUserMap, lensProfilesById, nodesOf } from '../profile-lookup';
import { toFarcasterCast } from '../types/farcaster-cast.type';
import { connectionOf } from '../types/connection.type';
import { FarcasterCastConnection } from '../types/farcaster-connections.type';
import { FarcasterFollowConnection } from '../types/follower-connection.type';
import { FarcasterEngagement, FarcasterEngagementLists } from '../types/farcaster-engagement.type';
import { FarcasterUser } from '../types/farcaster-user.type';
import { FarcasterVerification } from '../types/farcaster-verification.type';
import { LensProfile } from '../types/lens-profile.type';

/** A follow page with its users; a user that no longer loads is left out (its position still counts). */
async function follows(user: FarcasterUser, direction: FollowDirection, args: PagedConnectionArgs, ctx: Context) {
  const page = await farcasterFollowPage(ctx.loaders.farcasterGraph, user.fid, direction, args);
  const nodes = await farcasterUserMap(ctx, page.items.map((e) => e.row.other));
  return connectionOf(page, page.items.flatMap(({ cursor, row }) => {
    const node = nodes.get(row.other);
    return node ? [{ cursor, followedAt: row.followed_at, node }] : [];
  }));
}

/** Followers of at least a quality score: the same edges, read through the keyset list that takes the filter. */
async function qualityFollowers(user: FarcasterUser, args: PagedConnectionArgs, minQuality: number, ctx: Context) {
  const page = await qualityFollowerPage(ctx.loaders.farcasterAnalytics, user.fid, args, minQuality);
  const nodes = await farcasterUserMap(ctx, page.items.map((e) => Number(e.row.id)));
  return connectionOf(page, page.items.flatMap(({ cursor, row }) => {
    const node = nodes.get(Number(row.id));
    return node ? [{ cursor, followedAt: row.followedAt, node }] : [];
  }));
}

@Resolver(() => FarcasterUser)
export class FarcasterGraphResolver {
  @FieldResolver(() => FarcasterFollowConnection, { description: 'Live followers (self excluded), newest follow first, ties by fid descending.' })
  followers(@Root() user: FarcasterUser, @Args(() => PagedFollowerConnectionArgs) { minQuality, ...args }: PagedFollowerConnectionArgs, @Ctx() ctx: Context) {
    return minQuality === null || minQuality === undefined ? follows(user, 'followers', args, ctx) : qualityFollowers(user, args, minQuality, ctx);
  }

  @FieldResolver(() => FarcasterFollowConnection, {
    description: 'The same connection as `followers`, same arguments and answers (before it was unified, a keyset connection of its own).',
    deprecationReason: 'Use followers',
  })
  recentFollowers(@Root() user: FarcasterUser, @Args(() => PagedConnectionArgs) args: PagedConnectionArgs, @Ctx() ctx: Context) {
    return follows(user, 'followers', args, ctx);
  }

  @FieldResolver(() => FarcasterFollowConnection, { description: 'Live follows of this user (self excluded), newest follow first, ties by fid descending.' })
  following(@Root() user: FarcasterUser, @Args(() => PagedConnectionArgs) args: PagedConnectionArgs, @Ctx() ctx: Context) {
    return follows(user, 'following', args, ctx);
  }

  @FieldResolver(() => FarcasterCastConnection, { description: 'Live casts (replies included), newest first, ties by hash descending.' })
  async casts(@Root() user: FarcasterUser, @Args(() => PagedConnectionArgs) args: PagedConnectionArgs, @Ctx() ctx: Context) {
    const page = await farcasterCastPage(ctx.loaders.farcasterGraph, user.fid, args);
    return connectionOf(page, page.items.map(({ cursor, row }) => ({ cursor, node: toFarcasterCast(row) })));
  }

  @FieldResolver(() => FarcasterEngagement, { description: 'Top-N: who likes, replies to and quotes this user, and whom this user likes, replies to and quotes; the `limit` counterparts with the most interactions per list (not paged).' })
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
