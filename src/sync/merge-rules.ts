// The node's merge rules applied to the stored row of one key, so that a copy
// fed the same messages in any order, any number of times, ends in the state
// the node holds (and the state an import of the node's dump gives).
//
// One case is not told apart: an add and a remove of the same key at the same
// second leave the row a remove that came alone leaves (timestamp = deleted_at).
// A later remove then moves the row's timestamp to its own; in the other order
// the row keeps the add's. Both rows are removed, so no count differs; only the
// follower history of that follow can fall on the later remove's day.
//
// A stored row remembers the winning message by its times: `timestamp` is the
// add's time, `deleted_at` the remove's (the row is then not live). Ties
// between two adds or two removes are decided on the node by hash; both sides
// of such a tie store the same row, so the hash is not needed here.

/** The times of a follow, reaction or verification row. */
export interface TimedRow { timestamp: Date; deleted_at: Date | null }

const ms = (d: Date) => d.getTime();
/** The time of the message a row stands for: its remove's if removed, else its add's. */
const winnerTime = (r: TimedRow) => ms(r.deleted_at ?? r.timestamp);

/**
 * An add at `ts`: it wins over no row, or over a row whose message is older;
 * at the same time a remove wins. Returns the new times, or null for no change.
 */
export function mergeAdd(row: TimedRow | undefined, ts: Date): TimedRow | null {
  if (row && ms(ts) <= winnerTime(row)) {
    // An add from before a remove, arriving after it: in order, the remove would have
    // ended the newest such add, so the row keeps the newest add time seen before the
    // remove (a row standing in with the remove's own time has seen none yet).
    if (row.deleted_at === null || ms(ts) >= ms(row.deleted_at)) return null;
    const standIn = ms(row.timestamp) === ms(row.deleted_at);
    return standIn || ms(ts) > ms(row.timestamp) ? { timestamp: ts, deleted_at: row.deleted_at } : null;
  }
  return { timestamp: ts, deleted_at: null };
}

/**
 * A remove at `ts`: it wins over no row (the add may come later and will lose),
 * over an older message, and over an add of the same time. The row keeps the
 * time of the add it ends (an unfollow keeps the follow's time).
 */
export function mergeRemove(row: TimedRow | undefined, ts: Date): TimedRow | null {
  if (row && (ms(ts) < winnerTime(row) || (ms(ts) === winnerTime(row) && row.deleted_at !== null))) return null;
  // A remove standing in for an add never seen (timestamp = deleted_at) is replaced whole.
  const standIn = row?.deleted_at != null && ms(row.timestamp) === ms(row.deleted_at);
  return { timestamp: row && !standIn ? row.timestamp : ts, deleted_at: ts };
}

/**
 * A pruned or revoked add at `ts`: it stops counting if it is still the stored
 * winner, ending at `at` (the event's time, never before the add). A pruned or
 * revoked remove changes nothing: what it had replaced is gone on the node too.
 */
export function retractAdd(row: TimedRow | undefined, ts: Date, at: Date): TimedRow | null {
  if (!row || row.deleted_at !== null || ms(row.timestamp) !== ms(ts)) return null;
  return { timestamp: row.timestamp, deleted_at: new Date(Math.max(ms(at), ms(ts))) };
}

/** A message's effect on its row's times: an add, a remove, or (retractedAt set) the prune or revoke of one. */
export function mergeTimed(row: TimedRow | undefined, ts: Date, remove: boolean, retractedAt: Date | null): TimedRow | null {
  if (retractedAt) return remove ? null : retractAdd(row, ts, retractedAt);
  return remove ? mergeRemove(row, ts) : mergeAdd(row, ts);
}

/**
 * The times a row has when the node holds exactly this message (a reconcile's
 * repair): an add is live from its time; a remove ends the row at its time and
 * keeps the time of the add it ended when that add came before it.
 */
export function restoreTimed(row: TimedRow | undefined, ts: Date, remove: boolean): TimedRow {
  if (!remove) return { timestamp: ts, deleted_at: null };
  return { timestamp: row && ms(row.timestamp) <= ms(ts) ? row.timestamp : ts, deleted_at: ts };
}

/** A user data row: the newest value per (fid, type) wins; a pruned value ends (deleted_at). */
export interface ValueRow { value: string; timestamp: Date; deleted_at: Date | null }

export function mergeValue(row: ValueRow | undefined, value: string, ts: Date): ValueRow | null {
  if (row && (ms(ts) < ms(row.timestamp) || (ms(ts) === ms(row.timestamp) && row.deleted_at === null))) return null;
  if (row && row.deleted_at === null && row.value === value && ms(row.timestamp) === ms(ts)) return null;
  return { value, timestamp: ts, deleted_at: null };
}

export function retractValue(row: ValueRow | undefined, value: string, ts: Date, at: Date): ValueRow | null {
  if (!row || row.deleted_at !== null || row.value !== value || ms(row.timestamp) !== ms(ts)) return null;
  return { ...row, deleted_at: new Date(Math.max(ms(at), ms(ts))) };
}
