// The CLI's import and the test server's seed are one ingest: the same fixture
// under the same graph settings stores the same scores and labels.
import { refreshAnalytics } from '../../src/analytics/refresh';
import { runCli } from '../../src/cli/main';
import type { Config } from '../../src/config/config.schema';
import { loadConfig } from '../../src/config/load-config';
import type { Database } from '../../src/db/database';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';
import { fixture, startTestServer, type TestServer } from '../helpers/test-server';

/** Settings far from the defaults, so a run that ignores them stores other scores. */
const GRAPH: Partial<Config> = { GRAPH_ALPHA: 0.5, GRAPH_PRETRUST_FARCASTER: '40' };

const scores = (db: Database) => db.sql.query<{ fid: string; score: number }>(
  `SELECT fid::text AS fid, score FROM fc_graph_score
   WHERE generation = (SELECT generation FROM protocol_state WHERE protocol = 'farcaster') ORDER BY fid`);
const classifiers = async (db: Database) =>
  (await db.sql.query<{ classifier: string }>('SELECT DISTINCT classifier FROM post_content ORDER BY classifier')).map((r) => r.classifier);

describe('ingest by the CLI', () => {
  let s: TestServer | undefined;
  let t: TestDatabase | undefined;
  const fresh = async () => { t = await createTestDatabase(); return t.db; };
  afterAll(async () => {
    await s?.close();
    await t?.close();
  });

  it('when the test server and the CLI import a fixture with the same graph settings, then they store the same scores and labels', async () => {
    s = await startTestServer({ fixture: 'analytics', config: GRAPH });
    const db = await fresh();
    const out: string[] = [];
    const code = await runCli(['import', fixture('analytics'), '--progress', 'silent'], { out: (l) => out.push(l), err: () => undefined },
      { db, config: loadConfig({}, { LOG_LEVEL: 'silent', ...GRAPH }) });
    expect(code).toBe(0);
    expect(out.filter((l) => / read \d+, stored \d+/.test(l)).length).toBeGreaterThan(5);
    expect(out.find((l) => l.startsWith('imported '))).toMatch(/^imported \d+ rows read: stored \d+, updated \d+, unchanged \d+/);

    const served = await scores(s.testDb.db);
    expect(served.length).toBeGreaterThan(0);
    expect(served).toEqual(await scores(db));
    expect(await classifiers(s.testDb.db)).toEqual(await classifiers(db));
    // The settings mattered: the default refresh scores the same graph differently.
    await refreshAnalytics(s.testDb.db);
    expect(await scores(s.testDb.db)).not.toEqual(served);
  });
});
