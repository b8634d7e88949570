// Cumulative follower counts at the end of each UTC day, ISO week (Monday to
// Sunday) or calendar month of a range, from stored daily net changes.
import { fromDayNumber, intervalEnd, pointsBetween, toDayNumber, type Interval } from '../domain/days';

export interface HistoryPoint { start: string; end: string; followers: number }

/** Number of points a range yields, to bound requests before computing them. */
export const pointCount = (from: string, to: string, interval: Interval) => pointsBetween(toDayNumber(from), toDayNumber(to), interval);

/** `deltas` sorted by day (YYYY-MM-DD); every day before `from` counts toward the first point. */
export function historyPoints(deltas: readonly { day: string; delta: number }[], from: string, to: string, interval: Interval): HistoryPoint[] {
  const last = toDayNumber(to);
  const points: HistoryPoint[] = [];
  let running = 0;
  let i = 0;
  for (let start = toDayNumber(from); start <= last; ) {
    const end = Math.min(intervalEnd(start, interval), last);
    while (i < deltas.length && toDayNumber(deltas[i].day) <= end) running += deltas[i++].delta;
    points.push({ start: fromDayNumber(start), end: fromDayNumber(end), followers: running });
    start = end + 1;
  }
  return points;
}
