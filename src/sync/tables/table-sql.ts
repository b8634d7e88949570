// The two statements every fc_* table gets, built from its columns: the lock
// that loads the stored rows of a batch's keys (FOR UPDATE, so two writers of
// one key queue) and the upsert that stores the rows the batch leaves. Both
// send one array parameter per column, whatever the batch's size.
import type { SqlClient } from '../../db/sql-client';

/** A stored column: its SQL type, how a row gives its value, and how it is read and sent when that type is not enough. */
export interface ColumnSpec<R> {
  name: string;
  /** The element type of the array parameter it is sent in. */
  type: 'int' | 'bigint' | 'text' | 'timestamptz';
  value(row: R): unknown;
  /** The expression it is read as, when the driver's value of the column itself is not the row's (jsonb read as text). */
  read?: string;
  /** The column's type when it differs from `type`: sent as text because unnest cannot take a ragged array (int[]) or a jsonb[]. */
  cast?: 'jsonb' | 'int[]';
}

/** A table: its name, key (the conflict target) and the columns the sync reads and writes. */
export interface TableSpec<R> { table: string; key: readonly string[]; columns: readonly ColumnSpec<R>[] }

/** Rows to lock: those whose `columns` equal one of the tuples in `values` (one array per column). */
export interface KeySelector { columns: readonly string[]; values: readonly unknown[][] }

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** A timestamp column's value as sent: ISO text, which both drivers take for timestamptz[]. */
export const timeValue = <R>(get: (row: R) => Date | null) => (row: R) => iso(get(row));
/** An int[] column's value as sent: an array literal. */
export const intArrayValue = <R>(get: (row: R) => number[]) => (row: R) => `{${get(row).join(',')}}`;

function typeOf<R>(spec: TableSpec<R>, column: string): string {
  const c = spec.columns.find((x) => x.name === column);
  if (!c) throw new Error(`${spec.table} has no column ${column}`);
  return c.type;
}

/**
 * The stored rows the selectors name, locked for the transaction. A selector
 * with no values names nothing; with none left, nothing is read.
 */
export async function lockRows<R>(tx: SqlClient, spec: TableSpec<R>, selectors: readonly KeySelector[]): Promise<R[]> {
  const used = selectors.filter((s) => s.values[0]?.length);
  if (!used.length) return [];
  const params: unknown[] = [];
  const param = (column: string, values: unknown[]) => { params.push(values); return `$${params.length}::${typeOf(spec, column)}[]`; };
  const where = used.map((s) => (s.columns.length === 1
    ? `${s.columns[0]} = ANY(${param(s.columns[0], s.values[0])})`
    : `(${s.columns.join(', ')}) IN (SELECT * FROM unnest(${s.columns.map((c, i) => param(c, s.values[i])).join(', ')}))`));
  const columns = spec.columns.map((c) => (c.read ? `${c.read} AS ${c.name}` : c.name)).join(', ');
  return tx.query<R>(`SELECT ${columns} FROM ${spec.table} WHERE ${where.join(' OR ')} FOR UPDATE`, params);
}

const UPSERTS = new WeakMap<TableSpec<never>, string>();

/** `INSERT … SELECT … FROM unnest(…) ON CONFLICT (key) DO UPDATE` of every column outside the key. */
export function upsertSql<R>(spec: TableSpec<R>): string {
  const known = UPSERTS.get(spec);
  if (known) return known;
  const names = spec.columns.map((c) => c.name);
  const aliases = spec.columns.map((_, i) => `c${i}`);
  const text = `
    INSERT INTO ${spec.table} (${names.join(', ')})
    SELECT ${spec.columns.map((c, i) => (c.cast ? `${aliases[i]}::${c.cast}` : aliases[i])).join(', ')}
    FROM unnest(${spec.columns.map((c, i) => `$${i + 1}::${c.type}[]`).join(', ')}) AS x(${aliases.join(', ')})
    ON CONFLICT (${spec.key.join(', ')}) DO UPDATE SET ${names.filter((n) => !spec.key.includes(n)).map((n) => `${n} = EXCLUDED.${n}`).join(', ')}`;
  UPSERTS.set(spec, text);
  return text;
}

/** Stores `rows` (none: no statement). */
export async function upsertRows<R>(tx: SqlClient, spec: TableSpec<R>, rows: readonly R[]): Promise<void> {
  if (!rows.length) return;
  await tx.query(upsertSql(spec), spec.columns.map((c) => rows.map((r) => c.value(r))));
}
