// Farcaster statements of a refresh. $1 = the generation being written,
// $2 = the as-of time. Self-interactions never count; deleted rows never count.
import { analyticsTables, FARCASTER } from '../domain/protocols';
import { dailySql, gainsSql, rankedProfilesSql, summarySql } from './follow-refresh.sql';

/** Counters, then the five standard competition ranks (collectRank = recasts received). */
export const FC_STATS = `
  INSERT INTO fc_profile_stats (generation, fid, followers, following, posts, likes_received, recasts_received,
    replies_received, quotes_received, engagement_received, graph_score,
    follower_rank, engagement_rank, score_rank, likes_rank, collect_rank)
  WITH profiles AS (${rankedProfilesSql(FARCASTER)}),
  followers AS (SELECT target_fid AS fid, count(*)::int AS n FROM fc_link WHERE deleted_at IS NULL AND fid <> target_fid GROUP BY 1),
  following AS (SELECT fid, count(*)::int AS n FROM fc_link WHERE deleted_at IS NULL AND fid <> target_fid GROUP BY 1),
  posts AS (SELECT fid, count(*)::int AS n FROM fc_cast WHERE deleted_at IS NULL AND parent_hash IS NULL GROUP BY 1),
  reactions AS (
    SELECT c.fid, count(*) FILTER (WHERE r.reaction_type = 1)::int AS likes, count(*) FILTER (WHERE r.reaction_type = 2)::int AS recasts
    FROM fc_reaction r JOIN fc_cast c ON c.hash = r.target_hash
    WHERE r.deleted_at IS NULL AND c.deleted_at IS NULL AND r.fid <> c.fid GROUP BY c.fid),
  replies AS (
    SELECT p.fid, count(*)::int AS n FROM fc_cast c JOIN fc_cast p ON p.hash = c.parent_hash
    WHERE c.deleted_at IS NULL AND p.deleted_at IS NULL AND c.fid <> p.fid GROUP BY p.fid),
  quotes AS (
    SELECT q.fid, count(*)::int AS n FROM fc_cast c JOIN fc_cast q ON q.hash = c.quoted_hash
    WHERE c.deleted_at IS NULL AND q.deleted_at IS NULL AND c.fid <> q.fid GROUP BY q.fid),
  base AS (
    SELECT p.fid, coalesce(fo.n, 0) AS followers, coalesce(fg.n, 0) AS following, coalesce(po.n, 0) AS posts,
      coalesce(r.likes, 0) AS likes, coalesce(r.recasts, 0) AS recasts, coalesce(re.n, 0) AS replies, coalesce(q.n, 0) AS quotes,
      coalesce(g.score, 0) AS graph_score
    FROM profiles p
    LEFT JOIN followers fo ON fo.fid = p.fid LEFT JOIN following fg ON fg.fid = p.fid LEFT JOIN posts po ON po.fid = p.fid
    LEFT JOIN reactions r ON r.fid = p.fid LEFT JOIN replies re ON re.fid = p.fid LEFT JOIN quotes q ON q.fid = p.fid
    LEFT JOIN fc_graph_score g ON g.generation = $1 AND g.fid = p.fid)
  SELECT $1, fid, followers, following, posts, likes, recasts, replies, quotes, replies + quotes + recasts + likes, graph_score,
    rank() OVER (ORDER BY followers DESC), rank() OVER (ORDER BY replies + quotes + recasts + likes DESC),
    rank() OVER (ORDER BY graph_score DESC), rank() OVER (ORDER BY likes DESC), rank() OVER (ORDER BY recasts DESC)
  FROM base`;

export const FC_SUMMARY = summarySql(FARCASTER);
export const FC_GAINS = gainsSql(FARCASTER);
export const FC_DAILY = dailySql(FARCASTER);

export const FC_TABLES = analyticsTables(FARCASTER);
