// Every read of a stored counter goes through here: those the live sync keeps
// event by event (fc_profile_counts, fc_cast_counts, fc_engagement_pair,
// fc_follower_day), those triggers keep (fc_matched_followers,
// lens_matched_followers) and Lens's, which each refresh stores
// (lens_profile_stats). An import writes the base rows in bulk, past all of
// them, and marks them stale (live-state.repository.ts); until the refresh that
// puts them right clears the mark, each number is counted from the rows
// instead, by the same definition: self-follows, self-likes, self-replies and
// the like never count, nor do deleted or hidden rows. Fresh, a number is one
// key probe per profile; the mark is read once per statement (an uncorrelated
// subquery), so a batch stays one statement.
import type { Database } from '../db/database';
import { FARCASTER, LENS, type ProtocolName, type ProtocolSpec } from '../domain/protocols';
import { countersOf, countsSql, FOLLOWS, type CounterColumn, type LiveCounter } from './farcaster-counters';
import { generationOf } from './protocols.sql';
import {
  FARCASTER_LIVE_STALE, importMarkIsSetSql, LENS_COUNTS_STALE, MATCHED_FOLLOWERS_RECOUNT, type ImportMark,
} from './live-state.repository';

/**
 * A counter over the base rows: the rows (`from`), whose counter a row moves
 * (`key`) and which rows count (`counts`). Aliases start with `live_`, so an
 * id expression may name any outer alias.
 */
export interface CounterDefinition { from: string; key: string; counts: string }

/** A live counter (farcaster-counters.ts) of one key column, as the count from the rows reads it. */
const readDefinition = (c: LiveCounter): CounterDefinition => ({ from: c.rows.from, key: c.key[0], counts: countsSql(c) });
const definitionsOf = <T extends 'fc_profile_counts' | 'fc_cast_counts'>(table: T) =>
  Object.fromEntries(countersOf(table).map((c) => [c.column, readDefinition(c)])) as Record<CounterColumn<T>, CounterDefinition>;

/** fc_profile_counts' counters, per fid. */
export const FARCASTER_PROFILE_COUNTERS = definitionsOf('fc_profile_counts');
export type FarcasterProfileCounter = keyof typeof FARCASTER_PROFILE_COUNTERS;

/** fc_cast_counts' counters, per cast: what others gave it (the same pairs as the profile counters' likes … quotes). */
export const FARCASTER_CAST_COUNTERS = definitionsOf('fc_cast_counts');
export type FarcasterCastCounter = keyof typeof FARCASTER_CAST_COUNTERS;

/** Live publications by others commenting on, quoting or mirroring visible ones. */
const lensChildren = (type: 'COMMENT' | 'QUOTE' | 'MIRROR'): CounterDefinition => ({
  from: 'lens_publication live_c JOIN lens_publication live_p ON live_p.publication_id = live_c.parent_publication_id', key: 'live_p.profile_id',
  counts: `live_c.publication_type = '${type}' AND NOT live_c.is_hidden AND NOT live_p.is_hidden AND live_c.profile_id <> live_p.profile_id`,
});

/** lens_profile_stats' counters (LENS_STATS, src/analytics/lens-refresh.sql.ts), per profile. */
export const LENS_PROFILE_COUNTERS = {
  followers: { from: 'lens_follow live_f', key: 'live_f.profile_id', counts: 'live_f.deleted_at IS NULL AND live_f.profile_id <> live_f.follower_profile_id' },
  following: { from: 'lens_follow live_f', key: 'live_f.follower_profile_id', counts: 'live_f.deleted_at IS NULL AND live_f.profile_id <> live_f.follower_profile_id' },
  posts: { from: 'lens_publication live_p', key: 'live_p.profile_id', counts: `live_p.publication_type = 'POST' AND NOT live_p.is_hidden` },
  likes_received: {
    from: 'lens_reaction live_r JOIN lens_publication live_p ON live_p.publication_id = live_r.publication_id', key: 'live_p.profile_id',
    counts: `live_r.type = 'UPVOTE' AND NOT live_p.is_hidden AND live_r.actioned_by_profile_id <> live_p.profile_id`,
  },
  comments_received: lensChildren('COMMENT'),
  quotes_received: lensChildren('QUOTE'),
  mirrors_received: lensChildren('MIRROR'),
  collects_received: { from: 'lens_act live_a', key: 'live_a.collected_profile_id', counts: 'live_a.is_collect AND live_a.acted_profile_id <> live_a.collected_profile_id' },
} as const satisfies Record<string, CounterDefinition>;
export type LensProfileCounter = keyof typeof LENS_PROFILE_COUNTERS;

