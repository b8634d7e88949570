// Across protocols, for a person matched on both: a matched pair (fid F, Lens
// profile P), P's owner address being one of F's live verified Ethereum
// addresses (verifications.repository.ts). The pairs are the table
// cross_match, kept by triggers in every writer's transaction (see its
// migration) and repaired by each refresh (analytics/cross-match-repair.ts).
// Audience overlap is read live; the combined rank is stored per pair of
// generations by the refresh (see analytics/cross-protocol-refresh.ts) and
// computed here when it is missing.
import type { Database } from '../db/database';
import { LENS_ID } from '../domain/protocols';
import { stateOf } from './protocols.sql';
import { orderBy, type OffsetRead, type OrderTerm } from './paging.sql';
import { followCountSql, matchedFollowersSql } from './live-counters';

/** A person's key: `fid:profileId`. */
export type PersonKey = string;
export const personKey = (fid: number, profileId: string): PersonKey => `${fid}:${profileId}`;
export const personOf = (key: PersonKey) => {
  const at = key.indexOf(':');
  return { fid: Number(key.slice(0, at)), profileId: key.slice(at + 1) };
};
const arraysOf = (keys: readonly PersonKey[]) => {
  const people = keys.map(personOf);
  return [people.map((p) => p.fid), people.map((p) => p.profileId)] as const;
};

// ---------------------------------------------------------------- audience overlap

/**
 * Whether P's Lens followers are fewer than F's Farcaster followers (only the
 * side to start from depends on it). Only the person's parameters: the planner
 * evaluates it once per person (a one-time filter).
 */
const lensSideSmaller = `${followCountSql('lens', 'followers', 'x.p')} <= ${followCountSql('farcaster', 'followers', 'x.f')}`;

/**
 * The overlap of person x (x.f, x.p): pairs (g fid, l profile) matched to each
 * other where l follows x.p on Lens and g follows x.f on Farcaster, both live,
 * the person's own ids left out. One of the two branches runs, from the side
 * with fewer followers; the other side is checked by primary key (a LATERAL …
 * LIMIT 1 probe: as a join, the planner hashed all of the larger side's
 * followers, 31,721 on medium's largest, to check 3 rows).
 */
const OVERLAP_ROWS = `
    SELECT m.fid AS g, lf.follower_profile_id AS l FROM lens_follow lf
      JOIN cross_match m ON m.profile_id = lf.follower_profile_id
      JOIN LATERAL (SELECT 1 FROM fc_link k WHERE k.fid = m.fid AND k.target_fid = x.f AND k.deleted_at IS NULL LIMIT 1) k ON true
    WHERE ${lensSideSmaller} AND lf.profile_id = x.p AND lf.deleted_at IS NULL AND lf.follower_profile_id <> x.p AND m.fid <> x.f
    UNION ALL
    SELECT k.fid AS g, m.profile_id AS l FROM fc_link k
      JOIN cross_match m ON m.fid = k.fid
      JOIN LATERAL (SELECT 1 FROM lens_follow lf WHERE lf.profile_id = x.p AND lf.follower_profile_id = m.profile_id AND lf.deleted_at IS NULL LIMIT 1) lf ON true
    WHERE NOT (${lensSideSmaller}) AND k.target_fid = x.f AND k.deleted_at IS NULL AND k.fid <> x.f AND m.profile_id <> x.p`;

/**
 * Matched pairs (g, l) where l follows x.p on Lens (whether or not g follows
 * x.f), l ≠ x.p, g ≠ x.f: P's stored count (every pair of every live follower,
 * lens_matched_followers) less the pairs of x.f's own profiles that follow x.p
 * (a person has few: one probe each, a LATERAL … LIMIT 1 so that the planner
 * does not hash every follower of a much-followed x.p to check so few).
 */
const LENS_SIDE_COUNT = `${matchedFollowersSql('lens', 'x.p')}
    - (SELECT count(*) FROM cross_match m
       CROSS JOIN LATERAL (SELECT 1 FROM lens_follow lf WHERE lf.profile_id = x.p AND lf.follower_profile_id = m.profile_id AND lf.deleted_at IS NULL LIMIT 1) lf
       WHERE m.fid = x.f AND m.profile_id <> x.p)`;

