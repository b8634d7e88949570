// Lens statements of a refresh. $1 = the generation being written, $2 = the
// as-of time. Self-interactions never count; hidden publications never count;
// DOWNVOTE is not a like.
import { analyticsTables, LENS, LENS_ID } from '../domain/protocols';
import { existsSql } from '../repositories/protocols.sql';
import { PAGE_SIZE } from '../domain/paging';
import { dailySql, gainsSql, rankedProfilesSql, trendingCategorySql } from './follow-refresh.sql';

/** Counters, then the five ranks (scoreRank = imported classifier score, collectRank = collects), and the active flag as of $2. */
export const LENS_STATS = `
  INSERT INTO lens_profile_stats (generation, profile_id, followers, following, posts, likes_received, comments_received,
    quotes_received, mirrors_received, collects_received, engagement_received, classifier_score, graph_score,
    follower_rank, engagement_rank, score_rank, likes_rank, collect_rank, active)
  WITH profiles AS (${rankedProfilesSql(LENS)}),
  followers AS (SELECT profile_id AS id, count(*)::int AS n FROM lens_follow WHERE deleted_at IS NULL AND profile_id <> follower_profile_id GROUP BY 1),
  following AS (SELECT follower_profile_id AS id, count(*)::int AS n FROM lens_follow WHERE deleted_at IS NULL AND profile_id <> follower_profile_id GROUP BY 1),
  posts AS (SELECT profile_id AS id, count(*)::int AS n FROM lens_publication WHERE publication_type = 'POST' AND NOT is_hidden GROUP BY 1),
  likes AS (
    SELECT p.profile_id AS id, count(*)::int AS n FROM lens_reaction r JOIN lens_publication p ON p.publication_id = r.publication_id
    WHERE r.type = 'UPVOTE' AND NOT p.is_hidden AND r.actioned_by_profile_id <> p.profile_id GROUP BY 1),
  children AS (
    SELECT parent.profile_id AS id,
      count(*) FILTER (WHERE c.publication_type = 'COMMENT')::int AS comments,
      count(*) FILTER (WHERE c.publication_type = 'QUOTE')::int AS quotes,
      count(*) FILTER (WHERE c.publication_type = 'MIRROR')::int AS mirrors
    FROM lens_publication c JOIN lens_publication parent ON parent.publication_id = c.parent_publication_id
    WHERE NOT c.is_hidden AND NOT parent.is_hidden AND c.profile_id <> parent.profile_id GROUP BY 1),
  collects AS (
    SELECT collected_profile_id AS id, count(*)::int AS n FROM lens_act
    WHERE is_collect AND acted_profile_id <> collected_profile_id GROUP BY 1),
  -- Published, reacted or followed in the 30 days up to the as-of time.
  recent AS (
    SELECT profile_id AS id FROM lens_publication WHERE "timestamp" > $2::timestamptz - interval '30 days' AND "timestamp" <= $2::timestamptz
    UNION
    SELECT actioned_by_profile_id FROM lens_reaction WHERE action_at > $2::timestamptz - interval '30 days' AND action_at <= $2::timestamptz
    UNION
    SELECT follower_profile_id FROM lens_follow WHERE "timestamp" > $2::timestamptz - interval '30 days' AND "timestamp" <= $2::timestamptz),
  base AS (
    SELECT p.profile_id AS id, coalesce(fo.n, 0) AS followers, coalesce(fg.n, 0) AS following, coalesce(po.n, 0) AS posts,
      coalesce(l.n, 0) AS likes, coalesce(ch.comments, 0) AS comments, coalesce(ch.quotes, 0) AS quotes,
      coalesce(ch.mirrors, 0) AS mirrors, coalesce(co.n, 0) AS collects, sc.score AS classifier_score, coalesce(g.score, 0) AS graph_score,
      re.id IS NOT NULL AS active
    FROM profiles p
    LEFT JOIN followers fo ON fo.id = p.profile_id LEFT JOIN following fg ON fg.id = p.profile_id
    LEFT JOIN posts po ON po.id = p.profile_id LEFT JOIN likes l ON l.id = p.profile_id
    LEFT JOIN children ch ON ch.id = p.profile_id LEFT JOIN collects co ON co.id = p.profile_id
    LEFT JOIN lens_score sc ON sc.profile_id = p.profile_id
    LEFT JOIN lens_graph_score g ON g.generation = $1 AND g.profile_id = p.profile_id
    LEFT JOIN recent re ON re.id = p.profile_id)
  SELECT $1, id, followers, following, posts, likes, comments, quotes, mirrors, collects,
    comments + quotes + mirrors + likes, classifier_score, graph_score,
    rank() OVER (ORDER BY followers DESC), rank() OVER (ORDER BY comments + quotes + mirrors + likes DESC),
    rank() OVER (ORDER BY coalesce(classifier_score, 0) DESC), rank() OVER (ORDER BY likes DESC), rank() OVER (ORDER BY collects DESC),
    active
  FROM base`;

/**
 * The engagement lists (src/repositories/lens-engagement.repository.ts), each cut at
 * the largest `limit` a request may ask. Every (author, actor) pair is counted once
 * and read both ways: the actor is in the author's inbound list (even `list`), the
 * author in the actor's outbound one (odd); list / 2 is the kind (likes, comments,
 * quotes). Counterparts must be known profiles; ties go to the lower id by numeric value.
 */
export const LENS_ENGAGEMENT = `
  INSERT INTO lens_engagement_top (generation, profile_id, list, others, interactions)
  WITH pairs AS (
    SELECT p.profile_id AS author, r.actioned_by_profile_id AS actor, 0 AS kind, count(*)::int AS n
    FROM lens_publication p JOIN lens_reaction r ON r.publication_id = p.publication_id
    WHERE r.type = 'UPVOTE' AND NOT p.is_hidden AND r.actioned_by_profile_id <> p.profile_id
    GROUP BY 1, 2
    UNION ALL
    SELECT parent.profile_id, c.profile_id, CASE c.publication_type WHEN 'COMMENT' THEN 2 ELSE 4 END, count(*)::int
    FROM lens_publication c JOIN lens_publication parent ON parent.publication_id = c.parent_publication_id
    WHERE c.publication_type IN ('COMMENT', 'QUOTE') AND NOT c.is_hidden AND NOT parent.is_hidden AND c.profile_id <> parent.profile_id
    GROUP BY 1, 2, 3),
  counted AS (
    SELECT author AS me, kind AS list, actor AS other, n FROM pairs WHERE ${existsSql(LENS, 'pairs.actor')}
    UNION ALL
    SELECT actor, kind + 1, author, n FROM pairs WHERE ${existsSql(LENS, 'pairs.author')}),
  ranked AS (
    SELECT me, list, other, n, row_number() OVER (PARTITION BY me, list ORDER BY n DESC, ${LENS_ID.order('other')}) AS rn FROM counted)
  SELECT $1, me, list, array_agg(other ORDER BY rn), array_agg(n ORDER BY rn)
  FROM ranked WHERE rn <= ${PAGE_SIZE.max}
  GROUP BY me, list`;

export const LENS_SCORE_AVERAGE = `SELECT avg(score) AS avg FROM lens_score`;

export const LENS_GAINS = gainsSql(LENS);
export const LENS_DAILY = dailySql(LENS);
export const LENS_TRENDING_CATEGORIES = trendingCategorySql(LENS);

export const LENS_TABLES = analyticsTables(LENS);
