import { badInput } from '../errors/app-error';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The days and years a client may ask about. Every event this service holds is
 * later than 2000 (Ethereum launched in 2015, Farcaster and Lens in 2020–2022),
 * so no answer is lost, and the bounds keep every date we compute from them
 * (a window of 30 days back, a month or year forward) inside what Postgres
 * and JavaScript's Date both hold: Postgres has no year 0, ISO strings of years
 * past 9999 carry a sign, and either turns a request into a database error.
 */
export const FIRST_DAY = '2000-01-01';
export const LAST_DAY = '2099-12-31';
export const FIRST_YEAR = 2000;
export const LAST_YEAR = 2099;

/** A UTC day `YYYY-MM-DD` that exists on the calendar and lies in FIRST_DAY..LAST_DAY, else a 400 naming the argument. */
export function requireDay(name: string, value: string): string {
  if (!ISO_DAY.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)) || new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value) {
    throw badInput(`${name} must be a date YYYY-MM-DD; got "${value.slice(0, 100)}"`);
  }
  // Same-length ISO days compare as text.
  if (value < FIRST_DAY || value > LAST_DAY) throw badInput(`${name} must be between ${FIRST_DAY} and ${LAST_DAY}; got "${value}"`);
  return value;
}

/** A year of a collect filter, FIRST_YEAR..LAST_YEAR, else a 400 naming the argument. */
export function requireYear(name: string, value: number): number {
  if (!Number.isInteger(value) || value < FIRST_YEAR || value > LAST_YEAR) throw badInput(`${name} must be a year between ${FIRST_YEAR} and ${LAST_YEAR}; got ${value}`);
  return value;
}

/** An optional `YYYY-MM-DD` argument: null when absent, a 400 naming it when malformed. */
export const optionalDay = (name: string, value: string | null | undefined): string | null =>
  value === undefined || value === null ? null : requireDay(name, value);

/** Midnight UTC of a day, as answers print dates typed date-time (`2024-06-01T00:00:00.000Z`). */
export const dayStart = (day: string) => `${day}T00:00:00.000Z`;

// Day numbers: whole UTC days since 1970-01-01, so ranges are integer arithmetic.
export const DAY_MS = 86_400_000;
// Both are on the hot path of every history (two labels and a delta per point, and a Date parse
// and format per label is what a long history's time went to), so they are calendar arithmetic
// (H. Hinnant's days_from_civil and civil_from_days), with Date for anything that is not a plain
// YYYY-MM-DD of years 1000..9999.
const DIGIT_0 = 48;
const digits = (s: string, from: number, to: number): number => {
  let n = 0;
  for (let i = from; i < to; i += 1) {
    const d = s.charCodeAt(i) - DIGIT_0;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
};
const isLeap = (y: number) => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** Days since 1970-01-01 of a proleptic Gregorian date (years ≥ 0). */
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}
const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/** The day number of `YYYY-MM-DD` (NaN when it is not a day on the calendar, as Date.parse says). */
export function toDayNumber(iso: string): number {
  if (iso.length === 10 && iso.charCodeAt(4) === 45 && iso.charCodeAt(7) === 45) {
    const y = digits(iso, 0, 4);
    const m = digits(iso, 5, 7);
    const d = digits(iso, 8, 10);
    if (y >= 1000 && m >= 1 && m <= 12 && d >= 1 && d <= (m === 2 && isLeap(y) ? 29 : MONTH_DAYS[m - 1])) return daysFromCivil(y, m, d);
  }
  return Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
}

/** `YYYY-MM-DD` of a day number (the UTC date of its midnight, as Date's ISO string prints it). */
export function fromDayNumber(n: number): string {
  const z = n + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  if (!Number.isInteger(n) || y < 1000 || y > 9999) return new Date(n * DAY_MS).toISOString().slice(0, 10);
  return `${y}-${pad2(m)}-${pad2(d)}`;
}
/** The day number of an instant (the UTC day it falls on). */
export const dayNumberAt = (at: Date) => Math.floor(at.getTime() / DAY_MS);

/** The buckets of a history: a UTC day, an ISO week (Monday to Sunday) or a calendar month. */
export type Interval = 'day' | 'week' | 'month';
export const INTERVALS: readonly Interval[] = ['day', 'week', 'month'];

/** Last day of the interval that contains `day` (weeks end on Sunday, months on their last day). */
export function intervalEnd(day: number, interval: Interval): number {
  if (interval === 'day') return day;
  const d = new Date(day * DAY_MS);
  if (interval === 'week') return day + ((7 - d.getUTCDay()) % 7);
  return Math.floor(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0) / DAY_MS);
}

/** 1970-01-01 was a Thursday: the Monday-based week of day 0 starts on day -3. */
const weekOf = (day: number) => Math.floor((day + 3) / 7);
const monthOf = (day: number) => { const d = new Date(day * DAY_MS); return d.getUTCFullYear() * 12 + d.getUTCMonth(); };

/** Intervals a range of day numbers touches, in constant time (0 when from > to). */
export function pointsBetween(from: number, to: number, interval: Interval): number {
  if (from > to) return 0;
  if (interval === 'day') return to - from + 1;
  if (interval === 'week') return weekOf(to) - weekOf(from) + 1;
  return monthOf(to) - monthOf(from) + 1;
}
