// Cumulative follower counts at the end of each UTC day, ISO week (Monday to
// Sunday) or calendar month of a range, from stored daily net changes.

export type Interval = 'day' | 'week' | 'month';
export interface HistoryPoint { start: string; end: string; followers: number }

const DAY_MS = 86_400_000;
export const toDayNumber = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
export const fromDayNumber = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** Last day of the interval that contains `day` (weeks end on Sunday, months on their last day). */
function intervalEnd(day: number, interval: Interval): number {
  if (interval === 'day') return day;
  const d = new Date(day * DAY_MS);
  if (interval === 'week') return day + ((7 - d.getUTCDay()) % 7);
  return Math.floor(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0) / DAY_MS);
}

/** Number of points a range yields, to bound requests before computing them. */
export function pointCount(from: string, to: string, interval: Interval): number {
  let n = 0;
  for (let start = toDayNumber(from); start <= toDayNumber(to); start = intervalEnd(start, interval) + 1) n += 1;
  return n;
}

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