/** Matched pairs (g, l) where g follows x.f on Farcaster (whether or not l follows x.p), g ≠ x.f, l ≠ x.p: the same from F's side. */
const FARCASTER_SIDE_COUNT = `${matchedFollowersSql('farcaster', 'x.f')}
    - (SELECT count(*) FROM cross_match m
       CROSS JOIN LATERAL (SELECT 1 FROM fc_link k WHERE k.fid = m.fid AND k.target_fid = x.f AND k.deleted_at IS NULL LIMIT 1) k
       WHERE m.profile_id = x.p AND m.fid <> x.f)`;

const PEOPLE = 'unnest($1::int[], $2::text[]) AS x(f, p)';

/** The list order: the follower's fid ascending, then its profile id (numeric). */
const overlapOrder = (alias: string): OrderTerm[] =>
  [[`${alias}.g`, 'ASC'], ...LENS_ID.keys(`${alias}.l`).split(', ').map((t): OrderTerm => [t, 'ASC'])];

export interface OverlapPairRow { fid: number; profile: string; g: number; l: string }

/** `read.limit` pairs of each person's overlap after skipping `read.offset`, or from the end in flipped order. */
export function overlapPage(db: Database, keys: readonly PersonKey[], read: OffsetRead): Promise<OverlapPairRow[]> {
  return db.read<OverlapPairRow>(`
    SELECT x.f AS fid, x.p AS profile, o.g, o.l
    FROM ${PEOPLE}
    CROSS JOIN LATERAL (SELECT r.g, r.l FROM (${OVERLAP_ROWS}) r ORDER BY ${orderBy(overlapOrder('r'), read.fromEnd)} LIMIT $3 OFFSET $4) o
    ORDER BY x.f, x.p, ${orderBy(overlapOrder('o'), read.fromEnd)}`, ...arraysOf(keys), read.limit, read.offset);
}

export interface OverlapTotalRow { fid: number; profile: string; total: number }

export function overlapTotals(db: Database, keys: readonly PersonKey[]): Promise<OverlapTotalRow[]> {
  return db.read<OverlapTotalRow>(`
    SELECT x.f AS fid, x.p AS profile, (SELECT count(*) FROM (${OVERLAP_ROWS}) r)::int AS total
    FROM ${PEOPLE}`, ...arraysOf(keys));
}

export interface OverlapSidesRow { fid: number; profile: string; lens: number; farcaster: number; both: number }

/**
 * Each side's matched followers (from the stored counts) and those on both
 * sides (the overlap's total, from the side with fewer followers).
 */
export function overlapSides(db: Database, keys: readonly PersonKey[]): Promise<OverlapSidesRow[]> {
  return db.read<OverlapSidesRow>(`
    SELECT x.f AS fid, x.p AS profile,
      (${LENS_SIDE_COUNT})::int AS lens,
      (${FARCASTER_SIDE_COUNT})::int AS farcaster,
      (SELECT count(*) FROM (${OVERLAP_ROWS}) r)::int AS both
    FROM ${PEOPLE}`, ...arraysOf(keys));
}

// ---------------------------------------------------------------- combined rank

/** Every matched pair, as kept. */
const MATCHED_PAIRS = 'SELECT m.fid, m.profile_id FROM cross_match m';

/** The two generations readers use, read in the statement that uses them. */
export const CURRENT_GENERATIONS = `SELECT ${stateOf('farcaster', 'generation')} AS fcg, ${stateOf('lens', 'generation')} AS lg,
    ${stateOf('farcaster', 'profile_count')} AS fcn, ${stateOf('lens', 'profile_count')} AS ln`;

/**
 * Every matched pair ranked at generations g.fcg / g.lg (`g`: a row of
 * CURRENT_GENERATIONS in scope). A side's percentile is 1 − (its graph-score rank − 1) ÷
 * the profiles ranked, so the best is 1 and ties share it (Farcaster's score_rank
 * is its graph-score rank; Lens's score_rank ranks the imported classifier
 * score, so its graph-score rank is counted here); the combined score is
 * the mean of the two; ties by fid, then profile id (numeric). A pair whose fid
 * or profile is not ranked (no stats row) is not ranked.
 */
