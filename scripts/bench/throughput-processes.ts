// The two servers of the throughput benchmark, each a child process of its
// own with the statement counter preloaded (count-statements.cjs): the
// service as `npm start` runs it (the production build, rebuilt when stale),
// and the bare baseline (bare-server.ts). Their memory is read from
// /proc/<pid>/status, their statement counts over the IPC channel.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { configSchema } from '../../src/config/config.schema';
import { projectRoot } from '../../src/project-root';

export interface ServerChild {
  name: 'service' | 'bare';
  pid: number;
  base: string;
  /** Statements sent since start, by text (whitespace folded). */
  statements(): Promise<Map<string, number>>;
  /** The last of its stdout and stderr, for an error message. */
  output(): string;
  /** Its log lines at warn or above (pino JSON on stdout): how many, and the first few. */
  warnings(): { count: number; first: { time: string; msg: string }[] };
  stop(): Promise<void>;
}

const COUNTER = path.join(__dirname, 'count-statements.cjs');
const OUTPUT_KEPT = 20_000;
const WARNINGS_KEPT = 20;

/** Collects pino's warn-and-above lines from a stream of stdout chunks. */
function warningCollector() {
  const first: { time: string; msg: string }[] = [];
  let count = 0;
  let partial = '';
  return {
    add(chunk: string) {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.startsWith('{')) continue;
        try {
          const entry = JSON.parse(line) as { level?: number; time?: number; msg?: string };
          if ((entry.level ?? 0) < 40) continue;
          count += 1;
          if (first.length < WARNINGS_KEPT) first.push({ time: new Date(entry.time ?? Date.now()).toISOString(), msg: entry.msg ?? line.slice(0, 200) });
        } catch { /* not a log line */ }
      }
    },
    get: () => ({ count, first }),
  };
}

/** `npm start`'s build step: dist/ rebuilt when a source changed since the last build. */
export function buildService(): void {
  const res = spawnSync(process.execPath, [path.join(projectRoot(), 'scripts', 'build-if-stale.js')], { cwd: projectRoot(), stdio: ['ignore', 2, 2] });
  if (res.status !== 0) throw new Error(`the build failed (exit ${res.status})`);
}

/** The service's environment: none of the caller's settings leak in (a HUB_URL would start a sync, a REFRESH_INTERVAL a refresh). */
function serviceEnv(settings: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(configSchema.innerType().shape)) delete env[name];
  return { ...env, ...settings };
}

function wrap(name: ServerChild['name'], child: ChildProcess, port: number, out: () => string, warnings: ServerChild['warnings']): ServerChild {
  let asked = 0;
  let stopping = false;
  let exit: string | null = null;
  const exited = new Promise<void>((resolve) => child.once('exit', (code, signal) => {
    exit = `exit code ${code ?? '-'}, signal ${signal ?? '-'}`;
    // A server that ends on its own mid-run voids the run: say so at once, with its last words.
    if (!stopping) process.stderr.write(`[bench] the ${name} (pid ${child.pid}) ended by itself (${exit}); its last output:\n${out().slice(-3000)}\n`);
    resolve();
  }));
  // A send on a closed channel is reported by its callback; without this listener it would end the bench unexplained.
  child.on('error', () => undefined);
  return {
    name, pid: child.pid!, base: `http://127.0.0.1:${port}`, output: out, warnings,
    statements: () => new Promise((resolve, reject) => {
      if (exit) { reject(new Error(`the ${name} is gone (${exit})`)); return; }
      const id = ++asked;
      const timer = setTimeout(() => { child.off('message', onMessage); reject(new Error(`${name} did not report its statements`)); }, 5000);
      const onMessage = (m: { type?: string; id?: number; counts?: Record<string, number> }) => {
        if (m?.type !== 'bench:statements' || m.id !== id) return;
        clearTimeout(timer);
        child.off('message', onMessage);
        resolve(new Map(Object.entries(m.counts ?? {})));
      };
      child.on('message', onMessage);
      child.send({ type: 'bench:statements', id }, (err) => {
        if (!err) return;
        clearTimeout(timer);
        child.off('message', onMessage);
        reject(new Error(`could not ask the ${name} for its statements (${exit ?? err.message})`));
      });
    }),
    async stop() {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      // The counter's IPC listener would keep the process alive after its server closed.
      if (child.connected) child.disconnect();
      child.kill('SIGTERM');
      const killed = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killed);
    },
  };
}

