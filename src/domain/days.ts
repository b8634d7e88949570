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