export const rankedPairsSql = (g: string) => `
    SELECT (row_number() OVER (ORDER BY s.combined DESC, s.fid, ${LENS_ID.order('s.profile_id')}))::int AS rank,
      s.fid, s.profile_id, s.farcaster_percentile, s.lens_percentile, s.combined, (count(*) OVER ())::int AS persons
    FROM (
      SELECT m.fid, m.profile_id, t.fp AS farcaster_percentile, t.lp AS lens_percentile, (t.fp + t.lp) / 2 AS combined
      FROM (${MATCHED_PAIRS}) m
      JOIN fc_profile_stats f ON f.generation = ${g}.fcg AND f.fid = m.fid
      JOIN (SELECT s.profile_id, rank() OVER (ORDER BY s.graph_score DESC) AS graph_rank
        FROM lens_profile_stats s WHERE s.generation = ${g}.lg) l ON l.profile_id = m.profile_id
      CROSS JOIN LATERAL (SELECT 1 - (f.score_rank - 1)::float8 / greatest(${g}.fcn, 1) AS fp,
        1 - (l.graph_rank - 1)::float8 / greatest(${g}.ln, 1) AS lp) t) s`;

const FC_GENERATION = stateOf('farcaster', 'generation');
const LENS_GENERATION = stateOf('lens', 'generation');

/**
 * The ranking of the current generations: the stored rows when the refresh
 * has written them for this pair of generations, else computed now (between a
 * protocol's flip and the cross-protocol step). Either way from one pair of
 * generations, read in the statement that reads the ranks. Stored rows count
 * only once their generation row is written (the refresh writes the rows
 * first). The generations are scalar subqueries, so the stored rows are read
 * by an index range on (generations, rank | fid | profile).
 */
const RANKED = `
  done AS (SELECT c.persons FROM cross_protocol_generation c WHERE c.fc_generation = ${FC_GENERATION} AND c.lens_generation = ${LENS_GENERATION}),
  ranked AS (
    SELECT r.rank, r.fid, r.profile_id, r.farcaster_percentile, r.lens_percentile, r.combined, (SELECT persons FROM done) AS persons,
      r.fc_generation, r.lens_generation
    FROM cross_protocol_rank r
    WHERE r.fc_generation = ${FC_GENERATION} AND r.lens_generation = ${LENS_GENERATION} AND EXISTS (SELECT 1 FROM done)
    UNION ALL
    SELECT live.*, g.fcg, g.lg FROM (${CURRENT_GENERATIONS}) g, LATERAL (${rankedPairsSql('g')}) live WHERE NOT EXISTS (SELECT 1 FROM done))`;

export interface CrossRankRow {
  rank: number; fid: number; profile_id: string; farcaster_percentile: number; lens_percentile: number; combined: number;
  persons: number; fc_generation: number; lens_generation: number;
}

/** Each fid's best-ranked pair. */
export function bestRankOfFids(db: Database, fids: readonly number[]): Promise<CrossRankRow[]> {
  return db.read<CrossRankRow>(`WITH ${RANKED}
    SELECT DISTINCT ON (ranked.fid) ranked.* FROM ranked WHERE ranked.fid = ANY($1::int[]) ORDER BY ranked.fid, ranked.rank`, [...fids]);
}

/** Each profile's best-ranked pair. */
export function bestRankOfProfiles(db: Database, ids: readonly string[]): Promise<CrossRankRow[]> {
  return db.read<CrossRankRow>(`WITH ${RANKED}
    SELECT DISTINCT ON (ranked.profile_id) ranked.* FROM ranked WHERE ranked.profile_id = ANY($1::text[])
    ORDER BY ranked.profile_id, ranked.rank`, [...ids]);
}

/**
 * A page of the ranking: ranks offset+1 .. offset+limit, or (fromEnd) the same
 * positions counted from the last rank, in flipped order. Ranks are 1..persons
 * with no gap, so a page is a rank range.
 */
export function rankingPage(db: Database, read: OffsetRead): Promise<CrossRankRow[]> {
  const range = read.fromEnd
    ? 'ranked.rank > ranked.persons - $2 - $1 AND ranked.rank <= ranked.persons - $2'
    : 'ranked.rank > $2 AND ranked.rank <= $2 + $1';
  return db.read<CrossRankRow>(`WITH ${RANKED}
    SELECT ranked.* FROM ranked WHERE ${range} ORDER BY ranked.rank ${read.fromEnd ? 'DESC' : 'ASC'}`, read.limit, read.offset);
}

/** The number of ranked persons (pairs) of the current generations. */
export async function rankingTotal(db: Database): Promise<number> {
  const rows = await db.read<{ persons: number }>(`WITH ${RANKED}
    SELECT coalesce((SELECT persons FROM done), (SELECT count(*) FROM ranked))::int AS persons`);
  return rows[0]?.persons ?? 0;
}
