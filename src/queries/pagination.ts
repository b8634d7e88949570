// The paging rules of every list of the API (Relay cursor connections). Two
// kinds of cursor, one set of rules: cursors are opaque to clients (base64url
// text only this module reads), a cursor this module did not write is refused
// with one message, and a page of `n` items is read as n + 1 rows, the extra
// row only telling that more rows lie in the paging direction.
//
// A list pages forward (`first` items from `after`, or from the start) or
// backward (`last` items up to `before`, or up to the end); edges are always
// in list order. hasNextPage / hasPreviousPage are exact in both directions:
// the side the page was read towards from the extra row, the other side from
// the cursor (keyset: whether a row lies at or beyond it; offset: its position).
import { badInput } from '../errors/app-error';
import type { KeysetCursor, KeysetRead, OffsetRead } from '../repositories/paging.sql';

export type { KeysetCursor, KeysetRead, OffsetRead };

import { PAGE_SIZE } from '../domain/paging';

export { PAGE_SIZE };

export interface PageInfo { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null }

/** A connection's paging arguments as the client gave them. */
export interface PageRequest { first?: number | null; after?: string | null; last?: number | null; before?: string | null }
/** Offset-paged lists also take a 1-based `page` of `first` items (the REST face pages this way). */
export interface OffsetPageRequest extends PageRequest { page?: number | null }

/** What was asked: `size` items forward from `cursor` (or the start), or backward up to it (or the end). */
export interface Paging { size: number; backward: boolean; cursor: string | null }

/** A cursor that does not decode, or decodes to something this API never writes. */
const notACursor = (arg: 'after' | 'before') => badInput(`${arg} is not a cursor returned by this API`);

const encodeOpaque = (text: string) => Buffer.from(text).toString('base64url');
const decodeOpaque = (raw: string) => Buffer.from(raw, 'base64url').toString('utf8');

/**
 * The direction and size of a request. One direction per request: `first` goes
 * with `after` (and `page`), `last` with `before`; anything mixed is refused
 * rather than guessed at. An empty cursor is no cursor.
 */
export function pagingOf(r: OffsetPageRequest): Paging {
  if (r.first != null && r.last != null) throw badInput('give either first or last, not both');
  if (r.after && r.before) throw badInput('give either after or before, not both');
  if (r.after && r.page != null) throw badInput('give either after or page, not both');
  if (r.page != null && (r.last != null || r.before)) throw badInput('page counts from the start of the list: use it with first, not with last or before');
  if (r.before && r.first != null) throw badInput('before pages backward: use it with last, not first');
  if (r.after && r.last != null) throw badInput('after pages forward: use it with first, not last');
  const backward = r.last != null || !!r.before;
  return { size: (backward ? r.last : r.first) ?? PAGE_SIZE.default, backward, cursor: (backward ? r.before : r.after) || null };
}

/** The rows to read for a page of `size`: one more, to know whether more follow. */
export const rowsToRead = (size: number) => size + 1;

/** The page's rows out of what was read with rowsToRead, and whether more follow. */
export function cutPage<R>(rows: readonly R[], size: number): { rows: R[]; hasNextPage: boolean } {
  return { rows: rows.slice(0, size), hasNextPage: rows.length > size };
}

const pageInfoOf = (cursors: readonly string[], hasPreviousPage: boolean, hasNextPage: boolean): PageInfo => ({
  hasNextPage, hasPreviousPage, startCursor: cursors[0] ?? null, endCursor: cursors.at(-1) ?? null,
});

/**
 * A list's page as resolvers get it: each row with its cursor, the page info,
 * and the list's total, read only when a client asks for it (a count is its own
 * statement). `page` is set on offset-paged lists.
 */
export interface ListPage<R> {
  items: { row: R; cursor: string }[];
  pageInfo: PageInfo;
  size: number;
  /** Offset pages know it; a keyset page counts the rows ahead of it, when a client asks. */
  page?: number | (() => Promise<number>);
  total: () => Promise<number>;
}

// Keyset cursors: the (time, id) of a row. Rows added meanwhile never shift a page.

export function encodeKeysetCursor(c: KeysetCursor): string {
  return encodeOpaque(JSON.stringify([c.at.toISOString(), c.id]));
}

