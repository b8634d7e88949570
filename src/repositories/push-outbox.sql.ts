// The outbox's write side: writers (the sync, the refresh's publish, the
// classifier's recount) call this inside the transaction of their change, so an
// event exists exactly when its change does. The notification is sent by
// Postgres at commit (never for a rolled-back transaction) and wakes every
// instance's dispatcher; they also poll, so a lost notification only delays.
import type { SqlClient } from '../db/sql-client';
import type { OutboxEvent } from '../domain/push-events';

/** The LISTEN/NOTIFY channel of new outbox rows. */
export const PUSH_CHANNEL = 'push_event';

export async function insertPushEvents(tx: SqlClient, events: readonly OutboxEvent[]): Promise<void> {
  if (!events.length) return;
  await tx.query(`INSERT INTO push_event (type, payload) SELECT t, p::jsonb FROM unnest($1::text[], $2::text[]) AS x(t, p)`,
    [events.map((e) => e.type), events.map((e) => JSON.stringify(e.data))]);
  await tx.query(`SELECT pg_notify($1, '')`, [PUSH_CHANNEL]);
}
