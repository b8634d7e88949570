// CONTRACT 4.1: users by trend score = followers gained in the window ÷
// (followers at window start + 10); ties by gained, then id; only gains ≥ 1.
import type { Database } from '../db/database';
import { badInput } from '../errors/app-error';
import { requireCategoryIds } from './categories';
import {
  trending, trendingInCategories, trendingInCategoriesTotal, trendingTotal, type ProtocolName,
} from '../repositories/analytics.repository';
import { PERIODS } from '../domain/periods';
import { requirePeriod } from './profile-analytics';

export interface TrendingQuery { page: number; limit: number; ratio: string; protocol: string; categories: number[] }

export async function trendingPage(db: Database, q: TrendingQuery) {
  const period = requirePeriod(q.ratio);
  if (q.protocol !== 'lens' && q.protocol !== 'farcaster') throw badInput(`protocol must be lens or farcaster; got "${q.protocol}"`);
  const protocol: ProtocolName = q.protocol;
  // `categories`: taxonomy ids; [] is no filter, else only users who published in one of them within the window.
  const ids = requireCategoryIds(q.categories);
  const offset = (q.page - 1) * q.limit;
  const filter = { ids, days: PERIODS[period] };
  const [rows, [counted]] = await Promise.all(ids.length
    ? [trendingInCategories(db, protocol, period, filter, offset, q.limit), trendingInCategoriesTotal(db, protocol, period, filter)]
    : [trending(db, protocol, period, offset, q.limit), trendingTotal(db, protocol, period)]);
  const total = counted?.total ?? 0;
  return { protocol, ids: rows.map((r) => r.id), page: q.page, total, totalPages: Math.ceil(total / q.limit) };
}
