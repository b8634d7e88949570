// Points of a day / week / month range in constant time: the cost of a request
// is computed for every history field it asks, before it runs, and the
// resolver's pointCount walks the range one interval at a time.
import { toDayNumber, type Interval } from '../../analytics/history';
import { requireDay } from '../../domain/days';

/** Day number of a day the resolvers accept (domain/days), else null: the resolver answers that argument with a 400. */
export function dayNumberOf(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  try {
    return toDayNumber(requireDay('day', value));
  } catch {
    return null;
  }
}

/** 1970-01-01 was a Thursday: the Monday-based week of day 0 starts on day -3. */
const weekOf = (day: number) => Math.floor((day + 3) / 7);
const monthOf = (day: number) => { const d = new Date(day * 86_400_000); return d.getUTCFullYear() * 12 + d.getUTCMonth(); };

/** Same answer as analytics/history pointCount (weeks Monday–Sunday, calendar months), for from ≤ to. */
export function pointsBetween(from: number, to: number, interval: Interval): number {
  if (from > to) return 0;
  if (interval === 'day') return to - from + 1;
  if (interval === 'week') return weekOf(to) - weekOf(from) + 1;
  return monthOf(to) - monthOf(from) + 1;
}
