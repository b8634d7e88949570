// Farcaster channel statements of a refresh ($1 = the generation being
// written, $2 = the as-of time): every channel's totals, the trending channels
// per period and the trending casts per window. Definitions in domain/channels.ts.
// Deleted casts and reactions never count, self-interactions never count.
import { CAST_DECAY, CAST_WEIGHTS, CAST_WINDOWS, CHANNEL_SCORE, WARPCAST_CHANNEL_PREFIX } from '../domain/channels';
import { PERIODS } from '../domain/periods';

/**
 * The channel id of a parent URL (domain/channels.ts): the same rule as
 * content/post-features.ts channelOf, less its percent-decoding of names.
 */
const channelIdSql = (urlExpr: string) =>
  `lower(coalesce(substring(${urlExpr} from '^https?://(?:www\\.)?warpcast\\.com/~/channel/([^/?#[:space:]]+)'), btrim(${urlExpr})))`;

/** A channel's trending score (CHANNEL_SCORE). */
const channelScoreSql = (casts: string, casters: string, newCasters: string) =>
  `(${CHANNEL_SCORE.casts} * ${casts} + ${CHANNEL_SCORE.casters} * ${casters} + ${CHANNEL_SCORE.newCasters} * ${newCasters})`;

/** A cast's trending score (CAST_WEIGHTS, decayed by CAST_DECAY). */
const castScoreSql = (likes: string, recasts: string, replies: string, ageHours: string) =>
  `((${CAST_WEIGHTS.likes} * ${likes} + ${CAST_WEIGHTS.recasts} * ${recasts} + ${CAST_WEIGHTS.replies} * ${replies})::float8
    / power(${ageHours} + ${CAST_DECAY.offsetHours}, ${CAST_DECAY.gravity}))`;

/**
 * Every live cast up to the as-of time that sits in a channel, with the
 * channel's id and the URL it was cast under: a top-level cast by its own
 * parent_url, a reply by its thread root's (root_parent_hash, else parent_hash
 * for a reply whose root is not recorded; a deleted root still places it).
 */
const CHANNEL_CASTS = `channel_casts AS (
    SELECT c.fid, c.timestamp, ${channelIdSql('r.parent_url')} AS channel_id, r.parent_url AS url
    FROM fc_cast c
    JOIN fc_cast r ON r.hash = CASE WHEN c.parent_hash IS NULL THEN c.hash ELSE coalesce(c.root_parent_hash, c.parent_hash) END
    WHERE c.deleted_at IS NULL AND c.timestamp <= $2::timestamptz AND r.parent_url IS NOT NULL AND btrim(r.parent_url) <> '')`;

/** Every channel: its live casts and casters, first and last cast; a Warpcast channel's URL in its canonical spelling. */
export const FC_CHANNELS = `
  INSERT INTO fc_channel (generation, channel_id, url, casts, casters, first_cast_at, last_cast_at)
  WITH ${CHANNEL_CASTS}
  SELECT $1, channel_id,
    CASE WHEN min(url) ~* '^https?://(www\\.)?warpcast\\.com/~/channel/' THEN '${WARPCAST_CHANNEL_PREFIX}' || channel_id ELSE min(url) END,
    count(*)::int, count(DISTINCT fid)::int, min(timestamp), max(timestamp)
  FROM channel_casts GROUP BY channel_id`;

const periodValues = Object.entries(PERIODS).map(([name, days]) => `('${name}', ${days})`).join(', ');

/**
 * Per period (as_of − days, as_of]: each channel with a cast in it, its casts,
 * casters and new casters (first live cast in the channel within the period),
 * placed by the trending score, then casters, then id.
 */
export const FC_CHANNEL_TRENDING = `
  INSERT INTO fc_channel_trending (generation, period, position, channel_id, casts, casters, new_casters, score)
  WITH ${CHANNEL_CASTS},
  periods AS (SELECT * FROM (VALUES ${periodValues}) AS p(period, days)),
  firsts AS (SELECT channel_id, fid, min(timestamp) AS first_at FROM channel_casts GROUP BY 1, 2),
  counts AS (
    SELECT p.period, c.channel_id, count(*)::int AS casts, count(DISTINCT c.fid)::int AS casters
    FROM periods p JOIN channel_casts c ON c.timestamp > $2::timestamptz - make_interval(days => p.days)
    GROUP BY 1, 2),
  news AS (
    SELECT p.period, f.channel_id, count(*)::int AS n
    FROM periods p JOIN firsts f ON f.first_at > $2::timestamptz - make_interval(days => p.days)
    GROUP BY 1, 2),
  scored AS (
    SELECT c.*, coalesce(n.n, 0) AS new_casters, ${channelScoreSql('c.casts', 'c.casters', 'coalesce(n.n, 0)')} AS score
    FROM counts c LEFT JOIN news n ON n.period = c.period AND n.channel_id = c.channel_id)
  SELECT $1, period, row_number() OVER (PARTITION BY period ORDER BY score DESC, casters DESC, channel_id),
    channel_id, casts, casters, new_casters, score
  FROM scored`;

