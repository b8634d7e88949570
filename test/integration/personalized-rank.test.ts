// The personalized rank on the ppr-graph fixture (its README gives the graph
// and the orders), both protocols and both faces: scores checked against an
// independent power iteration on the k-hop ball within the bound the answer
// states, the k-hop restriction, paging, bad input and unknown seeds; and the
// in-memory graph: loaded once, reloaded in the background on a new analytics
// generation (the old graph answering meanwhile), a first load that outlasts the
// request's wait (503 with its progress and a Retry-After, the load going on),
// loaded at start (preload) and shown by /readyz, bounded or turned off by config.
import { refreshAnalytics } from '../../src/analytics/refresh';
import { protocolStateLoader } from '../../src/loaders/protocol-state-loader';
import { personalizedRankPage } from '../../src/queries/personalized-rank';
import { loadRetryAfterSeconds, RankGraphStore, type RankGraphStatus } from '../../src/queries/rank-graph-store';
import type { SqlClient } from '../../src/db/sql-client';
import { errorOf } from '../helpers/graphql-error';
import { startTestServer, type TestServer } from '../helpers/test-server';

type Edge = [number, number];
/** The fixture's live follows (self-follow and the undone 1 → 7 left out), by fid; Lens ids map by LENS_ID. */
const EDGES: Edge[] = [[1, 2], [1, 3], [2, 3], [2, 4], [3, 1], [3, 5], [4, 6], [5, 6], [5, 7], [6, 8], [8, 1]];
const LENS_ID: Record<number, string> = { 1: '0x01', 2: '0x02', 3: '0x03', 4: '0x0100', 5: '0x05', 6: '0x06', 7: '0x07', 8: '0x08', 9: '0x09' };

/** π on the ball of `seeds` within `hops`, by power iteration: the definition, written plainly. */
function exactRank(edges: Edge[], seeds: number[], hops: number, alpha = 0.85): Map<number, number> {
  const ball = new Set(seeds);
  let frontier = [...seeds];
  for (let h = 0; h < hops; h++) {
    frontier = edges.filter(([a, b]) => frontier.includes(a) && !ball.has(b)).map(([, b]) => b);
    frontier.forEach((b) => ball.add(b));
  }
  const outs = new Map([...ball].map((u) => [u, edges.filter(([a, b]) => a === u && ball.has(b)).map(([, b]) => b)]));
  const start = () => new Map([...ball].map((u) => [u, seeds.includes(u) ? (1 - alpha) / seeds.length : 0]));
  let pi = new Map([...ball].map((u) => [u, seeds.includes(u) ? 1 / seeds.length : 0]));
  for (let it = 0; it < 2000; it++) {
    const next = start();
    for (const u of ball) {
      const out = outs.get(u)!;
      const targets = out.length ? out : seeds;
      for (const v of targets) next.set(v, next.get(v)! + (alpha * pi.get(u)!) / targets.length);
    }
    pi = next;
  }
  return pi;
}

/** Non-seeds of the exact rank, best first, ties by id. */
const expectedOrder = (seeds: number[], hops: number) =>
  [...exactRank(EDGES, seeds, hops)].filter(([v, x]) => !seeds.includes(v) && x > 0).sort((a, b) => b[1] - a[1] || a[0] - b[0]);

const RANK = '{ seeds hops alpha epsilon errorBound converged reached neighbourhood pushes pushedFollows generation totalCount pageInfo { hasNextPage hasPreviousPage endCursor } edges { rank score node { id: nativeId } } }';

