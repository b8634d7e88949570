// The ingest use case (src/jobs/ingest.ts): import, classify, refresh as one
// sequence, run the same way by the CLI and the test server (that the two agree:
// test/system/ingest-cli.test.ts).
import { withRefreshLock } from '../../src/analytics/refresh-lock';
import { loadConfig } from '../../src/config/load-config';
import type { Database } from '../../src/db/database';
import { ingest, type IngestSink } from '../../src/jobs/ingest';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';
import { fixture } from '../helpers/test-server';

const classifiers = async (db: Database) =>
  (await db.sql.query<{ classifier: string }>('SELECT DISTINCT classifier FROM post_content ORDER BY classifier')).map((r) => r.classifier);

describe('ingest', () => {
  const dbs: TestDatabase[] = [];
  const fresh = async () => { const t = await createTestDatabase(); dbs.push(t); return t.db; };
  afterAll(async () => {
    for (const t of dbs) await t.close();
  });

  it('when only import and refresh are asked for, then only they run, in order, and nothing is labelled', async () => {
    const db = await fresh();
    const heard: string[] = [];
    const sink: IngestSink = {
      starting: (step) => heard.push(`start ${step}`),
      imported: () => heard.push('imported'),
      classified: () => heard.push('classified'),
      refreshed: (reports) => heard.push(`refreshed ${reports.map((r) => r.protocol).join(',')}`),
    };
    const report = await ingest(db, loadConfig({}), { import: { dir: fixture('analytics'), progress: 'silent' }, refresh: {} }, sink);
    expect(heard).toEqual(['start import', 'imported', 'start refresh', 'refreshed farcaster,lens']);
    expect(report.imported?.rowsOk).toBeGreaterThan(0);
    expect(report.classified).toBeUndefined();
    expect(await classifiers(db)).toEqual([]);
  });

  it('when another refresh is running, then the refresh step fails by default, and with whenBusy skip returns null', async () => {
    const db = await fresh();
    const config = loadConfig({});
    await withRefreshLock(db.sql, async () => {
      await expect(ingest(db, config, { refresh: {} })).rejects.toThrow('another refresh is running; try again when it has finished');
      expect(await ingest(db, config, { refresh: {}, whenBusy: 'skip' })).toEqual({ refreshed: null });
    });
  });
});
