// Across protocols, for a person matched on both: a matched pair (fid F, Lens
// profile P), P's owner address being one of F's live verified Ethereum
// addresses (verifications.repository.ts). The pairs are the table
// cross_match, kept by triggers in every writer's transaction (see its
// migration). Audience overlap is read live; the combined rank is stored per
// pair of generations by the refresh (see analytics/cross-protocol-refresh.ts)
// and computed here when it is missing.
import type { Database } from '../db/database';
import type { SqlClient } from '../db/sql-client';
import { LENS_ID } from '../domain/protocols';
import { BUMP_DATA_VERSION_SQL, stateOf } from './protocols.sql';
import { orderBy, type OffsetRead, type OrderTerm } from './paging.sql';
import { clearImportMark, importMarkValue, MATCHED_FOLLOWERS_RECOUNT } from './live-state.repository';
import { countedPerKeySql, followCountSql, MATCHED_FOLLOWERS_COUNTERS, matchedFollowersSql } from './live-counters';

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

// ---------------------------------------------------------------- matches

/** Every matched pair, from the definition: the owner of a profile is a live verified Ethereum address of the fid. */
const MATCHED_PAIRS_DEFINED = `SELECT DISTINCT v.fid, p.profile_id FROM fc_verification v
    JOIN lens_profile p ON p.owned_by = lower(v.address)
    WHERE v.deleted_at IS NULL AND v.protocol = 'ethereum'`;

/** Every matched pair, as kept. */
const MATCHED_PAIRS = 'SELECT m.fid, m.profile_id FROM cross_match m';

/**
 * Makes cross_match equal its definition: adds the pairs missing and drops the
 * stale ones (left by two writers racing on the two sides of one pair), and
 * moves the data versions when it changed anything, so no cached answer
 * outlives the repair. Writes nothing when the table is right. Returns the
 * pairs added and dropped.
 */
export async function repairMatches(sql: SqlClient): Promise<{ added: number; dropped: number }> {
  return sql.transaction(async (tx) => {
    const [{ added, dropped }] = await tx.query<{ added: number; dropped: number }>(`
      WITH defined AS (${MATCHED_PAIRS_DEFINED}),
      added AS (INSERT INTO cross_match (fid, profile_id) SELECT d.fid, d.profile_id FROM defined d
        WHERE NOT EXISTS (SELECT 1 FROM cross_match m WHERE m.fid = d.fid AND m.profile_id = d.profile_id) ON CONFLICT DO NOTHING RETURNING 1),
      dropped AS (DELETE FROM cross_match m WHERE NOT EXISTS (SELECT 1 FROM defined d WHERE d.fid = m.fid AND d.profile_id = m.profile_id) RETURNING 1)
      SELECT (SELECT count(*) FROM added)::int AS added, (SELECT count(*) FROM dropped)::int AS dropped`);
    if (added + dropped > 0) await tx.query(BUMP_DATA_VERSION_SQL);
    return { added, dropped };
  });
}

/**
 * When an import has marked them (MATCHED_FOLLOWERS_RECOUNT), makes the matched-follower counts equal
 * their definition (MATCHED_FOLLOWERS_COUNTERS): the triggers keep them in every writer's transaction, but
 * an import's statement and a live sync's on the two sides of one product
 * (a new pair, a link of its fid) can each miss the other's uncommitted row.
 * The lock lets readers go on and makes the triggers' writers wait, so the
 * recount sees every committed write and later ones add to it. Writes only the
 * rows that differ and moves the data versions when there were any; null when
 * not marked (the recount reads every follow of both networks).
 */
export async function recountMatchedFollowers(sql: SqlClient): Promise<{ fixed: number } | null> {
  return sql.transaction(async (tx) => {
    const seen = await importMarkValue(tx, MATCHED_FOLLOWERS_RECOUNT);
    if (seen === null) return null;
    await tx.exec('LOCK TABLE fc_matched_followers, lens_matched_followers IN SHARE ROW EXCLUSIVE MODE');
    let fixed = 0;
    for (const [table, key, type, defined] of [
      ['fc_matched_followers', 'fid', 'int', countedPerKeySql(MATCHED_FOLLOWERS_COUNTERS.farcaster)],
      ['lens_matched_followers', 'profile_id', 'text', countedPerKeySql(MATCHED_FOLLOWERS_COUNTERS.lens)],
    ] as const) {
      const [{ n }] = await tx.query<{ n: number }>(`
        WITH defined AS (${defined}),
        wrong AS (
          SELECT coalesce(d.id, t.${key}) AS id, coalesce(d.n, 0) AS n FROM defined d FULL JOIN ${table} t ON t.${key} = d.id
          WHERE d.n IS DISTINCT FROM t.n),
        upserted AS (INSERT INTO ${table} AS t (${key}, n) SELECT id::${type}, n FROM wrong WHERE n <> 0
          ON CONFLICT (${key}) DO UPDATE SET n = EXCLUDED.n RETURNING 1),
        deleted AS (DELETE FROM ${table} t USING wrong w WHERE t.${key} = w.id AND w.n = 0 RETURNING 1)
        SELECT (SELECT count(*) FROM upserted) + (SELECT count(*) FROM deleted) AS n`);
      fixed += Number(n);
    }
    // An import that marked them again meanwhile is recounted by the next refresh.
    await clearImportMark(tx, MATCHED_FOLLOWERS_RECOUNT, seen);
    if (fixed > 0) await tx.query(BUMP_DATA_VERSION_SQL);
    return { fixed };
  });
}

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
 * does not hash every follower of x.p to check them, 48 ms for 64,701 on medium).
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
