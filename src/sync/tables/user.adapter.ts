// fc_user: a fid's registration time and custody address from the chain; each
// event sets the fields it carries and keeps the others.
import { innerOps, type TableAdapter } from './adapter';
import type { UserRow } from './rows';
import { timeValue, type TableSpec } from './table-sql';

const spec: TableSpec<UserRow> = {
  table: 'fc_user', key: ['fid'],
  columns: [
    { name: 'fid', type: 'int', value: (r) => r.fid },
    { name: 'registered_at', type: 'timestamptz', value: timeValue((r) => r.registered_at) },
    { name: 'custody_address', type: 'text', value: (r) => r.custody_address },
  ],
};

export const userAdapter: TableAdapter<'users', 'user'> = {
  slot: 'users', spec, keyOf: (r) => String(r.fid),
  selectors: (ops) => [{ columns: ['fid'], values: [innerOps(ops, 'user').map((o) => o.fid)] }],
  rules: {
    user: {
      // No stored time to distrust: a restore merges as usual.
      merge(b, o) {
        const key = String(o.fid);
        const row = b.users.current(key);
        const next = { fid: o.fid, registered_at: o.registeredAt ?? row?.registered_at ?? null, custody_address: o.custody ?? row?.custody_address ?? null };
        if (!row || row.registered_at?.getTime() !== next.registered_at?.getTime() || row.custody_address !== next.custody_address) b.users.set(key, next);
      },
    },
  },
};
