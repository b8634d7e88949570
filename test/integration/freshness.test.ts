// Every answer tells how fresh it is: GraphQL `freshness` and the profiles'
// asOf / analyticsAsOf, REST's X-Data-As-Of / X-Analytics-As-Of, all equal to
// protocol_state as SQL left it, read once per request and never cached across requests.
import type { ProtocolName } from '../../src/domain/protocols';
import { protocolStateLoader, type ProtocolStateLoader } from '../../src/loaders/protocol-state-loader';
import { startTestServer, type TestServer } from '../helpers/test-server';

let s: TestServer;
beforeAll(async () => { s = await startTestServer({ fixture: 'api-basic' }); });
afterAll(async () => { await s.close(); });

interface State { asOf: string | null; analyticsAsOf: string | null; refreshedAt: string | null }

async function setState(protocol: ProtocolName, st: State): Promise<void> {
  await s.testDb.db.sql.query(
    `UPDATE protocol_state SET as_of = $2::timestamptz, analytics_as_of = $3::timestamptz, refreshed_at = $4::timestamptz WHERE protocol = $1`,
    [protocol, st.asOf, st.analyticsAsOf, st.refreshedAt]);
}

/** The row as the database holds it, in the ISO form the API answers with. */
async function stored(protocol: ProtocolName): Promise<State> {
  const [r] = await s.testDb.db.sql.query<{ as_of: Date | null; analytics_as_of: Date | null; refreshed_at: Date | null }>(
    `SELECT as_of, analytics_as_of, refreshed_at FROM protocol_state WHERE protocol = $1`, [protocol]);
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  return { asOf: iso(r.as_of), analyticsAsOf: iso(r.analytics_as_of), refreshedAt: iso(r.refreshed_at) };
}

const FARCASTER: State = { asOf: '2024-07-01T10:00:00.123Z', analyticsAsOf: '2024-06-30T23:00:00.000Z', refreshedAt: '2024-07-01T09:30:00.000Z' };
const LENS: State = { asOf: '2024-06-30T12:00:00.000Z', analyticsAsOf: '2024-06-29T08:15:00.000Z', refreshedAt: '2024-06-30T13:00:00.000Z' };

beforeEach(async () => {
  await setState('farcaster', FARCASTER);
  await setState('lens', LENS);
});

/** SQL statements of the request whose own FROM is protocol_state (not the generation subqueries other reads embed). */
async function stateReadsOf(run: () => Promise<unknown>): Promise<number> {
  const spy = jest.spyOn(s.testDb.db, 'read');
  try {
    await run();
    return spy.mock.calls.filter(([text]) => /^\s*SELECT\b[^()]*\bFROM protocol_state\b/.test(String(text))).length;
  } finally {
    spy.mockRestore();
  }
}

const FRESHNESS = `query($protocol: Protocol) { freshness(protocol: $protocol) { protocol asOf analyticsAsOf refreshedAt } }`;

