// The quality features of every ranked account, per protocol, as one SELECT
// the writer wraps: one row per account of the stats table at the generation
// being written ($1), each feature a column named as the model's feature
// (lowercase) on the model's scale. $2 = the as-of time. Self-interactions and
// deleted rows never count; an account with no data for a feature gets the
// neutral value the model documents (no posts: no burst, no duplicates).
// Engagement counts each engaging account once, so one account's many
// replies weigh as one voice.
import type { ProtocolName } from '../../domain/protocols';

/** The trust band shared by RECIPROCITY and TRUSTED_ENGAGEMENT: the upper half of accounts by graph score. */
const TRUSTED = 0.5;

/** An account younger than this at the as-of time is fresh (FRESH_FOLLOWERS). */
const FRESH_DAYS = 30;

/**
 * The trust percentile: the share of accounts with a lower graph score. Scores
 * equal to nine decimals tie, so the rounding noise of the iteration does not
 * order accounts whose places in the graph are symmetric (a farm's members).
 */
const trustPercentile = 'percent_rank() OVER (ORDER BY round(graph_score::numeric, 9))';

/** Hours as whole numbers since the epoch: the same in every session time zone. */
const hourOf = (expr: string) => `floor(extract(epoch FROM ${expr}) / 3600)`;

/** The features every protocol computes alike from its CTEs `profiles`, `follows`, `engaged`, `posted`, `wallets`, `age`, `verified`. */
const featureColumns = `
  SELECT p.id,
    p.trust,
    coalesce(r.mutual::float8 / nullif(r.following, 0), 0) AS reciprocity,
    least(greatest(coalesce(extract(epoch FROM $2::timestamptz - a.born) / 86400, 0), 0) / 365, 1) AS account_age,
    coalesce(v.verifications, 0) AS verifications,
    least(coalesce(w.others, 0)::float8 / 4, 1) AS shared_wallet,
    coalesce(e.balance, 0) AS trusted_engagement,
    least(greatest(coalesce(b.busiest, 0) - 3, 0)::float8 / 12, 1) AS posting_burst,
    coalesce(d.repeated, 0) AS duplicate_text,
    coalesce(fr.share, 0) AS fresh_followers
  FROM profiles p
  LEFT JOIN reciprocity r ON r.id = p.id
  LEFT JOIN age a ON a.id = p.id
  LEFT JOIN verified v ON v.id = p.id
  LEFT JOIN wallets w ON w.id = p.id
  LEFT JOIN engagement e ON e.id = p.id
  LEFT JOIN bursts b ON b.id = p.id
  LEFT JOIN duplicates d ON d.id = p.id
  LEFT JOIN fresh_followers fr ON fr.id = p.id`;

/** The CTEs read from `follows(src, dst)`, `engaged(id, actor)`, `posted(id, at, body)` and `age(id, born)`. */
const sharedCtes = `
  trusted AS (SELECT id FROM profiles WHERE trust >= ${TRUSTED}),
  reciprocity AS (
    SELECT f.src AS id, count(*) AS following, count(t.id) AS mutual
    FROM follows f LEFT JOIN follows back ON back.src = f.dst AND back.dst = f.src
    LEFT JOIN trusted t ON t.id = back.src
    GROUP BY f.src),
  engagement AS (
    SELECT e.id, (2 * count(DISTINCT t.id) - count(DISTINCT e.actor))::float8 / count(DISTINCT e.actor) AS balance
    FROM engaged e LEFT JOIN trusted t ON t.id = e.actor GROUP BY e.id),
  bursts AS (
    SELECT id, max(n) AS busiest FROM (SELECT id, ${hourOf('at')} AS hour, count(*) AS n FROM posted GROUP BY 1, 2) h GROUP BY id),
  duplicates AS (
    SELECT id, (count(*) - count(DISTINCT body))::float8 / count(*) AS repeated
    FROM posted WHERE body <> '' GROUP BY id HAVING count(*) >= 2),
  fresh AS (SELECT id FROM age WHERE born > $2::timestamptz - interval '${FRESH_DAYS} days'),
  fresh_followers AS (
    SELECT f.dst AS id, count(fr.id)::float8 / count(*) AS share
    FROM follows f LEFT JOIN fresh fr ON fr.id = f.src GROUP BY f.dst)`;

