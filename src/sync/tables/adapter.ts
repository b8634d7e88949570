// What the writer (apply-ops.ts) knows of one fc_* table: its columns (for the
// lock and the upsert), the key of a row in the batch's view, which stored rows
// a batch's ops need, and the merge rule of each op kind it stores. Adding a
// table is adding an adapter to the list in apply-ops.ts.
import type { SqlClient } from '../../db/sql-client';
import type { AnyOp, RetractOp, SyncOp } from '../sync-ops';
import type { BatchRows, RowOf, Slot } from './rows';
import { lockRows, upsertRows, type KeySelector, type TableSpec } from './table-sql';

export type OpKind = SyncOp['kind'];
export type OpOf<K extends OpKind> = Extract<SyncOp, { kind: K }>;

/** How one op kind changes the batch's view of its rows. */
export interface OpRule<K extends OpKind> {
  /** An op as it arrived; `retract` set when it is the prune or revoke of `op`. Order-independent (merge-rules.ts). */
  merge(b: BatchRows, op: OpOf<K>, retract: RetractOp | null): void;
  /** A reconcile's repair: the row becomes what the node's message says. Without it, the op is merged as usual. */
  restore?(b: BatchRows, op: OpOf<K>): void;
}

export interface TableAdapter<S extends Slot, K extends OpKind> {
  slot: S;
  spec: TableSpec<RowOf<S>>;
  keyOf(row: RowOf<S>): string;
  /** The stored rows the batch's ops can read or change (`ops` as given, retracts and restores included). */
  selectors(ops: readonly AnyOp[]): KeySelector[];
  rules: { [P in K]: OpRule<P> };
  /** Runs after the table's rows are stored, in the same transaction (a cast's thread root). */
  afterWrite?(tx: SqlClient, rows: readonly RowOf<S>[]): Promise<void>;
}

/** The ops of one kind among `ops`, retracted and restored ones by their inner op. */
export const innerOps = <K extends OpKind>(ops: readonly AnyOp[], ...kinds: K[]): OpOf<K>[] =>
  ops.map((o) => (o.kind === 'retract' || o.kind === 'restore' ? o.op : o))
    .filter((o): o is OpOf<K> => (kinds as string[]).includes(o.kind));

/** An adapter's two statements over the batch's rows, whatever its row type: what the writer runs per table. */
export interface TableSteps {
  /** Loads and locks the stored rows the batch's ops need. */
  lock(tx: SqlClient, ops: readonly AnyOp[], b: BatchRows): Promise<void>;
  /** Stores the rows the batch left (then `afterWrite`). */
  write(tx: SqlClient, b: BatchRows): Promise<void>;
}

export function tableSteps<S extends Slot, K extends OpKind>(a: TableAdapter<S, K>): TableSteps {
  return {
    async lock(tx, ops, b) {
      const rows = b[a.slot];
      for (const row of await lockRows(tx, a.spec, a.selectors(ops))) rows.loaded.set(a.keyOf(row), row);
    },
    async write(tx, b) {
      const rows = [...b[a.slot].next.values()];
      await upsertRows(tx, a.spec, rows);
      if (rows.length && a.afterWrite) await a.afterWrite(tx, rows);
    },
  };
}
