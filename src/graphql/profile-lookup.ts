// Ids → profile objects through the request's loaders (one batch for all).
import { loadAll } from '../loaders/load-all';
import type { Context } from './context.type';
import { toFarcasterUser, type FarcasterUser } from './types/farcaster-user.type';
import { toLensProfile, type LensProfile } from './types/lens-profile.type';

/** Unknown ids (null) are left out; a failed batch rejects, so an outage is never "nobody found". */
const known = <T>(rows: ReadonlyArray<T | null>): T[] => rows.filter((r): r is T => r !== null);

export async function farcasterUsersByFid(ctx: Context, fids: readonly number[]): Promise<FarcasterUser[]> {
  return known(await loadAll(ctx.loaders.farcasterProfile, fids)).map(toFarcasterUser);
}

export async function lensProfilesById(ctx: Context, ids: readonly string[]): Promise<LensProfile[]> {
  return known(await loadAll(ctx.loaders.lensProfile, ids)).map(toLensProfile);
}
