// trust(strategy) and rankHistory(from, to) on FarcasterUser and LensProfile:
// one resolver class built per profile type. Both read rows the analytics
// refresh stored; the contributors' profiles come in one batch.
import { Args, Ctx, FieldResolver, Resolver, Root, type ClassType } from 'type-graphql';
import { profileRankHistory, profileTrust } from '../../queries/trust';
import type { TrustLoaders } from '../../loaders/trust-loaders';
import { RankHistoryArgs, TrustArgs } from '../args/trust.args';
import type { Context } from '../context.type';
import { farcasterUserMap, lensProfileMap } from '../profile-lookup';
import { FarcasterUser } from '../types/farcaster-user.type';
import { LensProfile } from '../types/lens-profile.type';
import { FarcasterTrust, LensTrust, RankHistory } from '../types/trust.type';

type Id = string | number;

interface Side<T extends object> {
  type: ClassType<T>;
  trustType: ClassType<object>;
  key: (p: T) => Id;
  loaders: (ctx: Context) => TrustLoaders;
  /** Contributor ids → `{ <profile field>: profile, share }`, unknown ids left out. */
  contributors: (ctx: Context, list: { id: Id; share: number }[]) => Promise<object[]>;
}

function trustResolver<T extends object>(side: Side<T>) {
  @Resolver(() => side.type)
  class TrustResolver {
    @FieldResolver(() => side.trustType, {
      description: 'Trust under a strategy (EigenTrust / PageRank over the follow or the engagement graph), its rank, the parameters it ran with, '
        + 'and the contributors it comes from; as of the last analytics refresh.',
    })
    async trust(@Root() p: T, @Args(() => TrustArgs) { strategy }: TrustArgs, @Ctx() ctx: Context) {
      const t = await profileTrust(side.loaders(ctx), side.key(p), strategy);
      return { ...t, explanation: { ...t.explanation, contributors: await side.contributors(ctx, t.explanation.contributors) } };
    }

    @FieldResolver(() => RankHistory, { description: 'The five ranks and their bands at the analytics refreshes whose run fell in from..to, oldest first: a point per refresh, at most one per RANK_HISTORY_INTERVAL_MINUTES (default a day).' })
    rankHistory(@Root() p: T, @Args(() => RankHistoryArgs) args: RankHistoryArgs, @Ctx() ctx: Context) {
      return profileRankHistory(side.loaders(ctx), side.key(p), args);
    }
  }
  return TrustResolver;
}

export const FarcasterTrustResolver = trustResolver<FarcasterUser>({
  type: FarcasterUser, trustType: FarcasterTrust, key: (u) => u.fid, loaders: (ctx) => ctx.loaders.farcasterTrust,
  contributors: async (ctx, list) => {
    const users = await farcasterUserMap(ctx, list.map((c) => Number(c.id)));
    return list.flatMap((c) => { const user = users.get(Number(c.id)); return user ? [{ user, share: c.share }] : []; });
  },
});

export const LensTrustResolver = trustResolver<LensProfile>({
  type: LensProfile, trustType: LensTrust, key: (p) => p.profileId, loaders: (ctx) => ctx.loaders.lensTrust,
  contributors: async (ctx, list) => {
    const profiles = await lensProfileMap(ctx, list.map((c) => String(c.id)));
    return list.flatMap((c) => { const profile = profiles.get(String(c.id)); return profile ? [{ profile, share: c.share }] : []; });
  },
});
