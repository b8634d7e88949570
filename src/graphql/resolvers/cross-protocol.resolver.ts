// Across protocols: the audience overlap of a matched person (on FarcasterUser
// with the profile, on LensProfile with the fid: the same list), the combined
// rank on both, and the ranking at the root. Lists and ranks go through the
// cross-protocol loaders; users and profiles through the profile loaders.
import { Args, Ctx, FieldResolver, Query, Resolver, Root, type ClassType } from 'type-graphql';
import { AppError, profileNotFound } from '../../errors/app-error';
import { overlapPairPage, overlapSidesOf, personKey, rankingPageOf } from '../../queries/cross-protocol';
import type { CrossRankRow } from '../../repositories/cross-protocol.repository';
import { PagedConnectionArgs } from '../args/connection.args';
import { FarcasterAudienceOverlapArgs, LensAudienceOverlapArgs } from '../args/cross-protocol.args';
import type { Context } from '../context.type';
import { connectionOf } from '../types/connection.type';
import {
  AudienceOverlapConnection, CrossProtocolPerson, CrossProtocolRank, CrossProtocolRankConnection,
} from '../types/cross-protocol.type';
import { FarcasterUser, toFarcasterUser } from '../types/farcaster-user.type';
import { LensProfile, toLensProfile } from '../types/lens-profile.type';

/** A pair that is not matched: as for an unknown id, there is no such person (404). */
const notMatched = (fid: number, profileId: string) => new AppError('NOT_FOUND',
  `Farcaster user ${fid} and Lens profile ${profileId} are not matched: no live verified Ethereum address of the user owns the profile`);

const rankOf = (r: CrossRankRow): CrossProtocolRank => ({
  fid: r.fid, profileId: r.profile_id, rank: r.rank, persons: r.persons, combinedPercentile: r.combined,
  farcasterPercentile: r.farcaster_percentile, lensPercentile: r.lens_percentile,
  farcasterGeneration: r.fc_generation, lensGeneration: r.lens_generation,
});

/** The person (fid, profileId) checked: both exist and are matched. */
async function matchedPerson(ctx: Context, fid: number, profileId: string): Promise<string> {
  const [user, profile, matches] = await Promise.all([
    ctx.loaders.farcasterProfile.load(fid), ctx.loaders.lensProfile.load(profileId), ctx.loaders.farcasterGraph.lensMatches.load(fid)]);
  if (!user) throw profileNotFound(fid);
  if (!profile) throw profileNotFound(profileId);
  if (!matches.includes(profileId)) throw notMatched(fid, profileId);
  return personKey(fid, profileId);
}

/** The overlap connection of a checked person, its one-side counts read only when asked. */
async function overlapOf(ctx: Context, person: string, paging: PagedConnectionArgs) {
  const l = ctx.loaders.crossProtocol;
  const page = await overlapPairPage(l, person, paging);
  const conn = connectionOf(page, page.items.map(({ cursor, row }) => ({ cursor, node: { fid: row.g, profileId: row.l } })));
  return Object.defineProperties(conn, {
    lensOnly: { get: () => overlapSidesOf(l, person).then((s) => s.lensOnly), enumerable: true },
    farcasterOnly: { get: () => overlapSidesOf(l, person).then((s) => s.farcasterOnly), enumerable: true },
    union: { get: () => overlapSidesOf(l, person).then((s) => s.union), enumerable: true },
  });
}

/** farcasterUser and lensProfile of a person, for the person and the rank types alike. */
function personResolver<T extends CrossProtocolPerson>(type: ClassType<T>) {
  @Resolver(() => type)
  class PersonResolver {
    @FieldResolver(() => FarcasterUser, { nullable: true, description: 'The Farcaster user of fid.' })
    async farcasterUser(@Root() p: T, @Ctx() ctx: Context): Promise<FarcasterUser | null> {
      const row = await ctx.loaders.farcasterProfile.load(p.fid);
      return row ? toFarcasterUser(row) : null;
    }

    @FieldResolver(() => LensProfile, { nullable: true, description: 'The Lens profile of profileId.' })
    async lensProfile(@Root() p: T, @Ctx() ctx: Context): Promise<LensProfile | null> {
      const row = await ctx.loaders.lensProfile.load(p.profileId);
      return row ? toLensProfile(row) : null;
    }
  }
  return PersonResolver;
}

export const CrossProtocolPersonResolver = personResolver(CrossProtocolPerson);
export const CrossProtocolRankResolver = personResolver(CrossProtocolRank);

const OVERLAP = 'Audience overlap with a matched profile of the other protocol (see AudienceOverlapConnection); the same list from either side. Null with a NOT_FOUND error when the other id is unknown or not matched to this one.';
const BEST_RANK = 'The best-ranked matched person this is part of in the cross-protocol ranking (see Query.crossProtocolRanking); null when it is matched to nothing ranked.';

@Resolver(() => FarcasterUser)
export class FarcasterCrossProtocolResolver {
  @FieldResolver(() => AudienceOverlapConnection, { nullable: true, description: OVERLAP })
  async audienceOverlap(@Root() u: FarcasterUser, @Args(() => FarcasterAudienceOverlapArgs) { lensProfile, ...paging }: FarcasterAudienceOverlapArgs, @Ctx() ctx: Context) {
    return overlapOf(ctx, await matchedPerson(ctx, u.fid, lensProfile), paging);
  }

  @FieldResolver(() => CrossProtocolRank, { nullable: true, description: BEST_RANK })
  async crossProtocolRank(@Root() u: FarcasterUser, @Ctx() ctx: Context): Promise<CrossProtocolRank | null> {
    const r = await ctx.loaders.crossProtocol.bestRankOfFid.load(u.fid);
    return r ? rankOf(r) : null;
  }
}

@Resolver(() => LensProfile)
export class LensCrossProtocolResolver {
  @FieldResolver(() => AudienceOverlapConnection, { nullable: true, description: OVERLAP })
  async audienceOverlap(@Root() p: LensProfile, @Args(() => LensAudienceOverlapArgs) { fid, ...paging }: LensAudienceOverlapArgs, @Ctx() ctx: Context) {
    return overlapOf(ctx, await matchedPerson(ctx, fid, p.profileId), paging);
  }

  @FieldResolver(() => CrossProtocolRank, { nullable: true, description: BEST_RANK })
  async crossProtocolRank(@Root() p: LensProfile, @Ctx() ctx: Context): Promise<CrossProtocolRank | null> {
    const r = await ctx.loaders.crossProtocol.bestRankOfProfile.load(p.profileId);
    return r ? rankOf(r) : null;
  }
}

@Resolver()
export class CrossProtocolRankingResolver {
  @Query(() => CrossProtocolRankConnection, {
    description: 'Every person matched on both protocols (a fid and a Lens profile its live verified Ethereum address owns), ranked by the mean of the two graph-score percentiles, best first; as of the later of the two analytics refreshes, never mixing generations.',
  })
  async crossProtocolRanking(@Args(() => PagedConnectionArgs) args: PagedConnectionArgs, @Ctx() ctx: Context) {
    const page = await rankingPageOf(ctx.loaders.crossProtocol, args);
    return connectionOf(page, page.items.map(({ cursor, row }) => ({ cursor, node: rankOf(row) })));
  }
}