const FARCASTER_FEATURES = `
  WITH profiles AS (SELECT fid AS id, ${trustPercentile} AS trust FROM fc_profile_stats WHERE generation = $1),
  follows AS (SELECT fid AS src, target_fid AS dst FROM fc_link WHERE deleted_at IS NULL AND fid <> target_fid),
  engaged AS (
    SELECT target_fid AS id, fid AS actor FROM fc_reaction WHERE deleted_at IS NULL AND fid <> target_fid
    UNION ALL
    SELECT parent_fid, fid FROM fc_cast WHERE parent_fid IS NOT NULL AND deleted_at IS NULL AND parent_fid <> fid),
  posted AS (SELECT fid AS id, "timestamp" AS at, text AS body FROM fc_cast WHERE deleted_at IS NULL),
  age AS (
    SELECT p.id, coalesce(u.registered_at, (SELECT min(c."timestamp") FROM fc_cast c WHERE c.fid = p.id)) AS born
    FROM profiles p LEFT JOIN fc_user u ON u.fid = p.id),
  live_addresses AS (SELECT DISTINCT fid, lower(address) AS address FROM fc_verification WHERE deleted_at IS NULL),
  verified AS (SELECT fid AS id, least(count(*), 2)::float8 / 2 AS verifications FROM live_addresses GROUP BY fid),
  holders AS (SELECT address, count(*) AS n FROM live_addresses GROUP BY address),
  wallets AS (SELECT a.fid AS id, max(h.n) - 1 AS others FROM live_addresses a JOIN holders h ON h.address = a.address GROUP BY a.fid),
  ${sharedCtes}
  ${featureColumns}`;

const LENS_FEATURES = `
  WITH profiles AS (SELECT profile_id AS id, ${trustPercentile} AS trust FROM lens_profile_stats WHERE generation = $1),
  follows AS (SELECT follower_profile_id AS src, profile_id AS dst FROM lens_follow WHERE deleted_at IS NULL AND follower_profile_id <> profile_id),
  engaged AS (
    SELECT p.profile_id AS id, r.actioned_by_profile_id AS actor
    FROM lens_reaction r JOIN lens_publication p ON p.publication_id = r.publication_id
    WHERE r.type = 'UPVOTE' AND NOT p.is_hidden AND r.actioned_by_profile_id <> p.profile_id
    UNION ALL
    SELECT parent.profile_id, c.profile_id
    FROM lens_publication c JOIN lens_publication parent ON parent.publication_id = c.parent_publication_id
    WHERE NOT c.is_hidden AND NOT parent.is_hidden AND c.profile_id <> parent.profile_id),
  posted AS (
    SELECT p.profile_id AS id, p."timestamp" AS at, coalesce(m.content, '') AS body
    FROM lens_publication p LEFT JOIN lens_publication_metadata m ON m.publication_id = p.publication_id
    WHERE NOT p.is_hidden AND p.publication_type <> 'MIRROR'),
  age AS (SELECT profile_id AS id, created_at AS born FROM lens_profile),
  handles AS (
    SELECT profile_id FROM lens_handle UNION SELECT profile_id FROM lens_handle_link
    UNION SELECT profile_id FROM lens_handle_name WHERE profile_id IS NOT NULL),
  verified AS (SELECT profile_id AS id, 1::float8 AS verifications FROM handles),
  owners AS (SELECT lower(owned_by) AS owner, count(*) AS n FROM lens_profile GROUP BY 1),
  wallets AS (SELECT l.profile_id AS id, o.n - 1 AS others FROM lens_profile l JOIN owners o ON o.owner = lower(l.owned_by)),
  ${sharedCtes}
  ${featureColumns}`;

/** The features SELECT of a protocol: columns id, then each feature in lowercase. */
export const QUALITY_FEATURES: Record<ProtocolName, string> = { farcaster: FARCASTER_FEATURES, lens: LENS_FEATURES };
