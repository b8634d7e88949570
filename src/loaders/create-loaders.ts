// A fresh set of loaders for every request (never shared): each batches the
// keys asked for in one tick into one SQL statement with an array parameter.
//
// One convention for every loader here:
// - a key the database has no row for yields null, or a typed default where
//   absence has a meaning (an empty list, zero counts); never an Error object,
//   so callers test for null, not for `instanceof Error`;
// - a batch that fails (database down, statement cancelled) rejects every key
//   of the batch, and callers let that rejection through: it becomes a 503,
//   never an empty answer. Several keys are read with loadAll (load-all.ts),
//   not with DataLoader's loadMany, which would hand the failure back as a value.
import DataLoader from 'dataloader';
import type { Database } from '../db/database';
import { emptyFarcasterCounts, farcasterCounts, type FarcasterCountsRow } from '../repositories/farcaster-counts.repository';
import { findFarcasterProfiles, type FarcasterProfileRow } from '../repositories/farcaster-profile.repository';
import { emptyLensCounts, findLensProfiles, lensCounts, type LensCountsRow, type LensProfileRow } from '../repositories/lens-profile.repository';
import { analyticsLoaders } from './analytics-loaders';
import { lensGraphLoaders } from './lens-loaders';
import { farcasterGraphLoaders } from './farcaster-loaders';
import { tokenLoaders } from './token-loaders';
import { contentLoaders } from './content-loaders';
import { followOverlapLoaders } from './follow-overlap-loaders';
import { channelLoaders } from './channel-loaders';
import { FARCASTER, LENS } from '../domain/protocols';
import { orderByKeys } from './order-by-keys';
import { protocolStateLoader } from './protocol-state-loader';

export function createLoaders(db: Database) {
  const protocolState = protocolStateLoader(db);
  return {
    /** Keyed by protocol: every protocol_state read of the request goes through it (at most one statement). */
    protocolState,
    farcasterProfile: new DataLoader<number, FarcasterProfileRow | null>(async (fids) =>
      orderByKeys(fids, await findFarcasterProfiles(db, fids), (r) => r.fid, () => null)),
    farcasterCounts: new DataLoader<number, FarcasterCountsRow>(async (fids) =>
      orderByKeys(fids, await farcasterCounts(db, fids), (r) => r.fid, emptyFarcasterCounts)),
    lensProfile: new DataLoader<string, LensProfileRow | null>(async (ids) =>
      orderByKeys(ids, await findLensProfiles(db, ids), (r) => r.profile_id, () => null)),
    lensCounts: new DataLoader<string, LensCountsRow>(async (ids) =>
      orderByKeys(ids, await lensCounts(db, ids), (r) => r.profile_id, emptyLensCounts)),
    farcasterAnalytics: analyticsLoaders(db, 'farcaster', protocolState),
    lensAnalytics: analyticsLoaders(db, 'lens', protocolState),
    lensGraph: lensGraphLoaders(db),
    farcasterGraph: farcasterGraphLoaders(db),
    /** Followers you know, mutual follows and unfollowers, per protocol. */
    farcasterOverlap: followOverlapLoaders(db, FARCASTER),
    lensOverlap: followOverlapLoaders(db, LENS),
    /** Farcaster channels and their ranked casters, as of the analytics refresh. */
    channels: channelLoaders(db),
    tokens: tokenLoaders(db),
    content: contentLoaders(db),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
