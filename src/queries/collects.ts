// Lens collects (getCollectList, getCollectSumForUser, getTopCreators): the
// collect filter as a UTC window, the pages of a profile's collects, their sums
// and the top creators. Every read goes through the request's Lens graph
// loaders, so a field asked for many profiles is still one statement.
import { requireYear } from '../domain/days';
import { badInput } from '../errors/app-error';
import type { LensGraphLoaders } from '../loaders/lens-loaders';
import type { CollectRow, CollectSumRow, CollectWindow, TopCreatorRow } from '../repositories/lens-collects.repository';
import { offsetPlan, readOffsetList, type OffsetPageRequest } from './pagination';

/** Which collects count, as the client gave it: every field optional. */
export interface CollectFilter { currency?: string | null; month?: number | null; year?: number | null }

/**
 * The filter as a UTC [from, to) range (a calendar year, or a month of a year)
 * and an upper-cased currency symbol (blank is no filter). A bad field is a 400
 * naming it. Fields of an input object get no decorator checks, so a NUL in the
 * currency is refused here.
 */
export function collectWindow(f: CollectFilter | null | undefined): CollectWindow {
  if (f?.currency?.includes('\u0000')) throw badInput('currency must not contain a NUL character');
  const currency = f?.currency?.trim() ? f.currency.trim().toUpperCase() : null;
  const month = f?.month ?? null;
  const year = f?.year ?? null;
  if (year !== null) requireYear('year', year);
  if (month !== null && (month < 1 || month > 12)) throw badInput(`month must be between 1 and 12; got ${month}`);
  if (month !== null && year === null) throw badInput('month requires year');
  if (year === null) return { currency, from: null, to: null, period: '' };
  const yyyy = String(year).padStart(4, '0');
  if (month === null) return { currency, from: new Date(Date.UTC(year, 0, 1)), to: new Date(Date.UTC(year + 1, 0, 1)), period: yyyy };
  return { currency, from: new Date(Date.UTC(year, month - 1, 1)), to: new Date(Date.UTC(year, month, 1)), period: `${yyyy}-${String(month).padStart(2, '0')}` };
}

/**
 * Collects of the profile's publications under the filter, newest first,
 * offset-paged; the total is collectSum's count (the same filter, one statement with it).
 */
export async function collectConnectionPage(l: LensGraphLoaders, id: string, filter: CollectFilter | null | undefined, request: OffsetPageRequest) {
  // The filter is checked before the paging arguments: a request wrong in both hears about the filter.
  const window = collectWindow(filter);
  return readOffsetList(offsetPlan(request), (read) => l.collects.load({ id, window, read }),
    async () => (await l.collectSums.load({ id, window }))[0]?.total_count ?? 0);
}

/** The same collects, one 1-based page of `limit` (the REST collect list pages this way). */
export function collectOffsetPage(l: LensGraphLoaders, id: string, filter: CollectFilter | null | undefined, page: number, limit: number): Promise<CollectRow[]> {
  const window = collectWindow(filter);
  return l.collects.load({ id, window, read: { limit, offset: (page - 1) * limit, fromEnd: false } });
}

export interface CurrencyTotal { currency: string | null; count: number; amount: number; usdAmount: number }
export interface CollectSum { count: number; usdTotal: number; currencies: CurrencyTotal[] }

/** Currency totals by USD amount, largest first; ties by currency symbol, the unknown (null) currency last. */
export function byCurrencyOrder(a: CurrencyTotal, b: CurrencyTotal): number {
  return b.usdAmount - a.usdAmount || (a.currency === null ? 1 : b.currency === null ? -1 : a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0);
}

/** Count, USD total and per-currency totals under the filter; zeros and no currency when nothing was collected. */
export async function collectSum(l: LensGraphLoaders, id: string, filter: CollectFilter | null | undefined): Promise<CollectSum> {
  const rows: CollectSumRow[] = await l.collectSums.load({ id, window: collectWindow(filter) });
  const currencies = rows
    .map((r) => ({ currency: r.currency, count: r.count, amount: r.amount, usdAmount: r.usd_amount }))
    .sort(byCurrencyOrder);
  return { count: rows[0]?.total_count ?? 0, usdTotal: rows[0]?.usd_total ?? 0, currencies };
}

/** Profiles by USD collected under the filter, then collects, then id; at most `limit`. */
export function topCreators(l: LensGraphLoaders, filter: CollectFilter | null | undefined, limit: number): Promise<TopCreatorRow[]> {
  return l.topCreators.load({ window: collectWindow(filter), limit });
}