/** null when there is no cursor. */
export function decodeKeysetCursor(raw: string | null | undefined, arg: 'after' | 'before' = 'after'): KeysetCursor | null {
  if (!raw) return null;
  try {
    const [at, id] = JSON.parse(decodeOpaque(raw)) as [string, string | number];
    const date = new Date(at);
    if (Number.isNaN(date.getTime()) || (typeof id !== 'string' && typeof id !== 'number')) throw new Error('shape');
    return { at: date, id };
  } catch {
    throw notACursor(arg);
  }
}

export function keysetRead(r: PageRequest): KeysetRead & { size: number } {
  const p = pagingOf(r);
  return { size: p.size, limit: rowsToRead(p.size), backward: p.backward, cursor: decodeKeysetCursor(p.cursor, p.backward ? 'before' : 'after') };
}

/**
 * A keyset page from the rows of a KeysetRead (in read order) and whether rows
 * lie beyond its cursor. Edges come out in list order. A cursor is its row's
 * key, so an edge the caller then leaves out (a node that no longer resolves)
 * does not stop paging.
 */
export function keysetPage<R>(read: KeysetRead & { size: number }, rows: readonly R[], beyond: boolean, keyOf: (row: R) => KeysetCursor, total: () => Promise<number>): ListPage<R> {
  return cursorPage(read, rows, beyond, (row) => encodeKeysetCursor(keyOf(row)), total);
}

/**
 * keysetPage for a list whose cursors have a format of their own (`cursorOf`
 * writes one): `rows` as read (size + 1 of them, in the paging direction) and
 * whether rows lie beyond the request's cursor the other way.
 */
export function cursorPage<R>(p: { size: number; backward: boolean }, rows: readonly R[], beyond: boolean, cursorOf: (row: R) => string, total: () => Promise<number>): ListPage<R> {
  const cut = cutPage(rows, p.size);
  const inOrder = p.backward ? cut.rows.reverse() : cut.rows;
  const items = inOrder.map((row) => ({ row, cursor: cursorOf(row) }));
  const cursors = items.map((i) => i.cursor);
  const pageInfo = p.backward ? pageInfoOf(cursors, cut.hasNextPage, beyond) : pageInfoOf(cursors, beyond, cut.hasNextPage);
  return { items, pageInfo, size: p.size, total };
}

/**
 * A keyset page's 1-based page number, as an offset page of the same size
 * starting at its first item would have: the rows ahead of that item, ÷ the
 * size, + 1. `ahead` counts the rows before a key in list order. An empty page
 * after a cursor lies past every row; any other empty page at the start.
 */
export function keysetPageNumber<R>(read: KeysetRead & { size: number }, page: ListPage<R>, keyOf: (row: R) => KeysetCursor, ahead: (key: KeysetCursor) => Promise<number>, total: () => Promise<number>): () => Promise<number> {
  const first = page.items[0];
  const rowsAhead = first ? () => ahead(keyOf(first.row)) : !read.backward && read.cursor ? total : async () => 0;
  return async () => Math.floor((await rowsAhead()) / read.size) + 1;
}

/**
 * The same page with keyset cursors: an offset read of a keyset list (the REST
 * face's `page`, an offset cursor of an earlier version) answers cursors a
 * client then pages on by key.
 */
export function withKeysetCursors<R, P extends ListPage<R>>(page: P, keyOf: (row: R) => KeysetCursor): P {
  const items = page.items.map(({ row }) => ({ row, cursor: encodeKeysetCursor(keyOf(row)) }));
  return { ...page, items, pageInfo: { ...page.pageInfo, startCursor: items[0]?.cursor ?? null, endCursor: items.at(-1)?.cursor ?? null } };
}

// Offset cursors: the position after a row (1 for the first row). A cursor and
// a 1-based page number address the same slice.

const OFFSET_PREFIX = 'o:';
const MAX_OFFSET = 1_000_000_000;

export const encodeOffset = (offset: number) => encodeOpaque(`${OFFSET_PREFIX}${offset}`);

export function decodeOffset(raw: string, arg: 'after' | 'before' = 'after'): number {
  const text = decodeOpaque(raw);
  const digits = text.slice(OFFSET_PREFIX.length);
  const n = text.startsWith(OFFSET_PREFIX) && /^\d{1,9}$/.test(digits) ? Number(digits) : NaN;
  if (!Number.isSafeInteger(n)) throw notACursor(arg);
  return n;
}

/**
 * Whether a keyset list's request is read by position: a `page` number, or an
 * offset cursor (`o:N`) written before the list was keyset-paged, accepted so
 * that a client paging across that change goes on where it was.
 */
