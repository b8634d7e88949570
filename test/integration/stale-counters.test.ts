// Every counter answer stays exact across `import --skip-refresh`: api-basic is
// imported and refreshed, then a newer dump (api-basic-later: unfollows, new
// follows, likes and an unlike, casts and a deleted one, a Lens unfollow) is
// imported with no refresh after it. Each face of each number (profile stats,
// followersCount, followers/total, likes-count, the follow pages' totals, the
// follower history, REST and GraphQL) must equal a count this test makes from
// the base rows, on both protocols: while the import's marks are set (counted
// from the rows), and after the refresh that clears them (the stored counters).
import { refreshAnalytics } from '../../src/analytics/refresh';
import { ingest } from '../../src/jobs/ingest';
import { LENS_COUNTS_STALE, setImportMark } from '../../src/repositories/live-state.repository';
import { testConfig } from '../helpers/serve-app';
import { fixture, startTestServer, type TestServer } from '../helpers/test-server';

let s: TestServer;
beforeAll(async () => { s = await startTestServer({ fixture: 'api-basic' }); });
afterAll(async () => { await s.close(); });

/** The profiles known before the newer dump and after it (it adds fid 7 and 0x05). */
interface Known { fids: number[]; profiles: string[] }
const BEFORE: Known = { fids: [1, 2, 3, 4, 5, 6], profiles: ['0x01', '0x02', '0x03', '0x04'] };
const AFTER: Known = { fids: [...BEFORE.fids, 7], profiles: [...BEFORE.profiles, '0x05'] };
const HISTORY = { from: '2024-06-01', to: '2024-06-30' };

const sql = <T>(text: string, params: unknown[] = []) => s.testDb.db.sql.query<T>(text, params);
const marks = async () => (await sql<{ key: string }>(
  `SELECT key FROM app_meta WHERE key IN ('farcaster_live_stale', 'lens_counts_stale', 'matched_followers_recount') ORDER BY key`)).map((r) => r.key);

interface FarcasterCounts { followers: number; following: number; posts: number; likes: number }
interface LensCounts { followers: number; following: number; posts: number }

/** Live follows (self-follows never), live top-level casts, live likes by others on live casts: counted here from the rows. */
async function farcasterFromRows(fids: number[]): Promise<Record<number, FarcasterCounts>> {
  const rows = await sql<{ fid: number } & FarcasterCounts>(`
    SELECT x.fid,
      (SELECT count(*) FROM fc_link l WHERE l.target_fid = x.fid AND l.deleted_at IS NULL AND l.fid <> x.fid)::int AS followers,
      (SELECT count(*) FROM fc_link l WHERE l.fid = x.fid AND l.deleted_at IS NULL AND l.target_fid <> x.fid)::int AS following,
      (SELECT count(*) FROM fc_cast c WHERE c.fid = x.fid AND c.deleted_at IS NULL AND c.parent_hash IS NULL)::int AS posts,
      (SELECT count(*) FROM fc_cast c JOIN fc_reaction r ON r.target_hash = c.hash
        WHERE c.fid = x.fid AND c.deleted_at IS NULL AND r.deleted_at IS NULL AND r.reaction_type = 1 AND r.fid <> x.fid)::int AS likes
    FROM unnest($1::int[]) AS x(fid)`, [fids]);
  return Object.fromEntries(rows.map(({ fid, ...c }) => [fid, c]));
}

/** Live follows (self-follows never) and visible posts, counted here from the rows. */
async function lensFromRows(profiles: string[]): Promise<Record<string, LensCounts>> {
  const rows = await sql<{ id: string } & LensCounts>(`
    SELECT x.id,
      (SELECT count(*) FROM lens_follow f WHERE f.profile_id = x.id AND f.deleted_at IS NULL AND f.follower_profile_id <> x.id)::int AS followers,
      (SELECT count(*) FROM lens_follow f WHERE f.follower_profile_id = x.id AND f.deleted_at IS NULL AND f.profile_id <> x.id)::int AS following,
      (SELECT count(*) FROM lens_publication p WHERE p.profile_id = x.id AND p.publication_type = 'POST' AND NOT p.is_hidden)::int AS posts
    FROM unnest($1::text[]) AS x(id)`, [profiles]);
  return Object.fromEntries(rows.map(({ id, ...c }) => [id, c]));
}

