// Farcaster channels: a channel by id with its ranked casters, trending
// channels and trending casts, as of the analytics refresh. Channel and
// profile nodes go through the request's loaders (one statement per batch).
import { Args, Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import { channelNamed, rankedCasterPage, trendingCastPage, trendingChannelPage } from '../../queries/channels';
import type { ChannelRow, TrendingChannelRow } from '../../repositories/channels.repository';
import { onchainChannelByKey, type OnchainChannelFacts } from '../../loaders/channel-loaders';
import { OnchainChannel } from '../types/onchain-channel.type';
import { globalId } from '../node/global-id';
import { PagedConnectionArgs } from '../args/connection.args';
import { ChannelArgs, TrendingCastsArgs, TrendingChannelsArgs } from '../args/channel.args';
import type { Context } from '../context.type';
import { farcasterUserMap } from '../profile-lookup';
import {
  ChannelCasterConnection, FarcasterChannel, TrendingCastConnection, TrendingChannel, TrendingChannelConnection,
} from '../types/channel.type';
import { connectionOf } from '../types/connection.type';

export const toFarcasterChannel = (r: ChannelRow): FarcasterChannel => ({
  id: globalId('FarcasterChannel', r.channel_id), nativeId: r.channel_id, url: r.url, casts: r.casts, casters: r.casters, firstCastAt: r.first_cast_at, lastCastAt: r.last_cast_at, ranked: r.ranked,
});

/** A trending entry's key is its window and channel: the same channel has an entry per window. */
export const toTrendingChannel = (window: string, row: TrendingChannelRow): TrendingChannel => ({
  rank: row.position, id: globalId('TrendingChannel', `${window}:${row.channel_id}`), nativeId: row.channel_id, url: row.url,
  casts: row.casts, casters: row.casters, newCasters: row.new_casters, score: row.score,
});

@Resolver(() => FarcasterChannel)
export class FarcasterChannelResolver {
  @Query(() => FarcasterChannel, {
    nullable: true,
    description: 'One Farcaster channel by id (a name or a URL), as of the analytics refresh; null with a NOT_FOUND error naming it when no live cast was in it.',
  })
  async farcasterChannel(@Args(() => ChannelArgs) { id }: ChannelArgs, @Ctx() ctx: Context): Promise<FarcasterChannel> {
    return toFarcasterChannel(await channelNamed(ctx.loaders.channels, id));
  }

  @Query(() => TrendingChannelConnection, {
    description: 'Trending Farcaster channels over the last 1, 7 or 30 days, as of the analytics refresh: per channel its casts, casters and new casters in the window (channel follows are not in any dataset layout: new casters stand for followers gained), by trending score.',
  })
  async trendingChannels(@Args(() => TrendingChannelsArgs) { window, ...paging }: TrendingChannelsArgs, @Ctx() ctx: Context) {
    const page = await trendingChannelPage(ctx.db, window, paging);
    return connectionOf(page, page.items.map(({ row, cursor }) => ({
      cursor,
      node: toTrendingChannel(window, row),
    })));
  }

  @Query(() => TrendingCastConnection, {
    description: 'Trending Farcaster casts: top-level casts posted in the window, by time-decayed engagement (likes, recasts, replies), optionally of one channel (NOT_FOUND when no live cast was in it) and by authors with at least a graph score; as of the analytics refresh.',
  })
  async trendingCasts(@Args(() => TrendingCastsArgs) { window, channel, minAuthorScore, minQuality, ...paging }: TrendingCastsArgs, @Ctx() ctx: Context) {
    const channelId = channel == null ? null : (await channelNamed(ctx.loaders.channels, channel, 'channel')).channel_id;
    const page = await trendingCastPage(ctx.db, { period: window, channel: channelId, minAuthorScore, minQuality }, paging);
    return connectionOf(page, page.items.map(({ row: r, cursor }) => ({
      cursor,
      node: {
        rank: r.position, hash: r.hash, fid: r.fid, channelId: r.channel_id, postedAt: r.posted_at, likes: r.likes, recasts: r.recasts,
        replies: r.replies, score: r.score, authorScore: r.author_score,
        cast: r.live ? {
          id: globalId('FarcasterCast', r.hash), hash: r.hash, fid: r.fid, text: r.text ?? '', timestamp: r.posted_at, parentFid: null, parentHash: null, parentUrl: r.parent_url,
          quotedHash: r.quoted_hash, quotedFid: r.quoted_fid,
        } : null,
      },
    })));
  }

  @FieldResolver(() => ChannelCasterConnection, {
    description: 'The channel\'s casters by channel-scoped rank (a personalized PageRank over the follow graph seeded by the channel\'s casters, weighted by their casts in it), best first; empty when the channel was not ranked (see `ranked`).',
  })
  async rankedCasters(@Root() c: FarcasterChannel, @Args(() => PagedConnectionArgs) paging: PagedConnectionArgs, @Ctx() ctx: Context) {
    const row = { channel_id: c.nativeId, ranked: c.ranked, casters: c.casters } as ChannelRow;
    const page = await rankedCasterPage(ctx.loaders.channels, row, paging);
    const users = await farcasterUserMap(ctx, page.items.map((i) => i.row.fid));
    return connectionOf(page, page.items.map(({ row: r, cursor }) => ({
      cursor, node: { rank: r.position, fid: r.fid, casts: r.casts, score: r.score, user: users.get(r.fid) ?? null },
    })));
  }
}

const CASTING_MODES: Record<number, string> = { 1: 'EVERYONE', 2: 'MEMBERS_ONLY', 3: 'RECOMMENDED' };
const MEMBERSHIP_MODES: Record<number, string> = { 1: 'OPEN', 2: 'APPROVAL' };

export const toOnchainChannel = (f: OnchainChannelFacts): OnchainChannel => ({
  channelId: f.channelId, channelKey: f.registry?.channelKey ?? null, owner: f.registry?.owner ?? null, expiry: f.registry?.expiry ?? null,
  registeredAt: f.registry?.registeredAt ?? null, renewedAt: f.registry?.renewedAt ?? null, transferredAt: f.registry?.transferredAt ?? null,
  name: f.config?.name ?? null, description: f.config?.description ?? null, imageUrl: f.config?.image_url ?? null, header: f.config?.header ?? null,
  rules: f.config?.rules ?? null,
  // A channel with no configuration reads as the empty one, which folds to the restrictive modes (ChannelUpdateStore::default_channel_modes).
  castingMode: CASTING_MODES[f.config?.casting_mode ?? 2], membershipMode: MEMBERSHIP_MODES[f.config?.membership_mode ?? 2],
  membersCount: f.counts.members, moderators: f.moderators, followersCount: f.counts.followers, pinnedCastHash: f.counts.pinned_hash,
});

/** Whether a channel's own id is a name (a Warpcast channel), which the registry may hold as a key; a URL is not. */
const isName = (nativeId: string) => !nativeId.includes('/') && !nativeId.includes(':');

@Resolver(() => FarcasterChannel)
export class FarcasterChannelOnchainResolver {
  @FieldResolver(() => OnchainChannel, {
    nullable: true,
    description: 'The channel on chain whose key is this channel\'s name (the registry\'s channel id is keccak256 of it): registry, configuration, members, moderators, pin and followers, live. Null when nothing on chain names it, or when the channel is a URL rather than a name.',
  })
  async onchain(@Root() c: FarcasterChannel, @Ctx() ctx: Context): Promise<OnchainChannel | null> {
    if (!isName(c.nativeId)) return null;
    const facts = await onchainChannelByKey(ctx.loaders.channels, c.nativeId);
    return facts ? toOnchainChannel(facts) : null;
  }
}

@Resolver(() => TrendingChannel)
export class TrendingChannelResolver {
  @FieldResolver(() => FarcasterChannel, { nullable: true, description: 'The channel with its all-time totals and ranked casters.' })
  async channel(@Root() t: TrendingChannel, @Ctx() ctx: Context): Promise<FarcasterChannel | null> {
    const row = await ctx.loaders.channels.channel.load(t.nativeId);
    return row ? toFarcasterChannel(row) : null;
  }
}
