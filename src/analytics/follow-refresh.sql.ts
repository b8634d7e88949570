// The follow-graph statements of a refresh, the same for both protocols:
// only table and column names differ. $1 = generation, $2 = as-of time.
import { PERIODS } from '../domain/periods';
import { type ProtocolSpec } from '../domain/protocols';
import { knownIdsSql } from '../repositories/protocols.sql';
import { followerDaysSql } from '../repositories/live-counters';

/**
 * Every profile the refresh ranks (N of the bands): every known id, and both
 * ends of every live follow (self-follows included).
 */
export const rankedProfilesSql = (p: ProtocolSpec) =>
  [knownIdsSql(p), ...p.follows.primaryKey.map((c) => `SELECT ${c} FROM ${p.follows.table} WHERE deleted_at IS NULL`)].join(' UNION ');

/** Names used by the statements below. */
const namesOf = (p: ProtocolSpec) => ({
  follows: p.follows.table, target: p.follows.followee, follower: p.follows.follower, key: p.key,
  stats: p.analytics.stats, summary: p.analytics.summary, gain: p.analytics.gain,
  /** Follower ids in numeric order. */
  followerOrder: p.id.order(`f.${p.follows.follower}`),
  /** The same order for the profile ids of `per` (column `id`). */
  idOrder: p.id.order('id'),
});

const liveAt = (interval: string) =>
  `count(*) FILTER (WHERE timestamp <= $2::timestamptz - interval '${interval}' AND (deleted_at IS NULL OR deleted_at > $2::timestamptz - interval '${interval}'))`;

/**
 * Net followers gained in each period, rank by gain, trend score, and the
 * trending place of gainers (by trend score, then gain, then id); one pass
 * over the follows.
 */
export const gainsSql = (p: ProtocolSpec): string => {
  const t = namesOf(p);
  return `
  INSERT INTO ${t.gain} (generation, period, ${t.key}, gained, followers_at_start, gain_rank, trend_score, trend_position)
  WITH counts AS (
    SELECT ${t.target} AS id, count(*) FILTER (WHERE deleted_at IS NULL) AS now,
      ${liveAt('1 day')} AS d, ${liveAt('7 days')} AS w, ${liveAt('30 days')} AS m
    FROM ${t.follows} WHERE ${t.follower} <> ${t.target} GROUP BY ${t.target}),
  per AS (
    SELECT s.${t.key} AS id, p.period,
      coalesce(CASE p.period WHEN 'day' THEN c.d WHEN 'week' THEN c.w ELSE c.m END, 0)::int AS at_start,
      coalesce(c.now, 0)::int AS now
    FROM ${t.stats} s CROSS JOIN (VALUES ('day'), ('week'), ('month')) AS p(period)
    LEFT JOIN counts c ON c.id = s.${t.key}
    WHERE s.generation = $1)
  SELECT $1, period, id, now - at_start, at_start,
    rank() OVER (PARTITION BY period ORDER BY now - at_start DESC), (now - at_start)::float8 / (at_start + 10),
    CASE WHEN now - at_start >= 1 THEN row_number() OVER (
      PARTITION BY period, now - at_start >= 1
      ORDER BY (now - at_start)::float8 / (at_start + 10) DESC, now - at_start DESC, ${t.idOrder}) END
  FROM per`;
};

/** The daily rows of a refresh generation ($1), for a protocol whose daily table is not live. */
export const dailySql = (p: ProtocolSpec): string =>
  `INSERT INTO ${p.daily.table} (generation, ${p.key}, day, delta) SELECT $1, * FROM (${followerDaysSql(p)}) d`;

/** The whole of a live daily table, rebuilt from the follows (the table is emptied first). */
export const liveDailySql = (p: ProtocolSpec): string => `INSERT INTO ${p.daily.table} (${p.key}, day, delta) ${followerDaysSql(p)}`;

/** The periods with their lengths in days, as a VALUES list `w(period, days)`. */
const periodWindows = `(VALUES ${Object.entries(PERIODS).map(([period, days]) => `('${period}', ${days})`).join(', ')}) AS w(period, days)`;

/**
 * Per period and category, the trending places of the gainers who posted in the
 * category within the period's window (as-of − days, as-of]: the trending
 * `categories` filter. Each author's newest post per category is found once,
 * in the longest window, then tested against each period's.
 */
export const trendingCategorySql = (p: ProtocolSpec): string => {
  const t = namesOf(p);
  const longest = Math.max(...Object.values(PERIODS));
  return `
  INSERT INTO ${p.analytics.trendingCategory} (generation, period, category_id, trend_position)
  WITH posted AS (
    SELECT pc.category_id, ${p.id.fromText('pc.author_id')} AS id, max(pc.posted_at) AS newest
    FROM post_category pc
    WHERE pc.protocol = '${p.name}' AND pc.posted_at > $2::timestamptz - ${longest} * interval '1 day' AND pc.posted_at <= $2::timestamptz
    GROUP BY 1, 2)
  SELECT $1, g.period, x.category_id, g.trend_position
  FROM posted x JOIN ${periodWindows} ON x.newest > $2::timestamptz - w.days * interval '1 day'
  JOIN ${t.gain} g ON g.generation = $1 AND g.period = w.period AND g.${t.key} = x.id AND g.trend_position IS NOT NULL`;
};
