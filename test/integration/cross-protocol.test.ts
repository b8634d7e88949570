// Across protocols on the cross-protocol fixture (its README lists the
// answers): audience overlap of matched persons from either side and both
// faces, from either driving side; the combined rank checked against a naive
// computation from the refresh's graph-score ranks; and the generation rule: an
// answer comes from one pair of generations, stored by the refresh or computed
// while the stored one is missing, never from rows of another pair.
import { refreshAnalytics } from '../../src/analytics/refresh';
import { BUMP_DATA_VERSION_SQL } from '../../src/repositories/protocols.sql';
import { errorOf } from '../helpers/graphql-error';
import { startTestServer, type TestServer } from '../helpers/test-server';

/** The matched persons of the fixture: (fid, profile). */
const PERSONS: [number, string][] = [[1, '0x01'], [1, '0x09'], [2, '0x02'], [2, '0x0b'], [3, '0x03'], [4, '0x0100'], [5, '0x05'], [6, '0x06']];

const lensOrder = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

interface NaiveRank { rank: number; fid: number; profileId: string; combinedPercentile: number; farcasterPercentile: number; lensPercentile: number }

describe('audience overlap and combined rank across protocols (cross-protocol)', () => {
  let s: TestServer;
  beforeAll(async () => { s = await startTestServer({ fixture: 'cross-protocol' }); });
  afterAll(async () => { await s.close(); });

  const sql = <T>(text: string, params: unknown[] = []) => s.testDb.db.sql.query<T>(text, params);

  /** The ranking computed here from the current generations' graph scores and profile counts. */
  async function naiveRanking(): Promise<{ generations: [number, number]; ranks: NaiveRank[] }> {
    const state = await sql<{ protocol: string; generation: number; profile_count: number }>('SELECT protocol, generation, profile_count FROM protocol_state');
    const fc = state.find((r) => r.protocol === 'farcaster')!;
    const lens = state.find((r) => r.protocol === 'lens')!;
    const fcRanks = new Map((await sql<{ fid: number; score_rank: number }>('SELECT fid, score_rank FROM fc_profile_stats WHERE generation = $1', [fc.generation])).map((r) => [r.fid, r.score_rank]));
    // Lens's score_rank ranks the classifier score: its graph-score rank is 1 + the profiles scoring higher.
    const lensScores = await sql<{ profile_id: string; graph_score: number }>('SELECT profile_id, graph_score FROM lens_profile_stats WHERE generation = $1', [lens.generation]);
    const lensRanks = new Map(lensScores.map((r) => [r.profile_id, 1 + lensScores.filter((o) => o.graph_score > r.graph_score).length]));
    const scored = PERSONS.map(([fid, profileId]) => {
      const farcasterPercentile = 1 - (fcRanks.get(fid)! - 1) / fc.profile_count;
      const lensPercentile = 1 - (lensRanks.get(profileId)! - 1) / lens.profile_count;
      return { fid, profileId, farcasterPercentile, lensPercentile, combinedPercentile: (farcasterPercentile + lensPercentile) / 2 };
    });
    scored.sort((a, b) => b.combinedPercentile - a.combinedPercentile || a.fid - b.fid || lensOrder(a.profileId, b.profileId));
    return { generations: [fc.generation, lens.generation], ranks: scored.map((r, i) => ({ rank: i + 1, ...r })) };
  }

  const RANK_FIELDS = 'rank fid profileId combinedPercentile farcasterPercentile lensPercentile';
  async function served() {
    const d = await s.gql.request<any>(`{ crossProtocolRanking(first: 100) { totalCount edges { node { ${RANK_FIELDS} persons farcasterGeneration lensGeneration } } } }`);
    const nodes = d.crossProtocolRanking.edges.map((e: any) => e.node);
    return {
      total: d.crossProtocolRanking.totalCount as number,
      generations: [...new Set(nodes.map((n: any) => `${n.farcasterGeneration}/${n.lensGeneration}`))],
      ranks: nodes.map((n: any) => { const r = { ...n }; delete r.persons; delete r.farcasterGeneration; delete r.lensGeneration; return r; }) as NaiveRank[],
    };
  }
  const close = (a: NaiveRank[], b: NaiveRank[]) => {
    expect(a.map((r) => [r.rank, r.fid, r.profileId])).toEqual(b.map((r) => [r.rank, r.fid, r.profileId]));
    a.forEach((r, i) => {
      expect(r.combinedPercentile).toBeCloseTo(b[i].combinedPercentile, 12);
      expect(r.farcasterPercentile).toBeCloseTo(b[i].farcasterPercentile, 12);
      expect(r.lensPercentile).toBeCloseTo(b[i].lensPercentile, 12);
    });
  };
  const bump = () => s.testDb.db.sql.exec(BUMP_DATA_VERSION_SQL);

  const PAIRS = '{ totalCount lensOnly farcasterOnly union edges { node { fid profileId farcasterUser { fid } lensProfile { profileId } } } pageInfo { hasNextPage hasPreviousPage } }';
  const pairs = (c: any) => c.edges.map((e: any) => [e.node.fid, e.node.profileId]);

  it('when the overlap of (1, 0x01) is asked from either side, then (2, 0x02), (2, 0x0b), (3, 0x03), with 2 on Lens only, 1 on Farcaster only, 6 in all', async () => {
    const d = await s.gql.request<any>(`{ farcasterUser(fid: 1) { audienceOverlap(lensProfile: "0x1") ${PAIRS} } lensProfile(id: "0x01") { audienceOverlap(fid: 1) ${PAIRS} } }`);
    for (const c of [d.farcasterUser.audienceOverlap, d.lensProfile.audienceOverlap]) {
      expect(pairs(c)).toEqual([[2, '0x02'], [2, '0x0b'], [3, '0x03']]);
      expect([c.totalCount, c.lensOnly, c.farcasterOnly, c.union]).toEqual([3, 2, 1, 6]);
      expect(c.edges.map((e: any) => [e.node.farcasterUser.fid, e.node.lensProfile.profileId])).toEqual(pairs(c));
    }
  });

  it('when the Lens side is the smaller (3, 0x03) or is made so (1, 0x01), then the same pairs as from the Farcaster side', async () => {
    const d = await s.gql.request<any>(`{ farcasterUser(fid: 3) { audienceOverlap(lensProfile: "0x03") ${PAIRS} } }`);
    expect(pairs(d.farcasterUser.audienceOverlap)).toEqual([[2, '0x02']]);
    expect([d.farcasterUser.audienceOverlap.lensOnly, d.farcasterUser.audienceOverlap.farcasterOnly, d.farcasterUser.audienceOverlap.union]).toEqual([0, 3, 4]);
    // 0x01 has 8 Lens followers and fid 1 has 5: the Farcaster side drives, unless the Lens count says fewer.
    await sql("UPDATE lens_profile_stats SET followers = 0 WHERE profile_id = '0x01'");
    await bump();
    try {
      const e = await s.gql.request<any>(`{ farcasterUser(fid: 1) { audienceOverlap(lensProfile: "0x01") ${PAIRS} } }`);
      expect(pairs(e.farcasterUser.audienceOverlap)).toEqual([[2, '0x02'], [2, '0x0b'], [3, '0x03']]);
    } finally {
      await sql("UPDATE lens_profile_stats s SET followers = 8 WHERE profile_id = '0x01'");
      await bump();
    }
  });

  it('when the overlap is paged, then offset pages from either end with exact flags', async () => {
    const first = await s.gql.request<any>('{ farcasterUser(fid: 1) { audienceOverlap(lensProfile: "0x01", first: 2) { edges { cursor node { fid profileId } } pageInfo { hasNextPage hasPreviousPage endCursor } } } }');
    const c = first.farcasterUser.audienceOverlap;
    expect([pairs(c), c.pageInfo.hasNextPage, c.pageInfo.hasPreviousPage]).toEqual([[[2, '0x02'], [2, '0x0b']], true, false]);
    const next = await s.gql.request<any>(`{ farcasterUser(fid: 1) { audienceOverlap(lensProfile: "0x01", first: 2, after: "${c.pageInfo.endCursor}") { edges { node { fid profileId } } pageInfo { hasNextPage hasPreviousPage } } } }`);
    expect([pairs(next.farcasterUser.audienceOverlap), next.farcasterUser.audienceOverlap.pageInfo]).toEqual([[[3, '0x03']], { hasNextPage: false, hasPreviousPage: true }]);
    const last = await s.gql.request<any>('{ lensProfile(id: "0x01") { audienceOverlap(fid: 1, last: 2) { edges { node { fid profileId } } pageInfo { hasNextPage hasPreviousPage } } } }');
    expect([pairs(last.lensProfile.audienceOverlap), last.lensProfile.audienceOverlap.pageInfo]).toEqual([[[2, '0x0b'], [3, '0x03']], { hasNextPage: false, hasPreviousPage: true }]);
  });

  it('when a follow changes, then the overlap follows it at once (live)', async () => {
    await sql('UPDATE fc_link SET deleted_at = NULL WHERE fid = 5 AND target_fid = 1');
    await bump();
    try {
      const d = await s.gql.request<any>(`{ farcasterUser(fid: 1) { audienceOverlap(lensProfile: "0x01") ${PAIRS} } }`);
      expect(pairs(d.farcasterUser.audienceOverlap)).toEqual([[2, '0x02'], [2, '0x0b'], [3, '0x03'], [5, '0x05']]);
      expect(d.farcasterUser.audienceOverlap.lensOnly).toBe(1);
    } finally {
      await sql("UPDATE fc_link SET deleted_at = '2024-06-01T00:00:00Z' WHERE fid = 5 AND target_fid = 1");
      await bump();
    }
  });

  it('when the pair is not matched or an id is unknown, then NOT_FOUND naming them (GraphQL) and a 404 (REST)', async () => {
    const res = await errorOf(s.gql.request(`{ farcasterUser(fid: 1) { fid a: audienceOverlap(lensProfile: "0x02") { totalCount } b: audienceOverlap(lensProfile: "0x99") { totalCount } }
      lensProfile(id: "0x07") { c: audienceOverlap(fid: 7) { totalCount } d: audienceOverlap(fid: 999) { totalCount } } }`));
    expect(res.data).toEqual({ farcasterUser: { fid: 1, a: null, b: null }, lensProfile: { c: null, d: null } });
    expect((res.errors ?? []).map((e) => [e.extensions?.code, e.message]).sort()).toEqual([
      ['NOT_FOUND', 'Farcaster user 1 and Lens profile 0x02 are not matched: no live verified Ethereum address of the user owns the profile'],
      ['NOT_FOUND', 'Farcaster user 7 and Lens profile 0x07 are not matched: no live verified Ethereum address of the user owns the profile'],
      ['NOT_FOUND', 'Farcaster user 999 not found'],
      ['NOT_FOUND', 'Lens profile 0x99 not found'],
    ]);
    expect(await s.rest('/api/v2/cross/overlap?fid=8&profile=0x08')).toMatchObject({ status: 404, body: { statusCode: 404,
      message: 'Farcaster user 8 and Lens profile 0x08 are not matched: no live verified Ethereum address of the user owns the profile', error: 'Not Found' } });
    expect(await s.rest('/api/v2/cross/overlap?fid=999&profile=0x01')).toMatchObject({ status: 404, body: { message: 'Farcaster user 999 not found' } });
    expect(await s.rest('/api/v2/cross/overlap?fid=1&profile=0x99')).toMatchObject({ status: 404, body: { message: 'Lens profile 0x99 not found' } });
    expect(await s.rest('/api/v2/cross/overlap?fid=1')).toMatchObject({ status: 400, body: { message: 'profile is required' } });
    expect(await s.rest('/api/v2/cross/overlap?fid=x&profile=0x01')).toMatchObject({ status: 400 });
    expect((await s.rest('/api/v2/farcaster/user/999/cross-rank')).status).toBe(404);
  });

  it('when the overlap routes are called, then the GraphQL page flattened (page info, persons with both summaries) and the counts on their own route', async () => {
    const r = await s.rest('/api/v2/cross/overlap?fid=1&profile=0x01&first=2');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ fid: 1, totalCount: 3, pageInfo: { hasNextPage: true, hasPreviousPage: false } });
    expect(r.body.lensOnly).toBeUndefined();
    expect(await s.rest('/api/v2/cross/overlap/counts?fid=1&profile=0x1')).toMatchObject({ status: 200, body: { fid: 1, totalCount: 3, lensOnly: 2, farcasterOnly: 1, union: 6 } });
    expect(await s.rest('/api/v2/cross/overlap/counts?fid=3&profile=0x03')).toMatchObject({ status: 200, body: { fid: 3, totalCount: 1, lensOnly: 0, farcasterOnly: 3, union: 4 } });
    expect((await s.rest('/api/v2/cross/overlap/counts?fid=1&profile=0x02')).status).toBe(404);
    expect(r.body.persons.map((p: any) => [p.fid, p.profileId, p.farcasterUser.fid, p.lensProfile.id, p.lensProfile.handle?.localName])).toEqual([
      [2, '0x02', 2, '0x02', 'bob'], [2, '0x0b', 2, '0x0b', 'bob2']]);
    const next = await s.rest(`/api/v2/cross/overlap?fid=1&profile=0x01&first=2&after=${r.body.pageInfo.endCursor}`);
    expect(next.body.persons.map((p: any) => [p.fid, p.profileId])).toEqual([[3, '0x03']]);
  });

  it('when the ranking is asked, then every matched person ranked as computed from the two generations\' graph-score ranks, on both faces', async () => {
    const naive = await naiveRanking();
    const got = await served();
    expect(got.total).toBe(8);
    expect(got.generations).toEqual([naive.generations.join('/')]);
    close(got.ranks, naive.ranks);
    const rest = await s.rest('/api/v2/cross/ranking?first=3&page=2');
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ totalCount: 8, page: 2, totalPages: 3 });
    expect(rest.body.persons.map((p: any) => [p.rank, p.fid, p.profileId, p.farcasterUser.fid, p.lensProfile.id])).toEqual(
      naive.ranks.slice(3, 6).map((r) => [r.rank, r.fid, r.profileId, r.fid, r.profileId]));
    const end = await s.rest('/api/v2/cross/ranking?last=3');
    expect([end.body.persons.map((p: any) => p.rank), end.body.pageInfo.hasPreviousPage, end.body.pageInfo.hasNextPage]).toEqual([[6, 7, 8], true, false]);
  });

  it('when a user or a profile is asked its rank, then its best-ranked person; unmatched ones have none', async () => {
    const { ranks } = await naiveRanking();
    const best = (pick: (r: NaiveRank) => boolean) => ranks.filter(pick)[0];
    const d = await s.gql.request<any>(`{ farcasterUsers(fids: [1, 2, 7]) { fid crossProtocolRank { ${RANK_FIELDS} } }
      lensProfiles(ids: ["0x0b", "0x0a"]) { profileId crossProtocolRank { rank fid profileId } } }`);
    expect(d.farcasterUsers.map((u: any) => u.crossProtocolRank?.rank ?? null)).toEqual([best((r) => r.fid === 1).rank, best((r) => r.fid === 2).rank, null]);
    expect(d.lensProfiles[0].crossProtocolRank).toEqual({ rank: best((r) => r.profileId === '0x0b').rank, fid: 2, profileId: '0x0b' });
    expect(d.lensProfiles[1].crossProtocolRank).toBeNull();
    const fc = await s.rest('/api/v2/farcaster/user/1/cross-rank');
    expect([fc.status, fc.body.fid, fc.body.crossProtocolRank.rank, fc.body.crossProtocolRank.lensProfile.id]).toEqual([200, 1, best((r) => r.fid === 1).rank, best((r) => r.fid === 1).profileId]);
    expect(await s.rest('/api/v2/lens/profile/0x0a/cross-rank')).toMatchObject({ status: 200, body: { profileId: '0x0a', crossProtocolRank: null } });
  });

  it('when the ranking is stored, then it is what answers; when its generation row is missing, then it is computed again', async () => {
    const [{ n }] = await sql<{ n: number }>('SELECT count(*)::int AS n FROM cross_protocol_rank');
    expect(n).toBe(8);
    await sql('UPDATE cross_protocol_rank SET combined = 0.125 WHERE rank = 1');
    await bump();
    expect((await served()).ranks[0].combinedPercentile).toBe(0.125);
    await sql('DELETE FROM cross_protocol_generation');
    await bump();
    close((await served()).ranks, (await naiveRanking()).ranks);
    const end = await s.gql.request<any>('{ crossProtocolRanking(last: 2) { totalCount edges { node { rank } } } }');
    expect([end.crossProtocolRanking.totalCount, end.crossProtocolRanking.edges.map((e: any) => e.node.rank)]).toEqual([8, [7, 8]]);
    await refreshAnalytics(s.testDb.db, { protocols: ['lens'] });
  });

  it('when only Lens is refreshed, then between its flip and the cross step the answers are computed from the new Lens and current Farcaster generations, and after it stored under them, the old pair dropped', async () => {
    const before = await naiveRanking();
    // 0x0b (followed by nobody) gains followers on Lens: its graph-score rank rises in the next Lens generation.
    await sql(`INSERT INTO lens_follow (profile_id, follower_profile_id, timestamp) VALUES
      ('0x0b', '0x01', '2024-06-30T00:00:00Z'), ('0x0b', '0x02', '2024-06-30T00:00:00Z'), ('0x0b', '0x05', '2024-06-30T00:00:00Z'), ('0x0b', '0x0100', '2024-06-30T00:00:00Z')`);
    let during: { served: Awaited<ReturnType<typeof served>>; naive: Awaited<ReturnType<typeof naiveRanking>>; stored: number } | null = null;
    await refreshAnalytics(s.testDb.db, {
      protocols: ['lens'],
      afterStep: async (_p, step) => {
        if (step !== 'cleanup') return;
        const [{ n }] = await sql<{ n: number }>('SELECT count(*)::int AS n FROM cross_protocol_generation g, protocol_state l WHERE l.protocol = \'lens\' AND g.lens_generation = l.generation');
        during = { served: await served(), naive: await naiveRanking(), stored: n };
      },
    });
    expect(during).not.toBeNull();
    const mid = during!;
    expect(mid.stored).toBe(0);
    expect(mid.naive.generations).toEqual([before.generations[0], before.generations[1] + 1]);
    expect(mid.served.generations).toEqual([mid.naive.generations.join('/')]);
    close(mid.served.ranks, mid.naive.ranks);
    const lensOf = (r: { ranks: NaiveRank[] }) => r.ranks.find((x) => x.profileId === '0x0b')!.lensPercentile;
    expect(lensOf(mid.naive)).toBeGreaterThan(lensOf(before));

    const after = await served();
    expect(after.generations).toEqual([mid.naive.generations.join('/')]);
    close(after.ranks, mid.naive.ranks);
    const keys = await sql<{ fc_generation: number; lens_generation: number }>('SELECT DISTINCT fc_generation, lens_generation FROM cross_protocol_rank');
    expect(keys).toEqual([{ fc_generation: mid.naive.generations[0], lens_generation: mid.naive.generations[1] }]);
    const marks = await sql<{ persons: number }>('SELECT persons FROM cross_protocol_generation');
    expect(marks).toEqual([{ persons: 8 }]);
  });

  it('when the fields are asked for many users and profiles, then the statements do not grow with them', async () => {
    const root = await s.statementsFor(() => s.gql.request('{ farcasterUsers(fids: [1, 2]) { fid } }'));
    const q = (fids: number[]) => `{ farcasterUsers(fids: [${fids.join(',')}]) { fid crossProtocolRank { rank lensProfile { id: nativeId } } } }`;
    const small = await s.statementsFor(() => s.gql.request(q([1, 2])));
    expect(await s.statementsFor(() => s.gql.request(q([1, 2, 3, 4, 5, 6, 7, 8, 9])))).toBe(small);
    expect(small).toBeLessThanOrEqual(root + 3);
  });
});
