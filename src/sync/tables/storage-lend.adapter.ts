// fc_storage_lend: what a fid lends to another fid, one row per pair. The
// node's lend store keeps one message per (lender, borrower), the greatest by
// timestamp then hash, with no remove type: a later lend replaces the earlier
// whatever its units or unit type, and a lend of 0 units (how a lend is taken
// back) is pruned as it merges. A prune or revoke ends the row only while it
// is still that message's, and never brings back the one it had replaced.
import type { StorageLendOp } from '../sync-ops';
import { innerOps, type TableAdapter } from './adapter';
import { pairKey, type StorageLendRow } from './rows';
import { timeValue, type TableSpec } from './table-sql';

const spec: TableSpec<StorageLendRow> = {
  table: 'fc_storage_lend', key: ['fid', 'to_fid'],
  columns: [
    { name: 'fid', type: 'int', value: (r) => r.fid },
    { name: 'to_fid', type: 'int', value: (r) => r.to_fid },
    { name: 'num_units', type: 'int', value: (r) => r.num_units },
    { name: 'unit_type', type: 'int', value: (r) => r.unit_type },
    { name: 'timestamp', type: 'timestamptz', value: timeValue((r) => r.timestamp) },
    { name: 'hash', type: 'text', value: (r) => r.hash },
    { name: 'deleted_at', type: 'timestamptz', value: timeValue((r) => r.deleted_at) },
  ],
};

/** The node's order of two messages for one slot: timestamp, then hash (lowercase hex of equal length orders as the bytes do). */
function isNewer(o: StorageLendOp, row: StorageLendRow): boolean {
  const [a, b] = [o.ts.getTime(), row.timestamp.getTime()];
  return a !== b ? a > b : o.hash > row.hash;
}

const lendRow = (o: StorageLendOp): StorageLendRow => ({
  fid: o.fid, to_fid: o.toFid, num_units: o.units, unit_type: o.unitType, timestamp: o.ts, hash: o.hash, deleted_at: null,
});

export const storageLendAdapter: TableAdapter<'storageLends', 'storageLend'> = {
  slot: 'storageLends', spec, keyOf: (r) => pairKey(r.fid, r.to_fid),
  selectors(ops) {
    const l = innerOps(ops, 'storageLend');
    return [{ columns: ['fid', 'to_fid'], values: [l.map((o) => o.fid), l.map((o) => o.toFid)] }];
  },
  rules: {
    storageLend: {
      merge(b, o, retract) {
        const key = pairKey(o.fid, o.toFid);
        const row = b.storageLends.current(key);
        if (retract) {
          if (row && row.deleted_at === null && row.hash === o.hash) {
            b.storageLends.set(key, { ...row, deleted_at: new Date(Math.max(retract.at.getTime(), o.ts.getTime())) });
          }
          return;
        }
        if (!row || isNewer(o, row)) b.storageLends.set(key, lendRow(o));
      },
      restore: (b, o) => b.storageLends.set(pairKey(o.fid, o.toFid), lendRow(o)),
    },
  },
};
