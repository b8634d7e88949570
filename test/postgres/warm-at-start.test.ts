// WARM_AT_START on the real server process: by default the server warms its
// database once it serves and /readyz says when that is done; `off` warms nothing.
import { WARM_RELATIONS } from '../../src/db/warm-relations';
import { startServerProcess, type ServerProcess } from '../helpers/server-process';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

describe('warm at start', () => {
  let t: TestDatabase;
  beforeAll(async () => { t = await createTestDatabase(); });
  afterAll(async () => { await t.close(); });

  const readyz = async (server: ServerProcess) => (await fetch(`http://127.0.0.1:${server.port}/readyz`)).json() as Promise<{ status: string; warm: { state: string; relationsDone: number } }>;

  async function stop(server: ServerProcess) {
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
  }

  it('when the server starts, then it warms with no manual step and /readyz says when it is done, ready all along', async () => {
    const server = await startServerProcess({ DATABASE_URL: t.url! });
    try {
      let r = await readyz(server);
      expect(r.status).toBe('ready');
      for (let i = 0; i < 200 && r.warm.state === 'warming'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        r = await readyz(server);
      }
      expect(r.warm).toMatchObject({ state: 'done', relationsDone: WARM_RELATIONS.length });
    } finally {
      await stop(server);
    }
  });

  it('when WARM_AT_START=off, then nothing is warmed', async () => {
    const server = await startServerProcess({ DATABASE_URL: t.url!, WARM_AT_START: 'off' });
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await readyz(server)).warm).toMatchObject({ state: 'off', relationsDone: 0 });
    } finally {
      await stop(server);
    }
  });
});
