// Farcaster channels as the analytics refresh stored them (the generation
// protocol_state points at): channels by id, trending channels and trending
// casts per window, and the ranked casters of a channel. Lists are read by
// position (the refresh placed them), so a slice is an index range.
import type { Database } from '../db/database';
import { FARCASTER } from '../domain/protocols';
import { generationOf } from './protocols.sql';
import { orderBy, type OffsetRead } from './paging.sql';
import { qualityAtLeastSql } from './quality.sql';

const GEN = generationOf(FARCASTER);

export interface ChannelRow {
  channel_id: string; url: string; casts: number; casters: number; first_cast_at: Date; last_cast_at: Date; ranked: boolean;
}

export function channelsByIds(db: Database, ids: readonly string[]): Promise<ChannelRow[]> {
  return db.read<ChannelRow>(`
    SELECT channel_id, url, casts, casters, first_cast_at, last_cast_at, ranked
    FROM fc_channel WHERE generation = ${GEN} AND channel_id = ANY($1::text[])`, [...ids]);
}

export interface TrendingChannelRow { position: number; channel_id: string; url: string; casts: number; casters: number; new_casters: number; score: number }

/** Positions offset+1 .. offset+limit of a period's trending channels. */
export function trendingChannels(db: Database, period: string, offset: number, limit: number): Promise<TrendingChannelRow[]> {
  return db.read<TrendingChannelRow>(`
    SELECT t.position, t.channel_id, coalesce(c.url, t.channel_id) AS url, t.casts, t.casters, t.new_casters, t.score
    FROM fc_channel_trending t LEFT JOIN fc_channel c ON c.generation = t.generation AND c.channel_id = t.channel_id
    WHERE t.generation = ${GEN} AND t.period = $1 AND t.position > $2::int AND t.position <= $2::int + $3::int
    ORDER BY t.position`, period, offset, limit);
}

export async function trendingChannelTotal(db: Database, period: string): Promise<number> {
  const [row] = await db.read<{ total: number }>(`
    SELECT count(*)::int AS total FROM fc_channel_trending WHERE generation = ${GEN} AND period = $1`, period);
  return row?.total ?? 0;
}

export interface ChannelRankRow { channel_id: string; position: number; fid: number; casts: number; score: number }

/** A page of each channel's ranked casters (`limit` after `offset`, or from the end in flipped order). */
export function channelRankPage(db: Database, ids: readonly string[], read: OffsetRead): Promise<ChannelRankRow[]> {
  return db.read<ChannelRankRow>(`
    SELECT x.id AS channel_id, r.position, r.fid, r.casts, r.score
    FROM unnest($1::text[]) AS x(id)
    CROSS JOIN LATERAL (
      SELECT * FROM fc_channel_rank r WHERE r.generation = ${GEN} AND r.channel_id = x.id
      ORDER BY ${orderBy([['r.position', 'ASC']], read.fromEnd)} LIMIT $2 OFFSET $3) r
    ORDER BY x.id, ${orderBy([['r.position', 'ASC']], read.fromEnd)}`, [...ids], read.limit, read.offset);
}

/** Which trending casts: a window, optionally one channel, a floor on the author's graph score, and one on its quality score (null: none). */
export interface TrendingCastFilter { period: string; channel: string | null; minAuthorScore: number; minQuality?: number | null }

export interface TrendingCastRow {
  position: number; hash: string; fid: number; channel_id: string | null; posted_at: Date;
  likes: number; recasts: number; replies: number; score: number; author_score: number;
  /** The cast as it is now; null when it was deleted since the refresh. */
  text: string | null; parent_url: string | null; quoted_hash: string | null; quoted_fid: number | null; live: boolean;
}

const castWhere = `t.generation = ${GEN} AND t.period = $1 AND ($2::text IS NULL OR t.channel_id = $2::text) AND t.author_score >= $3::float8`;

/** The minQuality clause and its parameter (at `param`), or nothing when no minimum is asked. */
const qualityClause = (f: TrendingCastFilter, param: number): [string, unknown[]] =>
  (f.minQuality === null || f.minQuality === undefined ? ['', []] : [` AND ${qualityAtLeastSql(FARCASTER, 't.fid', `$${param}::float8`)}`, [f.minQuality]]);

/** `limit` rows after skipping `offset` of the filtered list, or (`fromEnd`) counted from its end, in flipped order. */
export function trendingCasts(db: Database, f: TrendingCastFilter, read: OffsetRead): Promise<TrendingCastRow[]> {
  const [quality, qualityParams] = qualityClause(f, 6);
  return db.read<TrendingCastRow>(`
    SELECT t.position, t.hash, t.fid, t.channel_id, t.posted_at, t.likes, t.recasts, t.replies, t.score, t.author_score,
      c.text, c.parent_url, c.quoted_hash, c.quoted_fid, (c.hash IS NOT NULL) AS live
    FROM fc_trending_cast t LEFT JOIN fc_cast c ON c.hash = t.hash AND c.deleted_at IS NULL
    WHERE ${castWhere}${quality}
    ORDER BY ${orderBy([['t.position', 'ASC']], read.fromEnd)} LIMIT $4 OFFSET $5`, f.period, f.channel, f.minAuthorScore, read.limit, read.offset, ...qualityParams);
}

export async function trendingCastTotal(db: Database, f: TrendingCastFilter): Promise<number> {
  // Unfiltered, the window's positions run 1..n: the last one is the count, read off the primary key's end.
  const [quality, qualityParams] = qualityClause(f, 4);
  const [row] = f.channel === null && f.minAuthorScore <= 0 && !quality
    ? await db.read<{ total: number }>(`SELECT coalesce(max(t.position), 0)::int AS total FROM fc_trending_cast t
        WHERE t.generation = ${GEN} AND t.period = $1`, f.period)
    : await db.read<{ total: number }>(`SELECT count(*)::int AS total FROM fc_trending_cast t WHERE ${castWhere}${quality}`,
      f.period, f.channel, f.minAuthorScore, ...qualityParams);
  return row?.total ?? 0;
}

/** Trending entries by (period, channel id) pairs, as node() refetches them; a pair with no entry has no row. */
export function trendingChannelsByKeys(db: Database, periods: readonly string[], ids: readonly string[]): Promise<(TrendingChannelRow & { period: string })[]> {
  return db.read(`
    SELECT t.period, t.position, t.channel_id, coalesce(c.url, t.channel_id) AS url, t.casts, t.casters, t.new_casters, t.score
    FROM unnest($1::text[], $2::text[]) AS k(period, channel_id)
    JOIN fc_channel_trending t ON t.generation = ${GEN} AND t.period = k.period AND t.channel_id = k.channel_id
    LEFT JOIN fc_channel c ON c.generation = t.generation AND c.channel_id = t.channel_id`, [...periods], [...ids]);
}
