// Live casts of a batch of fids (offset pages, newest first) and the
// interaction counts of a batch of casts. Deleted casts and reactions never
// appear or count; self-interactions never count.
import type { Database } from '../db/database';
import { orderBy } from './paging.sql';
import { farcasterCastCounters } from './live-counters';

export interface CastRow {
  fid: number; hash: string; text: string; timestamp: Date; parent_fid: number | null; parent_hash: string | null;
  parent_url: string | null; quoted_hash: string | null; quoted_fid: number | null;
}
export interface CastCountsRow { hash: string; likes: number; recasts: number; replies: number; quotes: number }

export function castTotals(db: Database, fids: readonly number[]): Promise<{ fid: number; casts: number }[]> {
  return db.read(`
    SELECT x.fid, (SELECT count(*) FROM fc_cast c WHERE c.fid = x.fid AND c.deleted_at IS NULL)::int AS casts
    FROM unnest($1::int[]) AS x(fid)`, [...fids]);
}

/** Newest first, ties by hash descending: `limit` rows after `offset`, or (`fromEnd`) counted from the end, oldest first. */
export function castPage(db: Database, fids: readonly number[], limit: number, offset: number, fromEnd = false): Promise<CastRow[]> {
  return db.read<CastRow>(`
    SELECT x.fid, c.hash, c.text, c.timestamp, c.parent_fid, c.parent_hash, c.parent_url, c.quoted_hash, c.quoted_fid
    FROM unnest($1::int[]) AS x(fid)
    CROSS JOIN LATERAL (
      SELECT * FROM fc_cast c WHERE c.fid = x.fid AND c.deleted_at IS NULL
      ORDER BY ${orderBy([['c.timestamp', 'DESC'], ['c.hash', 'DESC']], fromEnd)} LIMIT $2 OFFSET $3) c
    ORDER BY x.fid, ${orderBy([['c.timestamp', 'DESC'], ['c.hash', 'DESC']], fromEnd)}`, [...fids], limit, offset);
}

const k = farcasterCastCounters('k', 'c.hash');

/**
 * Live likes / recasts / replies / quotes from others on each cast (unknown or
 * deleted cast → no row): the live counters (fc_cast_counts, one key probe per
 * cast, through live-counters.ts).
 */
export function castCounts(db: Database, hashes: readonly string[]): Promise<CastCountsRow[]> {
  return db.read<CastCountsRow>(`
    SELECT c.hash, ${k.counter('likes')} AS likes, ${k.counter('recasts')} AS recasts, ${k.counter('replies')} AS replies, ${k.counter('quotes')} AS quotes
    FROM fc_cast c ${k.join}
    WHERE c.hash = ANY($1::text[]) AND c.deleted_at IS NULL`, [...hashes]);
}

/** Live casts by hash (node() refetching them); a deleted or unknown hash has no row. */
export function castsByHashes(db: Database, hashes: readonly string[]): Promise<CastRow[]> {
  return db.read<CastRow>(`
    SELECT c.fid, c.hash, c.text, c.timestamp, c.parent_fid, c.parent_hash, c.parent_url, c.quoted_hash, c.quoted_fid
    FROM fc_cast c WHERE c.hash = ANY($1::text[]) AND c.deleted_at IS NULL`, [...hashes]);
}