function start(name: ServerChild['name'], args: string[], env: NodeJS.ProcessEnv, ready: (out: string, message: unknown) => number | null): Promise<ServerChild> {
  const child = spawn(process.execPath, ['--require', COUNTER, ...args], { cwd: projectRoot(), env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  let out = '';
  const keep = (d: Buffer) => { out = (out + String(d)).slice(-OUTPUT_KEPT); };
  const warnings = warningCollector();
  child.stdout!.on('data', keep);
  child.stdout!.on('data', (d: Buffer) => warnings.add(String(d)));
  child.stderr!.on('data', keep);
  return new Promise((resolve, reject) => {
    const onData = () => check(undefined);
    const check = (message: unknown) => {
      const port = ready(out, message);
      if (port === null) return;
      child.stdout!.off('data', onData);
      child.off('message', check);
      resolve(wrap(name, child, port, () => out, warnings.get));
    };
    child.stdout!.on('data', onData);
    child.on('message', check);
    child.once('exit', (code, signal) => reject(new Error(`the ${name} exited (${code ?? signal}) before listening:\n${out}`)));
  });
}

/** package.json's start script (`[NAME=value …] node [flags] dist/src/index.js`), split into its environment and Node flags. */
function startScript(): { env: Record<string, string>; nodeFlags: string[] } {
  const { scripts } = JSON.parse(readFileSync(path.join(projectRoot(), 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const m = /^((?:[A-Z_][A-Z0-9_]*=\S+\s+)*)node((?:\s+--\S+)*)\s+dist\/src\/index\.js$/.exec(scripts.start.trim());
  if (!m) throw new Error(`package.json's start script is not \`[NAME=value …] node [--flags] dist/src/index.js\`: ${scripts.start}`);
  const words = (text: string) => text.trim().split(/\s+/).filter(Boolean);
  const env = Object.fromEntries(words(m[1]).map((w) => [w.slice(0, w.indexOf('=')), w.slice(w.indexOf('=') + 1)]));
  return { env, nodeFlags: words(m[2]) };
}

/** The Node flags of package.json's start script: the heap the service runs with. */
export function startScriptNodeFlags(): string[] {
  return startScript().nodeFlags;
}

/** The environment package.json's start script sets (glibc's malloc arenas): the service's memory depends on it too. */
export function startScriptEnv(): Record<string, string> {
  return startScript().env;
}

/**
 * The service from dist/ on `databaseUrl`, on a free port, logging warnings only, with `npm start`'s
 * environment, and its Node flags unless others are given. Push is off: its dispatcher polls the outbox
 * and the deliveries every second whatever the load (work the bare server has no counterpart of), and
 * those statements would count into the statements per request that the answers' comparison holds equal.
 */
export function startService(databaseUrl: string, poolSize: number, nodeFlags = startScriptNodeFlags()): Promise<ServerChild> {
  const env = serviceEnv({ ...startScriptEnv(), DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DB_POOL_SIZE: String(poolSize), PUSH: 'off' });
  return start('service', [...nodeFlags, path.join('dist', 'src', 'index.js')], env, (out) => {
    const m = /service on http:\/\/localhost:(\d+)/.exec(out);
    return m ? Number(m[1]) : null;
  });
}

/** The bare server on `databaseUrl` with a pool of `poolSize`. */
export function startBare(databaseUrl: string, poolSize: number): Promise<ServerChild> {
  const env = { ...process.env, BARE_DATABASE_URL: databaseUrl, BARE_POOL_SIZE: String(poolSize) };
  return start('bare', ['--import', 'tsx', path.join('scripts', 'bench', 'bare-server.ts')], env, (_out, message) => {
    const m = message as { type?: string; port?: number } | undefined;
    return m?.type === 'listening' && m.port ? m.port : null;
  });
}

/** Resident memory of a process in MiB, or null once it is gone. */
export function rssMiB(pid: number): number | null {
  try {
    const m = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round((Number(m[1]) / 1024) * 10) / 10 : null;
  } catch {
    return null;
  }
}

/** CPU time (user + system) `pid` has used so far, in ms, or null once it is gone (Linux's clock tick is 10 ms). */
export function cpuMs(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** The largest resident memory of `pid` while `run` runs, sampled every 200 ms. */
export async function peakRss<T>(pid: number, run: () => Promise<T>): Promise<{ result: T; peakMiB: number | null }> {
  let peak: number | null = rssMiB(pid);
  const sample = () => { const now = rssMiB(pid); if (now !== null && (peak === null || now > peak)) peak = now; };
  const timer = setInterval(sample, 200);
  try {
    const result = await run();
    sample();
    return { result, peakMiB: peak };
  } finally {
    clearInterval(timer);
  }
}
