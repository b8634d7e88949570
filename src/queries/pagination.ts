// The paging rules of every list of the API. Two kinds of cursor, one set of
// rules: cursors are opaque to clients (base64url text only this module reads),
// a cursor this module did not write is refused with one message, and a page
// of `n` items is read as n + 1 rows, the extra row only telling that a next
// page exists.
import { badInput } from '../errors/app-error';

/** Page sizes (`first`, `limit`): 1..100 items, 20 when not given. */
export const PAGE_SIZE = { min: 1, max: 100, default: 20 } as const;

export interface PageInfo { hasNextPage: boolean; endCursor: string | null }

/** A cursor that does not decode, or decodes to something this API never writes. */
const notACursor = () => badInput('after is not a cursor returned by this API');

const encodeOpaque = (text: string) => Buffer.from(text).toString('base64url');
const decodeOpaque = (raw: string) => Buffer.from(raw, 'base64url').toString('utf8');

/** The rows to read for a page of `size`: one more, to know whether a next page exists. */
export const rowsToRead = (size: number) => size + 1;

/** The page's rows out of what was read with rowsToRead, and whether more follow. */
export function cutPage<R>(rows: readonly R[], size: number): { rows: R[]; hasNextPage: boolean } {
  return { rows: rows.slice(0, size), hasNextPage: rows.length > size };
}

// Keyset cursors: the (time, id) of a row; the next page starts strictly after
// it, so rows added meanwhile never shift a page.

export interface KeysetCursor { at: Date; id: string | number }

export function encodeKeysetCursor(c: KeysetCursor): string {
  return encodeOpaque(JSON.stringify([c.at.toISOString(), c.id]));
}

/** null when there is no cursor (first page). */
export function decodeKeysetCursor(raw: string | null | undefined): KeysetCursor | null {
  if (!raw) return null;
  try {
    const [at, id] = JSON.parse(decodeOpaque(raw)) as [string, string | number];
    const date = new Date(at);
    if (Number.isNaN(date.getTime()) || (typeof id !== 'string' && typeof id !== 'number')) throw new Error('shape');
    return { at: date, id };
  } catch {
    throw notACursor();
  }
}

/**
 * A keyset page from rows read with rowsToRead(first): each row with its cursor,
 * and the page info. endCursor is the last row's, even when the caller then
 * leaves that row out (a node that no longer resolves), so paging goes on.
 */
export function keysetPage<R>(rows: readonly R[], first: number, keyOf: (row: R) => KeysetCursor) {
  const page = cutPage(rows, first);
  const items = page.rows.map((row) => ({ row, cursor: encodeKeysetCursor(keyOf(row)) }));
  const pageInfo: PageInfo = { hasNextPage: page.hasNextPage, endCursor: items.at(-1)?.cursor ?? null };
  return { items, pageInfo };
}

// Offset cursors: a cursor and a 1-based page number address the same slice,
// for lists that report totalCount and page (the REST face pages by number).

const OFFSET_PREFIX = 'o:';
const MAX_OFFSET = 1_000_000_000;

export const encodeOffset = (offset: number) => encodeOpaque(`${OFFSET_PREFIX}${offset}`);

export function decodeOffset(raw: string): number {
  const text = decodeOpaque(raw);
  const digits = text.slice(OFFSET_PREFIX.length);
  const n = text.startsWith(OFFSET_PREFIX) && /^\d{1,9}$/.test(digits) ? Number(digits) : NaN;
  if (!Number.isSafeInteger(n)) throw notACursor();
  return n;
}

export interface PageWindow { limit: number; offset: number; page: number }

/** An offset-paged list's arguments: `first` items from `after` (a cursor) or of `page` (1-based). */
export interface OffsetPageRequest { first: number; after?: string | null; page?: number | null }

/** The slice asked for by `after` (a cursor) or `page` (1-based), never both; the first page when neither. */
export function pageWindow({ first, after, page }: OffsetPageRequest): PageWindow {
  if (after && page != null) throw badInput('give either after or page, not both');
  const offset = after ? decodeOffset(after) : ((page ?? 1) - 1) * first;
  if (offset > MAX_OFFSET) throw badInput('page is out of range');
  return { limit: first, offset, page: Math.floor(offset / first) + 1 };
}

/**
 * An offset-paged connection over one slice: `rows` were read with
 * rowsToRead(w.limit). `edge` may drop a row (null); its position still counts.
 */
export function offsetConnection<R, E>(w: PageWindow, total: number, rows: readonly R[], edge: (row: R, cursor: string) => E | null) {
  const page = cutPage(rows, w.limit);
  const edges = page.rows.flatMap((r, i) => { const e = edge(r, encodeOffset(w.offset + i + 1)); return e ? [e] : []; });
  const pageInfo: PageInfo = { hasNextPage: page.hasNextPage, endCursor: page.rows.length ? encodeOffset(w.offset + page.rows.length) : null };
  return { totalCount: total, page: w.page, totalPages: Math.ceil(total / w.limit), edges, pageInfo };
}
