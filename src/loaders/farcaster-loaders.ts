// Per-request loaders of the Farcaster graph surface (follows, casts,
// engagement, verifications, Farcaster ↔ Lens match). Each batches the keys of
// one tick into one statement; paged keys sharing (limit, offset) share one.
import DataLoader from 'dataloader';
import type { Database } from '../db/database';
import { castCounts, castPage, castTotals, type CastCountsRow, type CastRow } from '../repositories/farcaster-casts.repository';
import { engagementLists, type EngagementRow } from '../repositories/farcaster-engagement.repository';
import { followPage, followTotals, type FollowDirection, type FollowPageRow, type FollowTotalsRow } from '../repositories/farcaster-follows.repository';
import { fidsOfLensProfiles, lensMatchesOfFids, liveVerifications, type VerificationRow } from '../repositories/verifications.repository';
import { orderByKeys } from './order-by-keys';

export interface PageKey { fid: number; limit: number; offset: number }
export interface FollowPageKey extends PageKey { direction: FollowDirection }
export interface EngagementKey { fid: number; limit: number }

/** Groups keys by everything but the fid, one fetch per group, answers in key order. */
async function grouped<K extends { fid: number }, R>(keys: readonly K[], groupOf: (k: K) => string,
  fetch: (fids: number[], sample: K) => Promise<Map<number, R>>, missing: () => R): Promise<R[]> {
  const groups = new Map<string, K[]>();
  for (const k of keys) groups.set(groupOf(k), [...(groups.get(groupOf(k)) ?? []), k]);
  const answers = new Map<string, Map<number, R>>();
  for (const [g, ks] of groups) answers.set(g, await fetch([...new Set(ks.map((k) => k.fid))], ks[0]));
  return keys.map((k) => answers.get(groupOf(k))?.get(k.fid) ?? missing());
}

function listsBy<R, K>(rows: readonly R[], keyOf: (r: R) => K): Map<K, R[]> {
  const out = new Map<K, R[]>();
  for (const r of rows) out.set(keyOf(r), [...(out.get(keyOf(r)) ?? []), r]);
  return out;
}

export function farcasterGraphLoaders(db: Database) {
  return {
    followTotals: new DataLoader<number, FollowTotalsRow>(async (fids) =>
      orderByKeys(fids, await followTotals(db, fids), (r) => r.fid, (fid) => ({ fid, followers: 0, following: 0 }))),
    followPage: new DataLoader<FollowPageKey, FollowPageRow[], string>(
      (keys) => grouped(keys, (k) => `${k.direction}|${k.limit}|${k.offset}`,
        async (fids, k) => listsBy(await followPage(db, k.direction, fids, k.limit, k.offset), (r) => r.fid), () => []),
      { cacheKeyFn: (k) => `${k.direction}|${k.limit}|${k.offset}|${k.fid}` }),
    castTotals: new DataLoader<number, number>(async (fids) => {
      const rows = await castTotals(db, fids);
      return orderByKeys(fids, rows, (r) => r.fid, () => ({ casts: 0 })).map((r) => r.casts);
    }),
    castPage: new DataLoader<PageKey, CastRow[], string>(
      (keys) => grouped(keys, (k) => `${k.limit}|${k.offset}`,
        async (fids, k) => listsBy(await castPage(db, fids, k.limit, k.offset), (r) => r.fid), () => []),
      { cacheKeyFn: (k) => `${k.limit}|${k.offset}|${k.fid}` }),
    castCounts: new DataLoader<string, CastCountsRow>(async (hashes) =>
      orderByKeys(hashes, await castCounts(db, hashes), (r) => r.hash, (hash) => ({ hash, likes: 0, recasts: 0, replies: 0, quotes: 0 }))),
    engagement: new DataLoader<EngagementKey, EngagementRow[], string>(
      (keys) => grouped(keys, (k) => String(k.limit),
        async (fids, k) => listsBy(await engagementLists(db, fids, k.limit), (r) => r.fid), () => []),
      { cacheKeyFn: (k) => `${k.limit}|${k.fid}` }),
    verifications: new DataLoader<number, VerificationRow[]>(async (fids) => {
      const byFid = listsBy(await liveVerifications(db, fids), (r) => r.fid);
      return fids.map((fid) => byFid.get(fid) ?? []);
    }),
    lensMatches: new DataLoader<number, string[]>(async (fids) => {
      const byFid = listsBy(await lensMatchesOfFids(db, fids), (r) => r.fid);
      return fids.map((fid) => (byFid.get(fid) ?? []).map((r) => r.profile_id));
    }),
    fidsOfLensProfile: new DataLoader<string, number[]>(async (ids) => {
      const byId = listsBy(await fidsOfLensProfiles(db, ids), (r) => r.profile_id);
      return ids.map((id) => (byId.get(id) ?? []).map((r) => r.fid));
    }),
  };
}

export type FarcasterGraphLoaders = ReturnType<typeof farcasterGraphLoaders>;
