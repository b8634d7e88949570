// Per-fid counters, one statement for a whole batch of fids.
// Self-interactions never count (CONTRACT §4).
import type { Database } from '../db/database';

export interface FarcasterCountsRow { fid: number; followers: number; following: number; posts: number }

export function farcasterCounts(db: Database, fids: readonly number[]): Promise<FarcasterCountsRow[]> {
  return db.read<FarcasterCountsRow>(`
    SELECT x.fid,
      (SELECT count(*) FROM fc_link l WHERE l.target_fid = x.fid AND l.deleted_at IS NULL AND l.fid <> x.fid)::int AS followers,
      (SELECT count(*) FROM fc_link l WHERE l.fid = x.fid AND l.deleted_at IS NULL AND l.target_fid <> x.fid)::int AS following,
      (SELECT count(*) FROM fc_cast c WHERE c.fid = x.fid AND c.deleted_at IS NULL AND c.parent_hash IS NULL)::int AS posts
    FROM unnest($1::int[]) AS x(fid)`, [...fids]);
}

/** Likes received on the fid's live casts, from live likes by others. */
export function farcasterLikesReceived(db: Database, fids: readonly number[]): Promise<{ fid: number; likes: number }[]> {
  return db.read(`
    SELECT c.fid, count(*)::int AS likes
    FROM fc_cast c JOIN fc_reaction r ON r.target_hash = c.hash
    WHERE c.fid = ANY($1::int[]) AND c.deleted_at IS NULL
      AND r.reaction_type = 1 AND r.deleted_at IS NULL AND r.fid <> c.fid
    GROUP BY c.fid`, [...fids]);
}