describe('GraphQL freshness', () => {
  it('when freshness is asked, then both protocols answer the values SQL stored', async () => {
    const data = await s.gql.request<{ freshness: unknown[] }>(FRESHNESS);
    expect(data.freshness).toEqual([
      { protocol: 'FARCASTER', ...(await stored('farcaster')) },
      { protocol: 'LENS', ...(await stored('lens')) },
    ]);
    expect(data.freshness).toEqual([{ protocol: 'FARCASTER', ...FARCASTER }, { protocol: 'LENS', ...LENS }]);
  });

  it('when freshness names a protocol, then only that one answers; an unknown one is BAD_USER_INPUT naming the argument', async () => {
    expect((await s.gql.request<{ freshness: unknown[] }>(FRESHNESS, { protocol: 'LENS' })).freshness).toEqual([{ protocol: 'LENS', ...LENS }]);
    const res = await fetch(`${s.baseUrl}/graphql`, {
      method: 'POST', headers: { apikey: s.key, 'content-type': 'application/json' },
      body: JSON.stringify({ query: FRESHNESS, variables: { protocol: 'bluesky' } }),
    });
    // Refused before execution; an application/json client gets 200 with the error (GraphQL over HTTP).
    expect(res.status).toBe(200);
    expect((await res.json()).errors[0]).toMatchObject({
      message: expect.stringMatching(/^Variable "\$protocol" got invalid value "bluesky"; Value "bluesky" does not exist in "Protocol" enum/),
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('when no refresh has recorded analytics_as_of, then analyticsAsOf is as_of', async () => {
    await setState('farcaster', { ...FARCASTER, analyticsAsOf: null });
    const data = await s.gql.request<{ freshness: State[] }>(FRESHNESS, { protocol: 'FARCASTER' });
    expect(data.freshness[0].analyticsAsOf).toBe(FARCASTER.asOf);
    expect(data.freshness[0].asOf).toBe(FARCASTER.asOf);
  });

  it('when profiles are asked with asOf and analyticsAsOf, then each carries its own protocol\'s times', async () => {
    const data = await s.gql.request<{ farcasterUser: object; lensProfile: object }>(
      `{ farcasterUser(fid: 1) { fid asOf analyticsAsOf } lensProfile(id: "0x01") { profileId asOf analyticsAsOf } }`);
    expect(data.farcasterUser).toEqual({ fid: 1, asOf: FARCASTER.asOf, analyticsAsOf: FARCASTER.analyticsAsOf });
    expect(data.lensProfile).toEqual({ profileId: '0x01', asOf: LENS.asOf, analyticsAsOf: LENS.analyticsAsOf });
  });

  it('when as_of changes between two requests, then the second answer shows the new value', async () => {
    const q = `{ farcasterUser(fid: 1) { asOf } freshness(protocol: FARCASTER) { asOf } }`;
    expect(await s.gql.request(q)).toEqual({ farcasterUser: { asOf: FARCASTER.asOf }, freshness: [{ asOf: FARCASTER.asOf }] });
    const later = '2024-07-02T00:00:01.000Z';
    await setState('farcaster', { ...FARCASTER, asOf: later });
    expect(await s.gql.request(q)).toEqual({ farcasterUser: { asOf: later }, freshness: [{ asOf: later }] });
  });

  it('when 20 users are asked with asOf, analytics and Lens lastUpdated, then protocol_state is read once for the whole request', async () => {
    const fids = Array.from({ length: 20 }, (_, i) => 101 + i);
    await s.testDb.db.sql.query(`INSERT INTO fc_user (fid) SELECT unnest($1::int[]) ON CONFLICT DO NOTHING`, [fids]);
    let users: { fid: number; asOf: string }[] = [];
    const reads = await stateReadsOf(async () => {
      const data = await s.gql.request<{ farcasterUsers: { fid: number; asOf: string }[] }>(
        `query($fids: [Int!]!) {
          farcasterUsers(fids: $fids) { fid asOf analyticsAsOf followersHistory { to } }
          lensProfiles(ids: ["0x01", "0x02"]) { asOf analyticsAsOf lastUpdated }
          freshness { asOf }
        }`, { fids });
      users = data.farcasterUsers;
    });
    expect(users.map((u) => u.fid)).toEqual(fids);
    expect(new Set(users.map((u) => u.asOf))).toEqual(new Set([FARCASTER.asOf]));
    expect(reads).toBe(1);
  });

  it('when one protocol\'s state is asked first and the other\'s only after other reads, then still one protocol_state read', async () => {
    let data: { freshness: State[]; trendingUsers: { users: { user: { asOf: string } }[] } } | undefined;
    const reads = await stateReadsOf(async () => {
      data = await s.gql.request(`{
        freshness(protocol: FARCASTER) { asOf }
        trendingUsers(input: { protocol: LENS, ratio: MONTH }) { users { user { ... on LensProfile { asOf } } } }
      }`);
    });
    expect(data!.freshness).toEqual([{ asOf: FARCASTER.asOf }]);
    expect(data!.trendingUsers.users.length).toBeGreaterThan(0);
    expect(data!.trendingUsers.users.map((u) => u.user.asOf)).toEqual(data!.trendingUsers.users.map(() => LENS.asOf));
    expect(reads).toBe(1);
  });

  it('when the other protocol is asked while the first read is still on its way, then it waits on that read', async () => {
    const db = s.testDb.db;
    const realRead = db.read.bind(db);
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    let started!: () => void;
    const readStarted = new Promise<void>((r) => { started = r; });
    let lensRow: Awaited<ReturnType<ProtocolStateLoader['load']>> | undefined;
    const reads = await stateReadsOf(async () => {
      // The read is held until Lens has been asked, so its batch starts while the first read is in flight.
      jest.spyOn(db, 'read').mockImplementation(async (...args: Parameters<typeof db.read>) => {
        started();
        await held;
        return realRead(...args);
      });
      const states = protocolStateLoader(db);
      const farcaster = states.load('farcaster');
      await readStarted;
      const lens = states.load('lens');
      await new Promise((r) => setImmediate(r));
      release();
      [, lensRow] = await Promise.all([farcaster, lens]);
    });
    expect(reads).toBe(1);
    expect(lensRow?.as_of?.toISOString()).toBe(LENS.asOf);
  });

  it('when the read counter sees a separate protocol_state statement, then it counts it (the counter can fail)', async () => {
    const reads = await stateReadsOf(() => s.testDb.db.read(`SELECT as_of FROM protocol_state WHERE protocol = 'lens'`));
    expect(reads).toBe(1);
  });
});

describe('REST freshness headers', () => {
  const headersOf = (h: Headers) => ({ data: h.get('x-data-as-of'), analytics: h.get('x-analytics-as-of'), lastModified: h.get('last-modified') });

  it('when a Farcaster route answers, then its headers are the Farcaster times and no Last-Modified', async () => {
    const { status, headers } = await s.rest('/api/farcaster/user/profile/1');
    expect(status).toBe(200);
    expect(headersOf(headers)).toEqual({ data: FARCASTER.asOf, analytics: FARCASTER.analyticsAsOf, lastModified: null });
  });

  it('when a Lens route answers, then its headers are the Lens times', async () => {
    const { status, headers } = await s.rest('/api/lens/profile/0x01');
    expect(status).toBe(200);
    expect(headersOf(headers)).toEqual({ data: LENS.asOf, analytics: LENS.analyticsAsOf, lastModified: null });
  });

  it('when analytics_as_of is null, then X-Analytics-As-Of is as_of', async () => {
    await setState('lens', { ...LENS, analyticsAsOf: null });
    const { headers } = await s.rest('/api/lens/profile/rank/0x01');
    expect(headersOf(headers)).toEqual({ data: LENS.asOf, analytics: LENS.asOf, lastModified: null });
  });

  it.each([
    ['/api/llm/tokens/mentions?date=2024-06-10'],
    ['/api/llm/topics?limit=5'],
    ['/api/llm/categories/publications?category=defi&date=2024-06-10'],
    ['/api/farcaster/match/1'],
  ])('when %s (both protocols\' data) answers, then each header is the older of the two, whichever protocol that is', async (path) => {
    const first = await s.rest(path);
    expect(first.status).toBe(200);
    // Lens's as_of is the older, Farcaster's analytics time is.
    await setState('farcaster', { ...FARCASTER, analyticsAsOf: '2024-06-01T00:00:00.000Z' });
    const mixed = await s.rest(path);
    expect(headersOf(mixed.headers)).toEqual({ data: LENS.asOf, analytics: '2024-06-01T00:00:00.000Z', lastModified: null });
    // Now Farcaster's as_of is the older.
    await setState('farcaster', { ...FARCASTER, asOf: '2024-05-01T00:00:00.000Z', analyticsAsOf: '2024-05-01T00:00:00.000Z' });
    const swapped = await s.rest(path);
    expect(headersOf(swapped.headers)).toEqual({ data: '2024-05-01T00:00:00.000Z', analytics: '2024-05-01T00:00:00.000Z', lastModified: null });
  });

  it('when trending is asked per protocol, then the headers follow the body\'s protocol (lens when absent)', async () => {
    const fc = await s.rest('/api/trending/find', { body: { protocol: 'farcaster', ratio: 'month' } });
    expect(fc.status).toBe(200);
    expect(headersOf(fc.headers)).toEqual({ data: FARCASTER.asOf, analytics: FARCASTER.analyticsAsOf, lastModified: null });
    const dflt = await s.rest('/api/trending/find', { body: { ratio: 'month' } });
    expect(dflt.status).toBe(200);
    expect(headersOf(dflt.headers)).toEqual({ data: LENS.asOf, analytics: LENS.analyticsAsOf, lastModified: null });
  });

  it('when the category taxonomy answers, then it carries no freshness (no protocol data behind it)', async () => {
    const { status, headers } = await s.rest('/api/llm/categories');
    expect(status).toBe(200);
    expect(headersOf(headers)).toEqual({ data: null, analytics: null, lastModified: null });
  });

  it('when as_of changes between two requests, then the next answer\'s header shows it', async () => {
    expect((await s.rest('/api/farcaster/followersCount?fids=1,2')).headers.get('x-data-as-of')).toBe(FARCASTER.asOf);
    await setState('farcaster', { ...FARCASTER, asOf: '2024-07-03T04:05:06.789Z' });
    expect((await s.rest('/api/farcaster/followersCount?fids=1,2')).headers.get('x-data-as-of')).toBe('2024-07-03T04:05:06.789Z');
  });

  it('when a REST route answers, then its operation and its headers share one protocol_state read', async () => {
    // lastUpdated reads the Lens refresh time and followersHistory the as-of day: both through the same loader as the headers.
    expect(await stateReadsOf(() => s.rest('/api/lens/profile/0x01'))).toBe(1);
    expect(await stateReadsOf(() => s.rest('/api/lens/followers/history/0x01'))).toBe(1);
    expect(await stateReadsOf(() => s.rest('/api/llm/topics?limit=5'))).toBe(1);
  });

  it('when a browser reads the answer cross-origin, then both headers are exposed to it', async () => {
    const res = await fetch(`${s.baseUrl}/api/farcaster/user/profile/1`, { headers: { apikey: s.key, origin: 'https://app.example' } });
    const exposed = (res.headers.get('access-control-expose-headers') ?? '').toLowerCase().split(',').map((h) => h.trim());
    expect(exposed).toEqual(expect.arrayContaining(['x-data-as-of', 'x-analytics-as-of']));
  });
});
