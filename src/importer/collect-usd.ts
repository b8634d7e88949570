// The USD value of a collect whose record has no usd_amount: amount × the USD price
// of its currency's token on that UTC day — the newest token_price row of that day,
// else the newest earlier one — matching token.symbol case-insensitively; 0 when
// there is no such price. A symbol on several chains (USDC) takes the token with the
// lowest id on a tie. Rates are looked up once per (currency, day), not per row.
import type { SqlClient } from '../db/sql-client';

/** The price SQL for a currency (uppercase) and a UTC date, both SQL expressions. */
export const usdRate = (currency: string, day: string) => `(
  SELECT tp.price_usd FROM token tok JOIN token_price tp ON tp.token_id = tok.id
  WHERE upper(tok.symbol) = ${currency} AND tp.created_at < ((${day}) + 1)::timestamp AT TIME ZONE 'UTC'
  ORDER BY tp.created_at DESC, tok.id, tp.id DESC LIMIT 1)`;

/** The UTC day of a timestamptz column. */
export const utcDay = (column: string) => `(${column} AT TIME ZONE 'UTC')::date`;

/** Rows whose usd_amount must be derived (over alias a). */
export const needsRate = (a: string) => `${a}.is_collect AND ${a}.amount IS NOT NULL AND ${a}.currency IS NOT NULL`;

/** A WITH item `rate(cur, day, usd)` for the acts of a relation (alias a) filtered by `where`. */
export const rateCte = (from: string, where: string) => `rate AS (
  SELECT want.cur, want.day, ${usdRate('want.cur', 'want.day')} AS usd
  FROM (SELECT DISTINCT upper(a.currency) AS cur, ${utcDay('a."timestamp"')} AS day FROM ${from} a WHERE ${where}) want)`;

/**
 * Collects merged before their currency's prices were imported got 0; once prices
 * exist, they get their value. (A record that itself says usd_amount 0 for a
 * non-zero amount is indistinguishable and is valued the same way.)
 */
export async function refillCollectUsd(sql: SqlClient): Promise<void> {
  const stale = `${needsRate('a')} AND COALESCE(a.usd_amount, 0) = 0 AND a.amount <> 0`;
  await sql.exec(`WITH ${rateCte('lens_act', stale)}
    UPDATE lens_act a SET usd_amount = a.amount * r.usd FROM rate r
    WHERE ${stale} AND r.usd IS NOT NULL AND r.usd <> 0
      AND upper(a.currency) = r.cur AND ${utcDay('a."timestamp"')} = r.day`);
}
