// Cashtag mentions: token_mention_daily holds the
// daily counts written by the classify pipeline, post_cashtag one row per live
// post and symbol (deleted casts and hidden publications never get one).
import type { Database } from '../db/database';
import { orderBy } from './paging.sql';

export interface MentionRow { id: string; symbol: string; day: string; post_count: number }
export interface TokenPublicationRow { symbol: string; protocol: string; post_id: string; author_id: string; posted_at: Date }

/** The newest UTC day with any mention, or null when there are none. */
export async function newestMentionDay(db: Database): Promise<string | null> {
  const [row] = await db.read<{ day: string | null }>(`SELECT to_char(max(day), 'YYYY-MM-DD') AS day FROM token_mention_daily`);
  return row?.day ?? null;
}

/** Mentions of `day` (null: the newest day with mentions), most posts first, then symbol. */
export function mentionsOfDay(db: Database, day: string | null): Promise<MentionRow[]> {
  return db.read(`
    SELECT m.id::text AS id, m.symbol, to_char(m.day, 'YYYY-MM-DD') AS day, m.post_count
    FROM token_mention_daily m
    WHERE m.day = coalesce($1::date, (SELECT max(day) FROM token_mention_daily))
    ORDER BY m.post_count DESC, m.symbol`, day);
}

/** The mention with this id (a UUID string), if any. */
export function mentionById(db: Database, id: string): Promise<MentionRow[]> {
  return db.read(`
    SELECT m.id::text AS id, m.symbol, to_char(m.day, 'YYYY-MM-DD') AS day, m.post_count
    FROM token_mention_daily m WHERE m.id = $1::uuid`, id);
}

/** Whether a symbol (upper-case) was ever mentioned or is the symbol of an imported token. */
export async function symbolKnown(db: Database, symbol: string): Promise<boolean> {
  const [row] = await db.read<{ known: boolean }>(`
    SELECT EXISTS (SELECT 1 FROM token_mention_daily WHERE symbol = $1)
        OR EXISTS (SELECT 1 FROM token WHERE upper(symbol) = $1) AS known`, symbol);
  return row?.known === true;
}

/** Daily counts of the symbols between two days (inclusive); days without mentions have no row. */
export function mentionSeries(db: Database, symbols: readonly string[], from: string, to: string): Promise<MentionRow[]> {
  return db.read(`
    SELECT m.id::text AS id, m.symbol, to_char(m.day, 'YYYY-MM-DD') AS day, m.post_count
    FROM token_mention_daily m
    WHERE m.symbol = ANY($1::text[]) AND m.day BETWEEN $2::date AND $3::date
    ORDER BY m.symbol, m.day`, [...symbols], from, to);
}

/** Live posts mentioning a symbol: post_cashtag rows with their post (for its author). */
const MENTIONING = `post_cashtag c JOIN post_content pc ON pc.protocol = c.protocol AND pc.post_id = c.post_id
      WHERE c.symbol = x.s AND ($2::date IS NULL OR c.day = $2::date)`;

/**
 * Live posts mentioning each symbol (on `day`, or any day when null), newest first,
 * then post id: `limit` rows after skipping `offset`, per symbol of the batch, or
 * (`fromEnd`) counted from the end, oldest first.
 */
export function tokenPublications(db: Database, symbols: readonly string[], day: string | null, limit: number, offset: number, fromEnd = false): Promise<TokenPublicationRow[]> {
  return db.read(`
    SELECT x.s AS symbol, p.* FROM unnest($1::text[]) AS x(s)
    CROSS JOIN LATERAL (
      SELECT c.protocol, c.post_id, pc.author_id, c.posted_at
      FROM ${MENTIONING}
      ORDER BY ${orderBy([['c.posted_at', 'DESC'], ['c.post_id', 'ASC'], ['c.protocol', 'ASC']], fromEnd)}
      LIMIT $3 OFFSET $4::bigint) p`, [...symbols], day, limit, String(offset));
}

/** The posts tokenPublications pages through, per symbol. */
export function tokenPublicationTotals(db: Database, symbols: readonly string[], day: string | null): Promise<{ symbol: string; total: number }[]> {
  return db.read(`
    SELECT x.s AS symbol, (SELECT count(*) FROM ${MENTIONING})::int AS total
    FROM unnest($1::text[]) AS x(s)`, [...symbols], day);
}

/** Mentions by id (UUID strings), what node() refetches them by. */
export function mentionsByIds(db: Database, ids: readonly string[]): Promise<MentionRow[]> {
  return db.read(`
    SELECT m.id::text AS id, m.symbol, to_char(m.day, 'YYYY-MM-DD') AS day, m.post_count
    FROM token_mention_daily m WHERE m.id = ANY($1::uuid[])`, [...ids]);
}
