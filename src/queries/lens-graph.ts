// The Lens graph of a profile (engagement, following, publications), read
// through the request's Lens graph loaders: a field asked for many profiles
// with the same arguments is one statement. Answers are ids, rows and cursors;
// the resolvers turn them into profiles and publications.
import type { LensGraphLoaders } from '../loaders/lens-loaders';
import type { PublicationRow } from '../repositories/lens-publications.repository';
import { engagementLists, type Engagement } from './engagement';
import { keysetRead, readKeysetList, type ListPage, type PageRequest } from './pagination';

/** A follow of a follow list: the other profile and when. */
export interface FollowItem { id: string; followedAt: Date }

/** Counterparts of the profile, `limit` per list, most interactions first. */
export async function lensEngagement(l: LensGraphLoaders, id: string, limit: number): Promise<Engagement<string>> {
  return engagementLists(await l.engagement.load({ id, limit }));
}

/** Profiles this profile follows (live), newest follow first, keyset-paged. */
export function followingPage(l: LensGraphLoaders, id: string, request: PageRequest): Promise<ListPage<FollowItem>> {
  return readKeysetList(keysetRead(request), (read) => l.following.load({ id, read }),
    (r) => (r.followed === null ? null : { id: r.followed, followedAt: r.followed_at as Date }),
    (f) => ({ at: f.followedAt, id: f.id }), () => l.followingTotals.load(id));
}

/** Visible publications of the profile, newest first, keyset-paged. */
export function publicationPage(l: LensGraphLoaders, id: string, request: PageRequest): Promise<ListPage<PublicationRow>> {
  return readKeysetList(keysetRead(request), (read) => l.publications.load({ id, read }),
    (r) => (r.publication_id === null ? null : r),
    (r) => ({ at: r.timestamp, id: r.publication_id }), () => l.publicationTotals.load(id));
}
