// Farcaster profile data: the live user_data value of each type read, and
// the username (farcasterUsernameSql).
import type { Database } from '../db/database';
import { FARCASTER_BY_FOLLOWERS, FARCASTER_LIVE_FRESH_SQL, farcasterCounterSql } from './live-counters';
import { FARCASTER, FC_USER_DATA as T } from '../domain/protocols';
import { existsSql, farcasterUsernameSql, stateOf } from './protocols.sql';

export interface FarcasterProfileRow {
  fid: number;
  username: string | null;
  display_name: string | null;
  pfp: string | null;
  bio: string | null;
  cover: string | null;
  profile_token: string | null;
  live_at: string | null;
}

/** Fids that exist, with their live profile data. */
const PROFILE_SELECT = `
  SELECT x.fid, ${farcasterUsernameSql('x.fid', 'ud.username')} AS username, ud.display_name, ud.pfp, ud.bio, ud.cover, ud.profile_token, ud.live_at
  FROM unnest($1::int[]) AS x(fid)
  LEFT JOIN LATERAL (
    SELECT max(value) FILTER (WHERE type = ${T.username}) AS username, max(value) FILTER (WHERE type = ${T.displayName}) AS display_name,
           max(value) FILTER (WHERE type = ${T.pfp}) AS pfp, max(value) FILTER (WHERE type = ${T.bio}) AS bio,
           max(value) FILTER (WHERE type = ${T.cover}) AS cover, max(value) FILTER (WHERE type = ${T.profileToken}) AS profile_token,
           max(value) FILTER (WHERE type = ${T.liveAt}) AS live_at
    FROM fc_user_data d WHERE d.fid = x.fid AND d.deleted_at IS NULL) ud ON true
  WHERE ${existsSql(FARCASTER, 'x.fid')}`;

