// fc_fname: an fname or ENS name per (fid, fname). A remove ends a live row (or
// stands in for an add not seen yet); an add brings back a row ended no later
// than it. Retracts change nothing: names are not pruned or revoked.
import { innerOps, type TableAdapter } from './adapter';
import { pairKey, type FnameRow } from './rows';
import { timeValue, type TableSpec } from './table-sql';

const spec: TableSpec<FnameRow> = {
  table: 'fc_fname', key: ['fid', 'fname'],
  columns: [
    { name: 'fid', type: 'int', value: (r) => r.fid },
    { name: 'fname', type: 'text', value: (r) => r.fname },
    { name: 'deleted_at', type: 'timestamptz', value: timeValue((r) => r.deleted_at) },
  ],
};

export const fnameAdapter: TableAdapter<'fnames', 'fname'> = {
  slot: 'fnames', spec, keyOf: (r) => pairKey(r.fid, r.fname),
  selectors(ops) {
    const f = innerOps(ops, 'fname');
    return [{ columns: ['fid', 'fname'], values: [f.map((o) => o.fid), f.map((o) => o.fname)] }];
  },
  rules: {
    fname: {
      // No stored time to distrust: a restore merges as usual.
      merge(b, o, retract) {
        const key = pairKey(o.fid, o.fname);
        const row = b.fnames.current(key);
        if (retract) return;
        if (o.remove) {
          if (!row || row.deleted_at === null) b.fnames.set(key, { fid: o.fid, fname: o.fname, deleted_at: o.ts });
        } else if (!row || (row.deleted_at !== null && row.deleted_at.getTime() <= o.ts.getTime())) {
          b.fnames.set(key, { fid: o.fid, fname: o.fname, deleted_at: null });
        }
      },
    },
  },
};
