// The warm at start on the test's database: on PostgreSQL every relation of
// WARM_RELATIONS is read and counted; on the embedded database there is nothing
// to warm; with another instance warming, this one leaves it to that one.
import { withAdvisoryLock } from '../../src/db/advisory-lock';
import { ADVISORY_LOCKS } from '../../src/db/advisory-locks';
import { StartWarmer } from '../../src/db/start-warm';
import { WARM_RELATIONS } from '../../src/db/warm-relations';
import { silentLog } from '../helpers/sync-wait';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase(); });
afterAll(() => t.close());

describe('warm at start', () => {
  it('when started, then it reads every relation (PostgreSQL) or needs none (embedded), and says so', async () => {
    const warmer = new StartWarmer(t.db.sql, silentLog);
    expect(warmer.status().state).toBe('off');
    await warmer.start();
    const s = warmer.status();
    if (t.db.sql.kind === 'postgres') {
      const [{ bytes }] = await t.db.sql.query<{ bytes: string }>(
        'SELECT sum(pg_relation_size(r::regclass))::text AS bytes FROM unnest($1::text[]) AS r', [[...WARM_RELATIONS]]);
      expect(s).toMatchObject({ state: 'done', relationsDone: WARM_RELATIONS.length, relations: WARM_RELATIONS.length, bytes: Number(bytes) });
    } else {
      expect(s).toMatchObject({ state: 'not needed', relationsDone: 0 });
    }
  });

  it('when another instance holds the warm lock, then this one skips it (PostgreSQL)', async () => {
    const warmer = new StartWarmer(t.db.sql, silentLog);
    await withAdvisoryLock(t.db.sql, ADVISORY_LOCKS.warm, () => warmer.start());
    expect(warmer.status().state).toBe(t.db.sql.kind === 'postgres' ? 'skipped' : 'not needed');
  });
});
