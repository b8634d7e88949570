// Protocol-independent answers over the analytics loaders; resolvers only
// turn ids into profile objects.
import { minQualityOf } from './quality';
import { takeTurn } from '../db/request-scope';
import { badInput, profileNotFound } from '../errors/app-error';
import type { AnalyticsLoaders } from '../loaders/analytics-loaders';
import { historyPoints, pointCount, type HistoryPoint } from './history';
import { keysetRead, readKeysetList, type ListPage, type PageRequest } from './pagination';
import { fromDayNumber, requireDay, toDayNumber, type Interval } from '../domain/days';
import { percentileCategory, type Period } from '../domain/periods';

type Id = string | number;
export const MAX_HISTORY_POINTS = 1000;
/** Histories of this many points are built in a turn of the event loop of their own (see takeTurn; docs/performance.md#request-path). */
const POINTS_PER_TURN = 100;
const HISTOGRAM = [['0', 0, 0], ['1-9', 1, 9], ['10-99', 10, 99], ['100-999', 100, 999], ['1000-9999', 1000, 9999], ['10000+', 10000, null]] as const;

export async function profileRank(l: AnalyticsLoaders, id: Id) {
  const r = await l.ranks.load(id);
  if (!r) throw profileNotFound(id, 'rank of ');
  const entry = (rank: number) => ({ rank, percentileCategory: percentileCategory(rank, r.profiles) });
  return {
    followerRank: entry(r.follower_rank), engagementRank: entry(r.engagement_rank), scoreRank: entry(r.score_rank),
    likesRank: entry(r.likes_rank), collectRank: entry(r.collect_rank),
  };
}

/** Rank by followers gained in the period. */
export async function userRank(l: AnalyticsLoaders, id: Id, period: Period) {
  const [g] = await l.gain.load({ id, period });
  if (!g) throw profileNotFound(id, `${period} follower gain of `);
  return { profileId: String(id), rank: Number(g.gain_rank), count: Number(g.gained) };
}

export async function topFollowerIds(l: AnalyticsLoaders, id: Id, first: number): Promise<Id[]> {
  return ((await l.summary.load(id))?.top_followers ?? []).slice(0, first);
}

/** Top followers shown beside a user rank. */
export const USER_RANK_TOP_FOLLOWERS = 5;

/** The user rank of the period with the ids of the user's top followers, both read together. */
export async function userRankWithTopFollowers(l: AnalyticsLoaders, id: Id, period: Period) {
  const [rank, top] = await Promise.all([userRank(l, id, period), topFollowerIds(l, id, USER_RANK_TOP_FOLLOWERS)]);
  return { rank, topFollowerIds: top };
}

export async function followerHistogram(l: AnalyticsLoaders, id: Id) {
  const counts = (await l.summary.load(id))?.histogram ?? [];
  const buckets = HISTOGRAM.map(([label, min, max], i) => ({ label, min, max, count: counts[i] ?? 0 }));
  return { total: buckets.reduce((a, b) => a + b.count, 0), buckets };
}

export async function followersHistory(l: AnalyticsLoaders, id: Id, args: { from?: string | null; to?: string | null; interval: Interval }) {
  const { interval } = args;
  const asOf = (await l.state())?.as_of ?? new Date();
  const to = args.to ? requireDay('to', args.to) : asOf.toISOString().slice(0, 10);
  const from = args.from ? requireDay('from', args.from) : fromDayNumber(toDayNumber(to) - 29);
  if (from > to) throw badInput(`from (${from}) must not be after to (${to})`);
  const count = pointCount(from, to, interval);
  if (count > MAX_HISTORY_POINTS) throw badInput(`the range yields more than ${MAX_HISTORY_POINTS} ${interval} points; narrow it or use a longer interval`);
  const deltas = await l.daily.load(id);
  if (count >= POINTS_PER_TURN) await takeTurn();
  const points: HistoryPoint[] = historyPoints(deltas, from, to, interval);
  return { interval, from, to, points };
}

/**
 * Live followers, newest follow first, keyset-paged, with their live count;
 * with `minQuality`, only followers whose quality score is at least it (the
 * count too). Without it the statements are those of the unfiltered list.
 */
export function recentFollowerPage(l: AnalyticsLoaders, id: Id, request: PageRequest, asked: number | null = null): Promise<ListPage<{ id: Id; followedAt: Date }>> {
  const minQuality = minQualityOf(asked);
  const total = minQuality === null ? () => l.followerTotals.load(id)
    : async () => (await l.qualityFollowerTotals.load({ id, minQuality }))[0]?.total ?? 0;
  return readKeysetList(keysetRead(request), (read) => l.recent.load(minQuality === null ? { id, read } : { id, read, minQuality }),
    (r) => (r.follower === null ? null : { id: r.follower, followedAt: r.followed_at as Date }),
    (f) => ({ at: f.followedAt, id: f.id }), total);
}

/**
 * Farcaster's followers with a minimum quality: the keyset list of
 * recentFollowerPage, which has no `page` (the offset pages of the unfiltered
 * list are read from stored positions the filter does not have).
 */
export function qualityFollowerPage(l: AnalyticsLoaders, id: Id, request: PageRequest & { page?: number | null }, minQuality: number) {
  if (request.page !== null && request.page !== undefined) throw badInput('page cannot be combined with minQuality: page with first and after');
  return recentFollowerPage(l, id, request, minQuality);
}
