// Per-request loaders over the analytics tables, one set per protocol.
// Composite keys (period, page) go through cacheKeyFn; keys sharing the
// non-id part are fetched in one statement.
import DataLoader from 'dataloader';
import type { Database } from '../db/database';
import type { Period } from '../analytics/periods';
import {
  followerDaily, followerSummaries, gains, protocolState, ranks,
  type DailyRow, type GainRow, type ProtocolName, type ProtocolStateRow, type RanksRow, type SummaryRow,
} from '../repositories/analytics.repository';
import { recentFollowers, type FollowerCursor, type RecentFollowerRow } from '../repositories/recent-followers.repository';
import { orderByKeys } from './order-by-keys';

type Id = string | number;
export interface GainKey { id: Id; period: Period }
export interface RecentKey { id: Id; first: number; after: FollowerCursor | null }

/** Groups keys by everything but the id, runs one fetch per group, answers in key order. */
async function byGroup<K extends { id: Id }, R>(keys: readonly K[], groupOf: (k: K) => string, fetch: (ids: Id[], sample: K) => Promise<Map<Id, R>>, missing: R): Promise<R[]> {
  const groups = new Map<string, K[]>();
  for (const k of keys) groups.set(groupOf(k), [...(groups.get(groupOf(k)) ?? []), k]);
  const answers = new Map<string, Map<Id, R>>();
  for (const [g, ks] of groups) answers.set(g, await fetch(ks.map((k) => k.id), ks[0]));
  return keys.map((k) => answers.get(groupOf(k))?.get(k.id) ?? missing);
}

export function analyticsLoaders(db: Database, protocol: ProtocolName) {
  return {
    ranks: new DataLoader<Id, RanksRow | null>(async (ids) => orderByKeys(ids, await ranks(db, protocol, ids), (r) => r.id, () => null)),
    gain: new DataLoader<GainKey, GainRow | null, string>(
      (keys) => byGroup(keys, (k) => k.period, async (ids, k) => new Map((await gains(db, protocol, k.period, ids)).map((r) => [r.id, r])), null),
      { cacheKeyFn: (k) => `${k.period}|${k.id}` }),
    summary: new DataLoader<Id, SummaryRow | null>(async (ids) =>
      orderByKeys(ids, await followerSummaries(db, protocol, ids), (r) => r.id, () => null)),
    daily: new DataLoader<Id, DailyRow[]>(async (ids) => {
      const rows = await followerDaily(db, protocol, ids);
      return ids.map((id) => rows.filter((r) => r.id === id));
    }),
    recent: new DataLoader<RecentKey, RecentFollowerRow[], string>(
      (keys) => byGroup(keys, (k) => JSON.stringify([k.first, k.after]), async (ids, k) => {
        const rows = await recentFollowers(db, protocol, ids, k.first, k.after);
        const out = new Map<Id, RecentFollowerRow[]>();
        for (const r of rows) out.set(r.target, [...(out.get(r.target) ?? []), r]);
        return out;
      }, []),
      { cacheKeyFn: (k) => JSON.stringify([k.id, k.first, k.after]) }),
    state: new DataLoader<'state', ProtocolStateRow | null>(async (keys) => {
      const [row] = await protocolState(db, protocol);
      return keys.map(() => row ?? null);
    }),
  };
}

export type AnalyticsLoaders = ReturnType<typeof analyticsLoaders>;