/** Per profile: its live followers (self-follows never) times their pairs in cross_match (see the counts' migration). */
export const MATCHED_FOLLOWERS_COUNTERS = {
  farcaster: { from: 'fc_link live_l JOIN cross_match live_m ON live_m.fid = live_l.fid', key: 'live_l.target_fid', counts: FOLLOWS.counts },
  lens: {
    from: 'lens_follow live_f JOIN cross_match live_m ON live_m.profile_id = live_f.follower_profile_id', key: 'live_f.profile_id',
    counts: LENS_PROFILE_COUNTERS.followers.counts,
  },
} as const satisfies Record<ProtocolName, CounterDefinition>;

/** The counter of one key, counted from the rows. */
const countedSql = (d: CounterDefinition, idExpr: string) => `(SELECT count(*) FROM ${d.from} WHERE ${d.key} = ${idExpr} AND ${d.counts})::int`;

/** Every key's counter, counted from the rows (keys that count nothing get no row): for a recount or rebuild. */
export const countedPerKeySql = (d: CounterDefinition) => `SELECT ${d.key} AS id, count(*)::int AS n FROM ${d.from} WHERE ${d.counts} GROUP BY 1`;

/** `stored` (0 when the key has no row) while fresh, else counted from the rows. */
const exactSql = (mark: ImportMark, stored: string, d: CounterDefinition, idExpr: string) =>
  `CASE WHEN ${importMarkIsSetSql(mark)} THEN ${countedSql(d, idExpr)} ELSE coalesce(${stored}, 0) END`;

/**
 * Counters of one stored row per key: `join` brings the row under `alias` (one
 * key probe, however many counters are read), `counter(name)` is one exact counter.
 */
export interface StoredCounters<C extends string> { join: string; counter(name: C): string }

const storedCounters = <C extends string>(mark: ImportMark, table: string, on: string, alias: string,
  definitions: Record<C, CounterDefinition>, idExpr: string): StoredCounters<C> => ({
  join: `LEFT JOIN ${table} ${alias} ON ${on}`,
  counter: (name) => exactSql(mark, `${alias}.${name}`, definitions[name], idExpr),
});

/** A fid's Farcaster counters (fc_profile_counts). */
export const farcasterProfileCounters = (alias: string, fidExpr: string): StoredCounters<FarcasterProfileCounter> =>
  storedCounters(FARCASTER_LIVE_STALE, 'fc_profile_counts', `${alias}.fid = ${fidExpr}`, alias, FARCASTER_PROFILE_COUNTERS, fidExpr);

/** A cast's counters (fc_cast_counts). */
export const farcasterCastCounters = (alias: string, hashExpr: string): StoredCounters<FarcasterCastCounter> =>
  storedCounters(FARCASTER_LIVE_STALE, 'fc_cast_counts', `${alias}.hash = ${hashExpr}`, alias, FARCASTER_CAST_COUNTERS, hashExpr);

/**
 * A Lens profile's counters: the current generation's lens_profile_stats row
 * (which also carries the refresh's analytics: graph_score, active, the ranks).
 */
export const lensProfileCounters = (alias: string, idExpr: string): StoredCounters<LensProfileCounter> =>
  storedCounters(LENS_COUNTS_STALE, LENS.analytics.stats, `${alias}.generation = ${generationOf(LENS)} AND ${alias}.profile_id = ${idExpr}`,
    alias, LENS_PROFILE_COUNTERS, idExpr);

/** One counter of a fid as a scalar subquery, where a join does not fit (an ORDER BY, a gate). */
export const farcasterCounterSql = (name: FarcasterProfileCounter, fidExpr: string) =>
  exactSql(FARCASTER_LIVE_STALE, `(SELECT live_s.${name} FROM fc_profile_counts live_s WHERE live_s.fid = ${fidExpr})`, FARCASTER_PROFILE_COUNTERS[name], fidExpr);

