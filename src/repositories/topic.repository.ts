// Topics (getTopicsOfTheDay, getEngagers, getMentions): the daily
// phrase statistics of topic_daily (rule in topic-stats.sql.ts), and the
// posts of a day on a phrase (post_content rows whose hashtags, channel or terms
// hold it) with who engaged with them and how many mention it.
import type { Database } from '../db/database';
import { textIdOrder } from '../domain/protocols';
import { farcasterUsernameSql } from './protocols.sql';
import { TOPIC_STATS_SQL } from './topic-stats.sql';

export interface TopicStatsRow {
  day: string; topic: string; kind: string | null; post_count: number; author_count: number;
  baseline: number; score: number; is_topic: boolean;
}

export interface TopicEngagerRow {
  topic: string; protocol: string; profile_id: string; handle: string | null; engagements: number;
  likes: number; comments: number; quotes: number; reposts: number; collects: number;
}

export interface TopicMentionsRow { topic: string; total: number; farcaster: number; lens: number; authors: number }

/** Topics of the day (null: the newest day with daily counts), at most `limit`, in rule order. */
export function topicsOfDay(db: Database, day: string | null, limit: number): Promise<TopicStatsRow[]> {
  return db.read(TOPIC_STATS_SQL, day === null ? null : [day], null, true, limit);
}

/** Statistics of the given phrases on each of the days, whether or not they are topics. */
export function topicStats(db: Database, days: readonly string[], topics: readonly string[]): Promise<TopicStatsRow[]> {
  return db.read(TOPIC_STATS_SQL, [...days], [...topics], false, null);
}

/** The (day, phrase) pairs among days × topics that are topics of that day. */
export function topicsAmong(db: Database, days: readonly string[], topics: readonly string[]): Promise<TopicStatsRow[]> {
  return db.read(TOPIC_STATS_SQL, [...days], [...topics], true, null);
}

/**
 * The newest day with daily counts; else the newest day with classified posts;
 * else today (UTC): the default day of `topic(topic:)`.
 */
export async function newestTopicDay(db: Database): Promise<string> {
  const [row] = await db.read<{ day: string }>(`
    SELECT to_char(coalesce((SELECT max(day) FROM topic_daily), (SELECT max(day) FROM post_content), (now() AT TIME ZONE 'UTC')::date), 'YYYY-MM-DD') AS day`);
  return row.day;
}

/** A post of day $1 is on phrase x.topic when its hashtags, channel or terms hold it. */
const ON_TOPIC = `p.day = $1::date AND (x.topic = ANY(p.hashtags) OR p.channel = x.topic OR x.topic = ANY(p.terms))`;

/** Live posts of `day` on each phrase, per protocol, and their distinct authors; one row per phrase. */
export function topicMentions(db: Database, day: string, topics: readonly string[]): Promise<TopicMentionsRow[]> {
  return db.read(`
    SELECT x.topic, count(p.post_id)::int AS total,
      count(p.post_id) FILTER (WHERE p.protocol = 'farcaster')::int AS farcaster,
      count(p.post_id) FILTER (WHERE p.protocol = 'lens')::int AS lens,
      count(DISTINCT p.protocol || ':' || p.author_id)::int AS authors
    FROM unnest($2::text[]) AS x(topic)
    LEFT JOIN post_content p ON ${ON_TOPIC}
    GROUP BY x.topic`, day, [...topics]);
}

/**
 * Profiles that interacted (at any time) with the live posts of `day` on each
 * phrase, others only: Farcaster live likes, recasts, replies and quotes; Lens
 * UPVOTEs, visible comments, quotes and mirrors, and collects. Most engagements
 * first, then protocol, then profile id by numeric value; at most `limit` per phrase.
 */
export function topicEngagers(db: Database, day: string, topics: readonly string[], limit: number): Promise<TopicEngagerRow[]> {
  return db.read(`
    WITH posts AS (
      SELECT x.topic, p.protocol, p.post_id, p.author_id
      FROM unnest($2::text[]) AS x(topic) JOIN post_content p ON ${ON_TOPIC}
    ), acts AS (
      SELECT po.topic, 'farcaster' AS protocol, r.fid, r.fid::text AS profile_id,
             CASE r.reaction_type WHEN 1 THEN 'likes' ELSE 'reposts' END AS kind
        FROM posts po JOIN fc_reaction r ON r.target_hash = po.post_id
        WHERE po.protocol = 'farcaster' AND r.reaction_type IN (1, 2) AND r.deleted_at IS NULL AND r.fid::text <> po.author_id
      UNION ALL
      SELECT po.topic, 'farcaster', c.fid, c.fid::text, 'comments'
        FROM posts po JOIN fc_cast c ON c.parent_hash = po.post_id
        WHERE po.protocol = 'farcaster' AND c.deleted_at IS NULL AND c.fid::text <> po.author_id
      UNION ALL
      SELECT po.topic, 'farcaster', c.fid, c.fid::text, 'quotes'
        FROM posts po JOIN fc_cast c ON c.quoted_hash = po.post_id
        WHERE po.protocol = 'farcaster' AND c.deleted_at IS NULL AND c.fid::text <> po.author_id
      UNION ALL
      SELECT po.topic, 'lens', NULL::int, r.actioned_by_profile_id, 'likes'
        FROM posts po JOIN lens_reaction r ON r.publication_id = po.post_id
        WHERE po.protocol = 'lens' AND r.type = 'UPVOTE' AND r.actioned_by_profile_id <> po.author_id
      UNION ALL
      SELECT po.topic, 'lens', NULL::int, c.profile_id,
             CASE c.publication_type WHEN 'COMMENT' THEN 'comments' WHEN 'QUOTE' THEN 'quotes' ELSE 'reposts' END
        FROM posts po JOIN lens_publication c ON c.parent_publication_id = po.post_id
        WHERE po.protocol = 'lens' AND c.publication_type IN ('COMMENT', 'QUOTE', 'MIRROR') AND NOT c.is_hidden AND c.profile_id <> po.author_id
      UNION ALL
      SELECT po.topic, 'lens', NULL::int, a.acted_profile_id, 'collects'
        FROM posts po JOIN lens_act a ON a.publication_id = po.post_id
        WHERE po.protocol = 'lens' AND a.is_collect AND a.acted_profile_id <> po.author_id
    ), grouped AS (
      SELECT topic, protocol, min(fid) AS fid, profile_id, count(*)::int AS engagements,
        count(*) FILTER (WHERE kind = 'likes')::int AS likes, count(*) FILTER (WHERE kind = 'comments')::int AS comments,
        count(*) FILTER (WHERE kind = 'quotes')::int AS quotes, count(*) FILTER (WHERE kind = 'reposts')::int AS reposts,
        count(*) FILTER (WHERE kind = 'collects')::int AS collects,
        row_number() OVER (PARTITION BY topic ORDER BY count(*) DESC, protocol, ${textIdOrder('profile_id COLLATE "C"')}) AS n
      FROM acts GROUP BY topic, protocol, profile_id
    )
    SELECT g.topic, g.protocol, g.profile_id, g.engagements, g.likes, g.comments, g.quotes, g.reposts, g.collects,
      CASE WHEN g.protocol = 'lens' THEN h.local_name
        ELSE ${farcasterUsernameSql('g.fid')} END AS handle
    FROM grouped g
    LEFT JOIN lens_handle h ON g.protocol = 'lens' AND h.profile_id = g.profile_id
    WHERE g.n <= $3
    ORDER BY g.topic, g.n`, day, [...topics], limit);
}
