// fc_tier_purchase: a fid's tier purchases on chain. An on-chain event never
// changes once merged, so a purchase is stored once and kept; it is never
// pruned or revoked.
import { innerOps, type TableAdapter } from './adapter';
import { chainEventKey, type TierPurchaseRow } from './rows';
import { timeValue, type TableSpec } from './table-sql';

const spec: TableSpec<TierPurchaseRow> = {
  table: 'fc_tier_purchase', key: ['fid', 'block_number', 'log_index'],
  columns: [
    { name: 'fid', type: 'int', value: (r) => r.fid },
    { name: 'block_number', type: 'bigint', value: (r) => r.block_number },
    { name: 'log_index', type: 'int', value: (r) => r.log_index },
    { name: 'tier_type', type: 'int', value: (r) => r.tier_type },
    { name: 'for_days', type: 'int', value: (r) => r.for_days },
    { name: 'purchased_at', type: 'timestamptz', value: timeValue((r) => r.purchased_at) },
  ],
};

export const tierPurchaseAdapter: TableAdapter<'tierPurchases', 'tierPurchase'> = {
  slot: 'tierPurchases', spec, keyOf: (r) => chainEventKey(r.fid, r.block_number, r.log_index),
  selectors: (ops) => {
    const purchases = innerOps(ops, 'tierPurchase');
    return [{ columns: ['fid', 'block_number', 'log_index'], values: [purchases.map((o) => o.fid), purchases.map((o) => o.blockNumber), purchases.map((o) => o.logIndex)] }];
  },
  rules: {
    tierPurchase: {
      merge(b, o) {
        const key = chainEventKey(o.fid, o.blockNumber, o.logIndex);
        if (b.tierPurchases.current(key)) return;
        b.tierPurchases.set(key, {
          fid: o.fid, block_number: o.blockNumber, log_index: o.logIndex, tier_type: o.tierType, for_days: o.forDays, purchased_at: o.purchasedAt,
        });
      },
    },
  },
};
