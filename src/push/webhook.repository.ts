// Webhooks of API keys and their deliveries. A delivery attempt is claimed by
// moving its next_attempt_at past a lease and counting the attempt, in one
// statement over rows locked with SKIP LOCKED: two instances never claim the
// same attempt, and an instance that dies mid-attempt leaves it to be retried
// when the lease ends (the receiver dedupes by the event id header).
import { randomUUID } from 'node:crypto';
import type { SqlClient } from '../db/sql-client';
import type { PushFilter, PushMessage } from '../domain/push-events';

export interface WebhookRecord { id: string; apiKeyId: string; url: string; filter: PushFilter; createdAt: Date }
interface WebhookRow { id: string; api_key_id: string; url: string; filter: PushFilter; created_at: Date; secret: string }

const toWebhook = (r: WebhookRow): WebhookRecord => ({ id: r.id, apiKeyId: r.api_key_id, url: r.url, filter: r.filter, createdAt: r.created_at });

export async function createWebhook(sql: SqlClient, apiKeyId: string, url: string, filter: PushFilter, secret: string): Promise<WebhookRecord> {
  const [row] = await sql.query<WebhookRow>(`
    INSERT INTO push_webhook (id, api_key_id, url, event_types, filter, secret) VALUES ($1, $2, $3, $4::text[], $5::jsonb, $6)
    RETURNING id, api_key_id, url, filter, created_at, secret`, [randomUUID(), apiKeyId, url, filter.types, JSON.stringify(filter), secret]);
  return toWebhook(row);
}

/** A keyset read of a list of the push tables: `limit` rows past `cursor` (exclusive) in the paging direction, in that direction's order. */
export interface PushListRead<C> { limit: number; backward: boolean; cursor: C | null }
/** The rows read, and whether a row lies at or beyond the cursor the other way (false without a cursor). */
export interface PushListRows<R> { rows: R[]; beyond: boolean }

/** A key's webhooks, oldest first, by (created_at, id) (push_webhook_api_key_id_idx: a key has few). */
export async function webhooksOf(sql: SqlClient, apiKeyId: string, read: PushListRead<{ at: Date; id: string }>): Promise<PushListRows<WebhookRecord>> {
  const [past, beyond, dir] = read.backward ? ['<', '>=', 'DESC'] : ['>', '<=', 'ASC'];
  const at = read.cursor?.at ?? null;
  const id = read.cursor?.id ?? null;
  const rows = await sql.query<WebhookRow & { beyond: boolean }>(`
    SELECT id, api_key_id, url, filter, created_at, secret FROM push_webhook
    WHERE api_key_id = $1 AND ($2::timestamptz IS NULL OR (created_at, id) ${past} ($2::timestamptz, $3::uuid))
    ORDER BY created_at ${dir}, id ${dir} LIMIT $4`, [apiKeyId, at, id, read.limit]);
  const [b] = read.cursor ? await sql.query<{ beyond: boolean }>(`
    SELECT EXISTS (SELECT 1 FROM push_webhook WHERE api_key_id = $1 AND (created_at, id) ${beyond} ($2::timestamptz, $3::uuid)) AS beyond`,
  [apiKeyId, at, id]) : [{ beyond: false }];
  return { rows: rows.map(toWebhook), beyond: b.beyond };
}

/** A key's webhooks among `ids` (node() refetching them); another key's or an unknown id has no row. */
export async function webhooksByIds(sql: SqlClient, apiKeyId: string, ids: readonly string[]): Promise<WebhookRecord[]> {
  const rows = await sql.query<WebhookRow>(`
    SELECT id, api_key_id, url, filter, created_at, secret FROM push_webhook
    WHERE api_key_id = $1 AND id = ANY($2::uuid[])`, [apiKeyId, [...ids]]);
  return rows.map(toWebhook);
}

