// A syncer holds its lock for as long as it follows the node: the jobs that run
// beside it (classify, refresh) must still run meanwhile.
import { classifyPosts } from '../../src/content/classify-posts';
import { withRefreshLock } from '../../src/analytics/refresh-lock';
import { withAdvisoryLock } from '../../src/db/advisory-lock';
import { importDataset } from '../../src/importer/import-dataset';
import { SYNC_LOCK } from '../../src/sync/sync-worker';
import { KeywordClassifier } from '../helpers/keyword-classifier';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';
import { fixture } from '../helpers/test-server';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await importDataset(t.db, { dir: fixture('content-pipeline'), progress: 'silent' });
});
afterAll(() => t.close());

describe('jobs beside a running sync', () => {
  it('when the sync holds its lock, then classify and the refresh lock still run', async () => {
    const ran = await withAdvisoryLock(t.db.sql, SYNC_LOCK, async () => ({
      classified: (await classifyPosts(t.db, { classifier: new KeywordClassifier() }))?.classified ?? null,
      refresh: await withRefreshLock(t.db.sql, () => Promise.resolve('ran')),
    }));
    expect(ran).toEqual({ classified: { farcaster: 4, lens: 2 }, refresh: 'ran' });
  });
});
