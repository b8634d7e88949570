// Topics of the day: which key phrases of a UTC
// day stand out. topic_daily counts, per day and phrase, the posts and authors
// that used it (as a channel, hashtag or classifier term); this file holds the
// salience rule over those counts, as one SQL statement.
//
// For a day D and phrase t: baseline = mean daily post_count of t over the
// BASELINE_DAYS days before D (days without a row count 0), score =
// (post_count + 1) / (baseline + 1). t is a topic of D when post_count >=
// MIN_TOPIC_POSTS and it is a channel or hashtag that day (authors chose it), or
// a plain term whose score is at least MIN_TERM_LIFT (it spiked: a word that is
// everywhere every day scores about 1 and is no topic). Order: score desc,
// post_count desc, topic asc (byte order).

/** Posts of the day a phrase needs to be a topic. */
export const MIN_TOPIC_POSTS = 3;
/** How many times its usual daily volume (+1 smoothing) a plain term needs that day. */
export const MIN_TERM_LIFT = 2;
/** Days before D whose mean is the baseline. */
export const BASELINE_DAYS = 7;
/**
 * Per-phrase statistics of the days $1 (date[]; null: the newest day of
 * topic_daily): every phrase counted those days when $2 (text[]) is null, else
 * exactly the phrases $2 (lowercase) on each day, with zero counts and a null
 * kind where a phrase has no row. When $3 (boolean) only the topics of the day,
 * and then at most $4 per day (int; null: all). Rows by day, in rule order.
 * baseline and score are rounded to 3 decimals; the order and the rule use the
 * exact values (the lift in integers, 7·(n + 1) ≥ lift·(sum + 7), so no
 * rounding decides it; equal fractions are one float, so ties stay ties).
 */
export const TOPIC_STATS_SQL = `
  WITH days AS (SELECT DISTINCT unnest(coalesce($1::date[], ARRAY[(SELECT max(day) FROM topic_daily)])) AS day),
  counted AS (
    SELECT t.day, t.topic, t.kind, t.post_count, t.author_count
      FROM topic_daily t JOIN days d ON t.day = d.day
      WHERE $2::text[] IS NULL AND (NOT $3::boolean OR t.post_count >= ${MIN_TOPIC_POSTS})
    UNION ALL
    SELECT d.day, x.topic, t.kind, coalesce(t.post_count, 0), coalesce(t.author_count, 0)
      FROM days d CROSS JOIN (SELECT DISTINCT unnest($2::text[]) AS topic) x
      LEFT JOIN topic_daily t ON t.day = d.day AND t.topic = x.topic
      WHERE $2::text[] IS NOT NULL AND d.day IS NOT NULL AND (NOT $3::boolean OR t.post_count >= ${MIN_TOPIC_POSTS})
  ), scored AS (
    SELECT to_char(c.day, 'YYYY-MM-DD') AS day, c.topic, c.kind, c.post_count, c.author_count,
      round(b.total::numeric / ${BASELINE_DAYS}, 3)::float8 AS baseline,
      round((${BASELINE_DAYS} * (c.post_count + 1))::numeric / (b.total + ${BASELINE_DAYS}), 3)::float8 AS score,
      (${BASELINE_DAYS} * (c.post_count + 1))::float8 / (b.total + ${BASELINE_DAYS}) AS exact_score,
      (c.post_count >= ${MIN_TOPIC_POSTS}
        AND (c.kind <> 'term' OR ${BASELINE_DAYS} * (c.post_count + 1) >= ${MIN_TERM_LIFT} * (b.total + ${BASELINE_DAYS}))) AS is_topic
    FROM counted c
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(p.post_count), 0)::int AS total FROM topic_daily p
      WHERE p.topic = c.topic AND p.day >= c.day - ${BASELINE_DAYS} AND p.day < c.day) b
  ), ranked AS (
    SELECT s.*, row_number() OVER (PARTITION BY s.day ORDER BY s.exact_score DESC, s.post_count DESC, s.topic COLLATE "C") AS n
    FROM scored s WHERE NOT $3::boolean OR s.is_topic
  )
  SELECT day, topic, kind, post_count, author_count, baseline, score, is_topic FROM ranked
  WHERE $4::int IS NULL OR n <= $4::int
  ORDER BY day, n`;
