// A batch of Lens profiles' visible publications, newest first, keyset-paged by
// (time, publication id) either way, with what others did to each: upvotes, comments,
// quotes, mirrors (visible ones) and collects. Self-interactions never count.
import type { Database } from '../db/database';
import { keysetJoin, keysetSql, type KeysetRead } from './paging.sql';

export interface PublicationRow {
  profile_id: string;
  /** null (and every other column but profile_id and beyond) on the one row of a profile whose page is empty. */
  publication_id: string;
  publication_type: string;
  parent_publication_id: string | null;
  timestamp: Date;
  reactions: number;
  comments: number;
  quotes: number;
  mirrors: number;
  collects: number;
  /** A row lies beyond the page's cursor (see keysetJoin). */
  beyond: boolean;
}

const VISIBLE = 'q.profile_id = x.t AND NOT q.is_hidden';

/** Publication ids order as text (the database's order, for both the keyset and ORDER BY). */
const TEXT_ID = { keys: (expr: string) => expr };

export function lensPublications(db: Database, ids: readonly string[], read: KeysetRead): Promise<PublicationRow[]> {
  const k = keysetSql({ time: 'q.timestamp', id: 'q.publication_id', ids: TEXT_ID, idType: 'text' }, read, 3);
  const { join, beyond } = keysetJoin(k, { from: 'lens_publication q', where: VISIBLE }, `
      SELECT * FROM lens_publication q
      WHERE ${VISIBLE} ${k.page}
      ORDER BY ${k.order} LIMIT $2`, 'p');
  return db.read<PublicationRow>(`
    SELECT x.t AS profile_id, p.publication_id, p.publication_type, p.parent_publication_id, p.timestamp, ${beyond},
      (SELECT count(*)::int FROM lens_reaction r WHERE r.publication_id = p.publication_id AND r.type = 'UPVOTE' AND r.actioned_by_profile_id <> x.t) AS reactions,
      (SELECT count(*)::int FROM lens_publication c WHERE c.parent_publication_id = p.publication_id AND c.publication_type = 'COMMENT' AND NOT c.is_hidden AND c.profile_id <> x.t) AS comments,
      (SELECT count(*)::int FROM lens_publication c WHERE c.parent_publication_id = p.publication_id AND c.publication_type = 'QUOTE' AND NOT c.is_hidden AND c.profile_id <> x.t) AS quotes,
      (SELECT count(*)::int FROM lens_publication c WHERE c.parent_publication_id = p.publication_id AND c.publication_type = 'MIRROR' AND NOT c.is_hidden AND c.profile_id <> x.t) AS mirrors,
      (SELECT count(*)::int FROM lens_act a WHERE a.publication_id = p.publication_id AND a.is_collect AND a.acted_profile_id <> x.t) AS collects
    FROM unnest($1::text[]) AS x(t)
    ${join}`, [...ids], read.limit, ...k.params);
}

/** Visible publications of each profile: the rows lensPublications pages through. */
export function publicationTotals(db: Database, ids: readonly string[]): Promise<{ profile_id: string; total: number }[]> {
  return db.read(`
    SELECT x.t AS profile_id, (SELECT count(*) FROM lens_publication q WHERE ${VISIBLE})::int AS total
    FROM unnest($1::text[]) AS x(t)`, [...ids]);
}
