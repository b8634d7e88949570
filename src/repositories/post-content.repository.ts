// The labels of posts (post_content): categories, hashtags, channel, terms and
// cashtags of live casts and Lens publications with text, by (protocol, post id).
import type { Database } from '../db/database';
import type { ProtocolName } from '../domain/protocols';

export interface PostContentRow {
  protocol: ProtocolName; post_id: string; day: string;
  categories: number[]; hashtags: string[]; channel: string | null; terms: string[]; cashtags: string[];
}

/** The rows of the given posts (pairs of protocols[i], postIds[i]); posts without one are absent. */
export function postContents(db: Database, protocols: readonly ProtocolName[], postIds: readonly string[]): Promise<PostContentRow[]> {
  return db.read(`
    SELECT p.protocol, p.post_id, to_char(p.day, 'YYYY-MM-DD') AS day, p.categories, p.hashtags, p.channel, p.terms, p.cashtags
    FROM unnest($1::text[], $2::text[]) AS x(protocol, post_id)
    JOIN post_content p ON p.protocol = x.protocol AND p.post_id = x.post_id`, [...protocols], [...postIds]);
}