export async function countWebhooks(sql: SqlClient, apiKeyId: string): Promise<number> {
  const [{ n }] = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM push_webhook WHERE api_key_id = $1', [apiKeyId]);
  return n;
}

export async function webhookOf(sql: SqlClient, apiKeyId: string, id: string): Promise<WebhookRecord | null> {
  const [row] = await sql.query<WebhookRow>(`SELECT id, api_key_id, url, filter, created_at, secret FROM push_webhook WHERE id = $1 AND api_key_id = $2`, [id, apiKeyId]);
  return row ? toWebhook(row) : null;
}

/** Deletes a key's webhook and its deliveries (pending ones are not sent); false when it has none of that id. */
export async function deleteWebhook(sql: SqlClient, apiKeyId: string, id: string): Promise<boolean> {
  return sql.transaction(async (tx) => {
    const gone = await tx.query('DELETE FROM push_webhook WHERE id = $1 AND api_key_id = $2 RETURNING id', [id, apiKeyId]);
    if (gone.length) await tx.query('DELETE FROM push_delivery WHERE webhook_id = $1', [id]);
    return gone.length > 0;
  });
}

/** Whether any webhook exists (fan-out has nothing to do without one). */
export async function anyWebhook(sql: SqlClient): Promise<boolean> {
  const [row] = await sql.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM push_webhook) AS any');
  return row.any;
}

/** Every webhook (few: fan-out matches each event against all of them). */
export async function allWebhooks(tx: SqlClient): Promise<WebhookRecord[]> {
  return (await tx.query<WebhookRow>('SELECT id, api_key_id, url, filter, created_at, secret FROM push_webhook')).map(toWebhook);
}

export async function insertDeliveries(tx: SqlClient, rows: { webhookId: string; eventId: string; message: PushMessage }[]): Promise<void> {
  if (!rows.length) return;
  await tx.query(`
    INSERT INTO push_delivery (webhook_id, event_id, type, body) SELECT w, e, t, b::jsonb FROM unnest($1::uuid[], $2::bigint[], $3::text[], $4::text[]) AS x(w, e, t, b)`,
  [rows.map((r) => r.webhookId), rows.map((r) => r.eventId), rows.map((r) => r.message.type), rows.map((r) => JSON.stringify(r.message))]);
}

export interface AttemptEntry { at: string; status: number | null; error: string | null; ms: number }

export interface DeliveryRecord {
  id: string; webhookId: string; eventId: string; type: string; body: PushMessage; state: 'pending' | 'delivered' | 'failed';
  attempts: number; nextAttemptAt: Date | null; lastStatus: number | null; lastError: string | null; log: AttemptEntry[];
  createdAt: Date; finishedAt: Date | null;
}
interface DeliveryRow {
  id: string; webhook_id: string; event_id: string; type: string; body: PushMessage; state: DeliveryRecord['state']; attempts: number;
  next_attempt_at: Date; last_status: number | null; last_error: string | null; log: AttemptEntry[]; created_at: Date; finished_at: Date | null;
}
const toDelivery = (r: DeliveryRow): DeliveryRecord => ({
  id: r.id, webhookId: r.webhook_id, eventId: r.event_id, type: r.type, body: r.body, state: r.state, attempts: r.attempts,
  nextAttemptAt: r.state === 'pending' ? r.next_attempt_at : null, lastStatus: r.last_status, lastError: r.last_error, log: r.log,
  createdAt: r.created_at, finishedAt: r.finished_at,
});
const DELIVERY_COLUMNS = `id::text, webhook_id, event_id::text, type, body, state, attempts, next_attempt_at, last_status, last_error, log, created_at, finished_at`;

/**
 * A webhook's deliveries, newest first, by id (push_delivery_webhook_id_id_idx).
 * Ordered by the table's id: the selected `id` is its text, which orders 10 before 9.
 */
