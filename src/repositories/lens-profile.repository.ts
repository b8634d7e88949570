// Lens profiles with handle, newest metadata and imported classifier score.
import type { Database } from '../db/database';
import { generationOf, LENS, stateOf } from '../domain/protocols';

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
 * Counters from the last refresh, and the `active` flag (published, reacted
 * or followed within the 30 days up to the Lens as-of time), for a batch.
 */
export function lensCounts(db: Database, ids: readonly string[]): Promise<LensCountsRow[]> {
  return db.read<LensCountsRow>(`
    WITH asof AS (SELECT coalesce(${stateOf('lens', 'as_of')}, now()) AS t)
    SELECT x.id AS profile_id, coalesce(s.followers, 0) AS followers, coalesce(s.following, 0) AS following,
      coalesce(s.posts, 0) AS posts, coalesce(s.likes_received, 0) AS likes, coalesce(s.comments_received, 0) AS comments,
      coalesce(s.quotes_received, 0) AS quotes, coalesce(s.mirrors_received, 0) AS mirrors,
      coalesce(s.collects_received, 0) AS collects, coalesce(s.engagement_received, 0) AS engagement,
      coalesce(s.graph_score, 0) AS graph_score,
      (EXISTS (SELECT 1 FROM lens_publication p, asof WHERE p.profile_id = x.id AND p.timestamp > asof.t - interval '30 days' AND p.timestamp <= asof.t)
       OR EXISTS (SELECT 1 FROM lens_reaction r, asof WHERE r.actioned_by_profile_id = x.id AND r.action_at > asof.t - interval '30 days' AND r.action_at <= asof.t)
       OR EXISTS (SELECT 1 FROM lens_follow f, asof WHERE f.follower_profile_id = x.id AND f.timestamp > asof.t - interval '30 days' AND f.timestamp <= asof.t)
      ) AS active
    FROM unnest($1::text[]) AS x(id)
    LEFT JOIN lens_profile_stats s ON s.generation = ${generationOf(LENS)} AND s.profile_id = x.id`, [...ids]);
}

