// The keys fids added by message and have not removed (fc_gasless_key; its
// adapter in src/sync/tables/ says how the node's order is kept): a key is
// active while no remove is known to have deleted the add it holds.
import type { Database } from '../db/database';

export interface ActiveKeysRow { fid: number; active_keys: number }

/** Active keys per fid asked for (fids with none are left out). */
export function activeKeyCounts(db: Database, fids: readonly number[]): Promise<ActiveKeysRow[]> {
  return db.read<ActiveKeysRow>(`
    SELECT k.fid, count(*)::int AS active_keys FROM fc_gasless_key k
    WHERE k.fid = ANY($1::int[]) AND (k.removed_nonce IS NULL OR k.removed_nonce < k.nonce)
    GROUP BY k.fid`, [...fids]);
}
