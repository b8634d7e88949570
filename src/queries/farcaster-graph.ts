// The Farcaster graph of a user (follows, casts, engagement, verifications),
// read through the request's Farcaster graph loaders: a field asked for many
// users with the same arguments is one statement. Answers are ids, rows and
// cursors; the resolvers turn them into users and casts.
import type { FarcasterGraphLoaders } from '../loaders/farcaster-loaders';
import type { FollowDirection } from '../repositories/farcaster-follows.repository';
import type { VerificationRow } from '../repositories/verifications.repository';
import { engagementLists, type Engagement } from './engagement';
import { offsetPlan, readOffsetList, type OffsetPageRequest } from './pagination';

/**
 * Live followers or follows of the user (self excluded), newest follow first,
 * offset-paged; the total is the direction's live count.
 */
export function farcasterFollowPage(l: FarcasterGraphLoaders, fid: number, direction: FollowDirection, request: OffsetPageRequest) {
  return readOffsetList(offsetPlan(request), (read) => l.followPage.load({ fid, direction, read }),
    async () => (await l.followTotals.load(fid))[direction]);
}

/** Live casts of the user (replies included), newest first, offset-paged with their total. */
export function farcasterCastPage(l: FarcasterGraphLoaders, fid: number, request: OffsetPageRequest) {
  return readOffsetList(offsetPlan(request), (read) => l.castPage.load({ fid, read }), () => l.castTotals.load(fid));
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
