// Categories (getPublicationsByCategory, getTopCategories): post_category holds
// one row per classified live post and category (deleted casts, hidden
// publications and mirrors never get one). Reactions are by others only: live
// Farcaster likes and recasts, Lens UPVOTEs.
import type { Database } from '../db/database';
import type { CollectWindow } from './lens-collects.repository';
import { orderBy } from './paging.sql';

export interface CategoryPublicationRow { protocol: string; post_id: string; author_id: string; posted_at: Date; reactions: number }
export interface TopCategoryRow { category_id: number; collects: number; usd_amount: number }

/** The day asked for, or the newest day with classified posts. */
const DAY = 'coalesce($2::date, (SELECT max(day) FROM post_content))';

/** Most reactions first, then post id (byte order), then protocol. */
const POST_ORDER = [['reactions', 'DESC'], ['p.post_id COLLATE "C"', 'ASC'], ['p.protocol', 'ASC']] as const;

/**
 * Posts of a category on a UTC day (null: the newest day with classified posts),
 * in POST_ORDER: `limit` rows after `offset`, or (`fromEnd`) counted from the end, flipped.
 */
export function categoryPublications(db: Database, categoryId: number, day: string | null, limit: number, offset: number, fromEnd = false): Promise<CategoryPublicationRow[]> {
  return db.read<CategoryPublicationRow>(`
    SELECT p.protocol, p.post_id, p.author_id, p.posted_at, (CASE p.protocol
      WHEN 'farcaster' THEN (SELECT count(*) FROM fc_reaction r
        WHERE r.target_hash = p.post_id AND r.reaction_type IN (1, 2) AND r.deleted_at IS NULL AND r.fid::text <> p.author_id)
      ELSE (SELECT count(*) FROM lens_reaction r
        WHERE r.publication_id = p.post_id AND r.type = 'UPVOTE' AND r.actioned_by_profile_id <> p.author_id) END)::int AS reactions
    FROM post_category p
    WHERE p.category_id = $1 AND p.day = ${DAY}
    ORDER BY ${orderBy(POST_ORDER, fromEnd)}
    LIMIT $3 OFFSET $4::bigint`, categoryId, day, limit, String(offset));
}

/** The posts categoryPublications pages through. */
export async function categoryPublicationTotal(db: Database, categoryId: number, day: string | null): Promise<number> {
  const [row] = await db.read<{ total: number }>(`
    SELECT count(*)::int AS total FROM post_category p WHERE p.category_id = $1 AND p.day = ${DAY}`, categoryId, day);
  return row?.total ?? 0;
}

/**
 * Categories of collected Lens publications by USD collected, then collects, then
 * id, under the collect filter of getTopCreators (self-collects left out). A
 * collect counts once for each category of its publication; publications without
 * a classification (hidden, mirrors, no text) are in no category. A filter is a
 * UTC year or month and an upper-cased currency, so it is a sum of the stored
 * (category, currency, month) rows; their numeric USD sums add up exactly as the
 * collects' own would.
 */
export function topCollectedCategories(db: Database, w: CollectWindow, limit: number): Promise<TopCategoryRow[]> {
  return db.read<TopCategoryRow>(`
    SELECT m.category_id, sum(m.collects)::int AS collects, sum(m.usd_amount)::float8 AS usd_amount
    FROM lens_collect_category_month m
    WHERE ($2::text IS NULL OR m.currency = $2)
      AND ($3::timestamptz IS NULL OR m.month >= ($3::timestamptz AT TIME ZONE 'UTC')::date)
      AND ($4::timestamptz IS NULL OR m.month < ($4::timestamptz AT TIME ZONE 'UTC')::date)
    GROUP BY m.category_id
    ORDER BY sum(m.usd_amount) DESC, sum(m.collects) DESC, m.category_id
    LIMIT $1`, limit, w.currency, w.from, w.to);
}
