// Fan-out: outbox events become delivery rows, one per message each webhook's
// filter makes of them, in one transaction with marking the events fanned out.
// Events are claimed with SKIP LOCKED, so instances fan out different events
// and none twice. A webhook gets the events stored after it was created.
import type { SqlClient } from '../db/sql-client';
import { messagesFor } from '../domain/push-events';
import { claimUnfanned, markFanned } from './outbox.repository';
import { allWebhooks, insertDeliveries } from './webhook.repository';

const EVENTS_PER_TRANSACTION = 200;

/** Fans out what is waiting; answers how many deliveries it created. */
export async function fanOut(sql: SqlClient): Promise<number> {
  let created = 0;
  for (;;) {
    const { events, deliveries } = await sql.transaction(async (tx) => {
      const claimed = await claimUnfanned(tx, EVENTS_PER_TRANSACTION);
      if (!claimed.length) return { events: 0, deliveries: 0 };
      const hooks = await allWebhooks(tx);
      const rows = claimed.flatMap((e) => hooks.filter((h) => h.createdAt.getTime() <= Date.parse(e.createdAt))
        .flatMap((h) => messagesFor(e, h.filter).map((message) => ({ webhookId: h.id, eventId: e.id, message }))));
      await insertDeliveries(tx, rows);
      await markFanned(tx, claimed.map((e) => e.id));
      return { events: claimed.length, deliveries: rows.length };
    });
    created += deliveries;
    if (events < EVENTS_PER_TRANSACTION) return created;
  }
}
