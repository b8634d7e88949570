// Pure parsers for dataset cells (already trimmed, never empty). Each returns null
// when the text is not a valid value, so the caller decides what makes a row bad.
// Numbers that Postgres stores exactly (numeric, bigint) stay strings: they never
// pass through a JS float.

// ISO 8601 or `YYYY-MM-DD HH:MM:SS[.ffffff]`, then `Z`, ` UTC` (BigQuery) or an offset.
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?\s*(Z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?$/i;
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d{1,3})?$/;
const INTEGER = /^[+-]?\d{1,19}$/;
const INT4_MAX = 2_147_483_647;
const INT8_MAX = 9_223_372_036_854_775_807n;

/**
 * An instant as an ISO UTC string with exactly six fraction digits, so two of them
 * compare correctly as strings; Postgres rounds to the column's precision.
 */
export function timestamp(text: string): string | null {
  const m = TIMESTAMP.exec(text);
  if (!m) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00', frac = '', zone] = m;
  if (!validDate(+y, +mo, +d) || +h > 23 || +mi > 59 || +s > 59) return null;
  const fraction = frac.length === 6 ? frac : frac.padEnd(6, '0').slice(0, 6);
  const offset = offsetMinutes(zone);
  // Most dumps are UTC already: the string is rebuilt without a Date (this runs per cell).
  if (offset === 0) return `${y}-${mo}-${d}T${h}:${mi}:${s}.${fraction}Z`;
  const ms = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s) - offset * 60_000;
  return `${new Date(ms).toISOString().slice(0, 19)}.${fraction}Z`;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function validDate(y: number, mo: number, d: number): boolean {
  if (y < 1000 || mo < 1 || mo > 12 || d < 1) return false; // Date.UTC maps years < 100 to 19xx
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return d <= (mo === 2 && leap ? 29 : DAYS_IN_MONTH[mo - 1]);
}

function offsetMinutes(zone: string | undefined): number {
  if (!zone || !/^[+-]/.test(zone)) return 0;
  const digits = zone.slice(1).replace(':', '');
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || 0);
  return zone[0] === '-' ? -minutes : minutes;
}

/** A calendar date `YYYY-MM-DD`; a full timestamp gives its UTC day. */
export function date(text: string): string | null {
  return timestamp(text)?.slice(0, 10) ?? null;
}

/** Postgres `integer`. */
export function int4(text: string): number | null {
  if (!INTEGER.test(text)) return null;
  const n = Number(text);
  return Math.abs(n) <= INT4_MAX ? n : null;
}

/** Postgres `bigint`, as its decimal string. */
export function int8(text: string): string | null {
  if (!INTEGER.test(text)) return null;
  const n = BigInt(text);
  return n <= INT8_MAX && n >= -INT8_MAX - 1n ? n.toString() : null;
}

/** An exact decimal (Postgres `numeric` input), kept as written. */
export function decimal(text: string): string | null {
  return DECIMAL.test(text) ? text : null;
}

/** Postgres `double precision`: any finite decimal, passed as text. */
export function float(text: string): string | null {
  return DECIMAL.test(text) && Number.isFinite(Number(text)) ? text : null;
}

export function bool(text: string): boolean | null {
  if (/^(?:true|t|1|yes|y)$/i.test(text)) return true;
  if (/^(?:false|f|0|no|n)$/i.test(text)) return false;
  return null;
}

/** JSON text; undefined when it does not parse (null is a valid JSON value). */
export function json(text: string): unknown {
  try { return JSON.parse(text); } catch { return undefined; }
}

/** A JSON array of integers, or a Postgres array literal `{1,2}`. */
export function intArray(text: string): number[] | null {
  const items = text.startsWith('{') ? text.slice(1, -1).split(',').filter((s) => s.trim() !== '') : json(text);
  if (!Array.isArray(items)) return null;
  const out = items.map((v) => int4(String(v).trim()));
  return out.every((n): n is number => n !== null) ? out : null;
}

/** A JSON array of strings. */
export function stringArray(text: string): string[] | null {
  const items = json(text);
  if (!Array.isArray(items) || !items.every((v) => typeof v === 'string')) return null;
  return items;
}

const TSVECTOR = /^(?:'(?:[^']|'')*'(?::[\d,A-D]+)?\s*)+$/;

/**
 * Tags: a JSON array of strings, or the text form of a Postgres tsvector (`'gm':1 'lens'`),
 * which is what Lens's `tags_vector` columns hold.
 */
export function tagList(text: string): string[] | null {
  if (text.startsWith('[')) return stringArray(text);
  if (!TSVECTOR.test(text)) return null;
  return [...text.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1].replace(/''/g, "'"));
}

/** Text as written (trimmed), for required text columns. */
export const asIs = (text: string): string => text;
