// Per-request loaders of the Lens graph fields (engagement, collects, following,
// publications). Keys carry the field's arguments; keys sharing the arguments are
// fetched in one statement whatever the number of profiles (cacheKeyFn + grouping).
import DataLoader from 'dataloader';
import type { Database } from '../db/database';
import type { FollowerCursor } from '../repositories/recent-followers.repository';
import { lensEngagement, type EngagementRow } from '../repositories/lens-engagement.repository';
import {
  collectPage, collectSums, topCreators,
  type CollectCursor, type CollectRow, type CollectSumRow, type CollectWindow, type TopCreatorRow,
} from '../repositories/lens-collects.repository';
import { lensFollowing, type FollowingRow } from '../repositories/lens-follows.repository';
import { lensPublications, type PublicationCursor, type PublicationRow } from '../repositories/lens-publications.repository';
import { groupedLoader } from './grouped-loader';

interface Keyed { id: string }

/** Lens keys: the profile id plus the field's arguments. */
const byProfile = <K extends Keyed, R>(argsOf: (k: K) => unknown, fetch: (ids: string[], sample: K) => Promise<R[]>, rowId: (r: R) => string) =>
  groupedLoader<K, string, R>({ idOf: (k) => k.id, argsOf, fetch, rowId });

export interface EngagementKey extends Keyed { limit: number }
export interface CollectPageKey extends Keyed { window: CollectWindow; first: number; offset: number; after: CollectCursor | null }
export interface CollectSumKey extends Keyed { window: CollectWindow }
export interface FollowingKey extends Keyed { first: number; after: FollowerCursor | null }
export interface PublicationKey extends Keyed { first: number; after: PublicationCursor | null }
export interface TopCreatorsKey { window: CollectWindow; limit: number }

export function lensGraphLoaders(db: Database) {
  return {
    engagement: byProfile<EngagementKey, EngagementRow>((k) => k.limit, (ids, k) => lensEngagement(db, ids, k.limit), (r) => r.profile_id),
    collects: byProfile<CollectPageKey, CollectRow>((k) => [k.window, k.first, k.offset, k.after],
      (ids, k) => collectPage(db, ids, k.window, k.first, k.offset, k.after), (r) => r.collected_profile_id),
    collectSums: byProfile<CollectSumKey, CollectSumRow>((k) => k.window, (ids, k) => collectSums(db, ids, k.window), (r) => r.profile_id),
    following: byProfile<FollowingKey, FollowingRow>((k) => [k.first, k.after],
      (ids, k) => lensFollowing(db, ids, k.first, k.after), (r) => r.follower),
    publications: byProfile<PublicationKey, PublicationRow>((k) => [k.first, k.after],
      (ids, k) => lensPublications(db, ids, k.first, k.after), (r) => r.profile_id),
    topCreators: new DataLoader<TopCreatorsKey, TopCreatorRow[], string>(
      (keys) => Promise.all(keys.map((k) => topCreators(db, k.window, k.limit))),
      { cacheKeyFn: (k) => JSON.stringify(k) }),
  };
}

export type LensGraphLoaders = ReturnType<typeof lensGraphLoaders>;
