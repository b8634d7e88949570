// The quality score on the quality fixture (its README derives every feature):
// the stored score of each account on both protocols, recomputed here from the
// README's feature values and the model's weights (the trust percentile from
// the stored graph scores); the quality field and its REST routes; minQuality
// on followers, trending users and trending casts; a 400 outside 0..1.
import { QUALITY_MODEL } from '../../src/analytics/quality/model';
import { errorOf } from '../helpers/graphql-error';
import { startTestServer, type TestServer } from '../helpers/test-server';

let s: TestServer;
beforeAll(async () => { s = await startTestServer({ fixture: 'quality' }); }, 120_000);
afterAll(async () => { await s?.close(); });

const AGE_FARM = 2 / 365;
/** The README's feature values per account (TRUST comes from the graph scores), in the model's order after TRUST. */
const FEATURES: Record<'farcaster' | 'lens', Record<string, number[]>> = {
  farcaster: {
    1: [1, 1, 1, 0, 0, 0, 0, 0.5], 2: [1, 1, 0.5, 0, 1, 0, 0, 0], 3: [1, 1, 0, 0, 0, 0, 0, 0], 4: [0, 1, 0, 0, 0, 0, 0, 0],
    5: [0, AGE_FARM, 0.5, 0.5, -1, 0.25, 5 / 6, 1], 6: [0, AGE_FARM, 0.5, 0.5, -1, 0, 0, 1], 7: [0, AGE_FARM, 0.5, 0.5, 0, 0, 0, 1],
  },
  lens: {
    '0x01': [1, 1, 1, 0, 0, 0, 0, 0.5], '0x02': [1, 1, 1, 0, 0, 0, 0, 0], '0x03': [1, 1, 1, 0, 0, 0, 0, 0], '0x04': [0, 1, 0, 0, 0, 0, 0, 0],
    '0x05': [0, AGE_FARM, 0, 0.5, -1, 0.25, 5 / 6, 1], '0x06': [0, AGE_FARM, 0, 0.5, 0, 0, 0, 1], '0x07': [0, AGE_FARM, 0, 0.5, 0, 0, 0, 1],
  },
};

/** percent_rank over the graph scores (equal to nine decimals tie). */
function percentiles(scores: Map<string, number>): Map<string, number> {
  const rounded = [...scores].map(([id, g]) => [id, Math.round(g * 1e9)] as const);
  return new Map(rounded.map(([id, g]) => [id, rounded.filter(([, h]) => h < g).length / (rounded.length - 1)]));
}

const expectedScore = (values: number[]) => {
  const z = QUALITY_MODEL.bias + QUALITY_MODEL.features.reduce((a, f, i) => a + f.weight * (values[i] - f.centre), 0);
  return 1 / (1 + Math.exp(-z));
};

