// Live casts of a batch of fids, newest first, ties by hash descending (keyset
// pages for the GraphQL cursors, offset pages for the REST face's `page`, and
// how many casts lie ahead of a key), and the interaction counts of a batch of
// casts. Deleted casts and reactions never
// appear or count; self-interactions never count.
import type { Database } from '../db/database';
import { keysetJoin, keysetSql, orderBy, type KeysetRead } from './paging.sql';
import { farcasterCastCounters } from './live-counters';

export interface CastRow {
  fid: number; hash: string; text: string; timestamp: Date; parent_fid: number | null; parent_hash: string | null;
  parent_url: string | null; quoted_hash: string | null; quoted_fid: number | null;
}
/** The cast columns are null on the one row of a fid whose page is empty (it carries `beyond`). */
export type CastKeysetRow = { fid: number; beyond: boolean } & ({ [C in Exclude<keyof CastRow, 'fid'>]: CastRow[C] } | { [C in Exclude<keyof CastRow, 'fid'>]: null });
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

const LIVE_CASTS = 'c.fid = x.fid AND c.deleted_at IS NULL';
/** Hashes order as text. */
const HASH = { keys: (expr: string) => expr };

/**
 * A keyset page by (time, hash) either way. The cursor's time also bounds
 * c.timestamp on its own, so fc_cast_fid_timestamp_idx starts the read at the
 * cursor rather than at the fid's newest cast.
 */
export function castKeysetPage(db: Database, fids: readonly number[], read: KeysetRead): Promise<CastKeysetRow[]> {
  const ks = keysetSql({ time: 'c.timestamp', id: 'c.hash', ids: HASH, idType: 'text' }, read, 3);
  const bound = read.cursor ? `AND c.timestamp ${read.backward ? '>=' : '<='} $3::timestamptz` : '';
  const { join, beyond } = keysetJoin(ks, { from: 'fc_cast c', where: LIVE_CASTS }, `
      SELECT c.hash, c.text, c.timestamp, c.parent_fid, c.parent_hash, c.parent_url, c.quoted_hash, c.quoted_fid FROM fc_cast c
      WHERE ${LIVE_CASTS} ${ks.page} ${bound}
      ORDER BY ${ks.order} LIMIT $2`, 'r');
  return db.read<CastKeysetRow>(`
    SELECT x.fid, r.hash, r.text, r.timestamp, r.parent_fid, r.parent_hash, r.parent_url, r.quoted_hash, r.quoted_fid, ${beyond}
    FROM unnest($1::int[]) AS x(fid)
    ${join}`, [...fids], read.limit, ...ks.params);
}

/** For each key (in key order): the live casts of its fid newer than it (or as new with a larger hash). */
export async function castsAhead(db: Database, keys: readonly { fid: number; at: Date; hash: string }[]): Promise<number[]> {
  const rows = await db.read<{ i: number; ahead: number }>(`
    SELECT x.i::int AS i, (SELECT count(*) FROM fc_cast c WHERE ${LIVE_CASTS} AND c.timestamp >= x.at AND (c.timestamp, c.hash) > (x.at, x.hash))::int AS ahead
    FROM unnest($1::int[], $2::timestamptz[], $3::text[]) WITH ORDINALITY AS x(fid, at, hash, i)`,
  keys.map((k) => k.fid), keys.map((k) => k.at.toISOString()), keys.map((k) => k.hash));
  const byIndex = new Map(rows.map((r) => [r.i, r.ahead]));
  return keys.map((_, i) => byIndex.get(i + 1) ?? 0);
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
