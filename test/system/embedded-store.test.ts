// The embedded store (PGlite in DATA_DIR) with real processes: one process owns
// the directory, CLI commands run through the running server, a second server
// refuses, revocation reaches the server, kill -9 leaves a lock the next start
// takes over (and PGlite recovers), a CLI command with no server holds the lock.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config/load-config';
import { runCli } from '../../src/cli/main';
import { LOCK_FILE, type LockRecord } from '../../src/db/data-dir-lock';

const repo = path.join(__dirname, '..', '..');
const KEY_CACHE_SECONDS = 1;
let tmp: string;
let dataDir: string;
const lockFile = () => path.join(dataDir, LOCK_FILE);
const socketFile = () => path.join(dataDir, 'admin.sock');
const readLock = () => JSON.parse(readFileSync(lockFile(), 'utf8')) as LockRecord;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function env(): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = {
    ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DEMO_DATA: 'off', LOG_LEVEL: 'silent',
    KEY_CACHE_SECONDS: String(KEY_CACHE_SECONDS), DEFAULT_RATE_LIMIT: '1000000',
  };
  delete e.DATABASE_URL;
  return e;
}

interface Run { proc: ChildProcess; stdout: () => string; stderr: () => string; exited: Promise<number | null> }

/** `node --import tsx` so the child's pid is the process that holds the lock (the tsx binary would add a parent). */
function run(script: string, args: string[] = []): Run {
  const proc = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: repo, env: env() });
  let out = '';
  let err = '';
  proc.stdout.on('data', (c) => { out += c; });
  proc.stderr.on('data', (c) => { err += c; });
  const exited = new Promise<number | null>((resolve) => proc.on('close', (code) => resolve(code)));
  return { proc, stdout: () => out, stderr: () => err, exited };
}

interface Server extends Run { base: string; pid: number }
const servers: Server[] = [];

async function startServer(): Promise<Server> {
  const r = run('src/index.ts');
  const port = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /http:\/\/localhost:(\d+)/.exec(r.stdout());
      if (m) { clearInterval(timer); resolve(m[1]); }
    }, 50);
    void r.exited.then((code) => { clearInterval(timer); reject(new Error(`server exited ${code}: ${r.stderr()}`)); });
  });
  const s = { ...r, base: `http://127.0.0.1:${port}`, pid: r.proc.pid! };
  servers.push(s);
  return s;
}

async function stop(s: Server, signal: NodeJS.Signals): Promise<number | null> {
  s.proc.kill(signal);
  return s.exited;
}

async function cli(...argv: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const r = run('src/cli/main.ts', argv);
  const code = await r.exited;
  return { code, out: r.stdout(), err: r.stderr() };
}

async function createKey(name: string): Promise<{ id: string; key: string }> {
  const res = await cli('keys', 'create', '--name', name, '--json');
  expect(res).toMatchObject({ code: 0, err: '' });
  return JSON.parse(res.out);
}

/** An authenticated route that answers 200 on an empty database. */
const status = async (s: Server, key: string) =>
  (await fetch(`${s.base}/api/llm/categories`, { headers: { apikey: key } })).status;

/** Authenticated requests from `workers` loops until stopped; returns the statuses seen. */
function traffic(s: Server, key: string, workers = 4) {
  let on = true;
  const seen: number[] = [];
  const loops = Array.from({ length: workers }, async () => {
    while (on) seen.push(await status(s, key).catch(() => 0));
  });
  return { seen, stop: async () => { on = false; await Promise.all(loops); } };
}

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'sga-embedded-'));
  dataDir = path.join(tmp, 'data');
});
afterAll(async () => {
  for (const s of servers) if (s.proc.exitCode === null && s.proc.signalCode === null) await stop(s, 'SIGKILL');
  rmSync(tmp, { recursive: true, force: true });
});

