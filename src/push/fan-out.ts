// Fan-out: outbox events become delivery rows, one per message each webhook's
// filter makes of them, in one transaction with marking the events fanned out.
// Events are claimed with SKIP LOCKED, so instances fan out different events
// and none twice. A webhook gets the events stored after it was created.
import type { SqlClient } from '../db/sql-client';
import { messagesFor } from '../domain/push-events';
import { followerQualities } from './follower-quality';
import { claimUnfanned, markFanned, skipBeforeEveryWebhook } from './outbox.repository';
import { allWebhooks, anyWebhook, insertDeliveries } from './webhook.repository';

/** Events fanned out per transaction: short transactions beside the sync's writer (docs/performance.md#sync). */
const EVENTS_PER_TRANSACTION = 200;
/** Events stored before every webhook, marked per statement (short transactions beside the sync's writer; docs/performance.md#sync). */
const SKIP_PER_STATEMENT = 10_000;

/** Fans out what is waiting; answers how many deliveries it created. */
export async function fanOut(sql: SqlClient): Promise<number> {
  // Without a webhook the events stay unfanned: a live sync stores one per follow, and reading, claiming and
  // marking each beside the sync's writer (with the subscription reads, skipped likewise when nobody listens)
  // competes with that writer and multiplies the sync's lag (docs/performance.md#sync). Those stored before the first
  // webhook make no delivery (a webhook gets the events stored after its creation): they are marked in
  // batches without being read, so a first webhook does not make its fan-out claim the whole backlog.
  if (!await anyWebhook(sql)) return 0;
  while (await skipBeforeEveryWebhook(sql, SKIP_PER_STATEMENT) === SKIP_PER_STATEMENT);
  let created = 0;
  for (;;) {
    const { events, deliveries } = await sql.transaction(async (tx) => {
      const claimed = await claimUnfanned(tx, EVENTS_PER_TRANSACTION);
      if (!claimed.length) return { events: 0, deliveries: 0 };
      const hooks = await allWebhooks(tx);
      const qualityOf = await followerQualities(tx, claimed, hooks.map((h) => h.filter));
      const rows = claimed.flatMap((e) => hooks.filter((h) => h.createdAt.getTime() <= Date.parse(e.createdAt))
        .flatMap((h) => messagesFor(e, h.filter, qualityOf).map((message) => ({ webhookId: h.id, eventId: e.id, message }))));
      await insertDeliveries(tx, rows);
      await markFanned(tx, claimed.map((e) => e.id));
      return { events: claimed.length, deliveries: rows.length };
    });
    created += deliveries;
    if (events < EVENTS_PER_TRANSACTION) return created;
  }
}
