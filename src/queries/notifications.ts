// The read rule of notifications: which kinds, which actors (minQuality), the
// page (keyset on the newest time and the notification id), and the seen state
// of the calling key; and the rule of marking them seen.
import type { Database } from '../db/database';
import { KINDS_OF, NOTIFICATION_KINDS, type NotificationKind, type NotificationRow } from '../domain/notifications';
import type { ProtocolName } from '../domain/protocols';
import { badInput } from '../errors/app-error';
import type { Loaders } from '../loaders/create-loaders';
import { markSeen, notificationPage } from '../repositories/notifications.repository';
import { cursorPage, decodeKeysetCursor, encodeKeysetCursor, pagingOf, rowsToRead, type ListPage, type PageRequest } from './pagination';
import { requireProfile } from './profiles';

export interface NotificationArgs extends PageRequest {
  kinds?: readonly string[] | null;
  minQuality?: number | null;
}

export interface NotificationAnswer {
  page: ListPage<NotificationRow & { seen: boolean }>;
  unseenCount: number;
  seenUpTo: Date | null;
}

/**
 * The kinds asked, each once in NOTIFICATION_KINDS order, less those the protocol's data has none of (MENTION
 * on Lens: its list is empty, as the data says, rather than refused); every kind of the protocol when none is named.
 */
function kindsOf(protocol: ProtocolName, asked: readonly string[] | null | undefined): NotificationKind[] {
  const has = KINDS_OF[protocol];
  if (!asked?.length) return [...has];
  const bad = asked.find((k) => !(NOTIFICATION_KINDS as readonly string[]).includes(k));
  if (bad !== undefined) throw badInput(`kinds: ${JSON.stringify(bad)} is not a notification kind: ${NOTIFICATION_KINDS.join(', ')}`);
  return has.filter((k) => asked.includes(k));
}

export function checkMinQuality(minQuality: number | null | undefined): number | null {
  if (minQuality === null || minQuality === undefined) return null;
  if (!Number.isFinite(minQuality) || minQuality < 0 || minQuality > 1) throw badInput('minQuality: a quality score in [0, 1]');
  return minQuality;
}

/** The viewer's notifications, newest first; NOT_FOUND for an account the store does not hold. */
export async function notifications(
  db: Database, loaders: Loaders, apiKeyId: string, protocol: ProtocolName, viewer: number | string, args: NotificationArgs,
): Promise<NotificationAnswer> {
  const kinds = kindsOf(protocol, args.kinds);
  const minQuality = checkMinQuality(args.minQuality);
  const paging = pagingOf(args);
  const cursor = decodeKeysetCursor(paging.cursor, paging.backward ? 'before' : 'after');
  if (cursor && typeof cursor.id !== 'string') throw badInput(`${paging.backward ? 'before' : 'after'} is not a cursor returned by this API`);
  await (protocol === 'farcaster' ? requireProfile(loaders.farcasterProfile, viewer as number) : requireProfile(loaders.lensProfile, viewer as string));
  const read = await notificationPage(db, {
    protocol, viewer, apiKeyId, kinds, minQuality, limit: rowsToRead(paging.size), backward: paging.backward,
    cursor: cursor && { at: cursor.at, id: String(cursor.id) },
  });
  const seenUpTo = read.seenUpTo;
  const rows = read.rows.map((r) => ({ ...r, seen: seenUpTo !== null && r.newestAt.getTime() <= seenUpTo.getTime() }));
  const page = cursorPage(paging, rows, read.beyond, (r) => encodeKeysetCursor({ at: r.newestAt, id: r.id }), read.total);
  return { page, unseenCount: read.unseen, seenUpTo };
}

/**
 * Marks the viewer's notifications seen up to `upTo` (now when not given) for the calling key. The cursor
 * never moves back: a client that marks an older time (a stale tab) leaves the later mark standing.
 */
export async function markNotificationsSeen(
  db: Database, loaders: Loaders, apiKeyId: string, protocol: ProtocolName, viewer: number | string, upTo: Date | null | undefined,
): Promise<Date> {
  if (upTo && Number.isNaN(upTo.getTime())) throw badInput('upTo: a date-time');
  await (protocol === 'farcaster' ? requireProfile(loaders.farcasterProfile, viewer as number) : requireProfile(loaders.lensProfile, viewer as string));
  return markSeen(db.sql, apiKeyId, protocol, String(viewer), upTo ?? new Date());
}
