// Per-fid counters the API answers: live (fc_profile_counts, current with every
// synced event, read through live-counters.ts), and the graph score of the last
// analytics refresh. One statement per batch.
import type { Database } from '../db/database';
import { FARCASTER } from '../domain/protocols';
import { generationOf } from './protocols.sql';
import { farcasterProfileCounters } from './live-counters';

export interface FarcasterCountsRow { fid: number; followers: number; following: number; posts: number; likes: number; graph_score: number }

const c = farcasterProfileCounters('c', 'f.fid');

export function farcasterCounts(db: Database, fids: readonly number[]): Promise<FarcasterCountsRow[]> {
  return db.read<FarcasterCountsRow>(`
    SELECT f.fid, ${c.counter('followers')} AS followers, ${c.counter('following')} AS following, ${c.counter('posts')} AS posts,
      ${c.counter('likes_received')} AS likes, coalesce(s.graph_score, 0) AS graph_score
    FROM unnest($1::int[]) f(fid)
    ${c.join}
    LEFT JOIN fc_profile_stats s ON s.generation = ${generationOf(FARCASTER)} AND s.fid = f.fid`, [...fids]);
}

export const emptyFarcasterCounts = (fid: number): FarcasterCountsRow => ({ fid, followers: 0, following: 0, posts: 0, likes: 0, graph_score: 0 });
