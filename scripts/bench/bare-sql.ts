// Every statement the bare baseline server runs: each is the text a
// repository function of src/repositories/ sends for the benchmarked requests
// (its interpolations written out), so the two servers ask Postgres for
// exactly the same work. The bench and test/integration/bare-baseline.test.ts
// compare the statements both servers ran, text for text: a repository change
// that is not copied here fails them. The counters' expressions (stored, or
// counted from the rows while an import has marked them stale) are the text
// live-counters.ts builds, taken from there: pure strings, built once at load.
import { followKeysetStatement } from '../../src/repositories/farcaster-follows.repository';
import { farcasterProfileCounters, lensProfileCounters } from '../../src/repositories/live-counters';
import type { Query } from './throughput-routes';

export type Protocol = 'farcaster' | 'lens';
export type Period = 'day' | 'week' | 'month';

const FARCASTER_GENERATION = `(SELECT generation FROM protocol_state WHERE protocol = 'farcaster')`;
const LENS_GENERATION = `(SELECT generation FROM protocol_state WHERE protocol = 'lens')`;

/** analytics.repository.ts protocolStates, always for both protocols (the protocol_state loader reads both rows at once). */
export const PROTOCOL_STATES = `SELECT protocol, as_of, refreshed_at, analytics_as_of, profile_count, score_average, generation, data_version::text AS data_version
    FROM protocol_state WHERE protocol = ANY($1::text[])`;

/** lens-profile.repository.ts findLensProfiles. */
export const LENS_PROFILES = `
    SELECT p.profile_id, p.owned_by, p.created_at, h.local_name, m.name, m.bio, m.picture, m.cover_picture,
           m.updated_at AS metadata_updated_at, s.score
    FROM lens_profile p
    LEFT JOIN lens_handle h ON h.profile_id = p.profile_id
    LEFT JOIN lens_profile_metadata m ON m.profile_id = p.profile_id
    LEFT JOIN lens_score s ON s.profile_id = p.profile_id
    WHERE p.profile_id = ANY($1::text[])`;

/** lens-profile.repository.ts lensCounts. */
const lensStats = lensProfileCounters('s', 'x.id');
export const LENS_COUNTS = `
    SELECT x.id AS profile_id, ${lensStats.counter('followers')} AS followers, ${lensStats.counter('following')} AS following, ${lensStats.counter('posts')} AS posts,
      coalesce(s.graph_score, 0) AS graph_score, coalesce(s.active, false) AS active
    FROM unnest($1::text[]) AS x(id)
    ${lensStats.join}`;

/** farcaster-profile.repository.ts findFarcasterProfiles (PROFILE_SELECT with farcasterUsernameSql and existsSql written out). */
export const FARCASTER_PROFILES = `
  SELECT x.fid, coalesce(ud.username,
  (SELECT n.fname FROM fc_fname n WHERE n.fid = x.fid AND n.deleted_at IS NULL ORDER BY n.fname LIMIT 1)) AS username, ud.display_name, ud.pfp, ud.bio, ud.cover, ud.profile_token, ud.live_at
  FROM unnest($1::int[]) AS x(fid)
  LEFT JOIN LATERAL (
    SELECT max(value) FILTER (WHERE type = 6) AS username, max(value) FILTER (WHERE type = 2) AS display_name,
           max(value) FILTER (WHERE type = 1) AS pfp, max(value) FILTER (WHERE type = 3) AS bio,
           max(value) FILTER (WHERE type = 10) AS cover, max(value) FILTER (WHERE type = 13) AS profile_token,
           max(value) FILTER (WHERE type = 14) AS live_at
    FROM fc_user_data d WHERE d.fid = x.fid AND d.deleted_at IS NULL) ud ON true
  WHERE EXISTS (SELECT 1 FROM fc_user known WHERE known.fid = x.fid UNION ALL SELECT 1 FROM fc_fname known WHERE known.fid = x.fid AND known.deleted_at IS NULL UNION ALL SELECT 1 FROM fc_user_data known WHERE known.fid = x.fid AND known.deleted_at IS NULL)`;

/** farcaster-counts.repository.ts farcasterCounts. */
const fcCounts = farcasterProfileCounters('c', 'f.fid');
export const FARCASTER_COUNTS = `
    SELECT f.fid, ${fcCounts.counter('followers')} AS followers, ${fcCounts.counter('following')} AS following, ${fcCounts.counter('posts')} AS posts,
      ${fcCounts.counter('likes_received')} AS likes, coalesce(s.graph_score, 0) AS graph_score
    FROM unnest($1::int[]) f(fid)
    ${fcCounts.join}
    LEFT JOIN fc_profile_stats s ON s.generation = ${FARCASTER_GENERATION} AND s.fid = f.fid`;

