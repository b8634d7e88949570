// Integer ids for rows made from a CoinGecko `/coins/markets` file, whose coins
// have string ids while token.id and token_price.id are int4.
//
// Token id = 2^30 + (first 4 bytes of sha256(coingecko id), big-endian) mod 2^30:
// the same coin always gets the same id, in [1073741824, 2147483647], far above
// the small sequential ids of tokens/tokens.csv. Two coins sharing an id is
// possible but rare (about 1 in 35,000 for a 250-coin file).
//
// Price ids start from the same hash of `<coin>|<last_updated>`, but a price row
// collision would put one coin's price under another, so a taken id is probed past
// (+1), and a row already stored for (token, time) keeps its id: re-importing a
// file changes nothing.
import { createHash } from 'node:crypto';
import type { SqlClient } from '../db/sql-client';

const BASE = 2 ** 30;

export function hashedId(text: string): number {
  return BASE + (createHash('sha256').update(text).digest().readUInt32BE(0) % BASE);
}

export const coingeckoTokenId = (coinId: string) => hashedId(coinId);

export interface PriceKey { coinId: string; tokenId: number; createdAt: string }

export async function coingeckoPriceIds(sql: SqlClient, keys: PriceKey[]): Promise<number[]> {
  const stored = await sql.query<{ id: number; i: string }>(
    `SELECT p.id, x.i FROM unnest($1::int[], $2::timestamptz[]) WITH ORDINALITY AS x(token_id, created_at, i)
     JOIN token_price p ON p.token_id = x.token_id AND p.created_at = x.created_at::timestamptz(3)`,
    [keys.map((k) => k.tokenId), keys.map((k) => k.createdAt)]);
  const ids: (number | null)[] = keys.map(() => null);
  for (const row of stored) ids[Number(row.i) - 1] = row.id;

  const taken = new Set(ids.filter((id): id is number => id !== null));
  const fresh = keys.map((k, i) => (ids[i] === null ? i : -1)).filter((i) => i >= 0);
  const candidates = new Map(fresh.map((i) => [i, hashedId(`${keys[i].coinId}|${keys[i].createdAt}`)]));
  for (;;) {
    const inDb = await sql.query<{ id: number }>('SELECT id FROM token_price WHERE id = ANY($1::int[])', [[...candidates.values()]]);
    inDb.forEach((r) => taken.add(r.id));
    let moved = false;
    for (const [i, id] of candidates) {
      if (!taken.has(id)) { taken.add(id); ids[i] = id; candidates.delete(i); continue; }
      candidates.set(i, id + 1 >= 2 * BASE ? BASE : id + 1);
      moved = true;
    }
    if (!moved) return ids as number[];
  }
}
