// Per-request loaders of rows by their own ids, for node()/nodes(): the ids of
// one type asked for together are one statement (an array parameter), however
// many there are. Rows other fields already load by these keys (profiles,
// channels) go through those fields' loaders, so a request reads them once.
import { RequestLoader } from './request-loader';
import type { Database } from '../db/database';
import { orderByKeys } from './order-by-keys';
import {
  tokenCategoriesByIds, tokenMarketsByIds, tokenPricesByIds, tokensByIds,
  type TokenCategoryRow, type TokenMarketRow, type TokenPriceRow, type TokenRow,
} from '../repositories/token.repository';
import { mentionsByIds, type MentionRow } from '../repositories/token-mentions.repository';
import { collectsByIds, type CollectRow } from '../repositories/lens-collects.repository';
import { castsByHashes, type CastRow } from '../repositories/farcaster-casts.repository';
import { trendingChannelsByKeys, type TrendingChannelRow } from '../repositories/channels.repository';

const byId = <K, R extends { id: K }>(fetch: (ids: readonly K[]) => Promise<R[]>) =>
  new RequestLoader<K, R | null>(async (ids) => orderByKeys(ids, await fetch(ids), (r) => r.id, () => null));

export interface TrendingChannelKey { period: string; channelId: string }
const trendingKey = (k: TrendingChannelKey) => `${k.period}\u0000${k.channelId}`;

export function nodeLoaders(db: Database) {
  return {
    token: byId<number, TokenRow>((ids) => tokensByIds(db, ids)),
    tokenCategory: byId<number, TokenCategoryRow>((ids) => tokenCategoriesByIds(db, ids)),
    tokenMarket: byId<number, TokenMarketRow>((ids) => tokenMarketsByIds(db, ids)),
    tokenPrice: byId<number, TokenPriceRow>((ids) => tokenPricesByIds(db, ids)),
    tokenMention: byId<string, MentionRow>((ids) => mentionsByIds(db, ids)),
    lensCollect: byId<string, CollectRow>((ids) => collectsByIds(db, ids)),
    farcasterCast: new RequestLoader<string, CastRow | null>(async (hashes) =>
      orderByKeys(hashes, await castsByHashes(db, hashes), (r) => r.hash, () => null)),
    /** A channel's entry in a period's trending list, as of the refresh; null when it has none. */
    trendingChannel: new RequestLoader<TrendingChannelKey, (TrendingChannelRow & { period: string }) | null, string>(async (keys) => {
      const rows = await trendingChannelsByKeys(db, keys.map((k) => k.period), keys.map((k) => k.channelId));
      const found = new Map(rows.map((r) => [trendingKey({ period: r.period, channelId: r.channel_id }), r]));
      return keys.map((k) => found.get(trendingKey(k)) ?? null);
    }, { cacheKeyFn: trendingKey }),
  };
}

export type NodeLoaders = ReturnType<typeof nodeLoaders>;
