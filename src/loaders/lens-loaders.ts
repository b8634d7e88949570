// Per-request loaders of the Lens graph fields (engagement, collects, following,
// publications). Keys carry the field's arguments; keys sharing the arguments are
// fetched in one statement whatever the number of profiles (cacheKeyFn + grouping).
import { RequestLoader } from './request-loader';
import type { Database } from '../db/database';
import type { KeysetRead, OffsetRead } from '../repositories/paging.sql';
import { lensEngagement, type EngagementRow } from '../repositories/lens-engagement.repository';
import {
  collectPage, collectSums, topCreators,
  type CollectRow, type CollectSumRow, type CollectWindow, type TopCreatorRow,
} from '../repositories/lens-collects.repository';
import { lensFollowing, lensFollowingTotals, type FollowingRow } from '../repositories/lens-follows.repository';
import { lensPublications, publicationTotals, type PublicationRow } from '../repositories/lens-publications.repository';
import { groupedLoader } from './grouped-loader';
import { orderByKeys } from './order-by-keys';

interface Keyed { id: string }

/** Lens keys: the profile id plus the field's arguments. */
const byProfile = <K extends Keyed, R>(argsOf: (k: K) => unknown, fetch: (ids: string[], sample: K) => Promise<R[]>, rowId: (r: R) => string) =>
  groupedLoader<K, string, R>({ idOf: (k) => k.id, argsOf, fetch, rowId });

export interface EngagementKey extends Keyed { limit: number }
export interface CollectPageKey extends Keyed { window: CollectWindow; read: OffsetRead }
export interface CollectSumKey extends Keyed { window: CollectWindow }
export interface FollowingKey extends Keyed { read: KeysetRead }
export interface PublicationKey extends Keyed { read: KeysetRead }
export interface TopCreatorsKey { window: CollectWindow; limit: number }

export function lensGraphLoaders(db: Database) {
  return {
    engagement: byProfile<EngagementKey, EngagementRow>((k) => k.limit, (ids, k) => lensEngagement(db, ids, k.limit), (r) => r.profile_id),
    collects: byProfile<CollectPageKey, CollectRow>((k) => [k.window, k.read],
      (ids, k) => collectPage(db, ids, k.window, k.read.limit, k.read.offset, k.read.fromEnd), (r) => r.collected_profile_id),
    collectSums: byProfile<CollectSumKey, CollectSumRow>((k) => k.window, (ids, k) => collectSums(db, ids, k.window), (r) => r.profile_id),
    following: byProfile<FollowingKey, FollowingRow>((k) => k.read, (ids, k) => lensFollowing(db, ids, k.read), (r) => r.follower),
    /** Live follows of each profile: what `following` pages through. */
    followingTotals: new RequestLoader<string, number>(async (ids) =>
      orderByKeys(ids, await lensFollowingTotals(db, ids), (r) => r.follower, () => ({ total: 0 })).map((r) => r.total)),
    publications: byProfile<PublicationKey, PublicationRow>((k) => k.read, (ids, k) => lensPublications(db, ids, k.read), (r) => r.profile_id),
    /** Visible publications of each profile: what `publications` pages through. */
    publicationTotals: new RequestLoader<string, number>(async (ids) =>
      orderByKeys(ids, await publicationTotals(db, ids), (r) => r.profile_id, () => ({ total: 0 })).map((r) => r.total)),
    topCreators: new RequestLoader<TopCreatorsKey, TopCreatorRow[], string>(
      (keys) => Promise.all(keys.map((k) => topCreators(db, k.window, k.limit))),
      { cacheKeyFn: (k) => JSON.stringify(k) }),
  };
}

export type LensGraphLoaders = ReturnType<typeof lensGraphLoaders>;
