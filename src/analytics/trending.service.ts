// CONTRACT 4.1: users by trend score = followers gained in the window ÷
// (followers at window start + 10); ties by gained, then id; only gains ≥ 1.
import type { Database } from '../db/database';
import { badInput } from '../errors/app-error';
import { trending, trendingTotal, type ProtocolName } from '../repositories/analytics.repository';
import { requirePeriod } from './profile-analytics';

export interface TrendingQuery { page: number; limit: number; ratio: string; protocol: string; categories: number[] }

export async function trendingPage(db: Database, q: TrendingQuery) {
  const period = requirePeriod(q.ratio);
  if (q.protocol !== 'lens' && q.protocol !== 'farcaster') throw badInput(`protocol must be lens or farcaster; got "${q.protocol}"`);
  const protocol: ProtocolName = q.protocol;
  // No category taxonomy is stored yet (it arrives with the content classifier), so every id is unknown.
  if (q.categories.length) throw badInput(`unknown category id ${q.categories[0]} (see GET /api/llm/categories)`);
  const [rows, [counted]] = await Promise.all([
    trending(db, protocol, period, (q.page - 1) * q.limit, q.limit), trendingTotal(db, protocol, period)]);
  const total = counted?.total ?? 0;
  return { protocol, ids: rows.map((r) => r.id), page: q.page, total, totalPages: Math.ceil(total / q.limit) };
}
