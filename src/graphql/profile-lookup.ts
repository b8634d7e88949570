// Ids → profile objects through the request's loaders (one batch for all).
import { distinct } from '../loaders/order-by-keys';
import { knownProfiles } from '../queries/profiles';
import type { Context } from './context.type';
import { toFarcasterUser, type FarcasterUser } from './types/farcaster-user.type';
import { toLensProfile, type LensProfile } from './types/lens-profile.type';

/** Unknown ids are left out; a failed batch rejects, so an outage is never "nobody found". */
export async function farcasterUsersByFid(ctx: Context, fids: readonly number[]): Promise<FarcasterUser[]> {
  return (await knownProfiles(ctx.loaders.farcasterProfile, fids)).map(toFarcasterUser);
}

export async function lensProfilesById(ctx: Context, ids: readonly string[]): Promise<LensProfile[]> {
  return (await knownProfiles(ctx.loaders.lensProfile, ids)).map(toLensProfile);
}

/** The users of `fids` by fid, for answers that place them themselves; unknown fids have no entry. */
export async function farcasterUserMap(ctx: Context, fids: readonly number[]): Promise<Map<number, FarcasterUser>> {
  return new Map((await farcasterUsersByFid(ctx, distinct(fids))).map((u) => [u.fid, u]));
}

/** The profiles of `ids` by id, for answers that place them themselves; unknown ids have no entry. */
export async function lensProfileMap(ctx: Context, ids: readonly string[]): Promise<Map<string, LensProfile>> {
  return new Map((await lensProfilesById(ctx, distinct(ids))).map((p) => [p.profileId, p]));
}

/** The nodes of `ids`, in order; an id without one (no such profile) is left out. */
export function nodesOf<K, N>(nodes: ReadonlyMap<K, N>, ids: readonly K[]): N[] {
  return ids.flatMap((id) => { const node = nodes.get(id); return node === undefined ? [] : [node]; });
}
