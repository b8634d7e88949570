// What the two kinds of page read (queries/pagination.ts decides it) and the
// SQL fragments that read it: a keyset page's cursor condition, read order and
// look beyond its cursor, and an offset page's order, flipped to read a list
// from its end. Lists are ordered by terms given once; paging backward reads
// them in the flipped order and the caller turns the rows back.

/** A keyset cursor: the (time, id) of a row. */
export interface KeysetCursor { at: Date; id: string | number }

/**
 * What a keyset page reads: `limit` rows from the cursor (exclusive) towards the
 * paging direction, in that direction's order (backward: oldest first, i.e. the
 * list order flipped), and whether a row lies at or beyond the cursor the other way.
 */
export interface KeysetRead { limit: number; backward: boolean; cursor: KeysetCursor | null }

/**
 * What an offset page reads: `limit` rows after skipping `offset`, in list
 * order, or (`fromEnd`) in flipped order from the end of the list. Every
 * parent of a nested field reads the same window, so one statement serves them all.
 */
export interface OffsetRead { limit: number; offset: number; fromEnd: boolean }

/** One ORDER BY term of a list, in list order. */
export type OrderTerm = readonly [expr: string, direction: 'ASC' | 'DESC'];

/** ORDER BY text of `terms`, each flipped when reading from the other end. */
export const orderBy = (terms: readonly OrderTerm[], flip = false): string =>
  terms.map(([expr, dir]) => `${expr} ${(dir === 'DESC') !== flip ? 'DESC' : 'ASC'}`).join(', ');

/** How ids order: the terms for a row comparison and for ORDER BY (as an IdKind of domain/protocols). */
export interface IdOrder { keys(expr: string): string }

/** A keyset list newest first: by `time` descending, ties by the id's keys descending. */
export interface KeysetList {
  time: string;
  id: string;
  ids: IdOrder;
  /** SQL type of the cursor's id parameter. */
  idType: string;
}

export interface KeysetSql {
  /** `AND <row is past the cursor in read order>`, or '' without a cursor. */
  page: string;
  /** ORDER BY text of the read: the list order, flipped when paging backward. */
  order: string;
  /** Condition of a row at or beyond the cursor on the side the read moves away from; null without a cursor. */
  beyond: string | null;
  params: unknown[];
}

/** The keyset clauses of `read`; the cursor's time and id become parameters $n and $n+1. */
export function keysetSql(list: KeysetList, read: KeysetRead, n: number): KeysetSql {
  const keyTerms = list.ids.keys(list.id).split(', ');
  const order = orderBy([[list.time, 'DESC'], ...keyTerms.map((t): OrderTerm => [t, 'DESC'])], read.backward);
  if (!read.cursor) return { page: '', order, beyond: null, params: [] };
  const row = `(${list.time}, ${list.ids.keys(list.id)})`;
  const cursor = `($${n}::timestamptz, ${list.ids.keys(`$${n + 1}::${list.idType}`)})`;
  // Newest first: forward moves to smaller keys, backward to larger ones.
  const [past, beyond] = read.backward ? ['>', '<='] : ['<', '>='];
  return {
    page: `AND ${row} ${past} ${cursor}`, order, beyond: `${row} ${beyond} ${cursor}`,
    params: [read.cursor.at, String(read.cursor.id)],
  };
}

/**
 * The parents (`x`) joined to their pages (`lateral`, aliased `alias`), with a
 * `beyond` column: whether the parent's list has a row beyond the cursor
 * (`base`: the list's rows of parent x). With a cursor a parent whose page is
 * empty still answers one row, its page columns null, to carry that flag.
 */
export function keysetJoin(k: KeysetSql, base: { from: string; where: string }, lateral: string, alias: string): { join: string; beyond: string } {
  if (k.beyond === null) return { join: `CROSS JOIN LATERAL (${lateral}) ${alias}`, beyond: 'false AS beyond' };
  return {
    join: `CROSS JOIN LATERAL (SELECT EXISTS (SELECT 1 FROM ${base.from} WHERE ${base.where} AND ${k.beyond}) AS beyond) kb
    LEFT JOIN LATERAL (${lateral}) ${alias} ON true`,
    beyond: 'kb.beyond',
  };
}
