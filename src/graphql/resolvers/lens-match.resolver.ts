// The reverse Farcaster ↔ Lens match on LensProfile: fids with a live verified
// Ethereum address equal to the profile's owner (case-insensitive).
import { Ctx, FieldResolver, Int, Resolver, Root } from 'type-graphql';
import type { Context } from '../context.type';
import { farcasterUsersByFid } from '../profile-lookup';
import { FarcasterUser } from '../types/farcaster-user.type';
import { LensProfile } from '../types/lens-profile.type';

@Resolver(() => LensProfile)
export class LensMatchResolver {
  @FieldResolver(() => [Int], { description: 'Fids with a live verification of ownedBy, ascending.' })
  farcasterFids(@Root() p: LensProfile, @Ctx() ctx: Context): Promise<number[]> {
    return ctx.loaders.farcasterGraph.fidsOfLensProfile.load(p.profileId);
  }

  @FieldResolver(() => [FarcasterUser], { description: 'The users of farcasterFids (fids unknown as profiles left out).' })
  async farcasterUsers(@Root() p: LensProfile, @Ctx() ctx: Context): Promise<FarcasterUser[]> {
    return farcasterUsersByFid(ctx, await ctx.loaders.farcasterGraph.fidsOfLensProfile.load(p.profileId));
  }
}
