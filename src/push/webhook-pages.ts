// The calling key's webhooks (oldest first) and a webhook's deliveries (newest
// first) as cursor connections, paged either way by key: (created_at, id) and
// the delivery id. Their cursors keep the format they had when these lists
// paged forward only, since the REST face's answers carry them: base64url of
// `created_at|id`, and of the delivery id.
import type { SqlClient } from '../db/sql-client';
import { badInput } from '../errors/app-error';
import { cursorPage, pagingOf, rowsToRead, type ListPage, type PageRequest } from '../queries/pagination';
import {
  countDeliveries, countWebhooks, deliveriesOf, webhooksOf, type DeliveryRecord, type WebhookRecord,
} from './webhook.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

const encode = (s: string) => Buffer.from(s).toString('base64url');

/** The text of a cursor, or a BAD_USER_INPUT naming the argument when it is not one this list writes. */
function decode(raw: string, arg: 'after' | 'before', what: string, valid: (text: string) => boolean): string {
  const text = Buffer.from(raw, 'base64url').toString();
  if (!text || encode(text) !== raw || !valid(text)) throw badInput(`${arg}: not a ${what} cursor`);
  return text;
}

const webhookCursor = (w: WebhookRecord) => encode(`${w.createdAt.toISOString()}|${w.id}`);
const isWebhookKey = (text: string) => {
  const [at, id, ...rest] = text.split('|');
  return rest.length === 0 && ISO_TIME.test(at) && !Number.isNaN(Date.parse(at)) && UUID.test(id ?? '');
};

export async function webhookPage(sql: SqlClient, apiKeyId: string, request: PageRequest): Promise<ListPage<WebhookRecord>> {
  const p = pagingOf(request);
  const arg = p.backward ? 'before' : 'after';
  const key = p.cursor ? decode(p.cursor, arg, 'webhook', isWebhookKey).split('|') : null;
  const read = { limit: rowsToRead(p.size), backward: p.backward, cursor: key ? { at: new Date(key[0]), id: key[1] } : null };
  const { rows, beyond } = await webhooksOf(sql, apiKeyId, read);
  return cursorPage(p, rows, beyond, webhookCursor, () => countWebhooks(sql, apiKeyId));
}

export async function deliveryPage(sql: SqlClient, webhookId: string, request: PageRequest): Promise<ListPage<DeliveryRecord>> {
  const p = pagingOf(request);
  const arg = p.backward ? 'before' : 'after';
  const id = p.cursor ? decode(p.cursor, arg, 'delivery', (t) => /^\d{1,18}$/.test(t)) : null;
  const { rows, beyond } = await deliveriesOf(sql, webhookId, { limit: rowsToRead(p.size), backward: p.backward, cursor: id });
  return cursorPage(p, rows, beyond, (d) => encode(d.id), () => countDeliveries(sql, webhookId));
}
