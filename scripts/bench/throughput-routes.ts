// What the throughput benchmark sends: five requests shapes (three REST routes,
// two GraphQL operations), each over a list of ids drawn from the data. The
// service and the bare server get the very same requests, in the same order,
// and test/integration/bare-baseline.test.ts checks both answer them alike.
import { FARCASTER, LENS, LENS_ID } from '../../src/domain/protocols';
import { generationOf } from '../../src/repositories/protocols.sql';
import { shuffle } from './prng';

/** Positional-parameter SQL returning rows: what the bare server and the sample need of a database. */
export type Query = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

export interface BenchRequest { method: 'GET' | 'POST'; path: string; body?: string }

/** The Lens profile with the fields of GET /api/lens/profile/{id} (its LensProfileRecord fragment). */
export const LENS_PROFILE_QUERY = `query LensProfileCard($id: LensProfileId!) {
  lensProfile(id: $id) { profileId totalFollowers totalFollowing score name profilePic lastUpdated active }
}`;

/** One user, its 10 newest followers, and their counters: a nested read that DataLoader batches. */
export const FOLLOWER_STATS_QUERY = `query FollowerStats($fid: Int!) {
  farcasterUser(fid: $fid) { fid followers(first: 10) { edges { node { fid stats { followers following posts } } } } }
}`;

export const FOLLOWER_PAGE_SIZE = 10;

/** A GraphQL request body as a client sends it. */
export const graphqlBody = (query: string, operationName: string, variables: Record<string, unknown>) =>
  JSON.stringify({ query, operationName, variables });

export interface Sample { fids: number[]; lensIds: string[] }

export interface ThroughputRoute {
  key: string;
  /** As the tables show it. */
  name: string;
  /** Service req/s ÷ bare req/s to reach. */
  goal: number;
  requests(sample: Sample): BenchRequest[];
}

/** Farcaster ids a likes-count request asks for at once. */
export const LIKES_BATCH = 10;
const TRENDING_PROTOCOLS = ['farcaster', 'lens'] as const;
const TRENDING_RATIOS = ['day', 'week', 'month'] as const;

const at = <T>(xs: readonly T[], i: number) => xs[i % xs.length];
const post = (path: string, body: string): BenchRequest => ({ method: 'POST', path, body });

export const THROUGHPUT_ROUTES: ThroughputRoute[] = [
  {
    key: 'lens-profile', name: 'GET /api/lens/profile/{id}', goal: 0.6,
    requests: (s) => s.lensIds.map((id) => ({ method: 'GET', path: `/api/lens/profile/${encodeURIComponent(id)}` })),
  },
  {
    key: 'likes-count', name: `GET /api/farcaster/likes-count?fids= (${LIKES_BATCH})`, goal: 0.6,
    // Consecutive windows of the sample, so each request asks for another set of fids.
    requests: (s) => s.fids.map((_, i) => ({
      method: 'GET', path: `/api/farcaster/likes-count?fids=${Array.from({ length: LIKES_BATCH }, (_, k) => at(s.fids, i + k)).join(',')}`,
    })),
  },
  {
    key: 'trending', name: 'POST /api/trending/find (page 1)', goal: 0.6,
    // No ids here: both protocols and every window, so the six first pages alternate.
    requests: () => TRENDING_RATIOS.flatMap((ratio) => TRENDING_PROTOCOLS.map((protocol) =>
      post('/api/trending/find', JSON.stringify({ protocol, ratio, page: 1 })))),
  },
  {
    key: 'graphql-lens-profile', name: 'GraphQL lensProfile (the REST profile fields)', goal: 0.5,
    requests: (s) => s.lensIds.map((id) => post('/graphql', graphqlBody(LENS_PROFILE_QUERY, 'LensProfileCard', { id }))),
  },
  {
    key: 'graphql-follower-stats', name: `GraphQL farcasterUser → ${FOLLOWER_PAGE_SIZE} followers → stats`, goal: 0.5,
    requests: (s) => s.fids.map((fid) => post('/graphql', graphqlBody(FOLLOWER_STATS_QUERY, 'FollowerStats', { fid }))),
  },
];

/** How many of the sampled profiles per protocol are the most followed ones (the largest follower sets). */
export const TOP_FOLLOWED = 20;

/**
 * Up to `n` profiles per protocol that the last refresh covered, as the
 * latency benchmark draws them: the TOP_FOLLOWED most followed, the rest by
 * md5(id || seed) (a deterministic pseudo-random pick, so mostly small
 * profiles), shuffled with the seed. The same data and seed give the same list.
 */
export async function drawSample(query: Query, n: number, seed: number): Promise<Sample> {
  const top = Math.min(TOP_FOLLOWED, n);
  const topFids = await query<{ fid: number }>(`
    SELECT s.fid FROM fc_profile_stats s JOIN fc_user u ON u.fid = s.fid
    WHERE s.generation = ${generationOf(FARCASTER)}
    ORDER BY s.followers DESC, s.fid LIMIT $1`, [top]);
  const restFids = await query<{ fid: number }>(`
    SELECT s.fid FROM fc_profile_stats s JOIN fc_user u ON u.fid = s.fid
    WHERE s.generation = ${generationOf(FARCASTER)} AND NOT (s.fid = ANY($3::int[]))
    ORDER BY md5(s.fid::text || ':' || $2::text) LIMIT $1`, [n - topFids.length, seed, topFids.map((r) => r.fid)]);
  const topLens = await query<{ id: string }>(`
    SELECT s.profile_id AS id FROM lens_profile_stats s JOIN lens_profile p ON p.profile_id = s.profile_id
    WHERE s.generation = ${generationOf(LENS)}
    ORDER BY s.followers DESC, ${LENS_ID.order('s.profile_id')} LIMIT $1`, [top]);
  const restLens = await query<{ id: string }>(`
    SELECT s.profile_id AS id FROM lens_profile_stats s JOIN lens_profile p ON p.profile_id = s.profile_id
    WHERE s.generation = ${generationOf(LENS)} AND NOT (s.profile_id = ANY($3::text[]))
    ORDER BY md5(s.profile_id || ':' || $2::text) LIMIT $1`, [n - topLens.length, seed, topLens.map((r) => r.id)]);
  return {
    fids: shuffle([...topFids, ...restFids].map((r) => r.fid), seed),
    lensIds: shuffle([...topLens, ...restLens].map((r) => r.id), seed + 1),
  };
}