describe.each(['farcaster', 'lens'] as const)('%s quality rows', (protocol) => {
  const t = protocol === 'farcaster' ? { q: 'fc_quality', g: 'fc_graph_score', key: 'fid' } : { q: 'lens_quality', g: 'lens_graph_score', key: 'profile_id' };
  const read = async () => s.testDb.db.sql.query<{ id: string; score: number; version: number; contributions: number[]; g: number }>(
    `SELECT q.${t.key}::text AS id, q.score, q.version, q.contributions, g.score AS g FROM ${t.q} q
     JOIN ${t.g} g USING (generation, ${t.key}) JOIN protocol_state ps ON ps.protocol = '${protocol}' AND ps.generation = q.generation`);

  it('when refreshed, then every account has one score in [0, 1] at the model version, equal to the logistic of the README\'s features', async () => {
    const rows = await read();
    expect(rows.map((r) => r.id).sort()).toEqual(Object.keys(FEATURES[protocol]).sort());
    const trust = percentiles(new Map(rows.map((r) => [r.id, r.g])));
    expect([...trust].sort()).toEqual(Object.keys(FEATURES[protocol]).sort().map((id, i) => [id, [1, 5 / 6, 4 / 6, 0, 1 / 6, 1 / 6, 1 / 6][i]]));
    for (const r of rows) {
      const values = [trust.get(r.id)!, ...FEATURES[protocol][r.id]];
      expect(r.version).toBe(QUALITY_MODEL.version);
      expect(r.score).toBeGreaterThanOrEqual(0);
      expect(r.score).toBeLessThanOrEqual(1);
      expect([r.id, r.score]).toEqual([r.id, expect.closeTo(expectedScore(values), 6)]);
      expect(r.contributions.map((c) => Number(c.toFixed(5))))
        .toEqual(QUALITY_MODEL.features.map((f, i) => Number((f.weight * (values[i] - f.centre)).toFixed(5))));
    }
  });

  it('when ordered, then every real account scores above every farm account, and the spammer lowest', async () => {
    const by = new Map((await read()).map((r) => [r.id, r.score]));
    const ids = Object.keys(FEATURES[protocol]);
    const [real, farm] = [ids.slice(0, 4), ids.slice(4)];
    expect(Math.min(...real.map((id) => by.get(id)!))).toBeGreaterThan(Math.max(...farm.map((id) => by.get(id)!)));
    expect(Math.min(...ids.map((id) => by.get(id)!))).toBe(by.get(ids[4]));
    expect(real.slice(0, 3).every((id) => by.get(id)! > 0.9)).toBe(true);
  });
});

describe('quality field and routes', () => {
  const FIELD = 'quality { score version explanation { feature value contribution } }';

  it('when the spammer is asked on both faces, then its largest contributions explain its score, fresh followers and duplicate text first', async () => {
    const d = await s.gql.request<{ farcasterUser: { quality: { score: number; version: number; explanation: { feature: string; value: number; contribution: number }[] } } }>(
      `{ farcasterUser(fid: 5) { ${FIELD} } }`);
    const q = d.farcasterUser.quality;
    expect(q.version).toBe(2);
    expect(q.explanation.slice(0, 5)).toEqual([
      { feature: 'FRESH_FOLLOWERS', value: 1, contribution: -3 },
      { feature: 'DUPLICATE_TEXT', value: 0.833333, contribution: -2.5 },
      { feature: 'SHARED_WALLET', value: 0.5, contribution: -1.5 },
      { feature: 'TRUSTED_ENGAGEMENT', value: -1, contribution: -1.5 },
      { feature: 'TRUST', value: 0.166667, contribution: -1.33333 },
    ]);
    expect(q.explanation).toHaveLength(QUALITY_MODEL.features.length);
    const rest = await s.rest('/api/v2/farcaster/user/5/quality');
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual({ fid: 5, quality: { ...q, explanation: q.explanation.map((e) => ({ ...e, feature: e.feature.toLowerCase() })) } });
    const lens = await s.rest('/api/v2/lens/profile/0x01/quality');
    expect([lens.status, lens.body.profileId, lens.body.quality.explanation[0]]).toEqual([200, '0x01', { feature: 'trust', value: 1, contribution: 2 }]);
    expect((await s.rest('/api/v2/farcaster/user/999/quality')).status).toBe(404);
  });

  it('when several users ask for quality, then one statement reads them all', async () => {
    const ask = (fids: number[]) => s.gql.request(`{ ${fids.map((f) => `f${f}: farcasterUser(fid: ${f}) { quality { score } }`).join(' ')} }`);
    await ask([1]);
    const one = await s.statementsFor(() => ask([1, 2]));
    expect(await s.statementsFor(() => ask([1, 2, 3, 4, 5, 6]))).toBe(one);
  });
});

