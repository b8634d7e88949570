// Per-fid counters: live (fc_profile_counts, current with every synced event),
// and the graph score of the last analytics refresh. One statement per batch.
import type { Database } from '../db/database';
import { FARCASTER, generationOf } from '../domain/protocols';

export interface FarcasterCountsRow {
  fid: number; followers: number; following: number; posts: number; likes: number; recasts: number;
  replies: number; quotes: number; engagement: number; graph_score: number;
}

export function farcasterCounts(db: Database, fids: readonly number[]): Promise<FarcasterCountsRow[]> {
  return db.read<FarcasterCountsRow>(`
    SELECT f.fid, coalesce(c.followers, 0) AS followers, coalesce(c.following, 0) AS following, coalesce(c.posts, 0) AS posts,
      coalesce(c.likes_received, 0) AS likes, coalesce(c.recasts_received, 0) AS recasts,
      coalesce(c.replies_received, 0) AS replies, coalesce(c.quotes_received, 0) AS quotes,
      coalesce(c.replies_received + c.quotes_received + c.recasts_received + c.likes_received, 0) AS engagement,
      coalesce(s.graph_score, 0) AS graph_score
    FROM unnest($1::int[]) f(fid)
    LEFT JOIN fc_profile_counts c ON c.fid = f.fid
    LEFT JOIN fc_profile_stats s ON s.generation = ${generationOf(FARCASTER)} AND s.fid = f.fid
    WHERE c.fid IS NOT NULL OR s.fid IS NOT NULL`, [...fids]);
}

export const emptyFarcasterCounts = (fid: number): FarcasterCountsRow => ({
  fid, followers: 0, following: 0, posts: 0, likes: 0, recasts: 0, replies: 0, quotes: 0, engagement: 0, graph_score: 0,
});
