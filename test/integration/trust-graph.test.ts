// Trust strategies, their explanation and the rank history on the trust-graph
// fixture (its README lists the edges): every profile's score, rank, band and
// contributor shares under FOLLOWS and ENGAGEMENT on both protocols, checked
// against a naive dense power iteration written here; the parameters the refresh
// reports; REST equal to GraphQL; bad input and unknown ids; what a refresh
// writes; a second refresh adding a history point and the retention removing old ones.
import { refreshAnalytics } from '../../src/analytics/refresh';
import { loadEngagementCsr } from '../../src/analytics/engagement-edges';
import { loadFollowGraph } from '../../src/analytics/follow-edges';
import { buildGraphCsr } from '../../src/analytics/graph-score';
import { percentileCategory as bandOf } from '../../src/domain/periods';
import { PercentileBand } from '../../src/graphql/enums/public-enums';
import { errorOf } from '../helpers/graphql-error';
import { startTestServer, type TestServer } from '../helpers/test-server';

const ALPHA = 0.85;
const TOLERANCE = 1e-12;

/** The fixture's edges as src → dst: weight, node numbers 1..6 (README). */
const FOLLOWS: [number, number, number][] = [[2, 1, 1], [3, 1, 1], [4, 1, 1], [1, 2, 1], [2, 3, 1], [3, 2, 1], [5, 4, 1]];
const ENGAGEMENT: Record<'farcaster' | 'lens', [number, number, number][]> = {
  farcaster: [[1, 2, 1], [2, 1, 2], [2, 3, 1], [3, 1, 8], [3, 2, 4], [4, 1, 14], [4, 2, 12], [5, 4, 1], [5, 2, 6]],
  lens: [[1, 2, 6], [2, 1, 18], [2, 3, 6], [3, 1, 9], [3, 2, 18], [4, 1, 14], [5, 4, 6], [5, 2, 3]],
};
const WEIGHTS = {
  farcaster: { follows: [{ interaction: 'follows', weight: 1 }],
    engagement: [{ interaction: 'likes', weight: 1 }, { interaction: 'replies', weight: 6 }, { interaction: 'recasts', weight: 3 }, { interaction: 'mentions', weight: 12 }, { interaction: 'follows', weight: 1 }] },
  lens: { follows: [{ interaction: 'follows', weight: 1 }],
    engagement: [{ interaction: 'follows', weight: 6 }, { interaction: 'comments', weight: 3 }, { interaction: 'mirrors', weight: 8 }, { interaction: 'collects', weight: 12 }] },
};
const N = 6;

/** The band as GraphQL names it (REST prints the spelling, `top 1%`). */
const percentileCategory = (rank: number, profiles: number) =>
  Object.entries(PercentileBand).find(([, spelling]) => (spelling as string) === bandOf(rank, profiles))![0];

interface Expected { score: number; rank: number; contributors: [number, number][]; pretrustShare: number }

/** PageRank by dense matrix, iterated far past convergence; contributions α·t_i·w_ij/W_i ÷ t_j. */
function naive(edges: [number, number, number][]): Expected[] {
  const w = Array.from({ length: N + 1 }, () => new Array<number>(N + 1).fill(0));
  for (const [i, j, x] of edges) w[i][j] += x;
  const out = w.map((row) => row.reduce((a, b) => a + b, 0));
  let t = new Array<number>(N + 1).fill(1 / N); t[0] = 0;
  for (let k = 0; k < 5000; k++) {
    const dangling = t.reduce((a, ti, i) => (i > 0 && out[i] === 0 ? a + ti : a), 0);
    t = t.map((_, j) => (j === 0 ? 0 : (1 - ALPHA) / N + ALPHA * dangling / N
      + ALPHA * t.reduce((a, ti, i) => (i > 0 && out[i] > 0 ? a + ti * w[i][j] / out[i] : a), 0)));
  }
  const dangling = t.reduce((a, ti, i) => (i > 0 && out[i] === 0 ? a + ti : a), 0);
  const max = Math.max(...t);
  return t.map((tj, j) => {
    const contributors = Array.from({ length: N }, (_, k) => k + 1).filter((i) => w[i][j] > 0)
      .map((i): [number, number] => [i, ALPHA * t[i] * w[i][j] / out[i] / tj])
      .sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    return { score: tj / max, rank: 1 + t.filter((x, i) => i > 0 && x / max > tj / max + 1e-12).length, contributors,
      pretrustShare: ((1 - ALPHA) + ALPHA * dangling) / N / tj };
  });
}

