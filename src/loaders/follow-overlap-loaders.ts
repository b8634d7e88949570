// Per-request loaders of the follow lists seen from a second profile (followers
// you know, mutual follows, unfollowers), one set per protocol. Keys carry the
// field's arguments; keys sharing them are one statement whatever the number of profiles.
import type { Database } from '../db/database';
import type { ProtocolSpec } from '../domain/protocols';
import {
  overlapPage, overlapTotals, unfollowPage, unfollowTotals,
  type OverlapRow, type OverlapTotalRow, type OverlapVia, type UnfollowRow, type UnfollowWindow,
} from '../repositories/follow-overlap.repository';
import type { KeysetRead, OffsetRead } from '../repositories/paging.sql';
import { groupedLoader } from './grouped-loader';

type Id = string | number;

export interface OverlapKey { id: Id; via: OverlapVia }
export interface OverlapPageKey extends OverlapKey { read: OffsetRead }
export interface UnfollowKey { id: Id; window: UnfollowWindow }
export interface UnfollowPageKey extends UnfollowKey { read: KeysetRead }

const byProfile = <K extends { id: Id }, R extends { profile: Id }>(argsOf: (k: K) => unknown, fetch: (ids: Id[], sample: K) => Promise<R[]>) =>
  groupedLoader<K, Id, R>({ idOf: (k) => k.id, argsOf, fetch, rowId: (r) => r.profile });

/** A total per key out of the grouped rows (0 when the profile has none). */
const totalOf = async (rows: Promise<OverlapTotalRow[]>) => (await rows)[0]?.total ?? 0;

export function followOverlapLoaders(db: Database, p: ProtocolSpec) {
  const page = byProfile<OverlapPageKey, OverlapRow>((k) => [k.via, k.read], (ids, k) => overlapPage(db, p, ids, k.via, k.read));
  const totals = byProfile<OverlapKey, OverlapTotalRow>((k) => k.via, (ids, k) => overlapTotals(db, p, ids, k.via));
  const unfollows = byProfile<UnfollowPageKey, UnfollowRow>((k) => [k.window, k.read], (ids, k) => unfollowPage(db, p, ids, k.window, k.read));
  const unfollowCounts = byProfile<UnfollowKey, OverlapTotalRow>((k) => k.window, (ids, k) => unfollowTotals(db, p, ids, k.window));
  return {
    /** Followers of the profile whom `via` follows, by their followers (most first), then id. */
    overlapPage: page,
    overlapTotal: (key: OverlapKey) => totalOf(totals.load(key)),
    /** Follows of the profile undone in the window, newest unfollow first. */
    unfollowPage: unfollows,
    unfollowTotal: (key: UnfollowKey) => totalOf(unfollowCounts.load(key)),
  };
}

export type FollowOverlapLoaders = ReturnType<typeof followOverlapLoaders>;
