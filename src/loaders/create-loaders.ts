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
import { RequestLoader } from './request-loader';
import type { Database } from '../db/database';
import { emptyFarcasterCounts, farcasterCounts, type FarcasterCountsRow } from '../repositories/farcaster-counts.repository';
import { findFarcasterProfiles, type FarcasterProfileRow } from '../repositories/farcaster-profile.repository';
import { activeKeyCounts } from '../repositories/farcaster-keys.repository';
import { storageParts } from '../repositories/farcaster-storage.repository';
import { proExpiries } from '../repositories/farcaster-tier.repository';
import { noStorageParts, storageOf, type FarcasterStorage } from '../domain/farcaster-storage';
import { emptyLensCounts, findLensProfiles, lensCounts, type LensCountsRow, type LensProfileRow } from '../repositories/lens-profile.repository';
import { analyticsLoaders } from './analytics-loaders';
import { lensGraphLoaders } from './lens-loaders';
import { farcasterGraphLoaders } from './farcaster-loaders';
import { tokenLoaders } from './token-loaders';
import { contentLoaders } from './content-loaders';
import { followOverlapLoaders } from './follow-overlap-loaders';
import { channelLoaders } from './channel-loaders';
import { trustLoaders } from './trust-loaders';
import { qualityLoader } from './quality-loaders';
import { crossProtocolLoaders } from './cross-protocol-loaders';
import { nodeLoaders } from './node-loaders';
import { FARCASTER, LENS } from '../domain/protocols';
import { orderByKeys } from './order-by-keys';
import { protocolStateLoader, type ProtocolStateLoader } from './protocol-state-loader';

/** What the analytics loaders share with the rest of the request: its one protocol_state read. */
type WithState = { readonly protocolState: ProtocolStateLoader };

/**
 * How each member is made. A request uses a few of the loaders: they are
 * made on first read (a getter on a prototype shared by every request), not
 * all at the request's start (time and garbage every request would pay for
 * loaders it never reads).
 */
const MAKE = {
  /** Keyed by protocol: every protocol_state read of the request goes through it (at most one statement). */
  protocolState: (db: Database) => protocolStateLoader(db),
  farcasterProfile: (db: Database) => new RequestLoader<number, FarcasterProfileRow | null>(async (fids) =>
    orderByKeys(fids, await findFarcasterProfiles(db, fids), (r) => r.fid, () => null)),
  farcasterCounts: (db: Database) => new RequestLoader<number, FarcasterCountsRow>(async (fids) =>
    orderByKeys(fids, await farcasterCounts(db, fids), (r) => r.fid, emptyFarcasterCounts)),
  /** When each fid's Pro subscription ends or ended; null for a fid that never bought it. */
  farcasterPro: (db: Database) => new RequestLoader<number, Date | null>(async (fids) =>
    orderByKeys(fids, await proExpiries(db, fids), (r) => r.fid, () => null).map((r) => r?.expires_at ?? null)),
  /** Each fid's storage units and store limits now, by the node's rules (a fid with no rents and no lends has none). */
  farcasterStorage: (db: Database, l: { now: () => Date }) => new RequestLoader<number, FarcasterStorage>(async (fids) => {
    const parts = await storageParts(db, fids);
    const at = l.now();
    return fids.map((fid) => storageOf(parts.get(fid) ?? noStorageParts(), at));
  }),
  /** How many keys each fid added by message and has not removed. */
  farcasterActiveKeys: (db: Database) => new RequestLoader<number, number>(async (fids) =>
    orderByKeys(fids, await activeKeyCounts(db, fids), (r) => r.fid, () => null).map((r) => r?.active_keys ?? 0)),
  lensProfile: (db: Database) => new RequestLoader<string, LensProfileRow | null>(async (ids) =>
    orderByKeys(ids, await findLensProfiles(db, ids), (r) => r.profile_id, () => null)),
  lensCounts: (db: Database) => new RequestLoader<string, LensCountsRow>(async (ids) =>
    orderByKeys(ids, await lensCounts(db, ids), (r) => r.profile_id, emptyLensCounts)),
  farcasterAnalytics: (db: Database, l: WithState) => analyticsLoaders(db, 'farcaster', l.protocolState),
  lensAnalytics: (db: Database, l: WithState) => analyticsLoaders(db, 'lens', l.protocolState),
  lensGraph: (db: Database) => lensGraphLoaders(db),
  farcasterGraph: (db: Database) => farcasterGraphLoaders(db),
  /** Followers you know, mutual follows and unfollowers, per protocol. */
  farcasterOverlap: (db: Database) => followOverlapLoaders(db, FARCASTER),
  lensOverlap: (db: Database) => followOverlapLoaders(db, LENS),
  /** Farcaster channels and their ranked casters, as of the analytics refresh. */
  channels: (db: Database) => channelLoaders(db),
  /** Trust per strategy, its explanation and the rank history, per protocol. */
  farcasterTrust: (db: Database) => trustLoaders(db, 'farcaster'),
  lensTrust: (db: Database) => trustLoaders(db, 'lens'),
  /** The quality score of accounts, per protocol (null when unscored). */
  farcasterQuality: (db: Database) => qualityLoader(db, 'farcaster'),
  lensQuality: (db: Database) => qualityLoader(db, 'lens'),
  /** Matched persons across protocols: audience overlap and the combined rank. */
  crossProtocol: (db: Database) => crossProtocolLoaders(db),
  tokens: (db: Database) => tokenLoaders(db),
  content: (db: Database) => contentLoaders(db),
  /** Rows by their own ids, for node() and nodes(). */
  nodes: (db: Database) => nodeLoaders(db),
};

type Made = { readonly [K in keyof typeof MAKE]: ReturnType<(typeof MAKE)[K]> } & {
  /** The request's clock: what answers "now" is (a rent's end, a subscription's), one instant per request's loaders. */
  readonly now: () => Date;
};

/** The members of MAKE as getters that make their member once per request object and keep it there. */
const PROTOTYPE = Object.create(null, Object.fromEntries(Object.entries(MAKE).map(([name, make]) => [name, {
  enumerable: true,
  get(this: Made & { db: Database }) {
    const value = (make as (db: Database, l: Made) => unknown)(this.db, this);
    Object.defineProperty(this, name, { value, enumerable: true });
    return value;
  },
}]))) as object;

/** A request's loaders; `clock` is the real one but for a test that needs answers of a fixed instant. */
export function createLoaders(db: Database, clock: () => Date = () => new Date()): Made {
  return Object.create(PROTOTYPE, { db: { value: db }, now: { value: clock } }) as Made;
}

export type Loaders = Made;