describe('minQuality', () => {
  it('when followers are asked with minQuality 0.5, then only the real followers remain, on both protocols, and the count with them', async () => {
    const d = await s.gql.request<{ farcasterUser: { all: { totalCount: number }; kept: { totalCount: number; edges: { node: { fid: number } }[] } };
      lensProfile: { kept: { totalCount: number; edges: { node: { profileId: string } }[] } } }>(`{
      farcasterUser(fid: 1) { all: followers(first: 10) { totalCount } kept: followers(first: 10, minQuality: 0.5) { totalCount edges { node { fid } } } }
      lensProfile(id: "0x01") { kept: followers(first: 10, minQuality: 0.5) { totalCount edges { node { profileId } } } } }`);
    expect(d.farcasterUser.all.totalCount).toBe(6);
    expect([d.farcasterUser.kept.totalCount, d.farcasterUser.kept.edges.map((e) => e.node.fid)]).toEqual([2, [3, 2]]);
    expect([d.lensProfile.kept.totalCount, d.lensProfile.kept.edges.map((e) => e.node.profileId)]).toEqual([2, ['0x03', '0x02']]);
  });

  it('when trending users are asked with minQuality, then the farm gainers are left out', async () => {
    const ask = async (extra: string) => (await s.gql.request<{ trending: { totalCount: number; edges: { node: { user: { id: string } } }[] } }>(
      `{ trending(protocol: FARCASTER, ratio: WEEK${extra}) { totalCount edges { node { user { id: nativeId } } } } }`)).trending;
    const all = await ask('');
    expect(all.edges.map((e) => e.node.user.id).sort()).toEqual(['1', '5', '6', '7']);
    const kept = await ask(', minQuality: 0.5');
    expect([kept.totalCount, kept.edges.map((e) => e.node.user.id)]).toEqual([1, ['1']]);
  });

  it('when the /api/v2 follower and trending-user routes are given minQuality 0.5, then they keep the same accounts', async () => {
    const fc = await s.rest('/api/v2/farcaster/user/1/followers?minQuality=0.5');
    expect([fc.status, fc.body.totalCount, fc.body.users.map((u: { fid: number }) => u.fid)]).toEqual([200, 2, [3, 2]]);
    const lens = await s.rest('/api/v2/lens/profile/0x01/followers?minQuality=0.5');
    expect([lens.status, lens.body.totalCount, lens.body.profiles.map((p: { id: string }) => p.id)]).toEqual([200, 2, ['0x03', '0x02']]);
    expect((await s.rest('/api/v2/farcaster/user/1/followers')).body.totalCount).toBe(6);
    const trending = async (query: string) => (await s.rest(`/api/v2/farcaster/users/trending?ratio=week${query}`)).body;
    expect((await trending('')).users.map((u: { id: string }) => u.id).sort()).toEqual(['1', '5', '6', '7']);
    const kept = await trending('&minQuality=0.5');
    expect([kept.totalCount, kept.users.map((u: { id: string }) => u.id)]).toEqual([1, ['1']]);
    expect((await s.rest('/api/v2/lens/profiles/trending?minQuality=2')).status).toBe(400);
  });

  it('when minQuality is outside 0..1, then a 400 on both faces', async () => {
    const e = await errorOf(s.gql.request('{ farcasterUser(fid: 1) { followers(first: 2, minQuality: 1.5) { totalCount } } }'));
    expect(e.errors?.map((x) => x.extensions?.code)).toEqual(['BAD_USER_INPUT']);
    const r = await s.rest('/api/v2/farcaster/casts/trending?minQuality=1.5');
    expect(r.status).toBe(400);
    // A fraction is a number, not an integer, in the REST face's words.
    expect(r.body).toMatchObject({ message: 'minQuality must be a number between 0 and 1' });
  });

  it('when trending casts are asked with minQuality, then the farm member\'s cast is left out', async () => {
    const fids = async (q: string) => {
      const r = await s.rest(`/api/v2/farcaster/casts/trending?window=7d${q}`);
      expect(r.status).toBe(200);
      return [...new Set(r.body.casts.map((c: { fid: number }) => c.fid))];
    };
    expect((await fids('')).sort()).toEqual([2, 6]);
    expect(await fids('&minQuality=0.5')).toEqual([2]);
    expect(await fids('&minQuality=0')).toEqual(await fids(''));
  });
});
