import { Arg, Args, Ctx, Query, Resolver } from 'type-graphql';
import type { ProtocolName } from '../../domain/protocols';
import { topFollowerIdsOfEach, trendingConnectionPage, trendingPage } from '../../queries/trending';
import { TrendingArgs } from '../args/trending.args';
import type { Context } from '../context.type';
import { farcasterUserMap, lensProfileMap, nodesOf } from '../profile-lookup';
import { connectionOf } from '../types/connection.type';
import { TrendingInput, TrendingPage, TrendingUserConnection, type TrendingUser } from '../types/trending.type';
import type { ProfileSummary } from '../types/profile-summary.type';

/**
 * The users of a page with their top followers, by id; an id whose profile no
 * longer loads has no entry (its place in the list still counts). All loads
 * are issued together so the loaders batch them.
 */
async function trendingUsersOf(ctx: Context, protocol: ProtocolName, ids: (string | number)[]): Promise<Map<string | number, TrendingUser>> {
  const l = protocol === 'lens' ? ctx.loaders.lensAnalytics : ctx.loaders.farcasterAnalytics;
  const byIds = (of: (string | number)[]): Promise<Map<string | number, ProfileSummary>> =>
    (protocol === 'lens' ? lensProfileMap(ctx, of as string[]) : farcasterUserMap(ctx, of as number[]));
  const [users, tops] = await Promise.all([byIds(ids), topFollowerIdsOfEach(l, ids)]);
  const followers = await Promise.all(tops.map(async (top) => nodesOf(await byIds(top), top)));
  return new Map(ids.flatMap((id, i) => { const user = users.get(id); return user ? [[id, { user, topFollowers: followers[i] }] as const] : []; }));
}

@Resolver()
export class TrendingResolver {
  @Query(() => TrendingPage, { description: 'Trending users by follower growth in the window, one 1-based `page` of `limit` (POST /api/trending/find).', deprecationReason: 'Use trending' })
  async trendingUsers(@Arg('input', () => TrendingInput, { description: 'Page, window, protocol and category filter.' }) input: TrendingInput, @Ctx() ctx: Context): Promise<TrendingPage> {
    const page = await trendingPage(ctx.db, { ...input, period: input.ratio });
    const users = await trendingUsersOf(ctx, page.protocol, page.ids);
    return { users: nodesOf(users, page.ids), page: page.page, total: page.total, totalPages: page.totalPages };
  }

  @Query(() => TrendingUserConnection, {
    description: 'Trending users: trend score = followers gained in the window ÷ (followers at the window\'s start + 10), best first, ties by followers gained, then id; only users who gained at least one follower. Each with its 3 followers with the most followers.',
  })
  async trending(@Args(() => TrendingArgs) args: TrendingArgs, @Ctx() ctx: Context) {
    const { protocol, page } = await trendingConnectionPage(ctx.db, { ...args, period: args.ratio });
    const users = await trendingUsersOf(ctx, protocol, page.items.map((i) => i.row));
    return connectionOf(page, page.items.flatMap(({ row, cursor }) => { const node = users.get(row); return node ? [{ cursor, node }] : []; }));
  }
}