const windowValues = Object.entries(CAST_WINDOWS).map(([name, hours]) => `('${name}', ${hours})`).join(', ');
const LONGEST_HOURS = Math.max(...Object.values(CAST_WINDOWS));

/**
 * Per window (as_of − hours, as_of]: top-level live casts posted in it with
 * engagement from others, placed by the decayed engagement score at the as-of
 * time, then hash. The author's graph score is this generation's (its step ran first).
 */
export const FC_TRENDING_CASTS = `
  INSERT INTO fc_trending_cast (generation, period, position, hash, fid, channel_id, posted_at, likes, recasts, replies, score, author_score)
  WITH windows AS (SELECT * FROM (VALUES ${windowValues}) AS w(period, hours)),
  candidates AS (
    SELECT c.hash, c.fid, c.timestamp, c.parent_url FROM fc_cast c
    WHERE c.deleted_at IS NULL AND c.parent_hash IS NULL
      AND c.timestamp > $2::timestamptz - interval '${LONGEST_HOURS} hours' AND c.timestamp <= $2::timestamptz),
  reactions AS (
    SELECT k.hash, count(*) FILTER (WHERE r.reaction_type = 1)::int AS likes, count(*) FILTER (WHERE r.reaction_type = 2)::int AS recasts
    FROM candidates k JOIN fc_reaction r ON r.target_hash = k.hash
    WHERE r.deleted_at IS NULL AND r.fid <> k.fid AND r.reaction_type IN (1, 2) GROUP BY k.hash),
  replies AS (
    SELECT k.hash, count(*)::int AS replies
    FROM candidates k JOIN fc_cast r ON r.parent_hash = k.hash
    WHERE r.deleted_at IS NULL AND r.fid <> k.fid GROUP BY k.hash),
  counted AS (
    SELECT k.*, coalesce(a.likes, 0) AS likes, coalesce(a.recasts, 0) AS recasts, coalesce(p.replies, 0) AS replies,
      extract(epoch FROM $2::timestamptz - k.timestamp)::float8 / 3600 AS age_hours
    FROM candidates k LEFT JOIN reactions a ON a.hash = k.hash LEFT JOIN replies p ON p.hash = k.hash
    WHERE a.hash IS NOT NULL OR p.hash IS NOT NULL),
  scored AS (
    SELECT w.period, c.*, ${castScoreSql('c.likes', 'c.recasts', 'c.replies', 'c.age_hours')} AS score
    FROM windows w JOIN counted c ON c.timestamp > $2::timestamptz - make_interval(hours => w.hours))
  SELECT $1, s.period, row_number() OVER (PARTITION BY s.period ORDER BY s.score DESC, s.hash),
    s.hash, s.fid, CASE WHEN s.parent_url IS NULL OR btrim(s.parent_url) = '' THEN NULL ELSE ${channelIdSql('s.parent_url')} END,
    s.timestamp, s.likes, s.recasts, s.replies, s.score, coalesce(g.score, 0)
  FROM scored s LEFT JOIN fc_graph_score g ON g.generation = $1 AND g.fid = s.fid
  WHERE s.likes + s.recasts + s.replies > 0`;

/**
 * The casters of the channels the ranks are computed for ($3 at least this
 * many casters, $4 at most this many channels, most casters first, then id),
 * with their live casts in the channel: the pretrust of each channel's rank.
 */
export const FC_CHANNEL_CASTERS = `
  WITH chosen AS (
    SELECT channel_id FROM fc_channel WHERE generation = $1 AND casters >= $3 ORDER BY casters DESC, channel_id LIMIT $4),
  ${CHANNEL_CASTS}
  SELECT c.channel_id, c.fid, count(*)::int AS casts
  FROM channel_casts c JOIN chosen USING (channel_id)
  GROUP BY c.channel_id, c.fid ORDER BY c.channel_id, c.fid`;
