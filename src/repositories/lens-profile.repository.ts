// Lens profiles with handle, newest metadata and imported classifier score.
import type { Database } from '../db/database';
import { generationOf, LENS } from '../domain/protocols';

export interface LensProfileRow {
  profile_id: string;
  owned_by: string;
  created_at: Date;
  local_name: string | null;
  name: string | null;
  bio: string | null;
  picture: string | null;
  cover_picture: string | null;
  metadata_updated_at: Date | null;
  score: number | null;
}

export function findLensProfiles(db: Database, ids: readonly string[]): Promise<LensProfileRow[]> {
  return db.read<LensProfileRow>(`
    SELECT p.profile_id, p.owned_by, p.created_at, h.local_name, m.name, m.bio, m.picture, m.cover_picture,
           m.updated_at AS metadata_updated_at, s.score
    FROM lens_profile p
    LEFT JOIN lens_handle h ON h.profile_id = p.profile_id
    LEFT JOIN lens_profile_metadata m ON m.profile_id = p.profile_id
    LEFT JOIN lens_score s ON s.profile_id = p.profile_id
    WHERE p.profile_id = ANY($1::text[])`, [...ids]);
}

export interface LensCountsRow {
  profile_id: string; followers: number; following: number; posts: number; likes: number; comments: number;
  quotes: number; mirrors: number; collects: number; engagement: number; graph_score: number; active: boolean;
}

export const emptyLensCounts = (id: string): LensCountsRow => ({
  profile_id: id, followers: 0, following: 0, posts: 0, likes: 0, comments: 0, quotes: 0, mirrors: 0, collects: 0,
  engagement: 0, graph_score: 0, active: false,
});

/**
 * Counters and the `active` flag (published, reacted or followed in the 30
 * days up to the as-of time) from the last refresh, for a batch. The flag is
 * stored by the refresh: read live, it took three index probes per profile
 * into the largest Lens tables, for up to 600 profiles of an engagement answer.
 */
export function lensCounts(db: Database, ids: readonly string[]): Promise<LensCountsRow[]> {
  return db.read<LensCountsRow>(`
    SELECT x.id AS profile_id, coalesce(s.followers, 0) AS followers, coalesce(s.following, 0) AS following,
      coalesce(s.posts, 0) AS posts, coalesce(s.likes_received, 0) AS likes, coalesce(s.comments_received, 0) AS comments,
      coalesce(s.quotes_received, 0) AS quotes, coalesce(s.mirrors_received, 0) AS mirrors,
      coalesce(s.collects_received, 0) AS collects, coalesce(s.engagement_received, 0) AS engagement,
      coalesce(s.graph_score, 0) AS graph_score, coalesce(s.active, false) AS active
    FROM unnest($1::text[]) AS x(id)
    LEFT JOIN lens_profile_stats s ON s.generation = ${generationOf(LENS)} AND s.profile_id = x.id`, [...ids]);
}
