// A first start on a new embedded data directory: a child process creates the
// database, migrates it and loads the demo dataset, then exits; the server opens
// the finished directory only afterwards (src/demo/first-start.ts). Real
// processes, the tiny demo scale.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Database } from '../../src/db/database';
import { SCALES } from '../../src/datagen/generate';
import { plantedPerPattern } from '../../src/datagen/spam';

const repo = path.join(__dirname, '..', '..');
/** Two starts and a tiny demo load: the slowest set-up of the suite, and a loaded machine stretches it several times over. */
const SET_UP_TIMEOUT_MS = 300_000;
let tmp: string;
const running: ChildProcess[] = [];

interface LogLine { pid: number; msg: string }

/** The server as `node --import tsx src/index.ts` (its pid is the server's), logging at info. */
function startServer(dataDir: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DEMO_SCALE: 'tiny', LOG_LEVEL: 'info' };
  delete env.DATABASE_URL;
  delete env.DEMO_DATA;
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], { cwd: repo, env });
  running.push(proc);
  let out = '';
  proc.stdout.on('data', (c) => { out += c; });
  proc.stderr.on('data', (c) => { out += c; });
  const exited = new Promise<number | null>((resolve) => proc.on('close', (code) => resolve(code)));
  const logLines = (): LogLine[] => out.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as LogLine);
  const waitFor = (test: () => boolean) => new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => { if (test()) { clearInterval(timer); resolve(); } }, 50);
    void exited.then((code) => { clearInterval(timer); reject(new Error(`server exited ${code}:\n${out}`)); });
  });
  return { proc, pid: proc.pid!, exited, output: () => out, logLines, waitFor };
}

const alive = (pid: number) => { try { process.kill(pid, 0); return true; } catch { return false; } };

beforeAll(() => { tmp = mkdtempSync(path.join(os.tmpdir(), 'sga-first-start-')); });
afterAll(() => {
  for (const p of running) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
  rmSync(tmp, { recursive: true, force: true });
});

describe('first start on a new data directory', () => {
  it('when the server starts, then a child process creates, migrates and loads the database, and the server answers from all of it', async () => {
    const dataDir = path.join(tmp, 'data');
    const server = startServer(dataDir);
    await server.waitFor(() => /service on http:\/\/localhost:(\d+)/.test(server.output()));
    const port = /service on http:\/\/localhost:(\d+)/.exec(server.output())![1];
    const key = /Demo API key[^:]*: (sga_\S+)/.exec(server.output())![1];

    // The set-up's log lines come from another process than the server's.
    const lines = server.logLines();
    const byMsg = (msg: string) => lines.find((l) => l.msg === msg);
    const loader = byMsg('first start: generating the tiny demo dataset')!.pid;
    expect(loader).not.toBe(server.pid);
    expect(byMsg('migrations applied')!.pid).toBe(loader);
    expect(byMsg('demo dataset imported; classifying posts')!.pid).toBe(loader);
    expect(alive(loader)).toBe(false);

    const get = async (route: string) => {
      const res = await fetch(`http://127.0.0.1:${port}${route}`, { headers: { apikey: key } });
      return { status: res.status, body: await res.json() as Record<string, unknown> };
    };
    expect(await get('/api/farcaster/user/profile/1')).toMatchObject({ status: 200, body: { fid: 1 } });
    // Ranks exist only once the refresh ran.
    expect(await get('/api/farcaster/profile/rank/1')).toMatchObject({ status: 200 });
    // The demo key has both scopes: its webhooks answer too.
    expect(await get('/api/v2/webhooks')).toMatchObject({ status: 200, body: { totalCount: 0 } });
    server.proc.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    // Everything the in-process load wrote is there: users, labels, analytics, the key and the flag.
    const db = Database.open({ dataDir });
    try {
      const [row] = await db.read<Record<string, number>>(`SELECT
        (SELECT count(*)::int FROM fc_user) AS users,
        (SELECT count(*)::int FROM post_content) AS labelled,
        (SELECT count(*)::int FROM fc_profile_stats) AS ranked,
        (SELECT count(*)::int FROM api_key WHERE name = 'demo') AS keys,
        (SELECT count(*)::int FROM app_meta WHERE key = 'demo_dataset') AS flags`);
      // The population plus the accounts the generator plants as labelled spam (src/datagen/spam.ts).
      expect(row.users).toBe(SCALES.tiny.farcasterUsers + 3 * plantedPerPattern(SCALES.tiny.farcasterUsers));
      expect(row.labelled).toBeGreaterThan(0);
      expect(row.ranked).toBeGreaterThan(0);
      expect(row).toMatchObject({ keys: 1, flags: 1 });
      expect(await db.read<{ scopes: string[] }>(`SELECT scopes FROM api_key WHERE name = 'demo'`)).toEqual([{ scopes: ['read', 'webhooks', 'personalize'] }]);
    } finally {
      await db.close();
    }

    // A second start opens the finished directory itself: no child, no new key.
    const again = startServer(dataDir);
    await again.waitFor(() => /service on http:\/\/localhost:\d+/.test(again.output()));
    expect(again.output()).not.toContain('Demo API key');
    expect(again.logLines().every((l) => l.pid === again.pid)).toBe(true);
    again.proc.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, SET_UP_TIMEOUT_MS);

  it('when the server is stopped during the set-up, then its child stops too and no process is left writing the directory', async () => {
    const dataDir = path.join(tmp, 'stopped');
    const server = startServer(dataDir);
    await server.waitFor(() => server.logLines().some((l) => l.msg === 'first start: generating the tiny demo dataset'));
    const loader = server.logLines().find((l) => l.msg === 'first start: generating the tiny demo dataset')!.pid;
    expect(alive(loader)).toBe(true);
    server.proc.kill('SIGTERM');
    await server.exited;
    expect(alive(loader)).toBe(false);
    expect(existsSync(path.join(dataDir, 'owner.lock'))).toBe(false);
  }, SET_UP_TIMEOUT_MS);
});
