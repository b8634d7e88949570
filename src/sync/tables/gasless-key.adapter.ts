// fc_gasless_key: the keys a fid added and removed by message, per (fid, key).
// The node does not order these by timestamp: it merges them in consensus
// order, and every KEY_ADD (and custody-signed KEY_REMOVE) must carry a user
// nonce above all the fid's earlier ones, so the nonce is that order. A re-add
// replaces the key's scopes and ttl; a remove deletes the add the key holds
// then, and the node's event names it. So the row keeps the add of the highest
// nonce and, apart, the highest add nonce a remove deleted: the key is active
// while that is below the add's, whatever order the messages come in. The
// node never prunes or revokes these; a retract still ends an add that is
// still the row's.
import type { KeyAddOp } from '../sync-ops';
import { innerOps, type TableAdapter } from './adapter';
import { pairKey, type BatchRows, type GaslessKeyRow } from './rows';
import { intArrayValue, timeValue, type TableSpec } from './table-sql';

const spec: TableSpec<GaslessKeyRow> = {
  table: 'fc_gasless_key', key: ['fid', 'key'],
  columns: [
    { name: 'fid', type: 'int', value: (r) => r.fid },
    { name: 'key', type: 'text', value: (r) => r.key },
    // Nonces are uint32, past int's range; read as float8 (exact for them) so both drivers give a number, not text.
    { name: 'nonce', type: 'bigint', read: 'nonce::float8', value: (r) => r.nonce },
    { name: 'scopes', type: 'text', cast: 'int[]', value: intArrayValue((r) => r.scopes) },
    { name: 'ttl', type: 'int', value: (r) => r.ttl },
    { name: 'added_at', type: 'timestamptz', value: timeValue((r) => r.added_at) },
    { name: 'removed_nonce', type: 'bigint', read: 'removed_nonce::float8', value: (r) => r.removed_nonce },
    { name: 'removed_at', type: 'timestamptz', value: timeValue((r) => r.removed_at) },
  ],
};

/** Whether the row's add is not deleted by a remove the sync has seen. */
const keyIsActive = (r: Pick<GaslessKeyRow, 'nonce' | 'removed_nonce'>) => r.removed_nonce === null || r.removed_nonce < r.nonce;

const addFields = (o: KeyAddOp) => ({ fid: o.fid, key: o.key, nonce: o.nonce, scopes: o.scopes, ttl: o.ttl, added_at: o.ts });

/** An add merged: it holds the key if its nonce is above the row's; what removes deleted stays known. */
function mergeAdd(b: BatchRows, o: KeyAddOp): void {
  const key = pairKey(o.fid, o.key);
  const row = b.gaslessKeys.current(key);
  if (!row) b.gaslessKeys.set(key, { ...addFields(o), removed_nonce: null, removed_at: null });
  else if (o.nonce > row.nonce) b.gaslessKeys.set(key, { ...row, ...addFields(o) });
}

export const gaslessKeyAdapter: TableAdapter<'gaslessKeys', 'keyAdd' | 'keyRemove'> = {
  slot: 'gaslessKeys', spec, keyOf: (r) => pairKey(r.fid, r.key),
  selectors(ops) {
    const k = innerOps(ops, 'keyAdd', 'keyRemove');
    return [{ columns: ['fid', 'key'], values: [k.map((o) => o.fid), k.map((o) => o.key)] }];
  },
  rules: {
    keyAdd: {
      merge(b, o, retract) {
        if (!retract) { mergeAdd(b, o); return; }
        const key = pairKey(o.fid, o.key);
        const row = b.gaslessKeys.current(key);
        if (row && row.nonce === o.nonce && keyIsActive(row)) {
          b.gaslessKeys.set(key, { ...row, removed_nonce: o.nonce, removed_at: new Date(Math.max(retract.at.getTime(), o.ts.getTime())) });
        }
      },
      // The node holds this add as the key's record: active, whatever removes the row knew of.
      restore: (b, o) => b.gaslessKeys.set(pairKey(o.fid, o.key), { ...addFields(o), removed_nonce: null, removed_at: null }),
    },
    keyRemove: {
      merge(b, o, retract) {
        // A remove taken back would not bring its add back on the node either.
        if (retract) return;
        if (o.removed) mergeAdd(b, o.removed);
        const key = pairKey(o.fid, o.key);
        // No row: the add it deleted was never seen; a stand-in of that nonce keeps a late copy of it from counting.
        const row = b.gaslessKeys.current(key)
          ?? { fid: o.fid, key: o.key, nonce: o.addNonce, scopes: [], ttl: 0, added_at: o.ts, removed_nonce: null, removed_at: null };
        if (row.removed_nonce === null || o.addNonce > row.removed_nonce) b.gaslessKeys.set(key, { ...row, removed_nonce: o.addNonce, removed_at: o.ts });
      },
    },
  },
};
