// Reads of the analytics tables (written by `refresh`), batched: one
// statement per batch of profiles. Every read uses the current generation.
import type { Database } from '../db/database';
import type { Period } from '../domain/periods';
import { FARCASTER, PROTOCOLS, type ProtocolName } from '../domain/protocols';
import { generationOf, stateOf } from './protocols.sql';
import { qualityAtLeastSql } from './quality.sql';
import { farcasterFollowerDaysSql } from './live-counters';

/** Tables, key column and generation of a protocol's analytics; ids are fids (int) or canonical Lens ids (text). */
const sideOf = (protocol: ProtocolName) => {
  const p = PROTOCOLS[protocol];
  return { ...p.analytics, gen: generationOf(p), key: p.key, arr: p.id.sqlArray };
};

export interface RanksRow {
  id: string | number; follower_rank: number; engagement_rank: number; score_rank: number; likes_rank: number; collect_rank: number; profiles: number;
}

export function ranks(db: Database, protocol: ProtocolName, ids: readonly (string | number)[]): Promise<RanksRow[]> {
  const s = sideOf(protocol);
  return db.read<RanksRow>(`
    SELECT s.${s.key} AS id, s.follower_rank, s.engagement_rank, s.score_rank, s.likes_rank, s.collect_rank,
      ${stateOf(protocol, 'profile_count')} AS profiles
    FROM ${s.stats} s WHERE s.generation = ${s.gen} AND s.${s.key} = ANY($1::${s.arr})`, [...ids]);
}

export interface GainRow { id: string | number; gained: number; followers_at_start: number; gain_rank: number; trend_score: number }

export function gains(db: Database, protocol: ProtocolName, period: Period, ids: readonly (string | number)[]): Promise<GainRow[]> {
  const s = sideOf(protocol);
  return db.read<GainRow>(`
    SELECT g.${s.key} AS id, g.gained, g.followers_at_start, g.gain_rank, g.trend_score
    FROM ${s.gain} g WHERE g.generation = ${s.gen} AND g.period = $2 AND g.${s.key} = ANY($1::${s.arr})`, [...ids], period);
}

export interface SummaryRow { id: string | number; top_followers: (string | number)[]; histogram: number[] }

export function followerSummaries(db: Database, protocol: ProtocolName, ids: readonly (string | number)[]): Promise<SummaryRow[]> {
  const s = sideOf(protocol);
  return db.read<SummaryRow>(`
    SELECT f.${s.key} AS id, f.top_followers, f.histogram
    FROM ${s.summary} f WHERE f.generation = ${s.gen} AND f.${s.key} = ANY($1::${s.arr})`, [...ids]);
}

export interface DailyRow { id: string | number; day: string; delta: number }

/** Daily net follower changes: Farcaster's are live (through live-counters.ts), Lens's from the current generation. */
export function followerDaily(db: Database, protocol: ProtocolName, ids: readonly (string | number)[]): Promise<DailyRow[]> {
  const s = sideOf(protocol);
  const days = protocol === FARCASTER.name ? farcasterFollowerDaysSql('$1::int[]')
    : `SELECT d.${s.key} AS id, d.day, d.delta FROM ${PROTOCOLS[protocol].daily.table} d WHERE d.generation = ${s.gen} AND d.${s.key} = ANY($1::${s.arr})`;
  return db.read<DailyRow>(`SELECT d.id, to_char(d.day, 'YYYY-MM-DD') AS day, d.delta FROM (${days}) d ORDER BY d.id, d.day`, [...ids]);
}

export interface TrendingRow { id: string | number; gained: number; trend_score: number }

/**
 * A page of trending users: the refresh stored each gainer's place, so a page is an index range. The
 * offset is a bigint: a far page (page × limit past 2^31, which the input allows) is an empty page, not
 * an integer out of range.
 */
export function trending(db: Database, protocol: ProtocolName, period: Period, offset: number, limit: number): Promise<TrendingRow[]> {
  const s = sideOf(protocol);
  return db.read<TrendingRow>(`
    SELECT g.${s.key} AS id, g.gained, g.trend_score
    FROM ${s.gain} g WHERE g.generation = ${s.gen} AND g.period = $1 AND g.trend_position > $2::bigint AND g.trend_position <= $2::bigint + $3
    ORDER BY g.trend_position`, period, String(offset), limit);
}

/** Gainers in the period: the last place (an index lookup). */
export function trendingTotal(db: Database, protocol: ProtocolName, period: Period): Promise<{ total: number }[]> {
  const s = sideOf(protocol);
  return db.read(`SELECT coalesce(max(g.trend_position), 0)::int AS total FROM ${s.gain} g WHERE g.generation = ${s.gen} AND g.period = $1`, period);
}

