// How many items a field can answer, read from its arguments before it runs.
// A list field takes its size from (in order) a rule of its own, its list
// arguments, its `first`/`last`/`limit`; a non-list field with such a size (a
// connection, followersHistory, engagement) hands it down to the lists below it.
import { NOTIFICATION_ACTORS } from '../../domain/notifications';
import { MAX_HISTORY_POINTS } from '../../queries/profile-analytics';
import { PAGE_SIZE } from '../../queries/pagination';
import { DEFAULT_SERIES_DAYS, MAX_SERIES_DAYS } from '../../queries/tokens';
import { CATEGORIES } from '../../domain/taxonomy';
import { UNIT_TYPES } from '../../domain/farcaster-storage';
import { TRUST_CONTRIBUTORS } from '../../domain/trust';
import { REASON_NAMES } from '../../queries/suggested-follows';
import { QUALITY_MODEL } from '../../analytics/quality/model';
import { dayNumberOf } from './range-points';
import { DAY_MS, INTERVALS, pointsBetween, type Interval } from '../../domain/days';

export interface Size { n: number; what: string }

/** A list with nothing bounding it in its arguments (verifications, markets, a post's cashtags …): these stay short. */
export const DEFAULT_LIST_SIZE = 10;
/** Every `first`/`last`/`limit` of the schema is validated to at most PAGE_SIZE.max: a larger value is refused by that validation, with its own message, not costed. */

type Args = Record<string, unknown>;

/**
 * followersHistory: points of from..to by interval, as the resolver resolves them
 * (to = the as-of day, which is never after today; from = 29 days before to),
 * at most MAX_HISTORY_POINTS (the resolver refuses more). Bad arguments are
 * refused by the resolver before any point exists: one item.
 */
function historyPoints(args: Args, now: Date): Size {
  const interval = args.interval ?? 'day';
  if (!(INTERVALS as readonly unknown[]).includes(interval)) return { n: 1, what: 'points (invalid interval)' };
  const to = args.to == null ? Math.floor(now.getTime() / DAY_MS) : dayNumberOf(args.to);
  const from = args.from == null ? (to === null ? null : to - 29) : dayNumberOf(args.from);
  if (to === null || from === null || from > to) return { n: 1, what: 'points (invalid range)' };
  return { n: Math.min(pointsBetween(from, to, interval as Interval), MAX_HISTORY_POINTS), what: `${interval as Interval} points` };
}

/** Token.mentions: one entry per day of from..to (to = the newest day with mentions, never after today), at most 366. */
function mentionDays(args: Args, now: Date): Size {
  const to = args.to == null ? Math.floor(now.getTime() / DAY_MS) : dayNumberOf(args.to);
  const from = args.from == null ? (to === null ? null : to - (DEFAULT_SERIES_DAYS - 1)) : dayNumberOf(args.from);
  if (to === null || from === null || from > to) return { n: 1, what: 'days (invalid range)' };
  return { n: Math.min(to - from + 1, MAX_SERIES_DAYS), what: 'days' };
}

const fixed = (n: number, what: string) => (): Size => ({ n, what });

/** Fields whose size is not (only) an argument: fixed by the service, or a range. Keyed `Type.field`. */
const RULES: Record<string, (args: Args, now: Date) => Size> = {
  'FarcasterUser.followersHistory': historyPoints,
  'LensProfile.followersHistory': historyPoints,
  'Token.mentions': mentionDays,
  'Query.categories': fixed(CATEGORIES.length, 'categories'),
  'FollowerHistogram.buckets': fixed(6, 'buckets'),
  'FarcasterUserRank.topFollowers': fixed(5, 'top followers'),
  'LensUserRank.topFollowers': fixed(5, 'top followers'),
  'TrendingUser.topFollowers': fixed(3, 'top followers'),
  'FarcasterTrustExplanation.contributors': fixed(TRUST_CONTRIBUTORS, 'contributors'),
  'LensTrustExplanation.contributors': fixed(TRUST_CONTRIBUTORS, 'contributors'),
  'TrustParameters.weights': fixed(5, 'weights'),
  'FarcasterSuggestedFollowEdge.reasons': fixed(2, 'reasons'),
  'LensSuggestedFollowEdge.reasons': fixed(2, 'reasons'),
  'FarcasterSuggestionReason.accounts': fixed(REASON_NAMES, 'named follows'),
  'LensSuggestionReason.accounts': fixed(REASON_NAMES, 'named follows'),
  'FarcasterNotification.actors': fixed(NOTIFICATION_ACTORS, 'actors'),
  'LensNotification.actors': fixed(NOTIFICATION_ACTORS, 'actors'),
  'AccountQuality.explanation': fixed(QUALITY_MODEL.features.length, 'features'),
  'FarcasterStorage.unitTypes': fixed(Object.keys(UNIT_TYPES).length, 'unit types'),
  'Query.searchFarcasterUsers': fixed(20, 'matches'),
  'Query.freshness': fixed(2, 'protocols'),
  // The symbols cashtagged on one day: unbounded by arguments, a few dozen on a busy day.
  'Query.tokenMentions': fixed(100, 'symbols (assumed)'),
};

/**
 * Fields whose cost is CPU work, not answer size: counted as this many answer
 * nodes on top of what they answer. The personalized rank pushes up to its
 * work cap in memory (PERSONALIZED_RANK_MAX_WORK: each one a request's worth
 * of one core's time at the default; docs/performance.md#personalized-rank):
 * at the default GRAPHQL_MAX_COST an operation holds at most nine of them.
 */
export const WORK_COSTS: Readonly<Record<string, number>> = {
  'Query.farcasterPersonalizedRank': 2000,
  'Query.lensPersonalizedRank': 2000,
  'Query.farcasterSuggestedFollows': 2000,
  'Query.lensSuggestedFollows': 2000,
  // Ranking every match before the page is cut: a text search reads its matches' vectors and engagement.
  'Query.searchUsers': 100,
  'Query.searchPosts': 500,
};

const isRecord = (v: unknown): v is Args => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * `first`, `last` or `limit`, as an argument or in an input object argument
 * (TrendingInput.limit), at most PAGE_SIZE.max. A connection (a field declaring
 * `first` and `last`) given neither pages PAGE_SIZE.default items.
 */
function pageSize(args: Args, declared: readonly string[]): Size | undefined {
  for (const scope of [args, ...Object.values(args).filter(isRecord)]) {
    for (const name of ['first', 'last', 'limit']) {
      const v = scope[name];
      if (typeof v === 'number' && Number.isFinite(v)) return { n: Math.max(0, Math.min(Math.trunc(v), PAGE_SIZE.max)), what: `items (${name})` };
    }
  }
  if (declared.includes('first') && declared.includes('last')) return { n: PAGE_SIZE.default, what: 'items (default page)' };
  return undefined;
}

/**
 * The size a field declares through its arguments, or undefined. List arguments
 * (fids, ids) size only a list answer (lensScoreAverage(ids) answers one object).
 * `declared` names the field's arguments (given or not).
 */
export function fieldSize(coordinate: string, args: Args, isList: boolean, now: Date, declared: readonly string[] = []): Size | undefined {
  const rule = RULES[coordinate];
  if (rule) return rule(args, now);
  if (isList) {
    const lists = Object.entries(args).filter((e): e is [string, unknown[]] => Array.isArray(e[1]));
    if (lists.length) return { n: lists.reduce((a, [, v]) => a + v.length, 0), what: lists.map(([k]) => k).join('+') };
  }
  return pageSize(args, declared);
}
