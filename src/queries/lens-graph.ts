// The Lens graph of a profile (engagement, following, publications), read
// through the request's Lens graph loaders: a field asked for many profiles
// with the same arguments is one statement. Answers are ids, rows and cursors;
// the resolvers turn them into profiles and publications.
import type { LensGraphLoaders } from '../loaders/lens-loaders';
import type { PublicationRow } from '../repositories/lens-publications.repository';
import { engagementLists, type Engagement } from './engagement';
import { decodeKeysetCursor, keysetPage, rowsToRead, type PageInfo } from './pagination';

/** Counterparts of the profile, `limit` per list, most interactions first. */
export async function lensEngagement(l: LensGraphLoaders, id: string, limit: number): Promise<Engagement<string>> {
  return engagementLists(await l.engagement.load({ id, limit }));
}

/** Profiles this profile follows (live), newest follow first, keyset-paged. */
export async function followingPage(l: LensGraphLoaders, id: string, first: number, after: string | null | undefined) {
  const rows = await l.following.load({ id, first: rowsToRead(first), after: decodeKeysetCursor(after) });
  const { items, pageInfo } = keysetPage(rows, first, (r) => ({ at: r.followed_at, id: r.followed }));
  return { page: items.map(({ row, cursor }) => ({ id: row.followed, followedAt: row.followed_at, cursor })), pageInfo };
}

/** Visible publications of the profile, newest first, keyset-paged. */
export async function publicationPage(
  l: LensGraphLoaders, id: string, first: number, after: string | null | undefined,
): Promise<{ items: { row: PublicationRow; cursor: string }[]; pageInfo: PageInfo }> {
  const cursor = decodeKeysetCursor(after);
  const rows = await l.publications.load({ id, first: rowsToRead(first), after: cursor ? { at: cursor.at, id: String(cursor.id) } : null });
  return keysetPage(rows, first, (r) => ({ at: r.timestamp, id: r.publication_id }));
}
