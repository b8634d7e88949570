// Farcaster channels: a channel by id with its ranked casters, trending
// channels and trending casts, as of the analytics refresh. Channel and
// profile nodes go through the request's loaders (one statement per batch).
import { Args, Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import { channelNamed, rankedCasterPage, trendingCastPage, trendingChannelPage } from '../../queries/channels';
import type { ChannelRow, TrendingChannelRow } from '../../repositories/channels.repository';
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

@Resolver(() => TrendingChannel)
export class TrendingChannelResolver {
  @FieldResolver(() => FarcasterChannel, { nullable: true, description: 'The channel with its all-time totals and ranked casters.' })
  async channel(@Root() t: TrendingChannel, @Ctx() ctx: Context): Promise<FarcasterChannel | null> {
    const row = await ctx.loaders.channels.channel.load(t.nativeId);
    return row ? toFarcasterChannel(row) : null;
  }
}
