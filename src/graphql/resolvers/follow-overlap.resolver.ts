// Followers you know, mutual follows and unfollowers, the same for FarcasterUser
// and LensProfile: one resolver class built per profile type. Every field goes
// through the protocol's overlap loaders (one statement per field and arguments,
// whatever the number of parent profiles); nodes through the profile loaders.
import { Args, Ctx, FieldResolver, Resolver, Root, type ClassType } from 'type-graphql';
import { profileNotFound } from '../../errors/app-error';
import type { FollowOverlapLoaders } from '../../loaders/follow-overlap-loaders';
import type { ProtocolName } from '../../domain/protocols';
import { knownFollowerPage, unfollowDays, unfollowerPage } from '../../queries/follow-overlap';
import type { ListPage } from '../../queries/pagination';
import type { OverlapRow } from '../../repositories/follow-overlap.repository';
import { PagedConnectionArgs } from '../args/connection.args';
import { FarcasterViewerArgs, LensViewerArgs, UnfollowWindowArgs } from '../args/follow-overlap.args';
import type { Context } from '../context.type';
import { farcasterUserMap, lensProfileMap } from '../profile-lookup';
import { connectionOf } from '../types/connection.type';
import {
  FarcasterKnownFollowerConnection, FarcasterUnfollowConnection, LensKnownFollowerConnection, LensUnfollowConnection,
} from '../types/follow-overlap.type';
import { FarcasterUser } from '../types/farcaster-user.type';
import { LensProfile } from '../types/lens-profile.type';

type Id = string | number;

interface Side<T extends object, K extends Id> {
  protocol: ProtocolName;
  type: ClassType<T>;
  viewerArgs: ClassType<{ viewer: K }>;
  knownConnection: ClassType<object>;
  unfollowConnection: ClassType<object>;
  key: (p: T) => K;
  loaders: (ctx: Context) => FollowOverlapLoaders;
  /** Profile rows of `ids` by id; unknown ids have no entry. */
  nodes: (ctx: Context, ids: K[]) => Promise<Map<K, T>>;
  /** Whether the profile exists (the viewer check). */
  exists: (ctx: Context, id: K) => Promise<boolean>;
  /** What the list items are called in descriptions: users, profiles. */
  noun: string;
}

/** Edges of a page whose nodes still load (a node that no longer loads is left out; its position still counts). */
async function edgesOf<T extends object, K extends Id, R, E>(side: Side<T, K>, ctx: Context, page: ListPage<R>, idOf: (r: R) => K, edge: (r: R) => E) {
  const nodes = await side.nodes(ctx, page.items.map((i) => idOf(i.row)));
  return connectionOf(page, page.items.flatMap(({ cursor, row }) => {
    const node = nodes.get(idOf(row));
    return node ? [{ cursor, node, ...edge(row) }] : [];
  }));
}

function followOverlapResolver<T extends object, K extends Id>(side: Side<T, K>) {
  const known = (ctx: Context, page: ListPage<OverlapRow>) =>
    edgesOf(side, ctx, page, (r) => r.other as K, (r) => ({ followedAt: r.followed_at }));

  @Resolver(() => side.type)
  class FollowOverlapResolver {
    @FieldResolver(() => side.knownConnection, {
      nullable: true,
      description: `Followers you know: live followers of this profile whom the viewer follows (the viewer and this profile themselves never listed), by their own followers, most first, then id. Null with a NOT_FOUND error when the viewer is unknown.`,
    })
    async followersYouKnow(@Root() p: T, @Args(() => side.viewerArgs) args: { viewer: K } & PagedConnectionArgs, @Ctx() ctx: Context) {
      const { viewer, ...paging } = args;
      const [exists, page] = await Promise.all([
        side.exists(ctx, viewer),
        knownFollowerPage(side.loaders(ctx), side.key(p), { viewer }, paging),
      ]);
      if (!exists) throw profileNotFound(viewer, 'viewer ');
      return known(ctx, page);
    }

    @FieldResolver(() => side.knownConnection, {
      description: `Mutual follows: live followers of this profile that it follows back (self excluded), by their own followers, most first, then id.`,
    })
    async mutualFollows(@Root() p: T, @Args(() => PagedConnectionArgs) args: PagedConnectionArgs, @Ctx() ctx: Context) {
      return known(ctx, await knownFollowerPage(side.loaders(ctx), side.key(p), 'self', args));
    }

    @FieldResolver(() => side.unfollowConnection, {
      description: `${side.noun} who unfollowed this profile within \`from\`..\`to\` (UTC days, both included; default the 30 days up to the as-of day; at most 366 days) and have not followed it again since, newest unfollow first, then id descending.`,
    })
    async unfollowers(@Root() p: T, @Args(() => UnfollowWindowArgs) { from, to, ...paging }: UnfollowWindowArgs, @Ctx() ctx: Context) {
      const asOf = (await ctx.loaders.protocolState.load(side.protocol))?.as_of ?? null;
      const { window } = unfollowDays(asOf, from, to);
      const page = await unfollowerPage(side.loaders(ctx), side.key(p), window, paging);
      return edgesOf(side, ctx, page, (u) => u.id as K, (u) => ({ followedAt: u.followedAt, unfollowedAt: u.unfollowedAt }));
    }
  }
  return FollowOverlapResolver;
}

export const FarcasterFollowOverlapResolver = followOverlapResolver<FarcasterUser, number>({
  protocol: 'farcaster', type: FarcasterUser, viewerArgs: FarcasterViewerArgs, noun: 'Users',
  knownConnection: FarcasterKnownFollowerConnection, unfollowConnection: FarcasterUnfollowConnection,
  key: (u) => u.fid, loaders: (ctx) => ctx.loaders.farcasterOverlap,
  nodes: (ctx, ids) => farcasterUserMap(ctx, ids),
  exists: async (ctx, id) => (await ctx.loaders.farcasterProfile.load(id)) !== null,
});

export const LensFollowOverlapResolver = followOverlapResolver<LensProfile, string>({
  protocol: 'lens', type: LensProfile, viewerArgs: LensViewerArgs, noun: 'Profiles',
  knownConnection: LensKnownFollowerConnection, unfollowConnection: LensUnfollowConnection,
  key: (p) => p.profileId, loaders: (ctx) => ctx.loaders.lensOverlap,
  nodes: (ctx, ids) => lensProfileMap(ctx, ids),
  exists: async (ctx, id) => (await ctx.loaders.lensProfile.load(id)) !== null,
});
