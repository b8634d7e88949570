// A batch of Lens profiles' visible publications, newest first, keyset-paged by
// (time, publication id), with what others did to each: upvotes, comments,
// quotes, mirrors (visible ones) and collects. Self-interactions never count.
import type { Database } from '../db/database';

export interface PublicationCursor { at: Date; id: string }

export interface PublicationRow {
  profile_id: string;
  publication_id: string;
  publication_type: string;
  parent_publication_id: string | null;
  timestamp: Date;
  reactions: number;
  comments: number;
  quotes: number;
  mirrors: number;
  collects: number;
}

export function lensPublications(db: Database, ids: readonly string[], first: number, after: PublicationCursor | null): Promise<PublicationRow[]> {
  const params: unknown[] = [[...ids], first];
  if (after) params.push(after.at, after.id);
  return db.read<PublicationRow>(`
    SELECT x.t AS profile_id, p.publication_id, p.publication_type, p.parent_publication_id, p.timestamp,
      (SELECT count(*)::int FROM lens_reaction r WHERE r.publication_id = p.publication_id AND r.type = 'UPVOTE' AND r.actioned_by_profile_id <> x.t) AS reactions,
      (SELECT count(*)::int FROM lens_publication c WHERE c.parent_publication_id = p.publication_id AND c.publication_type = 'COMMENT' AND NOT c.is_hidden AND c.profile_id <> x.t) AS comments,
      (SELECT count(*)::int FROM lens_publication c WHERE c.parent_publication_id = p.publication_id AND c.publication_type = 'QUOTE' AND NOT c.is_hidden AND c.profile_id <> x.t) AS quotes,
      (SELECT count(*)::int FROM lens_publication c WHERE c.parent_publication_id = p.publication_id AND c.publication_type = 'MIRROR' AND NOT c.is_hidden AND c.profile_id <> x.t) AS mirrors,
      (SELECT count(*)::int FROM lens_act a WHERE a.publication_id = p.publication_id AND a.is_collect AND a.acted_profile_id <> x.t) AS collects
    FROM unnest($1::text[]) AS x(t)
    CROSS JOIN LATERAL (
      SELECT * FROM lens_publication q
      WHERE q.profile_id = x.t AND NOT q.is_hidden ${after ? 'AND (q.timestamp, q.publication_id) < ($3::timestamptz, $4::text)' : ''}
      ORDER BY q.timestamp DESC, q.publication_id DESC LIMIT $2) p`, ...params);
}
