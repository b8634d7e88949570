// Lens profiles with handle, newest metadata and imported classifier score.
import type { Database } from '../db/database';
import { lensProfileCounters } from './live-counters';

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

export interface LensCountsRow { profile_id: string; followers: number; following: number; posts: number; graph_score: number; active: boolean }

export const emptyLensCounts = (id: string): LensCountsRow => ({ profile_id: id, followers: 0, following: 0, posts: 0, graph_score: 0, active: false });

const s = lensProfileCounters('s', 'x.id');

/**
 * For a batch: the counters (the last refresh's, or counted from the rows while
 * an import since has left them stale: live-counters.ts), and the graph score and
 * the `active` flag (published, reacted or followed in the 30 days up to the
 * as-of time) of the last refresh. The flag is stored by the refresh: read live,
 * it took three index probes per profile into the largest Lens tables, for up to
 * 600 profiles of an engagement answer.
 */
export function lensCounts(db: Database, ids: readonly string[]): Promise<LensCountsRow[]> {
  return db.read<LensCountsRow>(`
    SELECT x.id AS profile_id, ${s.counter('followers')} AS followers, ${s.counter('following')} AS following, ${s.counter('posts')} AS posts,
      coalesce(s.graph_score, 0) AS graph_score, coalesce(s.active, false) AS active
    FROM unnest($1::text[]) AS x(id)
    ${s.join}`, [...ids]);
}
