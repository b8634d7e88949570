// Farcaster channels as of the analytics refresh: a channel by id (a name or
// a URL), its ranked casters, trending channels and trending casts, paged like
// every offset-paged list. Answers are rows and cursors; resolvers shape them.
import { minQualityOf } from './quality';
import type { Database } from '../db/database';
import { channelIdOf } from '../domain/channels';
import { badInput, notFound } from '../errors/app-error';
import type { ChannelLoaders } from '../loaders/channel-loaders';
import {
  trendingCastTotal, trendingCasts, trendingChannelTotal, trendingChannels,
  type ChannelRow, type TrendingCastFilter,
} from '../repositories/channels.repository';
import type { OffsetRead } from '../repositories/paging.sql';
import { offsetPage, offsetPlan, readOffsetList, type OffsetPageRequest } from './pagination';

/** The channel a client named (a Warpcast channel name or URL, or any other parent URL, any case), or a 404 naming it. */
export async function channelNamed(l: ChannelLoaders, raw: string, argument = 'id'): Promise<ChannelRow> {
  const id = channelIdOf(raw);
  if (!id) throw badInput(`${argument} must name a channel (a name such as \`base\` or its URL)`);
  const channel = await l.channel.load(id);
  if (!channel) throw notFound('Farcaster channel', id);
  return channel;
}

/** A channel's casters as ranked by the refresh (none when it was not ranked), with their total. */
export function rankedCasterPage(l: ChannelLoaders, channel: ChannelRow, request: OffsetPageRequest) {
  return readOffsetList(offsetPlan(request), (read) => l.rankPage.load({ id: channel.channel_id, read }),
    () => Promise.resolve(channel.ranked ? channel.casters : 0));
}

/**
 * A stored list read by slices: forward an index range, `last` alone the
 * range counted back from the total, read forward and reversed into the
 * backward read order offsetPage expects.
 */
async function storedListPage<R>(request: OffsetPageRequest, slice: (read: OffsetRead) => Promise<R[]>, count: () => Promise<number>) {
  let counted: Promise<number> | undefined;
  const total = () => (counted ??= count());
  const plan = offsetPlan(request);
  let rows: R[] = [];
  if (plan.read?.fromEnd) {
    const t = await total();
    const offset = Math.max(t - plan.read.limit, 0);
    rows = (await slice({ offset, limit: t - offset, fromEnd: false })).reverse();
  } else if (plan.read) {
    rows = await slice(plan.read);
  }
  return offsetPage(plan, rows, total);
}

/** Trending channels of a period (day, week, month), by the refresh's trending score. */
export function trendingChannelPage(db: Database, period: string, request: OffsetPageRequest) {
  return storedListPage(request, (read) => trendingChannels(db, period, read.offset, read.limit), () => trendingChannelTotal(db, period));
}

/** Trending casts of a window, optionally of one channel and above an author score. */
export function trendingCastPage(db: Database, asked: TrendingCastFilter, request: OffsetPageRequest) {
  const filter = { ...asked, minQuality: minQualityOf(asked.minQuality) };
  return storedListPage(request, (read) => trendingCasts(db, filter, read), () => trendingCastTotal(db, filter));
}
