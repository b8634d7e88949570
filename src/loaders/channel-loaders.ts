// Per-request loaders of Farcaster channels: channels by id, and pages of
// their ranked casters (keys sharing the page's window are one statement
// whatever the number of channels).
import { RequestLoader } from './request-loader';
import type { Database } from '../db/database';
import { channelRankPage, channelsByIds, type ChannelRankRow, type ChannelRow } from '../repositories/channels.repository';
import {
  channelConfigsByIds, channelCountsByIds, channelIdOfKey, channelModeratorsByIds, registryByIds, type ChannelConfigRow, type ChannelCountsRow, type RegistryState,
} from '../repositories/onchain-channels.repository';
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
    /** Channels on chain (the sync's), by channel id. */
    onchain: onchainChannelLoader(db),
  };
}

/** The channel on chain whose key is `key` (its channel id is keccak256 of the key). */
export function onchainChannelByKey(loaders: ChannelLoaders, key: string): Promise<OnchainChannelFacts | null> {
  return loaders.onchain.load(channelIdOfKey(key));
}

export type ChannelLoaders = ReturnType<typeof channelLoaders>;

/** A channel on chain as the answers read it: the registry's record, the winning configuration, counts and moderators. */
export interface OnchainChannelFacts {
  channelId: string; registry: RegistryState | null; config: ChannelConfigRow | null; counts: ChannelCountsRow; moderators: number[];
}

/**
 * Channels on chain by channel id: four statements per batch (registry events, configurations, counts,
 * moderators) whatever the number of channels; null for an id nothing on chain names.
 */
export function onchainChannelLoader(db: Database) {
  return new RequestLoader<string, OnchainChannelFacts | null>(async (ids) => {
    const [registry, configs, counts, moderators] = await Promise.all([
      registryByIds(db, ids), channelConfigsByIds(db, ids), channelCountsByIds(db, ids), channelModeratorsByIds(db, ids),
    ]);
    const configOf = new Map(configs.map((c) => [c.channel_id, c]));
    const countsOf = new Map(counts.map((c) => [c.channel_id, c]));
    return ids.map((id) => {
      const c = countsOf.get(id) ?? { channel_id: id, members: 0, moderators: 0, followers: 0, pinned_hash: null };
      const facts: OnchainChannelFacts = {
        channelId: id, registry: registry.get(id) ?? null, config: configOf.get(id) ?? null, counts: c,
        moderators: moderators.filter((m) => m.channel_id === id).map((m) => m.fid),
      };
      const known = facts.registry || facts.config || c.members > 0 || c.followers > 0 || c.pinned_hash !== null;
      return known ? facts : null;
    });
  });
}
