// Ids → profile objects through the request's loaders (one batch for all).
import type { Context } from './context.type';
import { toFarcasterUser, type FarcasterUser } from './types/farcaster-user.type';
import { toLensProfile, type LensProfile } from './types/lens-profile.type';

/**
 * The rows of a loadMany, unknown ids (null) left out. loadMany puts a failed
 * batch's Error in the array instead of rejecting: it is rethrown, so a database
 * outage is a 503, never an empty "nobody found" answer.
 */
export function knownRows<T>(rows: ReadonlyArray<T | null | Error>): T[] {
  const failed = rows.find((r): r is Error => r instanceof Error);
  if (failed) throw failed;
  return rows.filter((r): r is T => r !== null);
}

export async function farcasterUsersByFid(ctx: Context, fids: readonly number[]): Promise<FarcasterUser[]> {
  return knownRows(await ctx.loaders.farcasterProfile.loadMany(fids)).map(toFarcasterUser);
}

export async function lensProfilesById(ctx: Context, ids: readonly string[]): Promise<LensProfile[]> {
  return knownRows(await ctx.loaders.lensProfile.loadMany(ids)).map(toLensProfile);
}
