// fc_verification: a verified address per (fid, address), merged as an
// add/remove pair.
import { mergeTimed, restoreTimed } from '../merge-rules';
import { innerOps, type TableAdapter } from './adapter';
import { pairKey, type VerificationRow } from './rows';
import { timeValue, type TableSpec } from './table-sql';

const spec: TableSpec<VerificationRow> = {
  table: 'fc_verification', key: ['fid', 'address'],
  columns: [
    { name: 'fid', type: 'int', value: (r) => r.fid },
    { name: 'address', type: 'text', value: (r) => r.address },
    { name: 'protocol', type: 'text', value: (r) => r.protocol },
    { name: 'timestamp', type: 'timestamptz', value: timeValue((r) => r.timestamp) },
    { name: 'deleted_at', type: 'timestamptz', value: timeValue((r) => r.deleted_at) },
  ],
};

export const verificationAdapter: TableAdapter<'verifications', 'verification'> = {
  slot: 'verifications', spec, keyOf: (r) => pairKey(r.fid, r.address),
  selectors(ops) {
    const v = innerOps(ops, 'verification');
    return [{ columns: ['fid', 'address'], values: [v.map((o) => o.fid), v.map((o) => o.address)] }];
  },
  rules: {
    verification: {
      merge(b, o, retract) {
        const key = pairKey(o.fid, o.address);
        const row = b.verifications.current(key);
        const times = mergeTimed(row, o.ts, o.remove, retract?.at ?? null);
        if (times) b.verifications.set(key, retract && row ? { ...row, ...times } : { fid: o.fid, address: o.address, protocol: o.protocol, ...times });
      },
      restore(b, o) {
        const key = pairKey(o.fid, o.address);
        b.verifications.set(key, { fid: o.fid, address: o.address, protocol: o.protocol, ...restoreTimed(b.verifications.current(key), o.ts, o.remove) });
      },
    },
  },
};
