// The push events of a refresh's publish: per period, the profiles whose place
// among the first TRENDING_WATCHED of the trending list changed between the
// generation readers had and the one being published (null: not among them).
// Written in the publish transaction, so they exist exactly when the new
// generation does. A database's first generation has no earlier list: no events.
import type { SqlClient } from '../db/sql-client';
import { PROTOCOLS, type ProtocolName } from '../domain/protocols';
import { TRENDING_WATCHED, type OutboxEvent, type TrendingEventData } from '../domain/push-events';
import type { Period } from '../domain/periods';

export async function trendingEvents(tx: SqlClient, protocol: ProtocolName, previous: number, next: number): Promise<OutboxEvent[]> {
  if (previous === 0) return [];
  const spec = PROTOCOLS[protocol];
  const table = spec.analytics.gain;
  const rows = await tx.query<{ period: Period; id: string; before: number | null; after: number | null }>(`
    SELECT coalesce(n.period, o.period) AS period, coalesce(n.id, o.id) AS id, o.trend_position AS before, n.trend_position AS after
    FROM (SELECT period, ${spec.key}::text AS id, trend_position FROM ${table} WHERE generation = $1 AND trend_position <= $3) n
    FULL JOIN (SELECT period, ${spec.key}::text AS id, trend_position FROM ${table} WHERE generation = $2 AND trend_position <= $3) o
      ON o.period = n.period AND o.id = n.id
    WHERE n.trend_position IS DISTINCT FROM o.trend_position
    ORDER BY 1, coalesce(n.trend_position, o.trend_position)`, [next, previous, TRENDING_WATCHED]);
  const byPeriod = new Map<Period, TrendingEventData['changes']>();
  for (const r of rows) {
    const list = byPeriod.get(r.period) ?? [];
    list.push({ id: r.id, before: r.before, after: r.after });
    byPeriod.set(r.period, list);
  }
  return [...byPeriod].map(([period, changes]) => ({ type: 'TRENDING', data: { protocol, period, changes } }));
}
