// The bare baseline's answers: for each benchmarked request, the statements
// of bare-sql.ts in the order the service's loaders issue them (independent
// ones side by side, a statement skipped where the service's DataLoader would
// have no key to ask for), and the service's JSON, byte for byte. No framework,
// no validation beyond what the benchmark's requests need, no auth: what is
// left is the least work that gives the same answer on the same SQL.
import { parseLensProfileId } from '../../src/domain/ids';
import { bareSql, type BareSql, type FarcasterCountsRow, type FarcasterProfileRow, type LensCountsRow, type LensProfileRow, type Period, type Protocol, type StateRow } from './bare-sql';
import { FOLLOWER_PAGE_SIZE, FOLLOWER_STATS_QUERY, LENS_PROFILE_QUERY, type Query } from './throughput-routes';

export interface BareRequest { method: string; url: string; body: string }
export interface BareAnswer { status: number; headers: Record<string, string>; body: string }

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };
const REASONS: Record<number, string> = { 400: 'Bad Request', 404: 'Not Found' };

const json = (status: number, value: unknown, headers: Record<string, string> = {}): BareAnswer =>
  ({ status, headers: { ...JSON_TYPE, ...headers }, body: JSON.stringify(value) });
/** The REST error body of the service's error handler. */
const restError = (status: number, message: string) => json(status, { statusCode: status, message, error: REASONS[status] });
/** Apollo ends its JSON with a newline. */
const graphqlAnswer = (value: unknown): BareAnswer => ({ status: 200, headers: JSON_TYPE, body: `${JSON.stringify(value)}\n` });

const distinct = <T>(xs: readonly T[]): T[] => [...new Set(xs)];
const latest = (times: (Date | null)[]) => new Date(Math.max(...times.filter((t): t is Date => t instanceof Date).map((t) => t.getTime())));

/** X-Data-As-Of and X-Analytics-As-Of of one protocol's protocol_state row. */
function freshness(states: StateRow[], protocol: Protocol): Record<string, string> {
  const row = states.find((s) => s.protocol === protocol);
  const headers: Record<string, string> = {};
  const analytics = row?.analytics_as_of ?? row?.as_of ?? null;
  if (row?.as_of) headers['x-data-as-of'] = row.as_of.toISOString();
  if (analytics) headers['x-analytics-as-of'] = analytics.toISOString();
  return headers;
}

