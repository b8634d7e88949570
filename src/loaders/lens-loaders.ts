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

interface Keyed { id: string }

/** A loader of row lists per profile id: keys grouped by their non-id part, one fetch per group. */
function groupedLoader<K extends Keyed, R>(argsOf: (k: K) => unknown, fetch: (ids: string[], sample: K) => Promise<R[]>, idOf: (r: R) => string) {
  const groupKey = (k: K) => JSON.stringify(argsOf(k));
  return new DataLoader<K, R[], string>(async (keys) => {
    const groups = new Map<string, K[]>();
    for (const k of keys) groups.set(groupKey(k), [...(groups.get(groupKey(k)) ?? []), k]);
    const answers = new Map<string, Map<string, R[]>>();
    for (const [g, ks] of groups) {
      const byId = new Map<string, R[]>();
      for (const r of await fetch([...new Set(ks.map((k) => k.id))], ks[0])) byId.set(idOf(r), [...(byId.get(idOf(r)) ?? []), r]);
      answers.set(g, byId);
    }
    return keys.map((k) => answers.get(groupKey(k))?.get(k.id) ?? []);
  }, { cacheKeyFn: (k) => JSON.stringify([k.id, argsOf(k)]) });
}

export interface EngagementKey extends Keyed { limit: number }
export interface CollectPageKey extends Keyed { window: CollectWindow; first: number; offset: number; after: CollectCursor | null }
export interface CollectSumKey extends Keyed { window: CollectWindow }
export interface FollowingKey extends Keyed { first: number; after: FollowerCursor | null }
export interface PublicationKey extends Keyed { first: number; after: PublicationCursor | null }
export interface TopCreatorsKey { window: CollectWindow; limit: number }

export function lensGraphLoaders(db: Database) {
  return {
    engagement: groupedLoader<EngagementKey, EngagementRow>((k) => k.limit, (ids, k) => lensEngagement(db, ids, k.limit), (r) => r.profile_id),
    collects: groupedLoader<CollectPageKey, CollectRow>((k) => [k.window, k.first, k.offset, k.after],
      (ids, k) => collectPage(db, ids, k.window, k.first, k.offset, k.after), (r) => r.collected_profile_id),
    collectSums: groupedLoader<CollectSumKey, CollectSumRow>((k) => k.window, (ids, k) => collectSums(db, ids, k.window), (r) => r.profile_id),
    following: groupedLoader<FollowingKey, FollowingRow>((k) => [k.first, k.after],
      (ids, k) => lensFollowing(db, ids, k.first, k.after), (r) => r.follower),
    publications: groupedLoader<PublicationKey, PublicationRow>((k) => [k.first, k.after],
      (ids, k) => lensPublications(db, ids, k.first, k.after), (r) => r.profile_id),
    topCreators: new DataLoader<TopCreatorsKey, TopCreatorRow[], string>(
      (keys) => Promise.all(keys.map((k) => topCreators(db, k.window, k.limit))),
      { cacheKeyFn: (k) => JSON.stringify(k) }),
  };
}

export type LensGraphLoaders = ReturnType<typeof lensGraphLoaders>;
