// Lens statements of a refresh. $1 = the generation being written, $2 = the
// as-of time. Self-interactions never count; hidden publications never count;
// DOWNVOTE is not a like.

export const LENS_AS_OF = `
  SELECT greatest(
    (SELECT max(timestamp) FROM lens_follow), (SELECT max(deleted_at) FROM lens_follow),
    (SELECT max(timestamp) FROM lens_publication), (SELECT max(action_at) FROM lens_reaction),
    (SELECT max(timestamp) FROM lens_act)) AS as_of`;

const LENS_PROFILES = `
  SELECT profile_id FROM lens_profile
  UNION SELECT profile_id FROM lens_follow WHERE deleted_at IS NULL
  UNION SELECT follower_profile_id FROM lens_follow WHERE deleted_at IS NULL`;

/** Counters, then the five ranks (scoreRank = imported classifier score, collectRank = collects). */
export const LENS_STATS = `
  INSERT INTO lens_profile_stats (generation, profile_id, followers, following, posts, likes_received, comments_received,
    quotes_received, mirrors_received, collects_received, engagement_received, classifier_score, graph_score,
    follower_rank, engagement_rank, score_rank, likes_rank, collect_rank)
  WITH profiles AS (${LENS_PROFILES}),
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
  base AS (
    SELECT p.profile_id AS id, coalesce(fo.n, 0) AS followers, coalesce(fg.n, 0) AS following, coalesce(po.n, 0) AS posts,
      coalesce(l.n, 0) AS likes, coalesce(ch.comments, 0) AS comments, coalesce(ch.quotes, 0) AS quotes,
      coalesce(ch.mirrors, 0) AS mirrors, coalesce(co.n, 0) AS collects, sc.score AS classifier_score, coalesce(g.score, 0) AS graph_score
    FROM profiles p
    LEFT JOIN followers fo ON fo.id = p.profile_id LEFT JOIN following fg ON fg.id = p.profile_id
    LEFT JOIN posts po ON po.id = p.profile_id LEFT JOIN likes l ON l.id = p.profile_id
    LEFT JOIN children ch ON ch.id = p.profile_id LEFT JOIN collects co ON co.id = p.profile_id
    LEFT JOIN lens_score sc ON sc.profile_id = p.profile_id
    LEFT JOIN lens_graph_score g ON g.generation = $1 AND g.profile_id = p.profile_id)
  SELECT $1, id, followers, following, posts, likes, comments, quotes, mirrors, collects,
    comments + quotes + mirrors + likes, classifier_score, graph_score,
    rank() OVER (ORDER BY followers DESC), rank() OVER (ORDER BY comments + quotes + mirrors + likes DESC),
    rank() OVER (ORDER BY coalesce(classifier_score, 0) DESC), rank() OVER (ORDER BY likes DESC), rank() OVER (ORDER BY collects DESC)
  FROM base`;

export const LENS_SUMMARY = `
  INSERT INTO lens_follower_summary (generation, profile_id, top_followers, histogram)
  SELECT $1, f.profile_id,
    (array_agg(f.follower_profile_id ORDER BY s.followers DESC, length(f.follower_profile_id), f.follower_profile_id))[1:20],
    ARRAY[count(*) FILTER (WHERE s.followers = 0), count(*) FILTER (WHERE s.followers BETWEEN 1 AND 9),
          count(*) FILTER (WHERE s.followers BETWEEN 10 AND 99), count(*) FILTER (WHERE s.followers BETWEEN 100 AND 999),
          count(*) FILTER (WHERE s.followers BETWEEN 1000 AND 9999), count(*) FILTER (WHERE s.followers >= 10000)]::int[]
  FROM lens_follow f JOIN lens_profile_stats s ON s.generation = $1 AND s.profile_id = f.follower_profile_id
  WHERE f.deleted_at IS NULL AND f.profile_id <> f.follower_profile_id
  GROUP BY f.profile_id`;

export const LENS_GAINS = `
  INSERT INTO lens_follower_gain (generation, period, profile_id, gained, followers_at_start, gain_rank, trend_score)
  WITH counts AS (
    SELECT profile_id AS id,
      count(*) FILTER (WHERE deleted_at IS NULL) AS now,
      count(*) FILTER (WHERE timestamp <= $2::timestamptz - interval '1 day' AND (deleted_at IS NULL OR deleted_at > $2::timestamptz - interval '1 day')) AS d,
      count(*) FILTER (WHERE timestamp <= $2::timestamptz - interval '7 days' AND (deleted_at IS NULL OR deleted_at > $2::timestamptz - interval '7 days')) AS w,
      count(*) FILTER (WHERE timestamp <= $2::timestamptz - interval '30 days' AND (deleted_at IS NULL OR deleted_at > $2::timestamptz - interval '30 days')) AS m
    FROM lens_follow WHERE profile_id <> follower_profile_id GROUP BY profile_id),
  per AS (
    SELECT s.profile_id AS id, p.period,
      coalesce(CASE p.period WHEN 'day' THEN c.d WHEN 'week' THEN c.w ELSE c.m END, 0)::int AS at_start,
      coalesce(c.now, 0)::int AS now
    FROM lens_profile_stats s CROSS JOIN (VALUES ('day'), ('week'), ('month')) AS p(period)
    LEFT JOIN counts c ON c.id = s.profile_id
    WHERE s.generation = $1)
  SELECT $1, period, id, now - at_start, at_start,
    rank() OVER (PARTITION BY period ORDER BY now - at_start DESC), (now - at_start)::float8 / (at_start + 10)
  FROM per`;

export const LENS_DAILY = `
  INSERT INTO lens_follower_daily (generation, profile_id, day, delta)
  SELECT $1, id, day, sum(delta)::int FROM (
    SELECT profile_id AS id, (timestamp AT TIME ZONE 'UTC')::date AS day, 1 AS delta FROM lens_follow WHERE profile_id <> follower_profile_id
    UNION ALL
    SELECT profile_id, (deleted_at AT TIME ZONE 'UTC')::date, -1 FROM lens_follow WHERE deleted_at IS NOT NULL AND profile_id <> follower_profile_id
  ) x GROUP BY id, day HAVING sum(delta) <> 0`;

export const LENS_SCORE_AVERAGE = `SELECT avg(score) AS avg FROM lens_score`;

export const LENS_TABLES = ['lens_graph_score', 'lens_profile_stats', 'lens_follower_summary', 'lens_follower_gain', 'lens_follower_daily'];
