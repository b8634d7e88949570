// SQL of the classify pipeline. A post is live when it is not deleted (casts)
// or hidden (publications), is not a mirror, and has text. text_hash covers
// every input of its labels and its day, so any change classifies it again.

const UTC_DAY = (ts: string) => `to_char(${ts} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
const EPOCH_MS = (ts: string) => `(extract(epoch FROM ${ts}) * 1000)::bigint::text`;

export const FC_LIVE = `c.deleted_at IS NULL AND btrim(c.text) <> ''`;
export const LENS_LIVE = `NOT r.is_hidden AND r.publication_type <> 'MIRROR' AND btrim(coalesce(m.content, '')) <> ''`;

const FC_HASH = `md5(c.text || chr(1) || coalesce(c.parent_url, '') || chr(1) || ${EPOCH_MS('c.timestamp')})`;
const LENS_HASH = `md5(m.content || chr(1) || coalesce(array_to_string(m.tags, ','), '') || chr(1) || ${EPOCH_MS('r.timestamp')})`;

/** Posts to classify, in post_id pages: $1 after this post_id, $2 every post (rebuild), $3 page size. */
export const CHANGED_POSTS = {
  farcaster: `
    SELECT c.hash AS post_id, c.fid::text AS author_id, c.timestamp AS posted_at, ${UTC_DAY('c.timestamp')} AS day,
           c.text, c.parent_url, NULL::text[] AS tags, h.text_hash
    FROM fc_cast c
    CROSS JOIN LATERAL (SELECT ${FC_HASH} AS text_hash) h
    LEFT JOIN post_content p ON p.protocol = 'farcaster' AND p.post_id = c.hash
    WHERE ${FC_LIVE} AND c.hash > $1 AND ($2::boolean OR p.post_id IS NULL OR p.text_hash <> h.text_hash)
    ORDER BY c.hash LIMIT $3`,
  lens: `
    SELECT r.publication_id AS post_id, r.profile_id AS author_id, r.timestamp AS posted_at, ${UTC_DAY('r.timestamp')} AS day,
           m.content AS text, NULL::text AS parent_url, m.tags, h.text_hash
    FROM lens_publication r
    JOIN lens_publication_metadata m ON m.publication_id = r.publication_id
    CROSS JOIN LATERAL (SELECT ${LENS_HASH} AS text_hash) h
    LEFT JOIN post_content p ON p.protocol = 'lens' AND p.post_id = r.publication_id
    WHERE ${LENS_LIVE} AND r.publication_id > $1 AND ($2::boolean OR p.post_id IS NULL OR p.text_hash <> h.text_hash)
    ORDER BY r.publication_id LIMIT $3`,
} as const;

/** How many posts CHANGED_POSTS will page through ($1 rebuild), for progress. */
export const CHANGED_COUNT = {
  farcaster: `
    SELECT count(*)::int AS n FROM fc_cast c LEFT JOIN post_content p ON p.protocol = 'farcaster' AND p.post_id = c.hash
    WHERE ${FC_LIVE} AND ($1::boolean OR p.post_id IS NULL OR p.text_hash <> ${FC_HASH})`,
  lens: `
    SELECT count(*)::int AS n FROM lens_publication r JOIN lens_publication_metadata m ON m.publication_id = r.publication_id
    LEFT JOIN post_content p ON p.protocol = 'lens' AND p.post_id = r.publication_id
    WHERE ${LENS_LIVE} AND ($1::boolean OR p.post_id IS NULL OR p.text_hash <> ${LENS_HASH})`,
} as const;

/** Drops the rows of posts that are no longer live; answers what their links and days were. */
const removeGone = (protocol: string, stillLive: string) => `
  DELETE FROM post_content p WHERE p.protocol = '${protocol}' AND NOT EXISTS (${stillLive})
  RETURNING p.post_id, to_char(p.day, 'YYYY-MM-DD') AS day, p.categories, p.cashtags`;

export const REMOVE_GONE = {
  farcaster: removeGone('farcaster', `SELECT 1 FROM fc_cast c WHERE c.hash = p.post_id AND ${FC_LIVE}`),
  lens: removeGone('lens', `SELECT 1 FROM lens_publication r JOIN lens_publication_metadata m ON m.publication_id = r.publication_id
    WHERE r.publication_id = p.post_id AND ${LENS_LIVE}`),
} as const;

/** The stored labels of the given posts ($1 protocol, $2 post ids), before they are rewritten. */
export const STORED_POSTS = `
  SELECT post_id, to_char(day, 'YYYY-MM-DD') AS day, categories, cashtags FROM post_content WHERE protocol = $1 AND post_id = ANY($2::text[])`;

export const MARK_DIRTY = 'INSERT INTO content_dirty_day (day) SELECT unnest($1::date[]) ON CONFLICT DO NOTHING';

/**
 * Drops the category and cashtag rows of posts ($2 protocol, $3 post ids), given
 * every category / symbol they have ($1). Each condition is on the primary key,
 * so this is index probes whatever the planner thinks of the table; pairs
 * that are not a post's own cannot exist, so nothing else is deleted.
 */
export const CLEAR_POST_LINKS = {
  categories: 'DELETE FROM post_category WHERE category_id = ANY($1::int[]) AND protocol = $2 AND post_id = ANY($3::text[])',
  cashtags: 'DELETE FROM post_cashtag WHERE symbol = ANY($1::text[]) AND protocol = $2 AND post_id = ANY($3::text[])',
};

/** $1: a JSON array of labelled posts. */
export const UPSERT_POSTS = `
  INSERT INTO post_content (protocol, post_id, author_id, posted_at, day, text_hash, classifier, categories, hashtags, channel, terms, cashtags, classified_at)
  SELECT protocol, post_id, author_id, posted_at, day, text_hash, classifier, categories, hashtags, channel, terms, cashtags, now()
  FROM jsonb_to_recordset($1::jsonb) AS x(protocol text, post_id text, author_id text, posted_at timestamptz, day date, text_hash text,
    classifier text, categories int[], hashtags text[], channel text, terms text[], cashtags text[])
  ON CONFLICT (protocol, post_id) DO UPDATE SET
    author_id = excluded.author_id, posted_at = excluded.posted_at, day = excluded.day, text_hash = excluded.text_hash,
    classifier = excluded.classifier, categories = excluded.categories, hashtags = excluded.hashtags, channel = excluded.channel,
    terms = excluded.terms, cashtags = excluded.cashtags, classified_at = excluded.classified_at`;

export const INSERT_POST_LINKS = [
  `INSERT INTO post_category (category_id, protocol, post_id, author_id, posted_at, day)
   SELECT unnest(categories), protocol, post_id, author_id, posted_at, day FROM post_content WHERE protocol = $1 AND post_id = ANY($2::text[])`,
  `INSERT INTO post_cashtag (symbol, protocol, post_id, posted_at, day)
   SELECT unnest(cashtags), protocol, post_id, posted_at, day FROM post_content WHERE protocol = $1 AND post_id = ANY($2::text[])`,
];

/** A rebuild recounts every day with classified posts or daily rows. */
export const MARK_ALL_DIRTY = `
  INSERT INTO content_dirty_day (day)
  SELECT day FROM post_content UNION SELECT day FROM topic_daily UNION SELECT day FROM token_mention_daily
  ON CONFLICT DO NOTHING`;

export const DIRTY_DAYS = `SELECT to_char(day, 'YYYY-MM-DD') AS day FROM content_dirty_day ORDER BY day`;
export const CLEAR_DIRTY = 'DELETE FROM content_dirty_day WHERE day = ANY($1::date[])';

/** Daily cashtag counts of days $1; ids are computed by the caller (UUID v5). */
export const MENTION_COUNTS = `
  SELECT to_char(day, 'YYYY-MM-DD') AS day, symbol, count(*)::int AS post_count
  FROM post_cashtag WHERE day = ANY($1::date[]) GROUP BY day, symbol`;

export const CLEAR_MENTIONS = 'DELETE FROM token_mention_daily WHERE day = ANY($1::date[])';
export const INSERT_MENTIONS = `
  INSERT INTO token_mention_daily (day, symbol, id, post_count) SELECT * FROM unnest($1::date[], $2::text[], $3::uuid[], $4::int[])`;

/**
 * Daily key-phrase counts of days $1. A phrase used once that day as a plain
 * term is left out: it can never be a topic (topics need several posts) and
 * such one-offs are most of the rows.
 */
export const REPLACE_TOPICS = [
  'DELETE FROM topic_daily WHERE day = ANY($1::date[])',
  `INSERT INTO topic_daily (day, topic, kind, post_count, author_count)
   SELECT day, topic, (ARRAY['term', 'hashtag', 'channel'])[max(strength)], count(DISTINCT key)::int, count(DISTINCT author)::int
   FROM (
     SELECT day, protocol || ':' || post_id AS key, protocol || ':' || author_id AS author, channel AS topic, 3 AS strength
       FROM post_content WHERE day = ANY($1::date[]) AND channel IS NOT NULL
     UNION ALL SELECT day, protocol || ':' || post_id, protocol || ':' || author_id, unnest(hashtags), 2
       FROM post_content WHERE day = ANY($1::date[])
     UNION ALL SELECT day, protocol || ':' || post_id, protocol || ':' || author_id, unnest(terms), 1
       FROM post_content WHERE day = ANY($1::date[])
   ) used
   GROUP BY day, topic
   HAVING max(strength) > 1 OR count(DISTINCT key) > 1`,
];

/** Every table a classify run writes (llm_classification through the LLM classifier's cache). */
export const ANALYZE_CONTENT =
  'ANALYZE post_content, post_category, post_cashtag, token_mention_daily, topic_daily, content_dirty_day, llm_classification';