/** Where a root field stands in an operation's text: the location a GraphQL error names. */
function locationOf(query: string, field: string): { line: number; column: number } {
  const before = query.slice(0, query.indexOf(`${field}(`)).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

const notFoundError = (query: string, field: string, message: string) => graphqlAnswer({
  errors: [{ message, locations: [locationOf(query, field)], path: [field], extensions: { code: 'NOT_FOUND' } }],
  data: { [field]: null },
});

// ---------------------------------------------------------------- shapes

function lensProfileRecord(p: LensProfileRow, c: LensCountsRow | undefined, lens: StateRow | undefined) {
  return {
    profileId: p.profile_id,
    totalFollowers: c?.followers ?? 0,
    totalFollowing: c?.following ?? 0,
    score: p.score ?? 0,
    name: p.name || p.local_name || p.profile_id,
    profilePic: p.picture,
    lastUpdated: latest([p.metadata_updated_at, lens?.refreshed_at ?? null, p.created_at]).toISOString(),
    active: c?.active ?? false,
  };
}

interface Summary { id: string; handle: string | null; displayName: string | null; picture: string | null; cover: string | null; bio: string | null; classifierScore: number | null }
interface Counts { followers: number; following: number; posts: number }

const lensSummary = (p: LensProfileRow): Summary => ({
  id: p.profile_id, handle: p.local_name, displayName: p.name, picture: p.picture, cover: p.cover_picture, bio: p.bio, classifierScore: p.score,
});
const farcasterSummary = (u: FarcasterProfileRow): Summary => ({
  id: String(u.fid), handle: u.username, displayName: u.display_name, picture: u.pfp, cover: u.cover, bio: u.bio, classifierScore: null,
});

/** The ProfileSummaryFields fragment of the REST operations. */
const profileSummary = (s: Summary, c: Counts | undefined) => ({
  id: s.id,
  handle: s.handle ? { localName: s.handle } : null,
  metadata: {
    coverPicture: s.cover ? { optimized: { uri: s.cover } } : null,
    displayName: s.displayName,
    picture: s.picture ? { raw: { uri: s.picture } } : null,
    bio: s.bio,
  },
  stats: { followers: c?.followers ?? 0, following: c?.following ?? 0, lensClassifierScore: s.classifierScore, posts: c?.posts ?? 0 },
});

// ---------------------------------------------------------------- requests

async function restLensProfile(sql: BareSql, rawId: string): Promise<BareAnswer> {
  const id = parseLensProfileId(rawId);
  if (!id) return restError(400, `not a Lens profile id: ${rawId}`);
  // The freshness read goes out with the profile read, as the REST router asks it before the operation runs.
  const [states, [profile]] = await Promise.all([sql.protocolStates(), sql.lensProfiles([id])]);
  if (!profile) return restError(404, `Lens profile ${id} not found`);
  const [counts] = await sql.lensCounts([id]);
  const lens = states.find((s) => s.protocol === 'lens');
  return json(200, lensProfileRecord(profile, counts, lens), freshness(states, 'lens'));
}

async function graphqlLensProfile(sql: BareSql, id: string): Promise<BareAnswer> {
  // The service reads the data versions first (its answer cache's key); lastUpdated then reuses that read.
  const states = await sql.protocolStates();
  const [profile] = await sql.lensProfiles([id]);
  if (!profile) return notFoundError(LENS_PROFILE_QUERY, 'lensProfile', `Lens profile ${id} not found`);
  const [counts] = await sql.lensCounts([id]);
  return graphqlAnswer({ data: { lensProfile: lensProfileRecord(profile, counts, states.find((s) => s.protocol === 'lens')) } });
}

async function likesCount(sql: BareSql, fidsParam: string | null): Promise<BareAnswer> {
  const fids = (fidsParam ?? '').split(',').map((f) => Number(f.trim()));
  if (!fids.length || fids.some((f) => !Number.isInteger(f) || f < 1)) return restError(400, 'fids must be a comma-separated list of fids ≥ 1');
  const unique = distinct(fids);
  const [states, rows] = await Promise.all([sql.protocolStates(), sql.farcasterCounts(unique)]);
  const byFid = new Map(rows.map((r) => [r.fid, r]));
  return json(200, unique.map((fid) => ({ fid, likesCount: byFid.get(fid)?.likes ?? 0 })), freshness(states, 'farcaster'));
}

const PERIODS: readonly string[] = ['day', 'week', 'month'];

async function trending(sql: BareSql, body: string): Promise<BareAnswer> {
  let input: { protocol?: unknown; ratio?: unknown; page?: unknown; limit?: unknown; categories?: unknown };
  try { input = JSON.parse(body || '{}') as typeof input; } catch { return restError(400, 'the body is not JSON'); }
  const protocol = String((input.protocol as string | undefined) ?? 'lens').toLowerCase();
  const period = String((input.ratio as string | undefined) ?? 'week').toLowerCase();
  const page = input.page ?? 1;
  const limit = input.limit ?? 20;
  if (protocol !== 'farcaster' && protocol !== 'lens') return restError(400, 'protocol must be farcaster or lens');
  if (!PERIODS.includes(period)) return restError(400, 'ratio must be day, week or month');
  if (!Number.isInteger(page) || (page as number) < 1 || !Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > 100) return restError(400, 'page must be ≥ 1 and limit 1..100');
  // The category filter runs other statements; the benchmark does not send it.
  if (Array.isArray(input.categories) && input.categories.length) return restError(400, 'the bare server does not filter by category');
  const p = protocol;
  const offset = ((page as number) - 1) * (limit as number);
  const [states, rows, total] = await Promise.all([sql.protocolStates(), sql.trendingPage(p, period as Period, offset, limit as number), sql.trendingTotal(p, period as Period)]);
  const users = rows.length ? await trendingUsers(sql, p, rows.map((r) => r.id)) : [];
  return json(200, { users, page, total, totalPages: Math.ceil(total / (limit as number)) }, freshness(states, p));
}

/** A page's users with their 3 top followers, each with counters; ids without a profile left out. */
async function trendingUsers(sql: BareSql, protocol: Protocol, ids: (string | number)[]) {
  const profiles = (list: (string | number)[]): Promise<Summary[]> => (protocol === 'lens'
    ? sql.lensProfiles(list as string[]).then((rows) => rows.map(lensSummary))
    : sql.farcasterProfiles(list as number[]).then((rows) => rows.map(farcasterSummary)));
  const [users, summaries] = await Promise.all([profiles(distinct(ids)), sql.followerSummaries(protocol, distinct(ids))]);
  const known = new Map(users.map((u) => [u.id, u]));
  const topOf = new Map(summaries.map((s) => [String(s.id), (s.top_followers ?? []).slice(0, 3)]));
  // The service's profile loader has the page's ids cached already: only the other followers are read.
  const asked = new Set(ids.map(String));
  const others = distinct(ids.flatMap((id) => topOf.get(String(id)) ?? [])).filter((id) => !asked.has(String(id)));
  for (const f of others.length ? await profiles(others) : []) known.set(f.id, f);
  const answer = ids.flatMap((id) => {
    const user = known.get(String(id));
    if (!user) return [];
    const followers = (topOf.get(String(id)) ?? []).flatMap((f) => known.get(String(f)) ?? []);
    return [{ user, followers }];
  });
  // The counters of every profile shown, in the order the answer lists them (the stats loader's one batch).
  const shown = distinct(answer.flatMap((u) => [u.user.id, ...u.followers.map((f) => f.id)]));
  const counts = new Map<string, Counts>();
  if (shown.length) {
    const rows: (LensCountsRow | FarcasterCountsRow)[] = protocol === 'lens' ? await sql.lensCounts(shown) : await sql.farcasterCounts(shown.map(Number));
    for (const r of rows) counts.set(String('profile_id' in r ? r.profile_id : r.fid), r);
  }
  return answer.map((u) => ({ user: profileSummary(u.user, counts.get(u.user.id)), topFollowers: u.followers.map((f) => profileSummary(f, counts.get(f.id))) }));
}

async function followerStats(sql: BareSql, fid: number): Promise<BareAnswer> {
  // The service reads the data versions first (its answer cache's key), though this answer shows none of them.
  await sql.protocolStates();
  const [user] = await sql.farcasterProfiles([fid]);
  if (!user) return notFoundError(FOLLOWER_STATS_QUERY, 'farcasterUser', `Farcaster user ${fid} not found`);
  // One row past the page tells the service's connection whether there is a next page.
  const rows = (await sql.followerPage(fid, FOLLOWER_PAGE_SIZE + 1)).slice(0, FOLLOWER_PAGE_SIZE);
  const others = distinct(rows.map((r) => r.other));
  const known = new Set((others.length ? await sql.farcasterProfiles(others) : []).map((u) => u.fid));
  const nodes = rows.filter((r) => known.has(r.other)).map((r) => r.other);
  const shown = distinct(nodes);
  const counts = new Map((shown.length ? await sql.farcasterCounts(shown) : []).map((c) => [c.fid, c]));
  const edges = nodes.map((f) => {
    const c = counts.get(f);
    return { node: { fid: f, stats: { followers: c?.followers ?? 0, following: c?.following ?? 0, posts: c?.posts ?? 0 } } };
  });
  return graphqlAnswer({ data: { farcasterUser: { fid: user.fid, followers: { edges } } } });
}

async function graphql(sql: BareSql, body: string): Promise<BareAnswer> {
  let op: { query?: unknown; variables?: Record<string, unknown> };
  try { op = JSON.parse(body) as typeof op; } catch { return json(400, { errors: [{ message: 'the body is not JSON' }] }); }
  // No GraphQL engine: the two benchmarked operations are recognised by their text.
  if (op.query === LENS_PROFILE_QUERY) {
    const id = typeof op.variables?.id === 'string' ? parseLensProfileId(op.variables.id) : null;
    if (id) return graphqlLensProfile(sql, id);
  } else if (op.query === FOLLOWER_STATS_QUERY) {
    const fid = op.variables?.fid;
    if (typeof fid === 'number' && Number.isInteger(fid)) return followerStats(sql, fid);
  }
  return json(400, { errors: [{ message: 'the bare server answers only the benchmark\'s operations, with their variables' }] });
}

/** The bare server's one entry: a request in, its answer out; `query` runs the SQL (a pg pool, or a test's database). */
export function bareHandler(query: Query): (req: BareRequest) => Promise<BareAnswer> {
  const sql = bareSql(query);
  return async ({ method, url, body }) => {
    const { pathname, searchParams } = new URL(url, 'http://bare');
    const lens = /^\/api\/lens\/profile\/([^/]+)$/.exec(pathname);
    if (method === 'GET' && lens) return restLensProfile(sql, decodeURIComponent(lens[1]));
    if (method === 'GET' && pathname === '/api/farcaster/likes-count') return likesCount(sql, searchParams.get('fids'));
    if (method === 'POST' && pathname === '/api/trending/find') return trending(sql, body);
    if (method === 'POST' && pathname === '/graphql') return graphql(sql, body);
    return restError(404, `${method} ${pathname} is not a benchmarked route`);
  };
}