describe('personalized rank (ppr-graph)', () => {
  let s: TestServer;
  beforeAll(async () => { s = await startTestServer({ fixture: 'ppr-graph' }); });
  afterAll(async () => { await s.close(); });

  const fc = async (args: string) => (await s.gql.request<{ r: any }>(`{ r: farcasterPersonalizedRank(${args}) ${RANK} }`)).r;
  const lens = async (args: string) => (await s.gql.request<{ r: any }>(`{ r: lensPersonalizedRank(${args}) ${RANK} }`)).r;

  /** The answer's order is the exact one, and every score is within the stated bound below the exact value. */
  function expectWithinBound(r: any, seeds: number[], hops: number, id: (fid: number) => string) {
    const expected = expectedOrder(seeds, hops);
    expect(r.edges.map((e: any) => e.node.id)).toEqual(expected.map(([v]) => id(v)));
    expect(r.edges.map((e: any) => e.rank)).toEqual(expected.map((_, i) => i + 1));
    r.edges.forEach((e: any, i: number) => {
      const exact = expected[i][1];
      expect(e.score).toBeLessThanOrEqual(exact + 1e-12);
      expect(exact - e.score).toBeLessThanOrEqual(r.errorBound + 1e-12);
    });
    expect(r.errorBound).toBeGreaterThanOrEqual(0);
    expect(r.errorBound).toBeLessThan(1e-3);
    expect(r.converged).toBe(true);
  }

  it('when a viewer is ranked with hops 2, then 3, 2, 5, 4 (the exact order, scores within the stated bound) on both protocols', async () => {
    const f = await fc('seeds: [1], hops: 2');
    expectWithinBound(f, [1], 2, String);
    expect(f).toMatchObject({ seeds: [1], hops: 2, alpha: 0.85, reached: 4, neighbourhood: 5, totalCount: 4, generation: 1 });
    expect(f.pushes).toBeGreaterThan(0);
    expect(f.pushedFollows).toBeGreaterThan(0);
    const l = await lens('seeds: ["0x1"], hops: 2');
    expectWithinBound(l, [1], 2, (v) => LENS_ID[v]);
    expect(l.edges.map((e: any) => e.node.id)).toEqual(['0x03', '0x02', '0x05', '0x0100']);
    expect(l).toMatchObject({ seeds: ['0x01'], totalCount: 4 });
    // The same graph, the same numbers.
    expect(l.edges.map((e: any) => e.score)).toEqual(f.edges.map((e: any) => e.score));
  });

  it('when hops change, then only profiles that close count: hops 1 is 3, 2 (the undone 1 → 7 is no follow); the default 3 adds 6 and 7; 4 adds 8; 9 never', async () => {
    expect((await fc('seeds: [1], hops: 1')).edges.map((e: any) => e.node.id)).toEqual(['3', '2']);
    const three = await fc('seeds: [1]');
    expect(three.hops).toBe(3);
    expectWithinBound(three, [1], 3, String);
    expect(three.edges.map((e: any) => e.node.id).sort()).toEqual(['2', '3', '4', '5', '6', '7']);
    const four = await lens('seeds: ["0x01"], hops: 4');
    expectWithinBound(four, [1], 4, (v) => LENS_ID[v]);
    expect(four.neighbourhood).toBe(8);
    const five = await fc('seeds: [1], hops: 5');
    expect(five.edges.map((e: any) => e.node.id)).not.toContain('9');
    expect(await fc('seeds: [9]')).toMatchObject({ totalCount: 0, reached: 0, edges: [], neighbourhood: 1, errorBound: expect.any(Number) });
  });

  it('when several seeds are given, then trust starts from each equally, duplicates count once, and no seed is listed', async () => {
    const r = await fc('seeds: [5, 2, 5], hops: 2');
    expect(r.seeds).toEqual([2, 5]);
    expectWithinBound(r, [2, 5], 2, String);
    expect(r.edges.map((e: any) => e.node.id)).not.toContain('2');
    const l = await lens('seeds: ["0x05", "0x2"], hops: 2');
    expectWithinBound(l, [2, 5], 2, (v) => LENS_ID[v]);
  });

  it('when the list is paged, then the pages are the slices of one list with their cursors and ranks', async () => {
    const all = await fc('seeds: [1], hops: 3');
    const first = await fc('seeds: [1], hops: 3, first: 4');
    expect(first.edges.map((e: any) => e.node.id)).toEqual(all.edges.slice(0, 4).map((e: any) => e.node.id));
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const next = await fc(`seeds: [1], hops: 3, first: 4, after: "${first.pageInfo.endCursor}"`);
    expect(next.edges.map((e: any) => [e.node.id, e.rank])).toEqual(all.edges.slice(4).map((e: any, i: number) => [e.node.id, i + 5]));
    expect(next.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const last = await lens('seeds: ["0x01"], hops: 3, last: 2');
    expect(last.edges.map((e: any) => e.rank)).toEqual([5, 6]);
  });

  it('when a seed is unknown, then NOT_FOUND naming it (GraphQL) and a 404 (REST)', async () => {
    const res = await errorOf(s.gql.request('{ a: farcasterPersonalizedRank(seeds: [1, 999]) { totalCount } b: lensPersonalizedRank(seeds: ["0x99"]) { totalCount } }'));
    expect(res.data).toEqual({ a: null, b: null });
    expect((res.errors ?? []).map((e) => [e.extensions?.code, e.message]).sort()).toEqual([
      ['NOT_FOUND', 'seed Farcaster user 999 not found'], ['NOT_FOUND', 'seed Lens profile 0x99 not found']]);
    expect(await s.rest('/api/v2/farcaster/personalized-rank?seeds=1,999')).toMatchObject({ status: 404, body: { statusCode: 404, message: 'seed Farcaster user 999 not found' } });
    expect(await s.rest('/api/v2/lens/personalized-rank?seeds=0x99')).toMatchObject({ status: 404, body: { message: 'seed Lens profile 0x99 not found' } });
  });

  it('when seeds or hops are refused, then BAD_USER_INPUT (GraphQL) and a 400 naming the parameter (REST), never a 500', async () => {
    const gql = async (args: string) => (await errorOf(s.gql.request(`{ farcasterPersonalizedRank(${args}) { totalCount } }`))).errors?.map((e) => [e.extensions?.code, e.message]);
    const many = Array.from({ length: 101 }, (_, i) => i + 1);
    expect(await gql(`seeds: [${many.join(',')}]`)).toEqual([['BAD_USER_INPUT', 'seeds must list at most 100 profiles; got 101']]);
    expect(await gql('seeds: []')).toEqual([['BAD_USER_INPUT', 'seeds must list at least 1 profile']]);
    expect(await gql('seeds: [1], hops: 6')).toEqual([['BAD_USER_INPUT', 'hops must be an integer between 1 and 5; got 6']]);
    expect(await gql('seeds: [1], hops: 0')).toEqual([['BAD_USER_INPUT', 'hops must be an integer between 1 and 5; got 0']]);
    const rest = async (path: string) => { const r = await s.rest(path); return [r.status, r.body.message]; };
    expect(await rest(`/api/v2/farcaster/personalized-rank?seeds=${many.join(',')}`)).toEqual([400, 'seeds must list at most 100 profiles; got 101']);
    expect(await rest('/api/v2/lens/personalized-rank?seeds=0x01&hops=9')).toEqual([400, 'hops must be an integer between 1 and 5; got 9']);
    expect((await rest('/api/v2/farcaster/personalized-rank'))[0]).toBe(400);
    expect(await rest('/api/v2/farcaster/personalized-rank?seeds=1&hops=x')).toEqual([400, 'hops must be an integer (got "x")']);
    expect(await rest('/api/v2/farcaster/personalized-rank?seeds=1,x')).toEqual([400, 'seeds must list integers (got "x")']);
    expect((await rest('/api/v2/lens/personalized-rank?seeds=zz'))[0]).toBe(400);
  });

  it('when the REST route is called, then the GraphQL answer flattened: the rank\'s statement, its page of profiles with rank and score, freshness headers', async () => {
    const r = await s.rest('/api/v2/farcaster/personalized-rank?seeds=1&hops=2&first=2');
    expect(r.status).toBe(200);
    expect(r.headers.get('x-data-as-of')).toBeTruthy();
    expect(r.body).toMatchObject({ seeds: [1], hops: 2, alpha: 0.85, reached: 4, neighbourhood: 5, totalCount: 4, converged: true, generation: 1,
      pageInfo: { hasNextPage: true, hasPreviousPage: false } });
    expect(r.body.users.map((u: any) => [u.fid, u.handle?.localName, u.rank])).toEqual([[3, 'cat', 1], [2, 'bob', 2]]);
    const g = await fc('seeds: [1], hops: 2, first: 2');
    expect(r.body.users.map((u: any) => u.score)).toEqual(g.edges.map((e: any) => e.score));
    expect(r.body.errorBound).toBe(g.errorBound);
    const l = await s.rest('/api/v2/lens/personalized-rank?seeds=0x01,0x05&hops=2');
    expect([l.status, l.body.seeds, l.body.profiles.map((p: any) => p.id)]).toEqual([200, ['0x01', '0x05'], expectedOrder([1, 5], 2).map(([v]) => LENS_ID[v])]);
  });

  it('when a query asks for many ranks, then the cost model counts each as CPU work and refuses past the limit', async () => {
    const aliases = (k: number) => `{ ${Array.from({ length: k }, (_, i) => `r${i}: farcasterPersonalizedRank(seeds: [${i + 1}], first: 1) { totalCount }`).join(' ')} }`;
    await expect(s.gql.request(aliases(9))).resolves.toBeTruthy();
    const refused = await errorOf(s.gql.request(aliases(10)));
    expect(refused.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(refused.errors?.[0]?.message).toMatch(/^Query cost 2\d{4} exceeds the limit of 20000/);
  });

  it('when a refresh moves the generation on, then the old graph answers while the new one loads, and the next answers see the new follows', async () => {
    const before = await fc('seeds: [9], hops: 1');
    expect(before).toMatchObject({ totalCount: 0, generation: 1 });
    // 9 follows 7 from now on; the graph held does not know it until the refresh.
    const { sql } = s.testDb.db;
    await sql.query(`INSERT INTO fc_link (fid, target_fid, timestamp) VALUES (9, 7, '2024-06-02T00:00:00Z')`);
    expect((await fc('seeds: [9], hops: 1')).totalCount).toBe(0);
    await refreshAnalytics(s.testDb.db);
    const during = await fc('seeds: [9], hops: 1');
    // Either the old graph (the reload under way) or, if it already landed, the new one.
    if (during.generation === 1) expect(during.totalCount).toBe(0);
    let after = during;
    for (let i = 0; i < 100 && after.generation !== 2; i++) {
      await new Promise((r) => setTimeout(r, 50));
      after = await fc('seeds: [9], hops: 1');
    }
    expect(after).toMatchObject({ generation: 2, totalCount: 1, edges: [{ rank: 1, node: { id: '7' } }] });
  });
});

describe('the in-memory follow graph store', () => {
  let s: TestServer;
  beforeAll(async () => { s = await startTestServer({ fixture: 'ppr-graph' }); });
  afterAll(async () => { await s.close(); });

  /** Graph loads the store starts while `run` runs: each begins with the count of live follows. */
  async function loadsDuring(run: () => Promise<unknown>): Promise<number> {
    const spy = jest.spyOn(s.testDb.db.sql, 'query');
    try {
      await run();
      return spy.mock.calls.filter(([text]) => String(text).startsWith('SELECT count(*)::text AS n')).length;
    } finally {
      spy.mockRestore();
    }
  }

  it('when the graph is asked for concurrently, then it is loaded once; a new generation loads once more, the old graph answering when the wait runs out', async () => {
    const store = new RankGraphStore(s.testDb.db, { maxEdges: 1000, reloadWaitMs: 0 });
    expect(await loadsDuring(() => Promise.all([store.graph('farcaster', 1), store.graph('farcaster', 1), store.graph('farcaster', 1)]))).toBe(1);
    const [g] = store.loaded();
    expect(g).toMatchObject({ protocol: 'farcaster', generation: 1, nodes: 9, edges: 11 });
    expect(g.indexOf(4)).toBe(3);
    expect(g.indexOf(10)).toBe(-1);
    expect(g.bytes).toBeGreaterThan(0);
    // A second round of the same generation loads nothing.
    expect(await loadsDuring(() => store.graph('farcaster', 1))).toBe(0);
    let settled: Awaited<ReturnType<typeof store.graph>> | undefined;
    const loads = await loadsDuring(async () => {
      // Generation 2: the held graph answers at once (stale), one reload runs however many ask meanwhile.
      const [a, b] = await Promise.all([store.graph('farcaster', 2), store.graph('farcaster', 2)]);
      expect([a.generation, b.generation]).toEqual([1, 1]);
      for (let i = 0; i < 200 && settled?.generation !== 2; i++) {
        settled = await store.graph('farcaster', 2);
        if (settled.generation !== 2) await new Promise((r) => setTimeout(r, 20));
      }
    });
    expect([loads, settled?.generation, store.loaded().length]).toEqual([1, 2, 1]);
    // With a wait long enough for the reload, the request that finds generation 3 gets the new graph.
    const patient = new RankGraphStore(s.testDb.db, { maxEdges: 1000, reloadWaitMs: 60_000 });
    await patient.graph('lens', 1);
    expect((await patient.graph('lens', 3)).generation).toBe(3);
  });

  /**
   * Holds the reads of `table`'s follows (not their count) until `release`; then they read, or fail. The
   * database's SQL client is swapped for one that waits at those reads, in a transaction too (Postgres reads
   * the graph in one snapshot, with COPY; PGlite with plain queries).
   */
  function holdFollowReads(table: string, then: 'read' | 'fail' = 'read'): { release: () => void } {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => { open = resolve; });
    const pass = async (text: string) => {
      if (!(text.includes(`FROM ${table} WHERE deleted_at IS NULL`) && text.includes('ORDER BY'))) return;
      await gate;
      if (then === 'fail') throw new Error('connection lost');
    };
    const gated = (client: SqlClient): SqlClient => new Proxy(client, {
      get(target, prop) {
        if (prop === 'query') return async (text: string, params?: unknown[]) => { await pass(text); return target.query(text, params); };
        if (prop === 'copyOut' && target.copyOut) {
          const copyOut = target.copyOut.bind(target);
          return async function* (statement: string) { await pass(statement); yield* copyOut(statement); };
        }
        if (prop === 'transaction') return <T>(fn: (tx: SqlClient) => Promise<T>) => target.transaction((tx) => fn(gated(tx)));
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const swapped = jest.replaceProperty(s.testDb.db, 'sql', gated(s.testDb.db.sql));
    return { release: () => { swapped.restore(); open(); } };
  }

  /** protocol_state's generation of each protocol, as the rank reads it. */
  const generations = async () => Object.fromEntries((await s.testDb.db.sql.query<{ protocol: string; generation: number }>(
    'SELECT protocol, generation FROM protocol_state')).map((r) => [r.protocol, r.generation]));

  const until = async (done: () => boolean) => {
    for (let i = 0; i < 500 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
    expect(done()).toBe(true);
  };

  type Graphs = Record<'farcaster' | 'lens', RankGraphStatus>;
  /** /readyz's rankGraphs at `base`. */
  const rankGraphsAt = async (base: string): Promise<Graphs> => (await (await fetch(`${base}/readyz`)).json()).rankGraphs;
  /** /readyz's rankGraphs once `done` holds of them, or as they are after about two seconds. */
  async function rankGraphsWhen(base: string, done: (graphs: Graphs) => boolean): Promise<Graphs> {
    let graphs = await rankGraphsAt(base);
    for (let i = 0; i < 200 && !done(graphs); i++) {
      await new Promise((r) => setTimeout(r, 10));
      graphs = await rankGraphsAt(base);
    }
    return graphs;
  }

  it('when the first load outlasts the wait, then 503 with its progress and a Retry-After on both faces; the load goes on and /readyz shows it', async () => {
    const { serve, stopServer } = await import('../helpers/serve-app');
    // REQUEST_TIMEOUT_MS 400: a first load is waited for 200 ms.
    const { app, server, base } = await serve(s.testDb.db, { REQUEST_TIMEOUT_MS: 400 });
    const held = holdFollowReads('fc_link');
    try {
      const generation = (await generations()).farcaster;
      expect(await rankGraphsAt(base)).toEqual({ farcaster: { state: 'not loaded' }, lens: { state: 'not loaded' } });
      const res = await fetch(`${base}/api/v2/farcaster/personalized-rank?seeds=1`, { headers: { apikey: s.key } });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('10');
      expect((await res.json()).message).toMatch(
        /^the Farcaster follow graph of the personalized rank is loading \(0 of 11 follows read in \d+ s\); try again in 10 s$/);
      const gql = await (await fetch(`${base}/graphql`, {
        method: 'POST', headers: { apikey: s.key, 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ farcasterPersonalizedRank(seeds: [1]) { totalCount } }' }),
      })).json();
      // GraphQL says it in the error (its code only in extensions); the wait is in the message.
      expect(gql.errors).toEqual([expect.objectContaining({
        extensions: { code: 'SERVICE_UNAVAILABLE' }, message: expect.stringMatching(/0 of 11 follows read in \d+ s\); try again in 10 s$/),
      })]);
      expect(await rankGraphsAt(base)).toMatchObject({
        farcaster: { state: 'loading', loading: { generation, follows: 11, followsRead: 0, seconds: expect.any(Number) } },
        lens: { state: 'not loaded' },
      });
      held.release();
      const graphs = await rankGraphsWhen(base, (g) => g.farcaster.state === 'loaded');
      expect(graphs.farcaster).toEqual({ state: 'loaded', generation: (await generations()).farcaster, follows: 11, profiles: 9, mib: expect.any(Number), loadedAt: expect.any(String) });
      const after = await fetch(`${base}/api/v2/farcaster/personalized-rank?seeds=1`, { headers: { apikey: s.key } });
      expect(after.status).toBe(200);
    } finally {
      held.release();
      await stopServer(server);
      await app.close();
    }
  });

  it('when a first load fails after its requests were answered 503, then the failure is reported once, and a later load holds the graph', async () => {
    const errors: unknown[] = [];
    const store = new RankGraphStore(s.testDb.db, { maxEdges: 1000, firstLoadWaitMs: 50, onLoadError: (_p, err) => errors.push(err) });
    const held = holdFollowReads('lens_follow', 'fail');
    await expect(store.graph('lens', 1)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', retryAfterSeconds: 10 });
    await expect(store.graph('lens', 1)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    // The held read now fails: nobody awaits the load, so it is reported (once), not left unhandled.
    held.release();
    await until(() => errors.length > 0 && store.status().lens.state === 'not loaded');
    expect(errors).toEqual([new Error('connection lost')]);
    store.preload('lens', 1);
    await until(() => store.status().lens.state === 'loaded');
    const graph = await store.graph('lens', 1);
    expect([graph.generation, graph.edges, errors.length]).toEqual([1, 11, 1]);
  });

  it('when the graphs are preloaded, then both load with no request, each once, and a rank reads no graph again', async () => {
    const { serve, stopServer } = await import('../helpers/serve-app');
    const { app, server, base } = await serve(s.testDb.db);
    try {
      const loads = await loadsDuring(async () => {
        await app.preloadRankGraphs();
        await app.preloadRankGraphs();
        const graphs = await rankGraphsWhen(base, (g) => g.farcaster.state === 'loaded' && g.lens.state === 'loaded');
        const { farcaster, lens } = await generations();
        expect(graphs).toMatchObject({ farcaster: { state: 'loaded', generation: farcaster, follows: 11 }, lens: { state: 'loaded', generation: lens, follows: 11 } });
        expect((await fetch(`${base}/api/v2/lens/personalized-rank?seeds=0x01`, { headers: { apikey: s.key } })).status).toBe(200);
      });
      expect(loads).toBe(2);
    } finally {
      await stopServer(server);
      await app.close();
    }
  });

  it('when a load has read part of the follows, then Retry-After is the rest at its rate so far, within 1..600 s', () => {
    expect(loadRetryAfterSeconds(undefined)).toBe(10);
    expect(loadRetryAfterSeconds({ generation: 1, follows: null, followsRead: 0, seconds: 3 })).toBe(10);
    expect(loadRetryAfterSeconds({ generation: 1, follows: 1000, followsRead: 0, seconds: 3 })).toBe(10);
    // A quarter read in 40 s: three quarters left, 120 s.
    expect(loadRetryAfterSeconds({ generation: 1, follows: 1000, followsRead: 250, seconds: 40 })).toBe(120);
    expect(loadRetryAfterSeconds({ generation: 1, follows: 1000, followsRead: 1000, seconds: 40 })).toBe(1);
    expect(loadRetryAfterSeconds({ generation: 1, follows: 1_000_000, followsRead: 1, seconds: 40 })).toBe(600);
  });

  it('when the graph is over PERSONALIZED_RANK_MAX_EDGES, then SERVICE_UNAVAILABLE naming the bound, asked again without a reload; 0 turns it off', async () => {
    const store = new RankGraphStore(s.testDb.db, { maxEdges: 10 });
    await expect(store.graph('lens', 1)).rejects.toThrow('the Lens follow graph has 11 follows, more than this server holds for the personalized rank (PERSONALIZED_RANK_MAX_EDGES=10)');
    expect(await loadsDuring(() => store.graph('lens', 1).catch(() => undefined))).toBe(0);
    expect(store.loaded()).toEqual([]);
    const off = new RankGraphStore(s.testDb.db, { maxEdges: 0 });
    await expect(off.graph('farcaster', 1)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: expect.stringContaining('turned off') });
  });

  it('when the store has a work cap (PERSONALIZED_RANK_MAX_WORK), then a rank stops at it and says so; without one it converges', async () => {
    const states = protocolStateLoader(s.testDb.db);
    const capped = await personalizedRankPage(new RankGraphStore(s.testDb.db, { maxEdges: 1000, maxWork: 2 }), states, 'farcaster', [1], 3, { first: 10 });
    // Fid 1 follows 2 and 3: its one push scans both, which reaches the cap.
    expect(capped.result).toMatchObject({ converged: false, pushes: 1, pushedEdges: 2 });
    const free = await personalizedRankPage(new RankGraphStore(s.testDb.db, { maxEdges: 1000 }), states, 'farcaster', [1], 3, { first: 10 });
    expect(free.result.converged).toBe(true);
    expect(free.result.pushedEdges).toBeGreaterThan(2);
  });

  it('when the server has the rank turned off, then both faces answer 503 naming the setting', async () => {
    const { serve, stopServer } = await import('../helpers/serve-app');
    const { app, server, base } = await serve(s.testDb.db, { PERSONALIZED_RANK_MAX_EDGES: 0 });
    try {
      const res = await fetch(`${base}/api/v2/farcaster/personalized-rank?seeds=1`, { headers: { apikey: s.key } });
      expect(res.status).toBe(503);
      expect((await res.json()).message).toContain('PERSONALIZED_RANK_MAX_EDGES=0');
    } finally {
      await stopServer(server);
      await app.close();
    }
  });
});
