// The Farcaster graph of a user (follows, casts, engagement, verifications),
// read through the request's Farcaster graph loaders: a field asked for many
// users with the same arguments is one statement. Answers are ids, rows and
// cursors; the resolvers turn them into users and casts.
import type { FarcasterGraphLoaders } from '../loaders/farcaster-loaders';
import type { FollowDirection } from '../repositories/farcaster-follows.repository';
import type { VerificationRow } from '../repositories/verifications.repository';
import { engagementLists, type Engagement } from './engagement';
import { offsetConnection, pageWindow, rowsToRead, type OffsetPageRequest } from './pagination';

/**
 * Live followers or follows of the user (self excluded), newest follow first,
 * offset-paged with the direction's total. Each edge carries its row; the total
 * and the page are read together.
 */
export async function farcasterFollowPage(l: FarcasterGraphLoaders, fid: number, direction: FollowDirection, request: OffsetPageRequest) {
  const w = pageWindow(request);
  const [totals, rows] = await Promise.all([
    l.followTotals.load(fid),
    l.followPage.load({ fid, direction, limit: rowsToRead(w.limit), offset: w.offset }),
  ]);
  return offsetConnection(w, totals[direction], rows, (row, cursor) => ({ cursor, row }));
}

/** Live casts of the user (replies included), newest first, offset-paged with their total. */
export async function farcasterCastPage(l: FarcasterGraphLoaders, fid: number, request: OffsetPageRequest) {
  const w = pageWindow(request);
  const [total, rows] = await Promise.all([
    l.castTotals.load(fid), l.castPage.load({ fid, limit: rowsToRead(w.limit), offset: w.offset }),
  ]);
  return offsetConnection(w, total, rows, (row, cursor) => ({ cursor, row }));
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
