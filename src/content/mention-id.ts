import { v5 as uuidv5 } from 'uuid';

/**
 * Namespace of token-mention ids. Fixed forever: the id of `ETH` on a day is
 * the same on every rebuild and every installation.
 */
export const TOKEN_MENTION_NAMESPACE = '43801130-0dc2-46ff-91ee-d9631cc15b04';

/** UUID v5 of `SYMBOL:YYYY-MM-DD` (symbol upper-case). */
export function tokenMentionId(symbol: string, day: string): string {
  return uuidv5(`${symbol.toUpperCase()}:${day}`, TOKEN_MENTION_NAMESPACE);
}