export function pagesByOffset(r: OffsetPageRequest): boolean {
  const cursor = r.after || r.before;
  return r.page != null || (!!cursor && decodeOpaque(cursor).startsWith(OFFSET_PREFIX));
}

export interface OffsetPlan {
  size: number;
  /** null: nothing to read (a page ending before the first row). */
  read: OffsetRead | null;
  /** Forward: the first row's position; backward before a cursor: likewise; `last` alone: unknown until the total is. */
  start: number | null;
  /** Backward before a cursor: the cursor row's position (the page ends just before it). */
  end: number | null;
  backward: boolean;
}

/**
 * The slice asked for. Forward: `first` rows from `after` (a cursor) or of
 * `page`; `last` before a cursor: the `last` positions before it; `last` alone:
 * the end of the list, read backward so that no parent needs its total first.
 */
export function offsetPlan(r: OffsetPageRequest): OffsetPlan {
  const p = pagingOf(r);
  if (!p.backward) {
    const offset = p.cursor ? decodeOffset(p.cursor) : ((r.page ?? 1) - 1) * p.size;
    if (offset > MAX_OFFSET) throw badInput('page is out of range');
    return { size: p.size, read: { limit: rowsToRead(p.size), offset, fromEnd: false }, start: offset, end: null, backward: false };
  }
  if (!p.cursor) return { size: p.size, read: { limit: rowsToRead(p.size), offset: 0, fromEnd: true }, start: null, end: null, backward: true };
  const end = Math.max(decodeOffset(p.cursor, 'before') - 1, 0);
  const start = Math.max(end - p.size, 0);
  return { size: p.size, read: end > start ? { limit: end - start, offset: start, fromEnd: false } : null, start, end, backward: true };
}

/**
 * An offset page over the rows of an OffsetPlan's read (in read order). The
 * total is awaited only where the page needs it (positions counted from the
 * end, a cursor at or past the end); `edge` may drop a row later, its position still counts.
 */
export async function offsetPage<R>(plan: OffsetPlan, rows: readonly R[], total: () => Promise<number>): Promise<ListPage<R> & { page: number }> {
  let start: number;
  let kept: R[];
  let hasPreviousPage: boolean;
  let hasNextPage: boolean;
  if (!plan.backward) {
    start = plan.start as number;
    const cut = cutPage(rows, plan.size);
    kept = cut.rows;
    hasNextPage = cut.hasNextPage;
    // Rows lie before the page when it skipped any that exist.
    hasPreviousPage = start > 0 && (kept.length > 0 || (await total()) > 0);
  } else if (plan.start === null) {
    const cut = cutPage(rows, plan.size);
    kept = cut.rows.reverse();
    start = Math.max((await total()) - kept.length, 0);
    hasPreviousPage = cut.hasNextPage;
    hasNextPage = false;
  } else {
    start = plan.start;
    kept = [...rows];
    hasPreviousPage = start > 0;
    // The cursor's own row (or a later one) still exists.
    hasNextPage = (plan.end as number) < (await total());
  }
  const items = kept.map((row, i) => ({ row, cursor: encodeOffset(start + i + 1) }));
  const pageInfo = pageInfoOf(items.map((i) => i.cursor), hasPreviousPage, hasNextPage);
  return { items, pageInfo, size: plan.size, page: Math.floor(start / plan.size) + 1, total };
}

/** An offset-paged list's page: its rows read by `load` (one statement for every parent), its total read by `total` when needed. */
export async function readOffsetList<R>(plan: OffsetPlan, load: (read: OffsetRead) => Promise<R[]>, total: () => Promise<number>): Promise<ListPage<R> & { page: number }> {
  return offsetPage(plan, plan.read ? await load(plan.read) : [], total);
}

/**
 * A keyset list's page. `load` answers rows with the `beyond` flag (see
 * repositories/paging.sql.ts), and for an empty page one row that only carries
 * it: `present` turns a row into its item, or null for that row.
 */
export async function readKeysetList<R extends { beyond: boolean }, T>(
  read: KeysetRead & { size: number }, load: (read: KeysetRead) => Promise<R[]>, present: (row: R) => T | null,
  keyOf: (item: T) => KeysetCursor, total: () => Promise<number>,
): Promise<ListPage<T>> {
  const rows = await load(read);
  const items = rows.flatMap((r) => { const item = present(r); return item === null ? [] : [item]; });
  return keysetPage(read, items, rows.some((r) => r.beyond), keyOf, total);
}
