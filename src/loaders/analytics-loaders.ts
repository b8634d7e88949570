// Per-request loaders over the analytics tables, one set per protocol.
// Keys carrying arguments (period, page) go through groupedLoader.
import { RequestLoader } from './request-loader';
import type { Database } from '../db/database';
import type { Period } from '../domain/periods';
import type { ProtocolName } from '../domain/protocols';
import {
  followerDaily, followerSummaries, gains, ranks,
  type DailyRow, type GainRow, type ProtocolStateRow, type RanksRow, type SummaryRow,
} from '../repositories/analytics.repository';
import { followerTotals, recentFollowers, type RecentFollowerRow } from '../repositories/recent-followers.repository';
import type { KeysetRead } from '../repositories/paging.sql';
import { groupedLoader, groupRows } from './grouped-loader';
import type { ProtocolStateLoader } from './protocol-state-loader';
import { orderByKeys } from './order-by-keys';

type Id = string | number;
export interface GainKey { id: Id; period: Period }
export interface RecentKey { id: Id; read: KeysetRead; minQuality?: number | null }

/** `states` is the request's one protocol_state loader, shared by both protocols' sets. */
export function analyticsLoaders(db: Database, protocol: ProtocolName, states: ProtocolStateLoader) {
  return {
    ranks: new RequestLoader<Id, RanksRow | null>(async (ids) => orderByKeys(ids, await ranks(db, protocol, ids), (r) => r.id, () => null)),
    /** One row per (id, period), as a list: empty when the profile has no row. */
    gain: groupedLoader<GainKey, Id, GainRow>({
      idOf: (k) => k.id, argsOf: (k) => k.period, fetch: (ids, k) => gains(db, protocol, k.period, ids), rowId: (r) => r.id }),
    summary: new RequestLoader<Id, SummaryRow | null>(async (ids) =>
      orderByKeys(ids, await followerSummaries(db, protocol, ids), (r) => r.id, () => null)),
    daily: new RequestLoader<Id, DailyRow[]>(async (ids) => {
      const byId = groupRows(await followerDaily(db, protocol, ids), (r) => r.id);
      return ids.map((id) => byId.get(id) ?? []);
    }),
    recent: groupedLoader<RecentKey, Id, RecentFollowerRow>({
      idOf: (k) => k.id, argsOf: (k) => [k.read, k.minQuality ?? null],
      fetch: (ids, k) => recentFollowers(db, protocol, ids, k.read, k.minQuality ?? null), rowId: (r) => r.target }),
    /** Live followers of each profile of at least a quality score: what `recent` pages through with that minimum. */
    qualityFollowerTotals: groupedLoader<{ id: Id; minQuality: number }, Id, { target: Id; total: number }>({
      idOf: (k) => k.id, argsOf: (k) => k.minQuality,
      fetch: (ids, k) => followerTotals(db, protocol, ids, k.minQuality), rowId: (r) => r.target }),
    /** Live followers of each profile: what `recent` pages through. */
    followerTotals: new RequestLoader<Id, number>(async (ids) =>
      orderByKeys(ids, await followerTotals(db, protocol, ids), (r) => r.target, () => ({ total: 0 })).map((r) => r.total)),
    /** This protocol's protocol_state row, through the request's shared loader. */
    state: (): Promise<ProtocolStateRow | null> => states.load(protocol),
  };
}

export type AnalyticsLoaders = ReturnType<typeof analyticsLoaders>;