/**
 * Gainers of the period who posted in one of the categories ($2 ids) within the
 * period's window, as the refresh stored them beside the trending list (both as
 * of the analytics refresh): their trending places, each once.
 */
const placesInCategories = (protocol: ProtocolName, categoryIds: readonly number[], idsParam = '$2') => {
  const s = sideOf(protocol);
  // One category's places are distinct already (the primary key): no hashing of a large category's places to count.
  return `SELECT ${categoryIds.length > 1 ? 'DISTINCT ' : ''}c.trend_position FROM ${s.trendingCategory} c
    WHERE c.generation = ${s.gen} AND c.period = $1 AND c.category_id = ANY(${idsParam}::int[])`;
};

/**
 * The trending gainers of the period whose quality score is at least $2, in
 * the categories ($3 ids, when any): the `minQuality` filter. Unlike the
 * unfiltered list, a page is not an index range of stored places: the places
 * are filtered and counted at read time.
 */
const qualityGainers = (protocol: ProtocolName, categoryIds: readonly number[]) => {
  const s = sideOf(protocol);
  return `FROM ${s.gain} g WHERE g.generation = ${s.gen} AND g.period = $1 AND g.trend_position IS NOT NULL
    AND ${qualityAtLeastSql(PROTOCOLS[protocol], `g.${s.key}`, '$2')}
    ${categoryIds.length ? `AND g.trend_position IN (${placesInCategories(protocol, categoryIds, '$3')})` : ''}`;
};

/** A page of the trending order kept by minQuality (and the categories, when any). */
export function trendingWithQuality(
  db: Database, protocol: ProtocolName, period: Period, minQuality: number, categoryIds: readonly number[], offset: number, limit: number,
): Promise<TrendingRow[]> {
  const s = sideOf(protocol);
  const n = categoryIds.length ? 4 : 3;
  return db.read<TrendingRow>(`
    SELECT g.${s.key} AS id, g.gained, g.trend_score ${qualityGainers(protocol, categoryIds)}
    ORDER BY g.trend_position OFFSET $${n}::bigint LIMIT $${n + 1}`,
  period, minQuality, ...(categoryIds.length ? [[...categoryIds]] : []), String(offset), limit);
}

export function trendingWithQualityTotal(db: Database, protocol: ProtocolName, period: Period, minQuality: number, categoryIds: readonly number[]): Promise<{ total: number }[]> {
  return db.read(`SELECT count(*)::int AS total ${qualityGainers(protocol, categoryIds)}`,
    period, minQuality, ...(categoryIds.length ? [[...categoryIds]] : []));
}

/** A page of the trending order restricted to the categories. */
export function trendingInCategories(db: Database, protocol: ProtocolName, period: Period, categoryIds: readonly number[], offset: number, limit: number): Promise<TrendingRow[]> {
  const s = sideOf(protocol);
  return db.read<TrendingRow>(`
    SELECT g.${s.key} AS id, g.gained, g.trend_score
    FROM (${placesInCategories(protocol, categoryIds)} ORDER BY c.trend_position OFFSET $3::bigint LIMIT $4) t
    JOIN ${s.gain} g ON g.generation = ${s.gen} AND g.period = $1 AND g.trend_position = t.trend_position
    ORDER BY g.trend_position`, period, [...categoryIds], String(offset), limit);
}

export function trendingInCategoriesTotal(db: Database, protocol: ProtocolName, period: Period, categoryIds: readonly number[]): Promise<{ total: number }[]> {
  return db.read(`SELECT count(*)::int AS total FROM (${placesInCategories(protocol, categoryIds)}) t`, period, [...categoryIds]);
}

export interface ProtocolStateRow {
  protocol: ProtocolName; as_of: Date | null; refreshed_at: Date | null; analytics_as_of: Date | null;
  profile_count: number; score_average: number | null;
  /** The analytics generation readers use (the in-memory follow graph of the personalized rank follows it). */
  generation: number;
  /** Moved on by every write that can change an answer (a bigint, as text). */
  data_version: string;
}

/** The protocol_state rows of the protocols, in one statement; a protocol without a row is absent. */
export function protocolStates(db: Database, protocols: readonly ProtocolName[]): Promise<ProtocolStateRow[]> {
  return db.read(`SELECT protocol, as_of, refreshed_at, analytics_as_of, profile_count, score_average, generation, data_version::text AS data_version
    FROM protocol_state WHERE protocol = ANY($1::text[])`, [...protocols]);
}