/** Fid 1's followers at the end of each day of HISTORY: follows made by then and not undone by then. */
async function historyFromRows(): Promise<number[]> {
  return (await sql<{ n: number }>(`
    SELECT (SELECT count(*) FROM fc_link l WHERE l.target_fid = 1 AND l.fid <> 1 AND (l.timestamp AT TIME ZONE 'UTC')::date <= d
      AND (l.deleted_at IS NULL OR (l.deleted_at AT TIME ZONE 'UTC')::date > d))::int AS n
    FROM generate_series($1::date, $2::date, interval '1 day') AS g(d) ORDER BY d`, [HISTORY.from, HISTORY.to])).map((r) => r.n);
}

const FARCASTER_QUERY = `query($fids: [Int!]!, $from: Date, $to: Date) {
  farcasterUsers(fids: $fids) {
    fid stats { followers following posts } totalFollowers likesCount
    followers(first: 1) { totalCount } following(first: 1) { totalCount } recentFollowers(first: 1) { totalCount }
  }
  farcasterFollowersCounts(fids: $fids) { fid followersCount }
  farcasterLikesCounts(fids: $fids) { fid likesCount }
  farcasterUser(fid: 1) { followersHistory(from: $from, to: $to, interval: DAY) { points { followers } } }
}`;
const LENS_QUERY = `query($ids: [LensProfileId!]!) {
  lensProfiles(ids: $ids) {
    profileId stats { followers following posts } totalFollowers totalFollowing
    followers(first: 1) { totalCount } following(first: 1) { totalCount } recentFollowers(first: 1) { totalCount }
  }
  lensFollowersCounts(ids: $ids) { profileId followersCount }
}`;

const n = (x: { totalCount: number }) => x.totalCount;
type Faces = Record<string, number>;
const every = (faces: readonly string[], value: number): Faces => Object.fromEntries(faces.map((f) => [f, value]));

const FARCASTER_FOLLOWERS = ['gql stats', 'gql totalFollowers', 'gql followers page', 'gql recentFollowers', 'gql followersCount',
  'rest profile stats', 'rest followers/total', 'rest followers page', 'rest followersCount'];
const FARCASTER_FOLLOWING = ['gql stats', 'gql following page', 'rest profile stats', 'rest following page'];
const FARCASTER_POSTS = ['gql stats', 'rest profile stats'];
const FARCASTER_LIKES = ['gql likesCount', 'gql likesCounts', 'rest likes-count'];

/** Each fid's answers, every face of each number by name. */
async function farcasterAnswers(fids: number[]) {
  const d = await s.gql.request<any>(FARCASTER_QUERY, { fids, ...HISTORY });
  const byFid = (xs: any[]) => new Map<number, any>(xs.map((x) => [x.fid, x]));
  const users = byFid(d.farcasterUsers);
  const counts = byFid(d.farcasterFollowersCounts);
  const likes = byFid(d.farcasterLikesCounts);
  const list = fids.join(',');
  const restCounts = byFid((await s.rest(`/api/farcaster/followersCount?fids=${list}`)).body);
  const restLikes = byFid((await s.rest(`/api/farcaster/likes-count?fids=${list}`)).body);
  const out: Record<number, { followers: Faces; following: Faces; posts: Faces; likes: Faces }> = {};
  for (const fid of fids) {
    const u = users.get(fid);
    const profile = (await s.rest(`/api/farcaster/user/profile/${fid}`)).body;
    out[fid] = {
      followers: {
        'gql stats': u.stats.followers, 'gql totalFollowers': u.totalFollowers, 'gql followers page': n(u.followers),
        'gql recentFollowers': n(u.recentFollowers), 'gql followersCount': counts.get(fid).followersCount,
        'rest profile stats': profile.stats.followers, 'rest followers/total': (await s.rest(`/api/farcaster/followers/total/${fid}`)).body.totalFollowers,
        'rest followers page': (await s.rest(`/api/farcaster/followers/${fid}`)).body.total, 'rest followersCount': restCounts.get(fid).followersCount,
      },
      following: {
        'gql stats': u.stats.following, 'gql following page': n(u.following),
        'rest profile stats': profile.stats.following, 'rest following page': (await s.rest(`/api/farcaster/following/${fid}`)).body.total,
      },
      posts: { 'gql stats': u.stats.posts, 'rest profile stats': profile.stats.posts },
      likes: { 'gql likesCount': u.likesCount, 'gql likesCounts': likes.get(fid).likesCount, 'rest likes-count': restLikes.get(fid).likesCount },
    };
  }
  return { byFid: out, history: (d.farcasterUser.followersHistory.points as { followers: number }[]).map((p) => p.followers) };
}