export async function deliveriesOf(sql: SqlClient, webhookId: string, read: PushListRead<string>): Promise<PushListRows<DeliveryRecord>> {
  const [past, beyond, dir] = read.backward ? ['>', '<=', 'ASC'] : ['<', '>=', 'DESC'];
  const rows = await sql.query<DeliveryRow>(`
    SELECT ${DELIVERY_COLUMNS} FROM push_delivery WHERE webhook_id = $1 AND ($2::bigint IS NULL OR id ${past} $2::bigint)
    ORDER BY push_delivery.id ${dir} LIMIT $3`, [webhookId, read.cursor, read.limit]);
  const [b] = read.cursor ? await sql.query<{ beyond: boolean }>(`
    SELECT EXISTS (SELECT 1 FROM push_delivery WHERE webhook_id = $1 AND id ${beyond} $2::bigint) AS beyond`, [webhookId, read.cursor]) : [{ beyond: false }];
  return { rows: rows.map(toDelivery), beyond: b.beyond };
}

/** Deliveries among `ids` of the key's own webhooks (node() refetching them); others' and unknown ids have no row. */
export async function deliveriesByIds(sql: SqlClient, apiKeyId: string, ids: readonly string[]): Promise<DeliveryRecord[]> {
  const rows = await sql.query<DeliveryRow>(`
    SELECT ${DELIVERY_COLUMNS.split(', ').map((c) => `d.${c}`).join(', ')} FROM push_delivery d
    JOIN push_webhook w ON w.id = d.webhook_id AND w.api_key_id = $1
    WHERE d.id = ANY($2::bigint[])`, [apiKeyId, [...ids]]);
  return rows.map(toDelivery);
}

export async function countDeliveries(sql: SqlClient, webhookId: string): Promise<number> {
  const [{ n }] = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM push_delivery WHERE webhook_id = $1', [webhookId]);
  return n;
}

export interface ClaimedAttempt { id: string; attempt: number; body: PushMessage; createdAt: Date; url: string; secret: string }

/** Claims up to `limit` due attempts for `leaseMs`. */
export async function claimDue(sql: SqlClient, limit: number, leaseMs: number): Promise<ClaimedAttempt[]> {
  const rows = await sql.query<{ id: string; attempts: number; body: PushMessage; created_at: Date; url: string; secret: string }>(`
    UPDATE push_delivery d SET attempts = d.attempts + 1, next_attempt_at = now() + make_interval(secs => $2::double precision / 1000)
    FROM push_webhook w
    WHERE d.id IN (SELECT id FROM push_delivery WHERE state = 'pending' AND next_attempt_at <= now() ORDER BY next_attempt_at, id LIMIT $1 FOR UPDATE SKIP LOCKED)
      AND w.id = d.webhook_id
    RETURNING d.id::text, d.attempts, d.body, d.created_at, w.url, w.secret`, [limit, leaseMs]);
  return rows.map((r) => ({ id: r.id, attempt: r.attempts, body: r.body, createdAt: r.created_at, url: r.url, secret: r.secret }));
}

/**
 * Stores an attempt's outcome: delivered, failed for good, or pending again at `retryAt`.
 * Only while the attempt is still the delivery's latest (a lease that ran out may have let another instance retry).
 */
export async function recordAttempt(sql: SqlClient, id: string, attempt: number, entry: AttemptEntry, outcome: 'delivered' | 'failed' | Date): Promise<void> {
  const state = outcome instanceof Date ? 'pending' : outcome;
  await sql.query(`
    UPDATE push_delivery SET state = $3, last_status = $4, last_error = $5, log = log || $6::jsonb,
      next_attempt_at = coalesce($7::timestamptz, next_attempt_at), finished_at = CASE WHEN $3 = 'pending' THEN NULL ELSE now() END
    WHERE id = $1::bigint AND attempts = $2`,
  [id, attempt, state, entry.status, entry.error, JSON.stringify([entry]), outcome instanceof Date ? outcome.toISOString() : null]);
}
