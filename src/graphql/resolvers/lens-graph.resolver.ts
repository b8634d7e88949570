// The Lens graph fields of LensProfile (engagement, collects, collect sums,
// followers, following, publications) and the top-creators query. Every field
// goes through the request's loaders: a nesting of any depth costs one statement
// per (field, arguments), whatever the number of parent profiles.
import { Args, Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import { decodeKeysetCursor, keysetPage, rowsToRead } from '../../queries/pagination';
import { recentFollowerPage } from '../../queries/profile-analytics';
import { distinct } from '../../loaders/order-by-keys';
import type { CollectRow } from '../../repositories/lens-collects.repository';
import {
  CollectConnectionArgs, CollectFilterArgs, CollectPageArgs, EngagementArgs, PageArgs, TopCreatorsArgs, collectWindow,
} from '../args/lens-activity.args';
import { FollowerPageArgs } from '../args/analytics.args';
import type { Context } from '../context.type';
import { lensProfilesById } from '../profile-lookup';
import { LensFollowerConnection } from '../types/follower-connection.type';
import {
  LensCollect, LensCollectConnection, LensCollectSum, LensEngagement,
  LensPublicationConnection, LensTopCreator,
} from '../types/lens-activity.type';
import { LensProfile } from '../types/lens-profile.type';

const KINDS = ['likes', 'comments', 'quotes'] as const;

const toCollect = (r: CollectRow): LensCollect => ({
  id: r.id, collectedProfileId: r.collected_profile_id, collectedPubId: r.collected_pub_id, collectorProfileId: r.collector_profile_id,
  collectActionResult: r.action_result, collectActionData: r.action_data, currency: r.currency,
  amount: r.amount, usdAmount: r.usd_amount, timestamp: r.timestamp,
});

async function profileMap(ctx: Context, ids: string[]): Promise<Map<string, LensProfile>> {
  return new Map((await lensProfilesById(ctx, distinct(ids))).map((p) => [p.profileId, p]));
}

@Resolver(() => LensProfile)
export class LensGraphResolver {
  @FieldResolver(() => LensEngagement, { description: 'Who likes, comments on and quotes this profile\'s publications (inbound), and whose publications this profile likes, comments on and quotes (outbound); `limit` items per list.' })
  async engagement(@Root() p: LensProfile, @Args(() => EngagementArgs) { limit }: EngagementArgs, @Ctx() ctx: Context): Promise<LensEngagement> {
    const rows = await ctx.loaders.lensGraph.engagement.load({ id: p.profileId, limit });
    // All six lists' profiles in one batch.
    const profiles = await profileMap(ctx, rows.map((r) => r.other));
    const list = (direction: string, kind: string) => rows
      .filter((r) => r.direction === direction && r.kind === kind)
      .flatMap((r) => { const q = profiles.get(r.other); return q ? [q] : []; });
    const side = (direction: string) => Object.fromEntries(KINDS.map((k) => [k, list(direction, k)])) as unknown as LensEngagement['inbound'];
    return { inbound: side('inbound'), outbound: side('outbound') };
  }

  @FieldResolver(() => LensCollectConnection, { description: 'Collects of this profile\'s publications, newest first (self-collects left out).' })
  async collects(@Root() p: LensProfile, @Args(() => CollectConnectionArgs) { filter, first, after }: CollectConnectionArgs, @Ctx() ctx: Context) {
    const window = collectWindow(filter);
    const cursor = decodeKeysetCursor(after);
    const rows = await ctx.loaders.lensGraph.collects.load({
      id: p.profileId, window, first: rowsToRead(first), offset: 0, after: cursor ? { at: cursor.at, id: String(cursor.id) } : null,
    });
    const { items, pageInfo } = keysetPage(rows, first, (r) => ({ at: r.timestamp, id: r.id }));
    return { edges: items.map(({ row, cursor }) => ({ cursor, node: toCollect(row) })), pageInfo };
  }

  @FieldResolver(() => [LensCollect], { description: 'The collects of `collects`, offset-paged (`page` 1-based, `limit`), as the REST collect list pages them.' })
  async collectList(@Root() p: LensProfile, @Args(() => CollectPageArgs) { filter, page, limit }: CollectPageArgs, @Ctx() ctx: Context) {
    const window = collectWindow(filter);
    const rows = await ctx.loaders.lensGraph.collects.load({ id: p.profileId, window, first: limit, offset: (page - 1) * limit, after: null });
    return rows.map(toCollect);
  }

  @FieldResolver(() => LensCollectSum, { description: 'Count, USD total and per-currency totals of the collects under the filter.' })
  async collectSum(@Root() p: LensProfile, @Args(() => CollectFilterArgs) { filter }: CollectFilterArgs, @Ctx() ctx: Context): Promise<LensCollectSum> {
    const rows = await ctx.loaders.lensGraph.collectSums.load({ id: p.profileId, window: collectWindow(filter) });
    const currencies = rows
      .map((r) => ({ currency: r.currency, count: r.count, amount: r.amount, usdAmount: r.usd_amount }))
      .sort((a, b) => b.usdAmount - a.usdAmount || (a.currency === null ? 1 : b.currency === null ? -1 : a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0));
    return { profileId: p.profileId, count: rows[0]?.total_count ?? 0, usdTotal: rows[0]?.usd_total ?? 0, currencies };
  }

  @FieldResolver(() => LensFollowerConnection, { description: 'Live followers, newest follow first.' })
  async followers(@Root() p: LensProfile, @Args(() => FollowerPageArgs) { first, after }: FollowerPageArgs, @Ctx() ctx: Context) {
    const { page, pageInfo } = await recentFollowerPage(ctx.loaders.lensAnalytics, p.profileId, first, after);
    const nodes = await profileMap(ctx, page.map((x) => String(x.id)));
    const edges = page.flatMap((x) => { const node = nodes.get(String(x.id)); return node ? [{ cursor: x.cursor, followedAt: x.followedAt, node }] : []; });
    return { edges, pageInfo };
  }

  @FieldResolver(() => LensFollowerConnection, { description: 'Profiles this profile follows (live), newest follow first.' })
  async following(@Root() p: LensProfile, @Args(() => FollowerPageArgs) { first, after }: FollowerPageArgs, @Ctx() ctx: Context) {
    const rows = await ctx.loaders.lensGraph.following.load({ id: p.profileId, first: rowsToRead(first), after: decodeKeysetCursor(after) });
    const { items, pageInfo } = keysetPage(rows, first, (r) => ({ at: r.followed_at, id: r.followed }));
    const nodes = await profileMap(ctx, items.map(({ row }) => row.followed));
    const edges = items.flatMap(({ row, cursor }) => {
      const node = nodes.get(row.followed);
      return node ? [{ cursor, followedAt: row.followed_at, node }] : [];
    });
    return { edges, pageInfo };
  }

  @FieldResolver(() => LensPublicationConnection, { description: 'Visible publications, newest first, with counts of what others did to each.' })
  async publications(@Root() p: LensProfile, @Args(() => PageArgs) { first, after }: PageArgs, @Ctx() ctx: Context) {
    const cursor = decodeKeysetCursor(after);
    const rows = await ctx.loaders.lensGraph.publications.load({
      id: p.profileId, first: rowsToRead(first), after: cursor ? { at: cursor.at, id: String(cursor.id) } : null,
    });
    const { items, pageInfo } = keysetPage(rows, first, (r) => ({ at: r.timestamp, id: r.publication_id }));
    const edges = items.map(({ row: r, cursor }) => ({
      cursor,
      node: {
        publicationId: r.publication_id, profileId: r.profile_id, type: r.publication_type, parentPublicationId: r.parent_publication_id,
        timestamp: r.timestamp, reactionCount: r.reactions, commentCount: r.comments, quoteCount: r.quotes, mirrorCount: r.mirrors,
        collectCount: r.collects,
      },
    }));
    return { edges, pageInfo };
  }
}

@Resolver()
export class LensCollectQueryResolver {
  @Query(() => [LensTopCreator], { description: 'Profiles by USD collected under the filter (getTopCreators), then collects, then id.' })
  async lensTopCreators(@Args(() => TopCreatorsArgs) { filter, limit }: TopCreatorsArgs, @Ctx() ctx: Context): Promise<LensTopCreator[]> {
    const rows = await ctx.loaders.lensGraph.topCreators.load({ window: collectWindow(filter), limit });
    const profiles = await profileMap(ctx, rows.map((r) => r.profile_id));
    return rows.flatMap((r) => {
      const profile = profiles.get(r.profile_id);
      return profile ? [{ profileId: r.profile_id, count: r.count, usdTotal: r.usd_total, profile }] : [];
    });
  }
}
