// Farcaster statements of a refresh. $1 = the generation being written,
// $2 = the as-of time. Self-interactions never count; deleted rows never count.
// The counters themselves are live (fc_profile_counts, farcaster-live.sql.ts):
// a refresh ranks what they say at that moment.
import { analyticsTables, FARCASTER } from '../domain/protocols';
import { gainsSql, rankedProfilesSql, trendingCategorySql } from './follow-refresh.sql';

/** The live counters, then the five standard competition ranks (collectRank = recasts received). */
export const FC_STATS = `
  INSERT INTO fc_profile_stats (generation, fid, followers, following, posts, likes_received, recasts_received,
    replies_received, quotes_received, engagement_received, graph_score,
    follower_rank, engagement_rank, score_rank, likes_rank, collect_rank)
  WITH profiles AS (${rankedProfilesSql(FARCASTER)}),
  base AS (
    SELECT p.fid, coalesce(c.followers, 0) AS followers, coalesce(c.following, 0) AS following, coalesce(c.posts, 0) AS posts,
      coalesce(c.likes_received, 0) AS likes, coalesce(c.recasts_received, 0) AS recasts,
      coalesce(c.replies_received, 0) AS replies, coalesce(c.quotes_received, 0) AS quotes,
      coalesce(g.score, 0) AS graph_score
    FROM profiles p
    LEFT JOIN fc_profile_counts c ON c.fid = p.fid
    LEFT JOIN fc_graph_score g ON g.generation = $1 AND g.fid = p.fid)
  SELECT $1, fid, followers, following, posts, likes, recasts, replies, quotes, replies + quotes + recasts + likes, graph_score,
    rank() OVER (ORDER BY followers DESC), rank() OVER (ORDER BY replies + quotes + recasts + likes DESC),
    rank() OVER (ORDER BY graph_score DESC), rank() OVER (ORDER BY likes DESC), rank() OVER (ORDER BY recasts DESC)
  FROM base`;

export const FC_GAINS = gainsSql(FARCASTER);
export const FC_TRENDING_CATEGORIES = trendingCategorySql(FARCASTER);

export const FC_TABLES = analyticsTables(FARCASTER);
