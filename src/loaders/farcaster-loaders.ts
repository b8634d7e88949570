// Per-request loaders of the Farcaster graph surface (follows, casts,
// engagement, verifications, Farcaster ↔ Lens match). Each batches the keys of
// one tick into one statement; paged keys sharing their arguments share one.
import { RequestLoader } from './request-loader';
import type { Database } from '../db/database';
import {
  castCounts, castKeysetPage, castPage, castsAhead, castTotals, type CastCountsRow, type CastKeysetRow, type CastRow,
} from '../repositories/farcaster-casts.repository';
import { engagementLists, type EngagementRow } from '../repositories/farcaster-engagement.repository';
import {
  followKeysetPage, followPage, followsAhead, followTotals,
  type FollowDirection, type FollowKey, type FollowKeysetRow, type FollowPageRow, type FollowTotalsRow,
} from '../repositories/farcaster-follows.repository';
import { fidsOfLensProfiles, lensMatchesOfFids, liveVerifications, type VerificationRow } from '../repositories/verifications.repository';
import type { KeysetRead, OffsetRead } from '../repositories/paging.sql';
import { groupedLoader, groupRows } from './grouped-loader';
import { orderByKeys } from './order-by-keys';

export interface PageKey { fid: number; read: OffsetRead }
export interface FollowPageKey extends PageKey { direction: FollowDirection }
export interface FollowKeysetKey { fid: number; direction: FollowDirection; read: KeysetRead }
export interface FollowAheadKey extends FollowKey { direction: FollowDirection }
export interface CastKeysetKey { fid: number; read: KeysetRead }
export interface CastAheadKey { fid: number; at: Date; hash: string }
export interface EngagementKey { fid: number; limit: number }

/** Farcaster keys: the fid plus the field's arguments. */
const byFid = <K extends { fid: number }, R extends { fid: number }>(argsOf: (k: K) => unknown, fetch: (fids: number[], sample: K) => Promise<R[]>) =>
  groupedLoader<K, number, R>({ idOf: (k) => k.fid, argsOf, fetch, rowId: (r) => r.fid });

export function farcasterGraphLoaders(db: Database) {
  return {
    followTotals: new RequestLoader<number, FollowTotalsRow>(async (fids) =>
      orderByKeys(fids, await followTotals(db, fids), (r) => r.fid, (fid) => ({ fid, followers: 0, following: 0 }))),
    followPage: byFid<FollowPageKey, FollowPageRow>((k) => [k.direction, k.read],
      (fids, k) => followPage(db, k.direction, fids, k.read.limit, k.read.offset, k.read.fromEnd)),
    followKeyset: byFid<FollowKeysetKey, FollowKeysetRow>((k) => [k.direction, k.read], (fids, k) => followKeysetPage(db, k.direction, fids, k.read)),
    /** Follows ahead of a key in its list: one statement per direction, whatever the keys. */
    followsAhead: new RequestLoader<FollowAheadKey, number, string>(async (keys) => {
      const out = new Map<FollowAheadKey, number>();
      for (const direction of ['followers', 'following'] as const) {
        const mine = keys.filter((k) => k.direction === direction);
        if (mine.length) (await followsAhead(db, direction, mine)).forEach((n, i) => out.set(mine[i], n));
      }
      return keys.map((k) => out.get(k) ?? 0);
    }, { cacheKeyFn: (k) => JSON.stringify([k.direction, k.fid, k.at, k.other]) }),
    castTotals: new RequestLoader<number, number>(async (fids) => {
      const rows = await castTotals(db, fids);
      return orderByKeys(fids, rows, (r) => r.fid, () => ({ casts: 0 })).map((r) => r.casts);
    }),
    castPage: byFid<PageKey, CastRow>((k) => k.read, (fids, k) => castPage(db, fids, k.read.limit, k.read.offset, k.read.fromEnd)),
    castKeyset: byFid<CastKeysetKey, CastKeysetRow>((k) => k.read, (fids, k) => castKeysetPage(db, fids, k.read)),
    castsAhead: new RequestLoader<CastAheadKey, number, string>((keys) => castsAhead(db, keys),
      { cacheKeyFn: (k) => JSON.stringify([k.fid, k.at, k.hash]) }),
    castCounts: new RequestLoader<string, CastCountsRow>(async (hashes) =>
      orderByKeys(hashes, await castCounts(db, hashes), (r) => r.hash, (hash) => ({ hash, likes: 0, recasts: 0, replies: 0, quotes: 0 }))),
    engagement: byFid<EngagementKey, EngagementRow>((k) => k.limit, (fids, k) => engagementLists(db, fids, k.limit)),
    verifications: new RequestLoader<number, VerificationRow[]>(async (fids) => {
      const byFid = groupRows(await liveVerifications(db, fids), (r) => r.fid);
      return fids.map((fid) => byFid.get(fid) ?? []);
    }),
    lensMatches: new RequestLoader<number, string[]>(async (fids) => {
      const byFid = groupRows(await lensMatchesOfFids(db, fids), (r) => r.fid);
      return fids.map((fid) => (byFid.get(fid) ?? []).map((r) => r.profile_id));
    }),
    fidsOfLensProfile: new RequestLoader<string, number[]>(async (ids) => {
      const byId = groupRows(await fidsOfLensProfiles(db, ids), (r) => r.profile_id);
      return ids.map((id) => (byId.get(id) ?? []).map((r) => r.fid));
    }),
  };
}

export type FarcasterGraphLoaders = ReturnType<typeof farcasterGraphLoaders>;
