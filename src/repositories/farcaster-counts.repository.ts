// Per-fid counters from the last analytics refresh: one statement per batch.
import type { Database } from '../db/database';
import { FARCASTER, generationOf } from '../domain/protocols';

export interface FarcasterCountsRow {
  fid: number; followers: number; following: number; posts: number; likes: number; recasts: number;
  replies: number; quotes: number; engagement: number; graph_score: number;
}

export function farcasterCounts(db: Database, fids: readonly number[]): Promise<FarcasterCountsRow[]> {
  return db.read<FarcasterCountsRow>(`
    SELECT s.fid, s.followers, s.following, s.posts, s.likes_received AS likes, s.recasts_received AS recasts,
      s.replies_received AS replies, s.quotes_received AS quotes, s.engagement_received AS engagement, s.graph_score
    FROM fc_profile_stats s
    WHERE s.generation = ${generationOf(FARCASTER)} AND s.fid = ANY($1::int[])`, [...fids]);
}

export const emptyFarcasterCounts = (fid: number): FarcasterCountsRow => ({
  fid, followers: 0, following: 0, posts: 0, likes: 0, recasts: 0, replies: 0, quotes: 0, engagement: 0, graph_score: 0,
});
