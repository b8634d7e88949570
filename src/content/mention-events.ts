// The push events of a classify recount: a token's posts on a day that went up.
// Only the newest days count (a first classification of an imported history
// would otherwise report every day of it); subscribers pick their threshold.
import type { SqlClient } from '../db/sql-client';
import type { OutboxEvent } from '../domain/push-events';

/** Days, ending at the newest day with mentions, whose increases are events. */
export const MENTION_EVENT_DAYS = 2;

interface Count { day: string; symbol: string; post_count: number }

/** The stored counts of the days, before a recount replaces them. */
export const storedMentions = (tx: SqlClient, days: string[]) => tx.query<Count>(
  `SELECT to_char(day, 'YYYY-MM-DD') AS day, symbol, post_count FROM token_mention_daily WHERE day = ANY($1::date[])`, [days]);

export async function mentionEvents(tx: SqlClient, before: Count[], after: Count[]): Promise<OutboxEvent[]> {
  const [{ newest }] = await tx.query<{ newest: string | null }>(`SELECT to_char(max(day), 'YYYY-MM-DD') AS newest FROM token_mention_daily`);
  if (!newest) return [];
  const from = new Date(Date.parse(`${newest}T00:00:00Z`) - (MENTION_EVENT_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  const old = new Map(before.map((c) => [`${c.day}|${c.symbol}`, c.post_count]));
  return after.filter((c) => c.day >= from && c.post_count > (old.get(`${c.day}|${c.symbol}`) ?? 0))
    .map((c) => ({ type: 'TOKEN_MENTIONS', data: { symbol: c.symbol, day: c.day, before: old.get(`${c.day}|${c.symbol}`) ?? 0, after: c.post_count } }));
}