const LENS_FOLLOWERS = ['gql stats', 'gql totalFollowers', 'gql followers page', 'gql recentFollowers', 'gql followersCount',
  'rest profile', 'rest followers/total', 'rest followersCount'];
const LENS_FOLLOWING = ['gql stats', 'gql totalFollowing', 'gql following page', 'rest profile'];
const LENS_POSTS = ['gql stats'];

async function lensAnswers(profiles: string[]) {
  const d = await s.gql.request<any>(LENS_QUERY, { ids: profiles });
  const byId = (xs: any[]) => new Map<string, any>(xs.map((x) => [x.profileId, x]));
  const byProfile = byId(d.lensProfiles);
  const counts = byId(d.lensFollowersCounts);
  const restCounts = byId((await s.rest(`/api/lens/followersCount?ids=${profiles.join(',')}`)).body);
  const out: Record<string, { followers: Faces; following: Faces; posts: Faces }> = {};
  for (const id of profiles) {
    const p = byProfile.get(id);
    const record = (await s.rest(`/api/lens/profile/${id}`)).body;
    out[id] = {
      followers: {
        'gql stats': p.stats.followers, 'gql totalFollowers': p.totalFollowers, 'gql followers page': n(p.followers),
        'gql recentFollowers': n(p.recentFollowers), 'gql followersCount': counts.get(id).followersCount,
        'rest profile': record.totalFollowers, 'rest followers/total': (await s.rest(`/api/lens/followers/total/${id}`)).body.totalFollowers,
        'rest followersCount': restCounts.get(id).followersCount,
      },
      following: { 'gql stats': p.stats.following, 'gql totalFollowing': p.totalFollowing, 'gql following page': n(p.following), 'rest profile': record.totalFollowing },
      posts: { 'gql stats': p.stats.posts },
    };
  }
  return out;
}

/** Every answer of both protocols against the counts from the rows. */
async function expectAnswersFromRows({ fids, profiles }: Known): Promise<void> {
  const fc = await farcasterFromRows(fids);
  const { byFid, history } = await farcasterAnswers(fids);
  for (const fid of fids) {
    const want = fc[fid];
    expect({ fid, ...byFid[fid] }).toEqual({
      fid, followers: every(FARCASTER_FOLLOWERS, want.followers), following: every(FARCASTER_FOLLOWING, want.following),
      posts: every(FARCASTER_POSTS, want.posts), likes: every(FARCASTER_LIKES, want.likes),
    });
  }
  expect(history).toEqual(await historyFromRows());
  const lens = await lensFromRows(profiles);
  const answers = await lensAnswers(profiles);
  for (const id of profiles) {
    const want = lens[id];
    expect({ id, ...answers[id] }).toEqual({
      id, followers: every(LENS_FOLLOWERS, want.followers), following: every(LENS_FOLLOWING, want.following), posts: every(LENS_POSTS, want.posts),
    });
  }
}