/** farcaster-follows.repository.ts followKeysetPage: a fid's first page of followers, read forward. */
export const farcasterFollowerPage = (fid: number, limit: number) => followKeysetStatement('followers', [fid], { limit, backward: false, cursor: null });

/** analytics.repository.ts trendingTotal, per protocol. */
export const TRENDING_TOTAL: Record<Protocol, string> = {
  farcaster: `SELECT coalesce(max(g.trend_position), 0)::int AS total FROM fc_follower_gain g WHERE g.generation = ${FARCASTER_GENERATION} AND g.period = $1`,
  lens: `SELECT coalesce(max(g.trend_position), 0)::int AS total FROM lens_follower_gain g WHERE g.generation = ${LENS_GENERATION} AND g.period = $1`,
};

/** analytics.repository.ts trending, per protocol. */
export const TRENDING_PAGE: Record<Protocol, string> = {
  farcaster: `
    SELECT g.fid AS id, g.gained, g.trend_score
    FROM fc_follower_gain g WHERE g.generation = ${FARCASTER_GENERATION} AND g.period = $1 AND g.trend_position > $2::bigint AND g.trend_position <= $2::bigint + $3
    ORDER BY g.trend_position`,
  lens: `
    SELECT g.profile_id AS id, g.gained, g.trend_score
    FROM lens_follower_gain g WHERE g.generation = ${LENS_GENERATION} AND g.period = $1 AND g.trend_position > $2::bigint AND g.trend_position <= $2::bigint + $3
    ORDER BY g.trend_position`,
};

/** analytics.repository.ts followerSummaries, per protocol. */
export const FOLLOWER_SUMMARIES: Record<Protocol, string> = {
  farcaster: `
    SELECT f.fid AS id, f.top_followers, f.histogram
    FROM fc_follower_summary f WHERE f.generation = ${FARCASTER_GENERATION} AND f.fid = ANY($1::int[])`,
  lens: `
    SELECT f.profile_id AS id, f.top_followers, f.histogram
    FROM lens_follower_summary f WHERE f.generation = ${LENS_GENERATION} AND f.profile_id = ANY($1::text[])`,
};

// ---------------------------------------------------------------- rows

export interface StateRow { protocol: string; as_of: Date | null; refreshed_at: Date | null; analytics_as_of: Date | null }
export interface LensProfileRow {
  profile_id: string; created_at: Date; local_name: string | null; name: string | null; bio: string | null;
  picture: string | null; cover_picture: string | null; metadata_updated_at: Date | null; score: number | null;
}
export interface LensCountsRow { profile_id: string; followers: number; following: number; posts: number; active: boolean }
export interface FarcasterProfileRow { fid: number; username: string | null; display_name: string | null; pfp: string | null; bio: string | null; cover: string | null }
export interface FarcasterCountsRow { fid: number; followers: number; following: number; posts: number; likes: number }
export interface FollowRow { fid: number; other: number; followed_at: Date }
export interface TrendingRow { id: string | number }
export interface SummaryRow { id: string | number; top_followers: (string | number)[] | null }

/** The statements above with their parameters, on any `query`. */
export function bareSql(query: Query) {
  return {
    protocolStates: () => query<StateRow>(PROTOCOL_STATES, [['farcaster', 'lens']]),
    lensProfiles: (ids: string[]) => query<LensProfileRow>(LENS_PROFILES, [ids]),
    lensCounts: (ids: string[]) => query<LensCountsRow>(LENS_COUNTS, [ids]),
    farcasterProfiles: (fids: number[]) => query<FarcasterProfileRow>(FARCASTER_PROFILES, [fids]),
    farcasterCounts: (fids: number[]) => query<FarcasterCountsRow>(FARCASTER_COUNTS, [fids]),
    followerPage: (fid: number, limit: number) => { const { text, params } = farcasterFollowerPage(fid, limit); return query<FollowRow>(text, params); },
    trendingTotal: async (protocol: Protocol, period: Period) => (await query<{ total: number }>(TRENDING_TOTAL[protocol], [period]))[0]?.total ?? 0,
    trendingPage: (protocol: Protocol, period: Period, offset: number, limit: number) => query<TrendingRow>(TRENDING_PAGE[protocol], [period, String(offset), limit]),
    followerSummaries: (protocol: Protocol, ids: (string | number)[]) => query<SummaryRow>(FOLLOWER_SUMMARIES[protocol], [ids]),
  };
}

export type BareSql = ReturnType<typeof bareSql>;
