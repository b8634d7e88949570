// Farcaster statements of a refresh. $1 = the generation being written,
// $2 = the as-of time. Self-interactions never count; deleted rows never count.
// The counters themselves are live (fc_profile_counts, farcaster-live.sql.ts):
// a refresh ranks what they say at that moment (read through live-counters.ts).
import { analyticsTables, FARCASTER } from '../domain/protocols';
import { farcasterProfileCounters } from '../repositories/live-counters';
import { gainsSql, rankedProfilesSql, trendingCategorySql } from './follow-refresh.sql';

const c = farcasterProfileCounters('c', 'p.fid');

/** The live counters, then the five standard competition ranks (collectRank = recasts received). */
export const FC_STATS = `
  INSERT INTO fc_profile_stats (generation, fid, followers, following, posts, likes_received, recasts_received,
    replies_received, quotes_received, engagement_received, graph_score,
    follower_rank, engagement_rank, score_rank, likes_rank, collect_rank)
  WITH profiles AS (${rankedProfilesSql(FARCASTER)}),
  base AS (
    SELECT p.fid, ${c.counter('followers')} AS followers, ${c.counter('following')} AS following, ${c.counter('posts')} AS posts,
      ${c.counter('likes_received')} AS likes, ${c.counter('recasts_received')} AS recasts,
      ${c.counter('replies_received')} AS replies, ${c.counter('quotes_received')} AS quotes,
      coalesce(g.score, 0) AS graph_score
    FROM profiles p
    ${c.join}
    LEFT JOIN fc_graph_score g ON g.generation = $1 AND g.fid = p.fid)
  SELECT $1, fid, followers, following, posts, likes, recasts, replies, quotes, replies + quotes + recasts + likes, graph_score,
    rank() OVER (ORDER BY followers DESC), rank() OVER (ORDER BY replies + quotes + recasts + likes DESC),
    rank() OVER (ORDER BY graph_score DESC), rank() OVER (ORDER BY likes DESC), rank() OVER (ORDER BY recasts DESC)
  FROM base`;

export const FC_GAINS = gainsSql(FARCASTER);
export const FC_TRENDING_CATEGORIES = trendingCategorySql(FARCASTER);

export const FC_TABLES = analyticsTables(FARCASTER);
