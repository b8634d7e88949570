// PERSONALIZED_RANK_PRELOAD on the real server process: with `on` the
// personalized rank's graphs of the current generation are loaded after start
// with no rank request (/readyz shows them held); with the default `off`
// nothing is loaded until a rank is asked for.
import { importDataset } from '../../src/importer/import-dataset';
import { refreshAnalytics } from '../../src/analytics/refresh';
import { startServerProcess, type ServerProcess } from '../helpers/server-process';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';
import { fixture } from '../helpers/test-server';

type Graphs = Record<'farcaster' | 'lens', { state: string; generation?: number; follows?: number }>;

describe('personalized rank graphs at start', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
    await importDataset(t.db, { dir: fixture('ppr-graph'), progress: 'silent' });
    await refreshAnalytics(t.db);
  });
  afterAll(async () => { await t.close(); });

  const graphsOf = async (server: ServerProcess): Promise<Graphs> =>
    (await (await fetch(`http://127.0.0.1:${server.port}/readyz`)).json()).rankGraphs;

  async function stop(server: ServerProcess) {
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
  }

  it('when the server starts with PERSONALIZED_RANK_PRELOAD=on, then both graphs of the current generation load with no rank request', async () => {
    const server = await startServerProcess({ DATABASE_URL: t.url!, PERSONALIZED_RANK_PRELOAD: 'on' });
    try {
      let graphs = await graphsOf(server);
      for (let i = 0; i < 300 && !(graphs.farcaster.state === 'loaded' && graphs.lens.state === 'loaded'); i++) {
        await new Promise((r) => setTimeout(r, 50));
        graphs = await graphsOf(server);
      }
      const rows = await t.db.sql.query<{ protocol: 'farcaster' | 'lens'; generation: number }>('SELECT protocol, generation FROM protocol_state');
      const generation = Object.fromEntries(rows.map((r) => [r.protocol, r.generation]));
      // The fixture's live follows, self-follows and unfollows left out (test/fixtures/ppr-graph/README.md): 11 each.
      expect(graphs).toMatchObject({
        farcaster: { state: 'loaded', generation: generation.farcaster, follows: 11 },
        lens: { state: 'loaded', generation: generation.lens, follows: 11 },
      });
    } finally {
      await stop(server);
    }
  });

  it('when the server starts with the default (off), then no graph is loaded until a rank asks', async () => {
    const server = await startServerProcess({ DATABASE_URL: t.url! });
    try {
      // This fixture's graphs load in milliseconds: a second and a half with none loaded shows none was started.
      await new Promise((r) => setTimeout(r, 1500));
      expect(await graphsOf(server)).toEqual({ farcaster: { state: 'not loaded' }, lens: { state: 'not loaded' } });
    } finally {
      await stop(server);
    }
  });
});
