// Per-request loaders of Farcaster channels: channels by id, and pages of
// their ranked casters (keys sharing the page's window are one statement
// whatever the number of channels).
import { RequestLoader } from './request-loader';
import type { Database } from '../db/database';
import { channelRankPage, channelsByIds, type ChannelRankRow, type ChannelRow } from '../repositories/channels.repository';
import type { OffsetRead } from '../repositories/paging.sql';
import { groupedLoader } from './grouped-loader';
import { orderByKeys } from './order-by-keys';

export interface ChannelRankKey { id: string; read: OffsetRead }

export function channelLoaders(db: Database) {
  return {
    /** A channel as of the refresh; null when it has no live cast. */
    channel: new RequestLoader<string, ChannelRow | null>(async (ids) =>
      orderByKeys(ids, await channelsByIds(db, ids), (r) => r.channel_id, () => null)),
    rankPage: groupedLoader<ChannelRankKey, string, ChannelRankRow>({
      idOf: (k) => k.id, argsOf: (k) => k.read, rowId: (r) => r.channel_id,
      fetch: (ids, k) => channelRankPage(db, ids, k.read),
    }),
  };
}

export type ChannelLoaders = ReturnType<typeof channelLoaders>;