/** The stored counters that differ from the rows: fid → columns, profile → columns. */
async function storedDifferences({ fids, profiles }: Known) {
  const fc = await farcasterFromRows(fids);
  const stored = await sql<{ fid: number; followers: number; following: number; posts: number; likes: number }>(
    `SELECT x.fid, coalesce(c.followers, 0) AS followers, coalesce(c.following, 0) AS following, coalesce(c.posts, 0) AS posts,
       coalesce(c.likes_received, 0) AS likes FROM unnest($1::int[]) AS x(fid) LEFT JOIN fc_profile_counts c ON c.fid = x.fid`, [fids]);
  const lens = await lensFromRows(profiles);
  const storedLens = await sql<{ id: string; followers: number; following: number; posts: number }>(
    `SELECT x.id, coalesce(s.followers, 0) AS followers, coalesce(s.following, 0) AS following, coalesce(s.posts, 0) AS posts
     FROM unnest($1::text[]) AS x(id)
     LEFT JOIN lens_profile_stats s ON s.profile_id = x.id AND s.generation = (SELECT generation FROM protocol_state WHERE protocol = 'lens')`, [profiles]);
  const differing = <K extends string>(want: Record<K, number>, got: Record<K, number>): string[] => (Object.keys(want) as K[]).filter((k) => want[k] !== got[k]);
  const nonEmpty = (entries: [string | number, string[]][]) => Object.fromEntries(entries.filter(([, d]) => d.length > 0));
  return {
    farcaster: nonEmpty(stored.map(({ fid, ...c }) => [fid, differing(fc[fid], c)])),
    lens: nonEmpty(storedLens.map(({ id, ...c }) => [id, differing(lens[id], c)])),
  };
}

describe('counters across an import without a refresh', () => {
  it('when the fixture is imported and refreshed, then no mark is set and every counter answer is the count from the rows', async () => {
    expect(await marks()).toEqual([]);
    expect(await storedDifferences(BEFORE)).toEqual({ farcaster: {}, lens: {} });
    await expectAnswersFromRows(BEFORE);
  });

  it('when a newer dump is imported without a refresh, then the stored counters lag the rows, the import marked them, and every answer is still the count from the rows', async () => {
    const fresh = await s.statementsFor(() => s.gql.request(FARCASTER_QUERY, { fids: AFTER.fids, ...HISTORY }));
    const freshLens = await s.statementsFor(() => s.gql.request(LENS_QUERY, { ids: AFTER.profiles }));
    await ingest(s.testDb.db, testConfig(), { import: { dir: fixture('api-basic-later'), progress: 'silent' } });
    expect(await marks()).toEqual(['farcaster_live_stale', 'lens_counts_stale', 'matched_followers_recount']);
    // What the import changed and the stored counters do not know yet (so the answers below cannot come from them).
    expect(await storedDifferences(AFTER)).toEqual({
      farcaster: { 1: ['followers', 'posts', 'likes'], 2: ['followers', 'following', 'posts', 'likes'], 3: ['followers', 'following'], 6: ['following'], 7: ['following', 'posts'] },
      lens: { '0x01': ['followers'], '0x02': ['followers', 'posts'], '0x05': ['following', 'posts'] },
    });
    await expectAnswersFromRows(AFTER);
    // Counted or stored, a batch is the same statements.
    expect(await s.statementsFor(() => s.gql.request(FARCASTER_QUERY, { fids: AFTER.fids, ...HISTORY }))).toBe(fresh);
    expect(await s.statementsFor(() => s.gql.request(LENS_QUERY, { ids: AFTER.profiles }))).toBe(freshLens);
  });

  it('when the refresh follows, then it clears the marks, the stored counters equal the rows again, and so do the answers', async () => {
    await refreshAnalytics(s.testDb.db);
    expect(await marks()).toEqual([]);
    expect(await storedDifferences(AFTER)).toEqual({ farcaster: {}, lens: {} });
    await expectAnswersFromRows(AFTER);
  });

  it('when an import marks the Lens counters while a refresh is counting, then the refresh leaves that mark for the next one', async () => {
    let marked = false;
    await refreshAnalytics(s.testDb.db, {
      protocols: ['lens'],
      afterStep: async (_protocol, step) => { if (step === 'graph score') { await setImportMark(s.testDb.db.sql, LENS_COUNTS_STALE); marked = true; } },
    });
    expect(marked).toBe(true);
    expect(await marks()).toEqual(['lens_counts_stale']);
    await refreshAnalytics(s.testDb.db, { protocols: ['lens'] });
    expect(await marks()).toEqual([]);
  });
});
