// Freshness of the answers: the root `freshness` list and `asOf` /
// `analyticsAsOf` on each profile type, all from the request's one
// protocol_state loader (20 profiles still cost one read).
import { Args, Ctx, FieldResolver, Query, Resolver, type ClassType } from 'type-graphql';
import { PROTOCOL_NAMES, type ProtocolName } from '../../domain/protocols';
import { loadFreshness } from '../../loaders/protocol-state-loader';
import { FreshnessArgs } from '../args/freshness.args';
import type { Context } from '../context.type';
import { FarcasterUser } from '../types/farcaster-user.type';
import { ANALYTICS_AS_OF_DESCRIPTION, AS_OF_DESCRIPTION, Freshness } from '../types/freshness.type';
import { LensProfile } from '../types/lens-profile.type';

@Resolver()
export class FreshnessResolver {
  @Query(() => [Freshness], { description: 'How fresh each protocol\'s answers are (both, farcaster first, unless `protocol` names one). REST answers carry the same times in X-Data-As-Of and X-Analytics-As-Of.' })
  async freshness(@Args(() => FreshnessArgs) { protocol }: FreshnessArgs, @Ctx() ctx: Context): Promise<Freshness[]> {
    const protocols = protocol ? [protocol] : PROTOCOL_NAMES;
    // Asked in one tick: both rows come from one statement.
    return Promise.all(protocols.map((p) => loadFreshness(ctx.loaders.protocolState, p)));
  }
}

function profileFreshnessResolver<T extends object>(type: ClassType<T>, protocol: ProtocolName) {
  @Resolver(() => type)
  class ProfileFreshnessResolver {
    @FieldResolver(() => Date, { nullable: true, description: AS_OF_DESCRIPTION[protocol] })
    async asOf(@Ctx() ctx: Context): Promise<Date | null> {
      return (await loadFreshness(ctx.loaders.protocolState, protocol)).asOf;
    }

    @FieldResolver(() => Date, { nullable: true, description: ANALYTICS_AS_OF_DESCRIPTION[protocol] })
    async analyticsAsOf(@Ctx() ctx: Context): Promise<Date | null> {
      return (await loadFreshness(ctx.loaders.protocolState, protocol)).analyticsAsOf;
    }
  }
  return ProfileFreshnessResolver;
}

export const FarcasterFreshnessResolver = profileFreshnessResolver(FarcasterUser, 'farcaster');
export const LensFreshnessResolver = profileFreshnessResolver(LensProfile, 'lens');
