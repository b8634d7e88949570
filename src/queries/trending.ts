// Users by trend score = followers gained in the window ÷ (followers at window
// start + 10); ties by gained, then id; only gains of at least 1.
import type { Database } from '../db/database';
import type { AnalyticsLoaders } from '../loaders/analytics-loaders';
import {
  trending, trendingInCategories, trendingInCategoriesTotal, trendingTotal, trendingWithQuality, trendingWithQualityTotal,
} from '../repositories/analytics.repository';
import { minQualityOf } from './quality';
import type { Period } from '../domain/periods';
import type { ProtocolName } from '../domain/protocols';
import { topFollowerIds } from './profile-analytics';
import { distinct } from '../loaders/order-by-keys';
import { offsetPage, offsetPlan, type OffsetPageRequest } from './pagination';

/** Followers shown beside each trending user. */
export const TRENDING_TOP_FOLLOWERS = 3;

/** A trending request as its input type guarantees it: page ≥ 1, limit 1..100, known category ids. */
export interface TrendingQuery { page: number; limit: number; period: Period; protocol: ProtocolName; categories: readonly number[]; minQuality?: number | null }

/**
 * The slice and total readers of one trending filter. Without minQuality the
 * stored places are read as index ranges (the answers of the earlier REST routes
 * stay as they were); with it, the kept gainers are counted at read time.
 */
function trendingReads(db: Database, protocol: ProtocolName, period: Period, ids: readonly number[], minQuality: number | null) {
  if (minQuality !== null) {
    return {
      slice: (offset: number, limit: number) => trendingWithQuality(db, protocol, period, minQuality, ids, offset, limit),
      total: () => trendingWithQualityTotal(db, protocol, period, minQuality, ids),
    };
  }
  return ids.length
    ? { slice: (offset: number, limit: number) => trendingInCategories(db, protocol, period, ids, offset, limit), total: () => trendingInCategoriesTotal(db, protocol, period, ids) }
    : { slice: (offset: number, limit: number) => trending(db, protocol, period, offset, limit), total: () => trendingTotal(db, protocol, period) };
}

export async function trendingPage(db: Database, q: TrendingQuery) {
  const { period, protocol } = q;
  // `categories`: taxonomy ids, a repeated id counting once; [] is no filter, else only users who published in one of them within the window.
  const ids = distinct(q.categories);
  const offset = (q.page - 1) * q.limit;
  const reads = trendingReads(db, protocol, period, ids, minQualityOf(q.minQuality));
  const [rows, [counted]] = await Promise.all([reads.slice(offset, q.limit), reads.total()]);
  const total = counted?.total ?? 0;
  return { protocol, ids: rows.map((r) => r.id), page: q.page, total, totalPages: Math.ceil(total / q.limit) };
}

/** Whose trending list, over which window, in which categories ([] = all). */
export interface TrendingFilter { period: Period; protocol: ProtocolName; categories: readonly number[]; minQuality?: number | null }

/**
 * The trending list as a connection. The refresh stored each gainer's place,
 * so every slice is an index range read forward; `last` alone (the end of the
 * list) is the range counted back from the total, read forward and reversed
 * into the backward read order offsetPage expects.
 */
export async function trendingConnectionPage(db: Database, q: TrendingFilter & OffsetPageRequest) {
  const { period, protocol } = q;
  const ids = distinct(q.categories);
  const reads = trendingReads(db, protocol, period, ids, minQualityOf(q.minQuality));
  let counted: Promise<number> | undefined;
  const total = () => (counted ??= reads.total().then(([c]) => c?.total ?? 0));
  const slice = reads.slice;
  const plan = offsetPlan(q);
  let rows: { id: string | number }[] = [];
  if (plan.read?.fromEnd) {
    const t = await total();
    const offset = Math.max(t - plan.read.limit, 0);
    rows = (await slice(offset, t - offset)).reverse();
  } else if (plan.read) {
    rows = await slice(plan.read.offset, plan.read.limit);
  }
  return { protocol, page: await offsetPage(plan, rows.map((r) => r.id), total) };
}

/** The top follower ids of each user of a page, all asked in one tick so the loader reads them in one batch. */
export function topFollowerIdsOfEach(l: AnalyticsLoaders, ids: readonly (string | number)[]): Promise<(string | number)[][]> {
  return Promise.all(ids.map((id) => topFollowerIds(l, id, TRENDING_TOP_FOLLOWERS)));
}
