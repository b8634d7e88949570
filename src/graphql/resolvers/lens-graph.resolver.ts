// The Lens graph fields of LensProfile (engagement, collects, collect sums,
// followers, following, publications) and the top-creators query. Every field
// goes through the request's loaders: a nesting of any depth costs one statement
// per (field, arguments), whatever the number of parent profiles.
import { FollowerConnectionArgs } from '../args/quality.args';
import { Args, Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import { collectConnectionPage, collectOffsetPage, collectSum, topCreators } from '../../queries/collects';
import type { EngagementLists } from '../../queries/engagement';
import { followingPage, lensEngagement, publicationPage, type FollowItem } from '../../queries/lens-graph';
import type { ListPage } from '../../queries/pagination';
import { recentFollowerPage } from '../../queries/profile-analytics';
import type { CollectRow } from '../../repositories/lens-collects.repository';
import type { PublicationRow } from '../../repositories/lens-publications.repository';
import { ConnectionArgs } from '../args/connection.args';
import {
  CollectConnectionArgs, CollectFilterArgs, CollectPageArgs, EngagementArgs, TopCreatorsArgs,
} from '../args/lens-activity.args';
import type { Context } from '../context.type';
import { lensProfileMap, nodesOf } from '../profile-lookup';
import { connectionOf } from '../types/connection.type';
import { LensFollowConnection } from '../types/follower-connection.type';
import {
  LensCollect, LensCollectConnection, LensCollectSum, LensEngagement, LensEngagementLists,
  LensPublication, LensPublicationConnection, LensTopCreator,
} from '../types/lens-activity.type';
import { globalId } from '../node/global-id';
import { LensProfile } from '../types/lens-profile.type';

export const toCollect = (r: CollectRow): LensCollect => ({
  id: globalId('LensCollect', r.id), nativeId: r.id, collectedProfileId: r.collected_profile_id, collectedPubId: r.collected_pub_id, collectorProfileId: r.collector_profile_id,
  collectActionResult: r.action_result, collectActionData: r.action_data, currency: r.currency,
  amount: r.amount, usdAmount: r.usd_amount, timestamp: r.timestamp,
});

const toPublication = (r: PublicationRow): LensPublication => ({
  publicationId: r.publication_id, profileId: r.profile_id, type: r.publication_type, parentPublicationId: r.parent_publication_id,
  timestamp: r.timestamp, reactionCount: r.reactions, commentCount: r.comments, quoteCount: r.quotes, mirrorCount: r.mirrors,
  collectCount: r.collects,
});

/** A follow page with its profiles; a profile that no longer loads is left out (its cursor still pages on). */
async function follows(ctx: Context, page: ListPage<FollowItem>) {
  const nodes = await lensProfileMap(ctx, page.items.map((x) => x.row.id));
  return connectionOf(page, page.items.flatMap(({ cursor, row }) => {
    const node = nodes.get(row.id);
    return node ? [{ cursor, followedAt: row.followedAt, node }] : [];
  }));
}

/** Live followers of a profile, newest follow first (LensProfile.followers, and recentFollowers before it). */
async function followers(p: LensProfile, { minQuality, ...args }: FollowerConnectionArgs, ctx: Context) {
  const page = await recentFollowerPage(ctx.loaders.lensAnalytics, p.profileId, args, minQuality ?? null);
  return follows(ctx, { ...page, items: page.items.map(({ cursor, row }) => ({ cursor, row: { id: String(row.id), followedAt: row.followedAt } })) });
}

@Resolver(() => LensProfile)
export class LensGraphResolver {
  @FieldResolver(() => LensEngagement, { description: 'Top-N: who likes, comments on and quotes this profile\'s publications (inbound), and whose publications this profile likes, comments on and quotes (outbound); the `limit` counterparts with the most interactions per list (not paged). As of the analytics refresh (`analyticsAsOf`): the lists are computed by the refresh, so engagement imported since shows after the next one.' })
  async engagement(@Root() p: LensProfile, @Args(() => EngagementArgs) { limit }: EngagementArgs, @Ctx() ctx: Context): Promise<LensEngagement> {
    const e = await lensEngagement(ctx.loaders.lensGraph, p.profileId, limit);
    const profiles = await lensProfileMap(ctx, e.others);
    const lists = (ids: EngagementLists<string>): LensEngagementLists => ({
      likes: nodesOf(profiles, ids.likes), comments: nodesOf(profiles, ids.comments), quotes: nodesOf(profiles, ids.quotes),
    });
    return { inbound: lists(e.inbound), outbound: lists(e.outbound) };
  }

  @FieldResolver(() => LensCollectConnection, { description: 'Collects of this profile\'s publications under the filter, newest first, ties by act id descending (self-collects left out).' })
  async collects(@Root() p: LensProfile, @Args(() => CollectConnectionArgs) { filter, ...paging }: CollectConnectionArgs, @Ctx() ctx: Context) {
    const page = await collectConnectionPage(ctx.loaders.lensGraph, p.profileId, filter, paging);
    return connectionOf(page, page.items.map(({ row, cursor }) => ({ cursor, node: toCollect(row) })));
  }

  @FieldResolver(() => [LensCollect], {
    description: 'The collects of `collects`, one 1-based `page` of `limit` (the REST collect list pages them this way).',
    deprecationReason: 'Use collects',
  })
  async collectList(@Root() p: LensProfile, @Args(() => CollectPageArgs) { filter, page, limit }: CollectPageArgs, @Ctx() ctx: Context) {
    return (await collectOffsetPage(ctx.loaders.lensGraph, p.profileId, filter, page, limit)).map(toCollect);
  }

  @FieldResolver(() => LensCollectSum, { description: 'Count, USD total and per-currency totals of the collects under the filter.' })
  async collectSum(@Root() p: LensProfile, @Args(() => CollectFilterArgs) { filter }: CollectFilterArgs, @Ctx() ctx: Context): Promise<LensCollectSum> {
    return { profileId: p.profileId, ...await collectSum(ctx.loaders.lensGraph, p.profileId, filter) };
  }

  @FieldResolver(() => LensFollowConnection, { description: 'Live followers (self excluded), newest follow first, ties by profile id descending (numeric).' })
  followers(@Root() p: LensProfile, @Args(() => FollowerConnectionArgs) args: FollowerConnectionArgs, @Ctx() ctx: Context) {
    return followers(p, args, ctx);
  }

  @FieldResolver(() => LensFollowConnection, {
    description: 'The same connection as `followers`, same arguments and answers.',
    deprecationReason: 'Use followers',
  })
  recentFollowers(@Root() p: LensProfile, @Args(() => ConnectionArgs) args: ConnectionArgs, @Ctx() ctx: Context) {
    return followers(p, args, ctx);
  }

  @FieldResolver(() => LensFollowConnection, { description: 'Profiles this profile follows (live, self excluded), newest follow first, ties by profile id descending (numeric).' })
  async following(@Root() p: LensProfile, @Args(() => ConnectionArgs) args: ConnectionArgs, @Ctx() ctx: Context) {
    return follows(ctx, await followingPage(ctx.loaders.lensGraph, p.profileId, args));
  }

  @FieldResolver(() => LensPublicationConnection, { description: 'Visible publications, newest first, ties by publication id descending, with counts of what others did to each.' })
  async publications(@Root() p: LensProfile, @Args(() => ConnectionArgs) args: ConnectionArgs, @Ctx() ctx: Context) {
    const page = await publicationPage(ctx.loaders.lensGraph, p.profileId, args);
    return connectionOf(page, page.items.map(({ row, cursor }) => ({ cursor, node: toPublication(row) })));
  }
}

@Resolver()
export class LensCollectQueryResolver {
  @Query(() => [LensTopCreator], { description: 'Top-N: the `limit` profiles with the most USD collected under the filter (getTopCreators), then collects, then id (not paged).' })
  async lensTopCreators(@Args(() => TopCreatorsArgs) { filter, limit }: TopCreatorsArgs, @Ctx() ctx: Context): Promise<LensTopCreator[]> {
    const rows = await topCreators(ctx.loaders.lensGraph, filter, limit);
    const profiles = await lensProfileMap(ctx, rows.map((r) => r.profile_id));
    return rows.flatMap((r) => {
      const profile = profiles.get(r.profile_id);
      return profile ? [{ profileId: r.profile_id, count: r.count, usdTotal: r.usd_total, profile }] : [];
    });
  }
}
