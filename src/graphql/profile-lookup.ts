// Ids → profile objects through the request's loaders (one batch for all).
import type { Context } from './context.type';
import { toFarcasterUser, type FarcasterUser } from './types/farcaster-user.type';
import { toLensProfile, type LensProfile } from './types/lens-profile.type';

export async function farcasterUsersByFid(ctx: Context, fids: readonly number[]): Promise<FarcasterUser[]> {
  const rows = await ctx.loaders.farcasterProfile.loadMany(fids);
  return rows.flatMap((r) => (r && !(r instanceof Error) ? [toFarcasterUser(r)] : []));
}

export async function lensProfilesById(ctx: Context, ids: readonly string[]): Promise<LensProfile[]> {
  const rows = await ctx.loaders.lensProfile.loadMany(ids);
  return rows.flatMap((r) => (r && !(r instanceof Error) ? [toLensProfile(r)] : []));
}
