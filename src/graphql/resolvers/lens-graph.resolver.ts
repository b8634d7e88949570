// The Lens graph fields of LensProfile (engagement, collects, collect sums,
// followers, following, publications) and the top-creators query. Every field
// goes through the request's loaders: a nesting of any depth costs one statement
// per (field, arguments), whatever the number of parent profiles.
import { Args, Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import { collectKeysetPage, collectOffsetPage, collectSum, topCreators } from '../../queries/collects';
import type { EngagementLists } from '../../queries/engagement';
import { followingPage, lensEngagement, publicationPage } from '../../queries/lens-graph';
import { recentFollowerPage } from '../../queries/profile-analytics';
import type { CollectRow } from '../../repositories/lens-collects.repository';
import type { PublicationRow } from '../../repositories/lens-publications.repository';
import {
  CollectConnectionArgs, CollectFilterArgs, CollectPageArgs, EngagementArgs, PageArgs, TopCreatorsArgs,
} from '../args/lens-activity.args';
import { FollowerPageArgs } from '../args/analytics.args';
import type { Context } from '../context.type';
import { lensProfileMap, nodesOf } from '../profile-lookup';
import { LensFollowerConnection } from '../types/follower-connection.type';
import {
  LensCollect, LensCollectConnection, LensCollectSum, LensEngagement, LensEngagementLists,
  LensPublication, LensPublicationConnection, LensTopCreator,
} from '../types/lens-activity.type';
import { LensProfile } from '../types/lens-profile.type';

const toCollect = (r: CollectRow): LensCollect => ({
  id: r.id, collectedProfileId: r.collected_profile_id, collectedPubId: r.collected_pub_id, collectorProfileId: r.collector_profile_id,
  collectActionResult: r.action_result, collectActionData: r.action_data, currency: r.currency,
  amount: r.amount, usdAmount: r.usd_amount, timestamp: r.timestamp,
});

const toPublication = (r: PublicationRow): LensPublication => ({
  publicationId: r.publication_id, profileId: r.profile_id, type: r.publication_type, parentPublicationId: r.parent_publication_id,
  timestamp: r.timestamp, reactionCount: r.reactions, commentCount: r.comments, quoteCount: r.quotes, mirrorCount: r.mirrors,
  collectCount: r.collects,
});

/** Follow edges of a page of ids; a profile that no longer loads is left out (its cursor still pages on). */
async function followEdges(ctx: Context, page: { id: string; followedAt: Date; cursor: string }[]) {
  const nodes = await lensProfileMap(ctx, page.map((x) => x.id));
  return page.flatMap((x) => { const node = nodes.get(x.id); return node ? [{ cursor: x.cursor, followedAt: x.followedAt, node }] : []; });
}

@Resolver(() => LensProfile)
export class LensGraphResolver {
  @FieldResolver(() => LensEngagement, { description: 'Who likes, comments on and quotes this profile\'s publications (inbound), and whose publications this profile likes, comments on and quotes (outbound); `limit` items per list.' })
  async engagement(@Root() p: LensProfile, @Args(() => EngagementArgs) { limit }: EngagementArgs, @Ctx() ctx: Context): Promise<LensEngagement> {
    const e = await lensEngagement(ctx.loaders.lensGraph, p.profileId, limit);
    const profiles = await lensProfileMap(ctx, e.others);
    const lists = (ids: EngagementLists<string>): LensEngagementLists => ({
      likes: nodesOf(profiles, ids.likes), comments: nodesOf(profiles, ids.comments), quotes: nodesOf(profiles, ids.quotes),
    });
    return { inbound: lists(e.inbound), outbound: lists(e.outbound) };
  }

  @FieldResolver(() => LensCollectConnection, { description: 'Collects of this profile\'s publications, newest first (self-collects left out).' })
  async collects(@Root() p: LensProfile, @Args(() => CollectConnectionArgs) { filter, first, after }: CollectConnectionArgs, @Ctx() ctx: Context) {
    const { items, pageInfo } = await collectKeysetPage(ctx.loaders.lensGraph, p.profileId, filter, first, after);
    return { edges: items.map(({ row, cursor }) => ({ cursor, node: toCollect(row) })), pageInfo };
  }

  @FieldResolver(() => [LensCollect], { description: 'The collects of `collects`, offset-paged (`page` 1-based, `limit`), as the REST collect list pages them.' })
  async collectList(@Root() p: LensProfile, @Args(() => CollectPageArgs) { filter, page, limit }: CollectPageArgs, @Ctx() ctx: Context) {
    return (await collectOffsetPage(ctx.loaders.lensGraph, p.profileId, filter, page, limit)).map(toCollect);
  }

  @FieldResolver(() => LensCollectSum, { description: 'Count, USD total and per-currency totals of the collects under the filter.' })
  async collectSum(@Root() p: LensProfile, @Args(() => CollectFilterArgs) { filter }: CollectFilterArgs, @Ctx() ctx: Context): Promise<LensCollectSum> {
    return { profileId: p.profileId, ...await collectSum(ctx.loaders.lensGraph, p.profileId, filter) };
  }

  @FieldResolver(() => LensFollowerConnection, { description: 'Live followers, newest follow first.' })
  async followers(@Root() p: LensProfile, @Args(() => FollowerPageArgs) { first, after }: FollowerPageArgs, @Ctx() ctx: Context) {
    const { page, pageInfo } = await recentFollowerPage(ctx.loaders.lensAnalytics, p.profileId, first, after);
    return { edges: await followEdges(ctx, page.map((x) => ({ ...x, id: String(x.id) }))), pageInfo };
  }

  @FieldResolver(() => LensFollowerConnection, { description: 'Profiles this profile follows (live), newest follow first.' })
  async following(@Root() p: LensProfile, @Args(() => FollowerPageArgs) { first, after }: FollowerPageArgs, @Ctx() ctx: Context) {
    const { page, pageInfo } = await followingPage(ctx.loaders.lensGraph, p.profileId, first, after);
    return { edges: await followEdges(ctx, page), pageInfo };
  }

  @FieldResolver(() => LensPublicationConnection, { description: 'Visible publications, newest first, with counts of what others did to each.' })
  async publications(@Root() p: LensProfile, @Args(() => PageArgs) { first, after }: PageArgs, @Ctx() ctx: Context) {
    const { items, pageInfo } = await publicationPage(ctx.loaders.lensGraph, p.profileId, first, after);
    return { edges: items.map(({ row, cursor }) => ({ cursor, node: toPublication(row) })), pageInfo };
  }
}

@Resolver()
export class LensCollectQueryResolver {
  @Query(() => [LensTopCreator], { description: 'Profiles by USD collected under the filter (getTopCreators), then collects, then id.' })
  async lensTopCreators(@Args(() => TopCreatorsArgs) { filter, limit }: TopCreatorsArgs, @Ctx() ctx: Context): Promise<LensTopCreator[]> {
    const rows = await topCreators(ctx.loaders.lensGraph, filter, limit);
    const profiles = await lensProfileMap(ctx, rows.map((r) => r.profile_id));
    return rows.flatMap((r) => {
      const profile = profiles.get(r.profile_id);
      return profile ? [{ profileId: r.profile_id, count: r.count, usdTotal: r.usd_total, profile }] : [];
    });
  }
}
