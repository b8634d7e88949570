// The Farcaster graph of a user (follows, casts, engagement, verifications),
// read through the request's Farcaster graph loaders: a field asked for many
// users with the same arguments is one statement. Answers are ids, rows and
// cursors; the resolvers turn them into users and casts.
import type { FarcasterGraphLoaders } from '../loaders/farcaster-loaders';
import type { CastRow } from '../repositories/farcaster-casts.repository';
import type { FollowDirection, FollowPageRow } from '../repositories/farcaster-follows.repository';
import type { VerificationRow } from '../repositories/verifications.repository';
import { engagementLists, type Engagement } from './engagement';
import {
  keysetPageNumber, keysetRead, offsetPlan, pagesByOffset, readKeysetList, readOffsetList, withKeysetCursors,
  type KeysetCursor, type ListPage, type OffsetPageRequest,
} from './pagination';

const followKey = (r: FollowPageRow): KeysetCursor => ({ at: r.followed_at, id: r.other });

/**
 * Live followers or follows of the user (self excluded), newest follow first,
 * keyset-paged by (time, other fid): a follow made or undone between two pages
 * neither repeats nor skips a row of the next. A `page` number (the REST face)
 * or an older offset cursor is read by position, its edges still keyset
 * cursors. The total is the direction's live count.
 */
export async function farcasterFollowPage(l: FarcasterGraphLoaders, fid: number, direction: FollowDirection, request: OffsetPageRequest): Promise<ListPage<FollowPageRow>> {
  const total = async () => (await l.followTotals.load(fid))[direction];
  if (pagesByOffset(request)) {
    const page = await readOffsetList(offsetPlan(request), (read) => l.followPage.load({ fid, direction, read }), total);
    return withKeysetCursors(page, followKey);
  }
  const read = keysetRead(request);
  const page = await readKeysetList(read, (k) => l.followKeyset.load({ fid, direction, read: k }),
    (r) => (r.other === null ? null : { fid: r.fid, other: r.other, followed_at: r.followed_at as Date }), followKey, total);
  const ahead = (key: KeysetCursor) => l.followsAhead.load({ fid, direction, at: key.at, other: Number(key.id) });
  return { ...page, page: keysetPageNumber(read, page, followKey, ahead, total) };
}

const castKey = (r: CastRow): KeysetCursor => ({ at: r.timestamp, id: r.hash });

/** Live casts of the user (replies included), newest first, ties by hash descending, paged as the follow lists are. */
export async function farcasterCastPage(l: FarcasterGraphLoaders, fid: number, request: OffsetPageRequest): Promise<ListPage<CastRow>> {
  const total = () => l.castTotals.load(fid);
  if (pagesByOffset(request)) return withKeysetCursors(await readOffsetList(offsetPlan(request), (read) => l.castPage.load({ fid, read }), total), castKey);
  const read = keysetRead(request);
  const page = await readKeysetList(read, (k) => l.castKeyset.load({ fid, read: k }),
    (r) => (r.hash === null ? null : { ...r, fid }), castKey, total);
  const ahead = (key: KeysetCursor) => l.castsAhead.load({ fid, at: key.at, hash: String(key.id) });
  return { ...page, page: keysetPageNumber(read, page, castKey, ahead, total) };
}

/** Counterparts of the user, `limit` per list, most interactions first. */
export async function farcasterEngagement(l: FarcasterGraphLoaders, fid: number, limit: number): Promise<Engagement<number>> {
  const rows = await l.engagement.load({ fid, limit });
  return engagementLists(rows.map((r) => ({ direction: r.dir, kind: r.kind, other: r.other })));
}

/** Live verified addresses, oldest first; only those of `protocol` when given. */
export async function farcasterVerifications(l: FarcasterGraphLoaders, fid: number, protocol: string | null | undefined): Promise<VerificationRow[]> {
  const rows = await l.verifications.load(fid);
  return rows.filter((r) => protocol == null || r.protocol === protocol);
}
