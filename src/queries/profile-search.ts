// Profile search by handle: the matching ids come from one statement, the
// profiles from the request's profile loader (one batch for all of them).
import type { Database } from '../db/database';
import type { Loaders } from '../loaders/create-loaders';
import { searchFarcasterFids, type FarcasterProfileRow } from '../repositories/farcaster-profile.repository';
import { knownProfiles } from './profiles';

/** A handle search answers at most 20 profiles. */
export const HANDLE_SEARCH_LIMIT = 20;

/**
 * Farcaster profiles whose username or fname equals the handle (case-insensitive)
 * first, then prefix matches by followers, then fid; at most HANDLE_SEARCH_LIMIT.
 * A fid whose profile no longer loads is left out; a failed batch rejects, so an
 * outage is never "nobody found".
 */
export async function searchFarcasterProfiles(db: Database, profiles: Loaders['farcasterProfile'], handle: string): Promise<FarcasterProfileRow[]> {
  const fids = await searchFarcasterFids(db, handle, HANDLE_SEARCH_LIMIT);
  return knownProfiles(profiles, fids);
}
