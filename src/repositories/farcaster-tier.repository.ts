// A fid's Pro subscription from its tier purchases (fc_tier_purchase), by the
// node's rule: in chain order, each purchase extends its days from the later of
// its own time and the expiry before it. Unrolled, the expiry is the latest of
// (a purchase's time + the days of it and of every purchase after it), which is
// one window sum over the fid's purchases.
import type { Database } from '../db/database';

/** TierType.Pro in Farcaster's protobufs. */
export const PRO_TIER = 1;

export interface TierExpiryRow { fid: number; expires_at: Date }

/** The Pro expiry of each fid that ever bought Pro (fids that never did are left out). */
export function proExpiries(db: Database, fids: readonly number[]): Promise<TierExpiryRow[]> {
  return db.read<TierExpiryRow>(`
    SELECT fid, max(purchased_at + days_from_here * interval '1 day') AS expires_at FROM (
      SELECT p.fid, p.purchased_at, sum(p.for_days) OVER (
        PARTITION BY p.fid ORDER BY p.purchased_at, p.block_number, p.log_index ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING) AS days_from_here
      FROM fc_tier_purchase p WHERE p.fid = ANY($1::int[]) AND p.tier_type = ${PRO_TIER}) x
    GROUP BY fid`, [...fids]);
}