export function findFarcasterProfiles(db: Database, fids: readonly number[]): Promise<FarcasterProfileRow[]> {
  return db.read<FarcasterProfileRow>(PROFILE_SELECT, [...fids]);
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The candidates of a handle: fids whose live username or fname starts with $2 (an escaped LIKE prefix). */
const NAMES = `
      SELECT fid, lower(value) AS name FROM fc_user_data
        WHERE type = ${T.username} AND deleted_at IS NULL AND lower(value) LIKE $2 || '%'
      UNION
      SELECT fid, lower(fname) FROM fc_fname WHERE deleted_at IS NULL AND lower(fname) LIKE $2 || '%'`;

/**
 * How the prefix matches are ordered by followers. Each candidate's follower
 * count is a key probe, so a short prefix that matches tens of thousands of
 * names (a 3-letter prefix does, among a million usernames) costs that many
 * probes. When the candidates are many, the
 * profiles are walked instead in the order of the answer (live followers
 * descending, then fid: fc_profile_counts_followers_idx, which carries each
 * profile's search names, so a step reads one index entry), until `limit`
 * match: about limit × profiles ÷ candidates steps. A probe costs about
 * `stepsPerProbe` steps, so the two ways cost the same near
 * sqrt(limit × profiles ÷ stepsPerProbe) candidates (1,000 of a million), the
 * threshold used unless `walkFrom` pins it (tests do). The walk reads at most
 * budgetFactor times the steps expected at the threshold; if it found fewer
 * matches, or reached profiles with no followers (whose order needs every fid,
 * counted or not), the candidates are ordered as above. Either way the answer
 * is the same.
 */
/** The walk/probe cost model's tunables (docs/performance.md#request-path). */
export interface HandleSearchPlan { walkFrom?: number; minWalkFrom: number; budgetFactor: number; stepsPerProbe: number }
export const HANDLE_SEARCH_PLAN: HandleSearchPlan = { minWalkFrom: 200, budgetFactor: 4, stepsPerProbe: 20 };

/**
 * Handle search: exact username or fname (case-insensitive) first, then prefix
 * matches by live followers, then fid, at most `limit`. Returns fids in answer order.
 */
export async function searchFarcasterFids(db: Database, handle: string, limit: number, plan = HANDLE_SEARCH_PLAN): Promise<number[]> {
  return (await searchFarcasterFidsVia(db, handle, limit, plan)).fids;
}

/** The same, with the way the answer was found: `walk`, or `scan` (after a walk that fell short: `walk, scan`). */
export async function searchFarcasterFidsVia(db: Database, handle: string, limit: number, plan = HANDLE_SEARCH_PLAN) {
  const needle = handle.toLowerCase();
  const prefix = escapeLike(needle);
  // The threshold and the walk's budget (from the profiles ranked at the last refresh), and
  // whether the live counters can be walked and the candidates reach it (counted no further).
  const [{ walk, budget }] = await db.read<{ walk: boolean; budget: number }>(`
    WITH p AS (SELECT greatest(coalesce(${stateOf('farcaster', 'profile_count')}, 0), 1)::float8 AS n),
    t AS (SELECT coalesce($2::int, greatest($3::int, ceil(sqrt($4 * (SELECT n FROM p) / $6)))::int) AS n)
    SELECT ${FARCASTER_LIVE_FRESH_SQL} AND (SELECT count(*) FROM (SELECT 1 FROM fc_user_data WHERE type = ${T.username}
      AND deleted_at IS NULL AND lower(value) LIKE $1 || '%' LIMIT (SELECT n FROM t)) c) >= (SELECT n FROM t) AS walk,
      least(ceil($5 * greatest($4, $4 * (SELECT n FROM p) / greatest((SELECT n FROM t), 1))), 2147483647)::int AS budget`,
  prefix, plan.walkFrom ?? null, plan.minWalkFrom, limit, plan.budgetFactor, plan.stepsPerProbe);
  if (walk) {
    // The exact matches, then limit + their number of walked matches: those hold `limit` that are not exact.
    // An exact match's followers are a key probe each (a join was planned as a hash of every counters row
    // when the exact names were overestimated, a cost that grows with the profile count). Most profiles have
    // one search name: it is compared first, without the set-returning scan, which is the costlier per row.
    const rows = await db.read<{ exact: boolean; fid: number; followers: number }>(`
      WITH exact AS (
        SELECT fid FROM fc_user_data WHERE type = ${T.username} AND deleted_at IS NULL AND lower(value) = $1
        UNION SELECT fid FROM fc_fname WHERE deleted_at IS NULL AND lower(fname) = $1)
      SELECT true AS exact, e.fid, ${farcasterCounterSql('followers', 'e.fid')} AS followers FROM exact e
      UNION ALL
      (SELECT false, w.fid, w.followers FROM (
        ${FARCASTER_BY_FOLLOWERS} LIMIT $3) w
      WHERE w.search_names[1] LIKE $2 || '%'
        OR (cardinality(w.search_names) > 1 AND EXISTS (SELECT 1 FROM unnest(w.search_names[2:]) AS n(name) WHERE n.name LIKE $2 || '%'))
      ORDER BY w.followers DESC, w.fid LIMIT $4 + (SELECT count(*) FROM exact))`, needle, prefix, budget, limit);
    const byAnswerOrder = (a: { fid: number; followers: number }, b: { fid: number; followers: number }) => b.followers - a.followers || a.fid - b.fid;
    const exact = rows.filter((r) => r.exact).sort(byAnswerOrder).map((r) => r.fid);
    const walked = rows.filter((r) => !r.exact);
    if (walked.length === limit + exact.length && walked[walked.length - 1].followers > 0) {
      const isExact = new Set(exact);
      return { via: 'walk', fids: [...exact, ...walked.map((r) => r.fid).filter((fid) => !isExact.has(fid))].slice(0, limit) };
    }
  }
  const rows = await db.read<{ fid: number }>(`
    WITH candidates AS (
      SELECT fid, bool_or(name = $1) AS exact FROM (${NAMES}) names GROUP BY fid
    )
    SELECT c.fid FROM candidates c
    ORDER BY c.exact DESC,
      ${farcasterCounterSql('followers', 'c.fid')} DESC, c.fid
    LIMIT $3`, needle, prefix, limit);
  return { via: walk ? 'walk, scan' : 'scan', fids: rows.map((r) => r.fid) };
}