/** One counter of a Lens profile as a scalar subquery. */
export const lensCounterSql = (name: LensProfileCounter, idExpr: string) => exactSql(LENS_COUNTS_STALE,
  `(SELECT live_s.${name} FROM ${LENS.analytics.stats} live_s WHERE live_s.generation = ${generationOf(LENS)} AND live_s.profile_id = ${idExpr})`,
  LENS_PROFILE_COUNTERS[name], idExpr);

/** A profile's live followers or following, on either protocol: what its `stats` answer. */
export const followCountSql = (protocol: ProtocolName, direction: 'followers' | 'following', idExpr: string) =>
  (protocol === FARCASTER.name ? farcasterCounterSql(direction, idExpr) : lensCounterSql(direction, idExpr));

/** A profile's matched followers (fc_matched_followers, lens_matched_followers). */
export const matchedFollowersSql = (protocol: ProtocolName, idExpr: string) => {
  const [table, key] = protocol === FARCASTER.name ? ['fc_matched_followers', 'fid'] : ['lens_matched_followers', 'profile_id'];
  return exactSql(MATCHED_FOLLOWERS_RECOUNT, `(SELECT live_s.n FROM ${table} live_s WHERE live_s.${key} = ${idExpr})`, MATCHED_FOLLOWERS_COUNTERS[protocol], idExpr);
};

/** Farcaster's live counters are fresh, as SQL (once per statement). */
export const FARCASTER_LIVE_FRESH_SQL = `NOT ${importMarkIsSetSql(FARCASTER_LIVE_STALE)}`;

/**
 * The stored counters in the order of followers (fc_profile_counts_followers_idx),
 * with each fid's search names: walked only by a statement that found them
 * fresh (FARCASTER_LIVE_FRESH_SQL), since their order cannot be counted.
 */
export const FARCASTER_BY_FOLLOWERS = 'SELECT live_s.fid, live_s.followers, live_s.search_names FROM fc_profile_counts live_s ORDER BY live_s.followers DESC, live_s.fid';

/**
 * Net follower change per UTC day (id, day, delta), for exact cumulative
 * history: a follow is +1 on its day and −1 on its unfollow's day, self-follows
 * never count. Of the ids in `among` (an array expression), or of all (the
 * refresh's rebuild of fc_follower_day and its Lens generations), in key order
 * (inserting in key order is faster than in hash order). `from` is the follows
 * table, or a row set with its columns: the live sync evaluates this same rule
 * over a batch's rows before and after its writes (src/sync/live-counts.ts).
 */
export const followerDaysSql = (p: ProtocolSpec, among?: string, from: string = p.follows.table): string => {
  const { follower, followee } = p.follows;
  const of = among ? ` AND ${followee} = ANY(${among})` : '';
  return `
  SELECT id, day, sum(delta)::int AS delta FROM (
    SELECT ${followee} AS id, (timestamp AT TIME ZONE 'UTC')::date AS day, 1 AS delta FROM ${from} WHERE ${follower} <> ${followee}${of}
    UNION ALL
    SELECT ${followee}, (deleted_at AT TIME ZONE 'UTC')::date, -1 FROM ${from} WHERE deleted_at IS NOT NULL AND ${follower} <> ${followee}${of}
  ) x GROUP BY id, day HAVING sum(delta) <> 0
  ORDER BY id, day`;
};

/**
 * The net follower change per UTC day (id, day, delta) of the fids in `fids`
 * (an int[] expression): fc_follower_day while fresh, else from the follows.
 * One arm runs (each is gated on the mark).
 */
export const farcasterFollowerDaysSql = (fids: string) => `
    SELECT d.fid AS id, d.day, d.delta FROM fc_follower_day d WHERE ${FARCASTER_LIVE_FRESH_SQL} AND d.fid = ANY(${fids})
    UNION ALL
    SELECT c.id, c.day, c.delta FROM (${followerDaysSql(FARCASTER, fids)}) c WHERE NOT ${FARCASTER_LIVE_FRESH_SQL}`;

/**
 * Whether Farcaster's live tables are stale, read on its own: for a list that
 * runs one of two statements (stored or counted), where planning both arms of
 * one statement on every call cost more than running the stored one.
 */
export async function farcasterLiveIsStaleRead(db: Database): Promise<boolean> {
  const [{ stale }] = await db.read<{ stale: boolean }>(`SELECT NOT ${FARCASTER_LIVE_FRESH_SQL} AS stale`);
  return stale;
}