describe('embedded store: one process owns DATA_DIR', () => {
  let server: Server;
  let me: { id: string; key: string };

  it('when the CLI creates a key while the server runs and traffic flows, then a restart starts clean and the key still works', async () => {
    server = await startServer();
    expect(readLock()).toMatchObject({ pid: server.pid, kind: 'server', adminSocket: socketFile() });
    expect(statSync(socketFile()).mode & 0o777).toBe(0o600);
    me = await createKey('me');
    expect(await status(server, me.key)).toBe(200);

    const load = traffic(server, me.key);
    const during = await createKey('during');
    await sleep(3000);
    await load.stop();
    expect(load.seen.length).toBeGreaterThan(20);
    expect(load.seen.every((c) => c === 200)).toBe(true);
    expect(await status(server, during.key)).toBe(200);

    expect(await stop(server, 'SIGTERM')).toBe(0);
    expect(existsSync(lockFile())).toBe(false);
    expect(existsSync(socketFile())).toBe(false);

    server = await startServer();
    expect(await status(server, me.key)).toBe(200);
    const listed = await cli('keys', 'list', '--json');
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.out).map((k: { name: string }) => k.name).sort()).toEqual(['during', 'me']);
  });

  it('when a second server starts on the same DATA_DIR, then it exits 1 with one line and the first keeps serving', async () => {
    const second = run('src/index.ts');
    expect(await second.exited).toBe(1);
    expect(second.stdout()).toBe('');
    expect(second.stderr()).toMatch(new RegExp(
      `^data directory ${dataDir} is in use by the server \\(pid ${server.pid}, started [0-9T:.Z-]+\\); stop it first or set DATA_DIR\\n$`));
    expect(readLock().pid).toBe(server.pid);
    expect(await status(server, me.key)).toBe(200);
  });

  it(`when a key is revoked through the running server, then it gets 401 within KEY_CACHE_SECONDS (${KEY_CACHE_SECONDS}s)`, async () => {
    const doomed = await createKey('doomed');
    expect(await status(server, doomed.key)).toBe(200); // now in the server's key cache
    const revoked = await cli('keys', 'revoke', doomed.id, '--json');
    const revokedAt = Date.now();
    expect(revoked.code).toBe(0);
    expect(JSON.parse(revoked.out)).toMatchObject({ id: doomed.id, revokedAt: expect.any(String) });
    await sleep(Math.max(0, revokedAt + KEY_CACHE_SECONDS * 1000 + 50 - Date.now()));
    expect(await status(server, doomed.key)).toBe(401);
    expect(await status(server, me.key)).toBe(200);
  });

  it('when the server is killed with -9 mid-traffic, then the next start takes over its lock and PGlite recovers every key', async () => {
    const load = traffic(server, me.key);
    const last = await createKey('last');
    await sleep(500);
    expect(await stop(server, 'SIGKILL')).toBe(null);
    await load.stop();
    // Left behind by the killed process, like its socket.
    expect(readLock().pid).toBe(server.pid);
    expect(existsSync(socketFile())).toBe(true);

    server = await startServer();
    expect(readLock()).toMatchObject({ pid: server.pid, kind: 'server' });
    expect(await status(server, me.key)).toBe(200);
    expect(await status(server, last.key)).toBe(200);
    const listed = await cli('keys', 'list', '--json');
    expect(JSON.parse(listed.out).map((k: { name: string }) => k.name).sort()).toEqual(['doomed', 'during', 'last', 'me']);
    expect(await stop(server, 'SIGTERM')).toBe(0);
  });

  it('when a CLI command runs with no server, then it holds the lock (a server started meanwhile refuses, naming it) and releases it', async () => {
    const importing = run('src/cli/main.ts', ['import', 'test/fixtures/api-basic']);
    // Pause the CLI as soon as it holds the lock (it then still has to open PGlite): a fixed point to look at.
    while (!existsSync(lockFile())) await sleep(2);
    importing.proc.kill('SIGSTOP');
    expect(readLock()).toMatchObject({ pid: importing.proc.pid, kind: 'cli', command: 'import test/fixtures/api-basic' });

    const refused = run('src/index.ts');
    expect(await refused.exited).toBe(1);
    expect(refused.stderr()).toMatch(new RegExp(
      `^data directory ${dataDir} is in use by \`npm run cli -- import test/fixtures/api-basic\` \\(pid ${importing.proc.pid}, started [0-9T:.Z-]+\\); wait for it to finish or set DATA_DIR\\n$`));

    importing.proc.kill('SIGCONT');
    expect(await importing.exited).toBe(0);
    expect(importing.stdout()).toContain('imported 60 rows read: stored 58, updated 0, unchanged 1 (1 duplicate), bad 0, ignored 1 in ');
    expect(existsSync(lockFile())).toBe(false);
  });
});

describe('embedded store: the CLI in a process', () => {
  it('when another live process holds DATA_DIR for a CLI command, then a command exits 1 with one line naming it and opens nothing', async () => {
    const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'sga-embedded-cli-')), 'data');
    try {
      const holder = spawn(process.execPath, ['--import', 'tsx', '-e',
        `require('./src/db/data-dir-lock').acquireDataDirLock(${JSON.stringify(dir)}, { kind: 'cli', command: 'refresh' }); console.log('held'); setInterval(() => {}, 1000)`],
      { cwd: repo });
      await new Promise<void>((resolve) => holder.stdout.once('data', () => resolve()));
      const err: string[] = [];
      const code = await runCli(['keys', 'list'], { out: () => undefined, err: (l) => err.push(l) }, { config: loadConfig({ DATA_DIR: dir }) });
      holder.kill('SIGTERM');
      expect(code).toBe(1);
      expect(err).toEqual([expect.stringMatching(new RegExp(
        `^error: data directory ${dir} is in use by \`npm run cli -- refresh\` \\(pid ${holder.pid}, started .+\\); wait for it to finish or set DATA_DIR$`))]);
      expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(false);
    } finally {
      rmSync(path.dirname(dir), { recursive: true, force: true });
    }
  });
});
