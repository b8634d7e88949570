import { badInput } from '../errors/app-error';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A UTC day `YYYY-MM-DD` that exists on the calendar, else a 400 naming the argument. */
export function requireDay(name: string, value: string): string {
  if (!ISO_DAY.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)) || new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value) {
    throw badInput(`${name} must be a date YYYY-MM-DD; got "${value}"`);
  }
  return value;
}

/** An optional `YYYY-MM-DD` argument: null when absent, a 400 naming it when malformed. */
export const optionalDay = (name: string, value: string | null | undefined): string | null =>
  value === undefined || value === null ? null : requireDay(name, value);

/** Midnight UTC of a day, as answers print dates typed date-time (`2024-06-01T00:00:00.000Z`). */
export const dayStart = (day: string) => `${day}T00:00:00.000Z`;
