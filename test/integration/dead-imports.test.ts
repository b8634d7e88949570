// Runs left 'running' by an import process that died: failed by the next
// import (or recoverDeadImports at server start-up), never while their owner
// lives. Postgres tells by the run's advisory lock, PGlite by the runs of this
// process. PGlite, or Postgres with TEST_DATABASE_URL; the real kill -9 is in
// test/postgres/import-crash.test.ts.
import { recoverDeadImports } from '../../src/importer/dead-imports';
import { importDataset } from '../../src/importer/import-dataset';
import { DEAD_RUN_ERROR, withImportRun } from '../../src/importer/import-run';
import { createTestDatabase, onPostgres, type TestDatabase } from '../helpers/test-database';
import { fixture } from '../helpers/test-server';

let t: TestDatabase;
beforeEach(async () => { t = await createTestDatabase(); });
afterEach(() => t.close());

const runs = () => t.db.sql.query<{ id: number; status: string; error: string | null; finished: boolean }>(
  `SELECT id, status, report->>'error' AS error, finished_at IS NOT NULL AS finished FROM import_run ORDER BY id`);
const stagingTables = async () => (await t.db.sql.query<{ relname: string }>(
  `SELECT relname FROM pg_class WHERE relkind = 'r' AND relname LIKE '\\_import\\_%' ORDER BY relname`)).map((r) => r.relname);
/** A run row as a process that died mid-import leaves it: 'running', no lock, not this process's. */
const deadRun = async () => (await t.db.sql.query<{ id: number }>(
  `INSERT INTO import_run (source, status) VALUES ('/gone', 'running') RETURNING id`))[0].id;

describe(`dead import runs (${onPostgres() ? 'Postgres' : 'PGlite'})`, () => {
  it('when a run was left running by a dead process, then the next import fails it with the reason and drops its staging tables', async () => {
    const dead = await deadRun();
    if (onPostgres()) await t.db.sql.exec(`CREATE UNLOGGED TABLE "_import_${dead}_fc_user_0badf00d" (LIKE fc_user)`);
    await importDataset(t.db, { dir: fixture('import-basic'), progress: 'silent' });
    const [left, next] = await runs();
    expect(left).toEqual({ id: dead, status: 'failed', error: DEAD_RUN_ERROR, finished: true });
    expect(next).toMatchObject({ id: dead + 1, status: 'ok', error: null });
    expect(await stagingTables()).toEqual([]);
  });

  it('when a run is alive, then recoverDeadImports leaves it and its staging tables, and fails only the dead one beside it', async () => {
    const dead = await deadRun();
    const seen = await withImportRun(t.db.sql, '/alive', async (id, session) => {
      if (onPostgres()) await session.exec(`CREATE UNLOGGED TABLE "_import_${id}_fc_user_0123abcd" (LIKE fc_user)`);
      const recovered = await recoverDeadImports(t.db.sql);
      const [, alive] = await runs();
      const tables = onPostgres() ? await stagingTables() : [];
      if (onPostgres()) await session.exec(`DROP TABLE "_import_${id}_fc_user_0123abcd"`);
      return { id, recovered, alive, tables };
    });
    expect(seen.recovered).toEqual({ failedRuns: [dead], droppedStagingTables: 0 });
    expect(seen.alive).toEqual({ id: seen.id, status: 'running', error: null, finished: false });
    if (onPostgres()) expect(seen.tables).toEqual([`_import_${seen.id}_fc_user_0123abcd`]);
  });

  if (onPostgres()) {
    it('when the connection holding a run\'s lock dies, then the run is failed while its process still waits', async () => {
      let release!: () => void;
      const holding = new Promise<void>((resolve) => { release = resolve; });
      let runId = 0;
      let backend = 0;
      let ready!: () => void;
      const started = new Promise<void>((resolve) => { ready = resolve; });
      const run = withImportRun(t.db.sql, '/doomed', async (id, session) => {
        runId = id;
        backend = (await session.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'))[0].pid;
        ready();
        await holding;
      });
      await started;
      expect((await recoverDeadImports(t.db.sql)).failedRuns).toEqual([]);
      await t.db.sql.query('SELECT pg_terminate_backend($1)', [backend]);
      // The server releases the lock as the backend exits, a moment after the call returns.
      let failed: number[] = [];
      for (let i = 0; i < 50 && !failed.length; i++) {
        failed = (await recoverDeadImports(t.db.sql)).failedRuns;
        if (!failed.length) await new Promise((r) => setTimeout(r, 100));
      }
      expect(failed).toEqual([runId]);
      release();
      await run;
      expect((await runs()).find((r) => r.id === runId)).toEqual({ id: runId, status: 'failed', error: DEAD_RUN_ERROR, finished: true });
    });
  }
});