const TRUST = `strategy score rank percentileCategory profiles
  parameters { weights { interaction weight } alpha tolerance maxIterations iterations delta converged pretrustProfiles edges }`;
const lensId = (n: number) => `0x0${n}`;

describe('trust strategies, explanation and rank history (trust-graph)', () => {
  let s: TestServer;
  beforeAll(async () => { s = await startTestServer({ fixture: 'trust-graph', config: { GRAPH_TOLERANCE: TOLERANCE } }); });
  afterAll(async () => { await s.close(); });

  const fcTrust = async (fid: number, strategy: string) => (await s.gql.request<{ farcasterUser: { trust: any } }>(
    `{ farcasterUser(fid: ${fid}) { trust(strategy: ${strategy}) { ${TRUST} explanation { contributors { share user { fid } } otherShare pretrustShare } } } }`)).farcasterUser.trust;
  const lensTrust = async (id: string, strategy: string) => (await s.gql.request<{ lensProfile: { trust: any } }>(
    `{ lensProfile(id: "${id}") { trust(strategy: ${strategy}) { ${TRUST} explanation { contributors { share profile { profileId } } otherShare pretrustShare } } } }`)).lensProfile.trust;

  for (const protocol of ['farcaster', 'lens'] as const) {
    for (const strategy of ['FOLLOWS', 'ENGAGEMENT'] as const) {
      it(`when ${protocol} trust is asked under ${strategy}, then every profile's score, rank, band and shares match a naive power iteration and sum to 1`, async () => {
        const expected = naive(strategy === 'FOLLOWS' ? FOLLOWS : ENGAGEMENT[protocol]);
        for (let n = 1; n <= N; n++) {
          const t = protocol === 'farcaster' ? await fcTrust(n, strategy) : await lensTrust(lensId(n), strategy);
          const e = expected[n];
          expect([n, t.strategy, t.rank, t.profiles, t.percentileCategory]).toEqual([n, strategy, e.rank, N, percentileCategory(e.rank, N)]);
          expect(t.score).toBeCloseTo(e.score, 9);
          const who = t.explanation.contributors.map((c: any) => (protocol === 'farcaster' ? c.user.fid : Number.parseInt(c.profile.profileId, 16)));
          expect([n, who]).toEqual([n, e.contributors.map(([i]) => i)]);
          t.explanation.contributors.forEach((c: any, k: number) => expect(c.share).toBeCloseTo(e.contributors[k][1], 9));
          expect(t.explanation.pretrustShare).toBeCloseTo(e.pretrustShare, 9);
          // Every contributor fits in the top 20 here: nothing is left for "others".
          expect(t.explanation.otherShare).toBeCloseTo(0, 12);
          const sum = t.explanation.contributors.reduce((a: number, c: any) => a + c.share, 0) + t.explanation.otherShare + t.explanation.pretrustShare;
          expect(sum).toBeCloseTo(1, 9);
        }
        const { parameters } = protocol === 'farcaster' ? await fcTrust(1, strategy) : await lensTrust('0x01', strategy);
        const edges = strategy === 'FOLLOWS' ? FOLLOWS : ENGAGEMENT[protocol];
        expect(parameters).toMatchObject({
          weights: WEIGHTS[protocol][strategy === 'FOLLOWS' ? 'follows' : 'engagement'], alpha: ALPHA, tolerance: TOLERANCE, maxIterations: 200,
          converged: true, pretrustProfiles: 0, edges: edges.length,
        });
        expect(parameters.delta).toBeLessThan(TOLERANCE);
      });
    }
  }

  it('when the engagement graph is read back in pages of any size, then its adjacency is the README\'s edges', async () => {
    for (const protocol of ['farcaster', 'lens'] as const) {
      const g = protocol === 'farcaster' ? await loadFollowGraph(s.testDb.db, 'farcaster') : await loadFollowGraph(s.testDb.db, 'lens');
      const ids = g.ids as (number | string)[];
      const label = (i: number) => (protocol === 'farcaster' ? Number(ids[i]) : Number.parseInt(String(ids[i]), 16));
      const follows = buildGraphCsr(ids.length, g.from, g.to);
      // The follow rows need not come sorted (Lens loads them by followee): the same rows reversed give the same graph.
      const reversed = { offset: follows.offset, target: follows.target.slice() };
      for (let i = 0; i < ids.length; i++) reversed.target.subarray(follows.offset[i], follows.offset[i + 1]).reverse();
      for (const [order, adjacency] of [['sorted', follows], ['reversed', reversed]] as const) {
        for (const page of [1, 2, 4, 5000]) {
          const csr = await loadEngagementCsr(s.testDb.db.sql, protocol, ids, g.indexOf as Map<number | string, number>, adjacency, page);
          const got: [number, number, number][] = [];
          for (let i = 0; i < ids.length; i++) for (let e = csr.offset[i]; e < csr.offset[i + 1]; e++) got.push([label(i), label(csr.target[e]), csr.weight[e]]);
          const want = [...ENGAGEMENT[protocol]].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
          expect([protocol, order, page, got]).toEqual([protocol, order, page, want]);
          expect(Array.from(csr.rowWeight)).toEqual(ids.map((_, i) => want.filter(([a]) => a === label(i)).reduce((t, [, , w]) => t + w, 0)));
        }
      }
    }
  });

  it('when FOLLOWS trust is asked, then its score is the graph score and its rank the Farcaster score rank', async () => {
    const d = await s.gql.request<{ farcasterUser: any }>('{ farcasterUser(fid: 2) { graphScore rank { scoreRank { rank } } trust { score rank } } }');
    expect(d.farcasterUser.trust).toEqual({ score: d.farcasterUser.graphScore, rank: d.farcasterUser.rank.scoreRank.rank });
  });

  it('when the refresh ran, then it wrote one trust row per profile and strategy and one run row per strategy, for the current generation only', async () => {
    const { db } = s.testDb;
    for (const [trust, run] of [['fc_trust', 'fc_trust_run'], ['lens_trust', 'lens_trust_run']]) {
      expect(await db.read(`SELECT generation, strategy, count(*)::int AS n FROM ${trust} GROUP BY 1, 2 ORDER BY 1, 2`))
        .toEqual([{ generation: 1, strategy: 'engagement', n: N }, { generation: 1, strategy: 'follows', n: N }]);
      expect(await db.read(`SELECT generation, strategy FROM ${run} ORDER BY 1, 2`)).toEqual([{ generation: 1, strategy: 'engagement' }, { generation: 1, strategy: 'follows' }]);
    }
  });

  it('when trust is asked on REST, then it is the GraphQL answer with each contributor flattened to its summary and share', async () => {
    for (const [path, gql, key] of [
      ['/api/v2/farcaster/user/1/trust?strategy=engagement', await fcTrust(1, 'ENGAGEMENT'), 'fid'],
      ['/api/v2/lens/profile/0x01/trust?strategy=ENGAGEMENT', await lensTrust('0x01', 'ENGAGEMENT'), 'id'],
      ['/api/v2/farcaster/user/2/trust', await fcTrust(2, 'FOLLOWS'), 'fid'],
    ] as const) {
      const res = await s.rest(path);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ strategy: gql.strategy.toLowerCase(), score: gql.score, rank: gql.rank, percentileCategory: bandOf(gql.rank, N),
        parameters: gql.parameters, explanation: { otherShare: gql.explanation.otherShare, pretrustShare: gql.explanation.pretrustShare } });
      expect(res.body.explanation.contributors.map((c: any) => [String(c[key]), c.share]))
        .toEqual(gql.explanation.contributors.map((c: any) => [String(c.user?.fid ?? c.profile.profileId), c.share]));
      expect(res.body.explanation.contributors[0]).toHaveProperty('handle.localName');
    }
  });

  it('when the input is bad or the id unknown, then 400 naming the parameter / BAD_USER_INPUT, and 404 / NOT_FOUND', async () => {
    const bad = await s.rest('/api/v2/farcaster/user/1/trust?strategy=pagerank');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('strategy');
    for (const p of ['/api/v2/lens/profile/0x01/rank-history?from=2024-13-01', '/api/v2/farcaster/user/1/rank-history?to=yesterday',
      '/api/v2/farcaster/user/1/rank-history?to=0000-01-01', '/api/v2/lens/profile/0x01/rank-history?from=2100-01-01']) {
      const r = await s.rest(p);
      expect([p, r.status]).toEqual([p, 400]);
      expect(JSON.stringify(r.body)).toContain(p.includes('from=') ? 'from' : 'to');
    }
    const reversed = await s.rest('/api/v2/farcaster/user/1/rank-history?from=2024-06-02&to=2024-06-01');
    expect(reversed.status).toBe(400);
    expect(JSON.stringify(reversed.body)).toContain('from');
    expect((await s.rest('/api/v2/farcaster/user/1/rank-history?first=0')).status).toBe(400);
    for (const p of ['/api/v2/farcaster/user/999/trust', '/api/v2/lens/profile/0x99/trust', '/api/v2/farcaster/user/999/rank-history', '/api/v2/lens/profile/0x99/rank-history']) {
      expect([p, (await s.rest(p)).status]).toEqual([p, 404]);
    }
    const codes = async (q: string) => (await errorOf(s.gql.request(q))).errors?.map((e) => e.extensions?.code);
    expect(await codes('{ farcasterUser(fid: 999) { trust { score } } }')).toEqual(['NOT_FOUND']);
    expect(await codes('{ farcasterUser(fid: 1) { rankHistory(from: "2024-06-02", to: "2024-06-01") { totalCount } } }')).toEqual(['BAD_USER_INPUT']);
    expect(await codes('{ lensProfile(id: "0x01") { trust(strategy: PAGERANK) { score } } }')).toEqual(['BAD_USER_INPUT']);
  });

  it('when several profiles ask for trust and history, then one statement per field reads them all', async () => {
    const ask = (fids: number[]) => s.gql.request(`{ ${fids.map((f) => `f${f}: farcasterUser(fid: ${f}) { trust(strategy: ENGAGEMENT) { score } rankHistory { totalCount } }`).join(' ')} }`);
    await ask([1]);
    const one = await s.statementsFor(() => ask([1]));
    expect(await s.statementsFor(() => ask([1, 2, 3, 4, 5]))).toBeLessThanOrEqual(one);
  });

  it('when a second refresh runs, then the history gains a point per profile; points older than the retention are deleted by the next refresh', async () => {
    const history = async () => (await s.gql.request<{ farcasterUser: any; lensProfile: any }>(`{
      farcasterUser(fid: 1) { rank { followerRank { rank percentileCategory } } rankHistory { totalCount points { generation asOf refreshedAt profiles followerRank { rank percentileCategory } scoreRank { rank } } } }
      lensProfile(id: "0x01") { rankHistory { totalCount points { generation followerRank { rank percentileCategory } } } } }`));
    const first = await history();
    expect(first.farcasterUser.rankHistory.points).toMatchObject([{ generation: 1, profiles: N, followerRank: first.farcasterUser.rank.followerRank }]);
    expect(first.farcasterUser.rankHistory.points[0].followerRank).toEqual({ rank: 1, percentileCategory: percentileCategory(1, N) });
    expect(first.farcasterUser.rankHistory.points[0].asOf).toBe('2024-06-07T00:00:00.000Z');
    expect(first.lensProfile.rankHistory.points).toMatchObject([{ generation: 1, followerRank: { rank: 1 } }]);

    await refreshAnalytics(s.testDb.db, { graph: { tolerance: TOLERANCE }, rankHistoryDays: 30, rankHistoryIntervalMinutes: 0 });
    const second = await history();
    expect(second.farcasterUser.rankHistory.points.map((p: any) => p.generation)).toEqual([1, 2]);
    expect(second.lensProfile.rankHistory.points.map((p: any) => p.generation)).toEqual([1, 2]);
    const { db } = s.testDb;
    expect(await db.read('SELECT generation, count(*)::int AS n FROM fc_rank_history GROUP BY 1 ORDER BY 1')).toEqual([{ generation: 1, n: N }, { generation: 2, n: N }]);
    // The trust tables keep only the published generation.
    expect(await db.read('SELECT DISTINCT generation FROM fc_trust')).toEqual([{ generation: 2 }]);

    // Generation 1's points made 31 days old: the next refresh (30 days kept) deletes them and adds generation 3's.
    for (const t of ['fc_rank_history', 'lens_rank_history']) await db.read(`UPDATE ${t} SET recorded_at = now() - interval '31 days' WHERE generation = 1 RETURNING 1`);
    await refreshAnalytics(s.testDb.db, { graph: { tolerance: TOLERANCE }, rankHistoryDays: 30, rankHistoryIntervalMinutes: 0 });
    const third = await history();
    expect(third.farcasterUser.rankHistory.points.map((p: any) => p.generation)).toEqual([2, 3]);
    expect(third.lensProfile.rankHistory.points.map((p: any) => p.generation)).toEqual([2, 3]);
    expect(await db.read('SELECT generation, count(*)::int AS n FROM lens_rank_history GROUP BY 1 ORDER BY 1')).toEqual([{ generation: 2, n: N }, { generation: 3, n: N }]);

    // A range by refresh day, and `first` keeping the newest points.
    const today = new Date().toISOString().slice(0, 10);
    const ranged = await s.rest(`/api/v2/farcaster/user/1/rank-history?from=${today}&to=${today}&first=1`);
    expect(ranged.status).toBe(200);
    expect(ranged.body).toMatchObject({ fid: 1, from: today, to: today, totalCount: 2, points: [{ generation: 3, followerRank: { rank: 1, percentileCategory: bandOf(1, N) } }] });
    expect((await s.rest('/api/v2/lens/profile/0x01/rank-history?to=2020-01-01')).body).toMatchObject({ profileId: '0x01', totalCount: 0, points: [] });

    // With an interval, a refresh adds a point only when the newest is that old.
    const generations = async () => (await db.read<{ generation: number }>('SELECT DISTINCT generation FROM fc_rank_history ORDER BY 1')).map((r) => r.generation);
    await refreshAnalytics(s.testDb.db, { graph: { tolerance: TOLERANCE }, rankHistoryDays: 30, rankHistoryIntervalMinutes: 60 });
    expect(await generations()).toEqual([2, 3]);
    await db.read(`UPDATE fc_rank_history SET recorded_at = recorded_at - interval '61 minutes' RETURNING 1`);
    await refreshAnalytics(s.testDb.db, { graph: { tolerance: TOLERANCE }, rankHistoryDays: 30, rankHistoryIntervalMinutes: 60 });
    expect(await generations()).toEqual([2, 3, 5]);

    // Retention 0 keeps no point.
    await refreshAnalytics(s.testDb.db, { graph: { tolerance: TOLERANCE }, rankHistoryDays: 0 });
    expect(await db.read('SELECT count(*)::int AS n FROM fc_rank_history')).toEqual([{ n: 0 }]);
  });
});
