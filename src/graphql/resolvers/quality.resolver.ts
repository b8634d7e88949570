// quality on FarcasterUser and LensProfile: one resolver class per profile
// type over the per-request quality loader of its protocol.
import { Ctx, FieldResolver, Resolver, Root, type ClassType } from 'type-graphql';
import { accountQuality } from '../../queries/quality';
import type { QualityLoader } from '../../loaders/quality-loaders';
import type { Context } from '../context.type';
import { FarcasterUser } from '../types/farcaster-user.type';
import { LensProfile } from '../types/lens-profile.type';
import { AccountQuality } from '../types/quality.type';

type Id = string | number;

function qualityResolver<T extends object>(type: ClassType<T>, key: (p: T) => Id, loader: (ctx: Context) => QualityLoader) {
  @Resolver(() => type)
  class QualityResolver {
    @FieldResolver(() => AccountQuality, {
      nullable: true,
      description: 'How likely this account is a real person rather than spam, with the features that explain it, as of the last analytics refresh; '
        + 'null for an account the refresh did not score (new since).',
    })
    quality(@Root() p: T, @Ctx() ctx: Context) {
      return accountQuality(loader(ctx), key(p));
    }
  }
  return QualityResolver;
}

export const FarcasterQualityResolver = qualityResolver<FarcasterUser>(FarcasterUser, (u) => u.fid, (ctx) => ctx.loaders.farcasterQuality);
export const LensQualityResolver = qualityResolver<LensProfile>(LensProfile, (p) => p.profileId, (ctx) => ctx.loaders.lensQuality);
