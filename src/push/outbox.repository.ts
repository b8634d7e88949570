// The outbox's read side: new events for this instance's subscriptions, events
// to fan out to webhooks (claimed so that one instance fans out each), pruning.
import type { SqlClient } from '../db/sql-client';
import type { StoredEvent } from '../domain/push-events';

interface EventRow { id: string; type: StoredEvent['type']; payload: StoredEvent['data']; created_at: Date }

const toEvent = (r: EventRow) => ({ id: r.id, type: r.type, data: r.payload, createdAt: r.created_at.toISOString() }) as StoredEvent;

export async function newestEventId(sql: SqlClient): Promise<number> {
  const [row] = await sql.query<{ id: string | null }>('SELECT max(id)::text AS id FROM push_event');
  return Number(row?.id ?? 0);
}

/** Events with ids above `after`, in id order. */
export async function eventsAfter(sql: SqlClient, after: number, limit: number): Promise<StoredEvent[]> {
  const rows = await sql.query<EventRow>(
    'SELECT id::text, type, payload, created_at FROM push_event WHERE id > $1 ORDER BY id LIMIT $2', [String(after), limit]);
  return rows.map(toEvent);
}

/** Locks events not yet fanned out that no other instance holds (call inside a transaction). */
export async function claimUnfanned(tx: SqlClient, limit: number): Promise<StoredEvent[]> {
  const rows = await tx.query<EventRow>(`
    SELECT id::text, type, payload, created_at FROM push_event WHERE NOT fanned_out ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`, [limit]);
  return rows.map(toEvent);
}

/**
 * Marks fanned out, without reading them, up to `limit` unfanned events stored
 * before every webhook: they can make no delivery (a webhook gets the events
 * stored after its creation). Those another instance holds are left to it.
 * Answers how many it marked.
 */
export async function skipBeforeEveryWebhook(sql: SqlClient, limit: number): Promise<number> {
  const [{ n }] = await sql.query<{ n: number }>(`
    WITH skipped AS (UPDATE push_event SET fanned_out = true WHERE id IN (
      SELECT id FROM push_event WHERE NOT fanned_out AND created_at < (SELECT min(created_at) FROM push_webhook)
      ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED) RETURNING 1)
    SELECT count(*)::int AS n FROM skipped`, [limit]);
  return n;
}

export async function markFanned(tx: SqlClient, ids: string[]): Promise<void> {
  if (ids.length) await tx.query('UPDATE push_event SET fanned_out = true WHERE id = ANY($1::bigint[])', [ids]);
}

/**
 * Drops events and finished deliveries older than the retention period; pending deliveries stay. An event not
 * fanned out stays too, unless it is older than every webhook: fan-out waits while there is none (fan-out.ts),
 * and a webhook gets only the events stored after its creation, so such an event can never make a delivery.
 */
export async function pruneOutbox(sql: SqlClient, retentionHours: number): Promise<{ events: number; deliveries: number }> {
  const count = async (statement: string) => (await sql.query<{ n: number }>(`WITH d AS (${statement} RETURNING 1) SELECT count(*)::int AS n FROM d`, [retentionHours]))[0].n;
  const events = await count(`DELETE FROM push_event WHERE created_at < now() - make_interval(hours => $1)
    AND (fanned_out OR created_at < (SELECT coalesce(min(created_at), 'infinity') FROM push_webhook))`);
  const deliveries = await count(`DELETE FROM push_delivery WHERE state <> 'pending' AND created_at < now() - make_interval(hours => $1)`);
  return { events, deliveries };
}
