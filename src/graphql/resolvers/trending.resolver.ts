import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import { topFollowerIdsOfEach, trendingPage } from '../../queries/trending';
import type { Context } from '../context.type';
import { farcasterUsersByFid, lensProfilesById } from '../profile-lookup';
import { TrendingInput, TrendingPage } from '../types/trending.type';
import type { ProfileSummary } from '../types/profile-summary.type';

@Resolver()
export class TrendingResolver {
  @Query(() => TrendingPage, { description: 'Trending users by follower growth in the window, paged.' })
  async trendingUsers(@Arg('input', () => TrendingInput, { description: 'Page, window, protocol and category filter.' }) input: TrendingInput, @Ctx() ctx: Context): Promise<TrendingPage> {
    const page = await trendingPage(ctx.db, { ...input, period: input.ratio });
    const l = page.protocol === 'lens' ? ctx.loaders.lensAnalytics : ctx.loaders.farcasterAnalytics;
    const byIds = (ids: (string | number)[]): Promise<ProfileSummary[]> =>
      page.protocol === 'lens' ? lensProfilesById(ctx, ids as string[]) : farcasterUsersByFid(ctx, ids as number[]);
    // All loads of the page are issued together so the loaders batch them.
    const [users, tops] = await Promise.all([byIds(page.ids), topFollowerIdsOfEach(l, page.ids)]);
    const followers = await Promise.all(tops.map(byIds));
    return {
      users: users.map((user, i) => ({ user, topFollowers: followers[i] })),
      page: page.page, total: page.total, totalPages: page.totalPages,
    };
  }
}
