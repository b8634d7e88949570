// Follow lists seen from a second profile and unfollowers in a window, for
// either protocol, read through its overlap loaders. Answers are ids, rows and
// cursors; the resolvers turn them into profiles.
import { fromDayNumber, optionalDay, toDayNumber, DAY_MS } from '../domain/days';
import { badInput } from '../errors/app-error';
import type { FollowOverlapLoaders } from '../loaders/follow-overlap-loaders';
import type { OverlapRow, OverlapVia, UnfollowWindow } from '../repositories/follow-overlap.repository';
import { keysetRead, offsetPlan, readKeysetList, readOffsetList, type ListPage, type OffsetPageRequest, type PageRequest } from './pagination';

type Id = string | number;

/** Unfollow windows are whole UTC days, 30 by default, at most this many. */
export const DEFAULT_UNFOLLOW_DAYS = 30;
export const MAX_UNFOLLOW_DAYS = 366;

/**
 * Live followers of `id` whom `via` (a viewer, or the profile itself) follows,
 * by their own followers, most first, then id; offset-paged with their total.
 */
export function knownFollowerPage(l: FollowOverlapLoaders, id: Id, via: OverlapVia, request: OffsetPageRequest) {
  let rows: OverlapRow[] = [];
  // The page's rows carry the total; only a page without rows needs a statement for it.
  return readOffsetList(offsetPlan(request), async (read) => (rows = await l.overlapPage.load({ id, via, read })),
    () => (rows[0] ? Promise.resolve(rows[0].total) : l.overlapTotal({ id, via })));
}

export interface UnfollowDays { from: string; to: string; window: UnfollowWindow }

/**
 * The window of `from`..`to` (UTC days, both included): `to` defaults to the
 * as-of day (today before any data), `from` to 29 days before `to`; from after
 * to, or more than MAX_UNFOLLOW_DAYS days, is a 400.
 */
export function unfollowDays(asOf: Date | null, from: string | null | undefined, to: string | null | undefined): UnfollowDays {
  const last = optionalDay('to', to) ?? (asOf ?? new Date()).toISOString().slice(0, 10);
  const first = optionalDay('from', from) ?? fromDayNumber(toDayNumber(last) - (DEFAULT_UNFOLLOW_DAYS - 1));
  if (first > last) throw badInput(`from (${first}) must not be after to (${last})`);
  const days = toDayNumber(last) - toDayNumber(first) + 1;
  if (days > MAX_UNFOLLOW_DAYS) throw badInput(`from..to must span at most ${MAX_UNFOLLOW_DAYS} days; got ${days}`);
  return { from: first, to: last, window: { from: new Date(toDayNumber(first) * DAY_MS), to: new Date((toDayNumber(last) + 1) * DAY_MS) } };
}

export interface UnfollowItem { id: Id; followedAt: Date; unfollowedAt: Date }

/** Follows of `id` undone in the window and not made again, newest unfollow first, keyset-paged with their total. */
export function unfollowerPage(l: FollowOverlapLoaders, id: Id, window: UnfollowWindow, request: PageRequest): Promise<ListPage<UnfollowItem>> {
  return readKeysetList(keysetRead(request), (read) => l.unfollowPage.load({ id, window, read }),
    (r) => (r.other === null ? null : { id: r.other, followedAt: r.followed_at as Date, unfollowedAt: r.unfollowed_at as Date }),
    (u) => ({ at: u.unfollowedAt, id: u.id }), () => l.unfollowTotal({ id, window }));
}
