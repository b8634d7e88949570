// Reading kept events again: after an upgrade gives a type its rule, the events
// of that type the sync kept raw (sync_unhandled) are applied as a live event
// would have been, in each shard's order, and leave the table in the same
// transaction as their rows. Events whose type still has no rule stay.
import { HubEvent } from '@farcaster/hub-nodejs';
import type { SqlClient } from '../db/sql-client';
import { applyOps } from './apply-ops';
import { readEvent } from './hub-messages';

/** Per type (as kept), the events applied and the events that stay. */
export interface ReplayResult { applied: Record<string, number>; kept: Record<string, number> }

interface KeptRow { shard: number; event_id: string; type: string; raw: Uint8Array }

const bump = (counts: Record<string, number>, type: string) => { counts[type] = (counts[type] ?? 0) + 1; };

/** Replays every kept event that now has a rule, `pageSize` at a time. */
export async function replayUnhandled(sql: SqlClient, pageSize = 1_000): Promise<ReplayResult> {
  const result: ReplayResult = { applied: {}, kept: {} };
  let after = { shard: 0, eventId: '-1' };
  for (;;) {
    const rows = await sql.query<KeptRow>(`
      SELECT shard, event_id::text, type, raw FROM sync_unhandled WHERE (shard, event_id) > ($1::int, $2::bigint)
      ORDER BY shard, event_id LIMIT $3::int`, [after.shard, after.eventId, pageSize]);
    if (!rows.length) return result;
    const readable = rows.flatMap((r) => {
      const reading = readEvent(HubEvent.decode(r.raw), r.raw);
      if (reading.unhandled !== null) { bump(result.kept, r.type); return []; }
      return [{ row: r, ops: reading.ops }];
    });
    if (readable.length) {
      await sql.transaction(async (tx) => {
        await applyOps(tx, readable.flatMap((x) => x.ops));
        await tx.query(`DELETE FROM sync_unhandled WHERE (shard, event_id) IN (SELECT * FROM unnest($1::int[], $2::bigint[]))`,
          [readable.map((x) => x.row.shard), readable.map((x) => x.row.event_id)]);
      });
      for (const x of readable) bump(result.applied, x.row.type);
    }
    const last = rows[rows.length - 1];
    after = { shard: last.shard, eventId: last.event_id };
  }
}
