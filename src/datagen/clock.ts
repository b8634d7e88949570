// The dataset's fixed time frame. Output never depends on the wall clock:
// everything happens before END_MS, activity inside the ~6-month window.
import type { Rng } from './random';

export const END_MS = Date.UTC(2024, 5, 30, 23, 59, 59);
export const WINDOW_START_MS = Date.UTC(2024, 0, 1);
export const DAY_MS = 86_400_000;
/** Days 2024-01-01 … 2024-06-30 inclusive. */
export const WINDOW_DAYS = Math.round((Date.UTC(2024, 6, 1) - WINDOW_START_MS) / DAY_MS);
/** Keep a margin before END so "later" events (unfollows, reactions) still fit. */
export const LAST_EVENT_MS = END_MS - 3_600_000;

/** Whole seconds: keeps files compact and comparisons exact after formatting. */
export function toSec(ms: number): number {
  return Math.floor(ms / 1000) * 1000;
}

/** `2024-01-02T03:04:05.000Z` */
export function iso(ms: number): string {
  return new Date(toSec(ms)).toISOString();
}

/** BigQuery CSV export style: `2024-03-01 12:00:00 UTC`. */
export function bigQueryTs(ms: number): string {
  const s = new Date(toSec(ms)).toISOString();
  return `${s.slice(0, 10)} ${s.slice(11, 19)} UTC`;
}

/** `YYYY-MM-DD` */
export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * Registration time of the i-th of n users (i from 0): cumulative count grows
 * like t², i.e. sign-ups accelerate, and times are monotonic in i so that
 * "registered before t" is an id prefix.
 */
export function registrationMs(startMs: number, endMs: number, i: number, n: number, jitter: number): number {
  return toSec(startMs + (endMs - startMs) * Math.sqrt((i + jitter) / n));
}

/** Time in [lo, hi] with density rising linearly toward hi (recent activity denser). */
export function recentBetween(rng: Rng, lo: number, hi: number): number {
  return toSec(lo + (hi - lo) * Math.sqrt(rng.float()));
}

/** Time in [lo, hi] concentrated just after lo (reactions come soon after a post). */
export function soonAfter(rng: Rng, lo: number, hi: number): number {
  const u = rng.float();
  return toSec(lo + (hi - lo) * u * u * u);
}

/** A deletion strictly after `ms` (at least a second), never after END. */
export function deletedAfter(rng: Rng, ms: number): number {
  return Math.min(END_MS, toSec(ms + 1000 + (END_MS - ms - 1000) * rng.float()));
}

/** Index of the window day containing ms (0 = 2024-01-01), clamped to the window. */
export function windowDay(ms: number): number {
  const d = Math.floor((ms - WINDOW_START_MS) / DAY_MS);
  return d < 0 ? 0 : d >= WINDOW_DAYS ? WINDOW_DAYS - 1 : d;
}
