// fc_user_data: a profile value per (fid, type); the newest wins, and a pruned
// or revoked value ends if it is still the stored one.
import { mergeValue, retractValue } from '../merge-rules';
import { innerOps, type TableAdapter } from './adapter';
import { pairKey, type UserDataRow } from './rows';
import { timeValue, type TableSpec } from './table-sql';

const spec: TableSpec<UserDataRow> = {
  table: 'fc_user_data', key: ['fid', 'type'],
  columns: [
    { name: 'fid', type: 'int', value: (r) => r.fid },
    { name: 'type', type: 'int', value: (r) => r.type },
    { name: 'value', type: 'text', value: (r) => r.value },
    { name: 'timestamp', type: 'timestamptz', value: timeValue((r) => r.timestamp) },
    { name: 'deleted_at', type: 'timestamptz', value: timeValue((r) => r.deleted_at) },
  ],
};

export const userDataAdapter: TableAdapter<'userData', 'userData'> = {
  slot: 'userData', spec, keyOf: (r) => pairKey(r.fid, r.type),
  selectors(ops) {
    const u = innerOps(ops, 'userData');
    return [{ columns: ['fid', 'type'], values: [u.map((o) => o.fid), u.map((o) => o.type)] }];
  },
  rules: {
    userData: {
      merge(b, o, retract) {
        const key = pairKey(o.fid, o.type);
        const row = b.userData.current(key);
        const next = retract ? retractValue(row, o.value, o.ts, retract.at) : mergeValue(row, o.value, o.ts);
        if (next) b.userData.set(key, { fid: o.fid, type: o.type, ...next });
      },
      restore: (b, o) => b.userData.set(pairKey(o.fid, o.type), { fid: o.fid, type: o.type, value: o.value, timestamp: o.ts, deleted_at: null }),
    },
  },
};
