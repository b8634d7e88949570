// fc_storage_rent: a fid's storage rents on chain. Like a tier purchase, an
// on-chain event never changes once merged: stored once and kept, never
// pruned or revoked. Which units count now is read from them, not stored.
import { innerOps, type TableAdapter } from './adapter';
import { chainEventKey, type StorageRentRow } from './rows';
import { timeValue, type TableSpec } from './table-sql';

const spec: TableSpec<StorageRentRow> = {
  table: 'fc_storage_rent', key: ['fid', 'block_number', 'log_index'],
  columns: [
    { name: 'fid', type: 'int', value: (r) => r.fid },
    { name: 'block_number', type: 'bigint', value: (r) => r.block_number },
    { name: 'log_index', type: 'int', value: (r) => r.log_index },
    { name: 'units', type: 'int', value: (r) => r.units },
    { name: 'rented_at', type: 'timestamptz', value: timeValue((r) => r.rented_at) },
    { name: 'expiry', type: 'timestamptz', value: timeValue((r) => r.expiry) },
    { name: 'payer', type: 'text', value: (r) => r.payer },
  ],
};

export const storageRentAdapter: TableAdapter<'storageRents', 'storageRent'> = {
  slot: 'storageRents', spec, keyOf: (r) => chainEventKey(r.fid, r.block_number, r.log_index),
  selectors: (ops) => {
    const rents = innerOps(ops, 'storageRent');
    return [{ columns: ['fid', 'block_number', 'log_index'], values: [rents.map((o) => o.fid), rents.map((o) => o.blockNumber), rents.map((o) => o.logIndex)] }];
  },
  rules: {
    storageRent: {
      merge(b, o) {
        const key = chainEventKey(o.fid, o.blockNumber, o.logIndex);
        if (b.storageRents.current(key)) return;
        b.storageRents.set(key, {
          fid: o.fid, block_number: o.blockNumber, log_index: o.logIndex, units: o.units, rented_at: o.rentedAt, expiry: o.expiry, payer: o.payer,
        });
      },
    },
  },
};
