// The real server as its own process (`tsx src/index.ts`), for what only a
// process shows: signals, exit codes, two instances on one database.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  exited: Promise<{ code: number | null; signal: string | null }>;
}

/** Starts the server on a free port with `env` over the test's environment; resolves once it listens. */
export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['src/index.ts'], {
    cwd: ROOT, env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: process.env.SERVER_LOG_LEVEL ?? 'silent', ...env }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += String(d);
      const m = /service on http:\/\/localhost:(\d+)/.exec(out);
      if (m) resolve({ child, port: Number(m[1]), exited });
    });
    child.stderr.on('data', (d) => { out += String(d); });
    // Set SERVER_LOG_LEVEL to see the server's log while a test runs.
    if (process.env.SERVER_LOG_LEVEL) child.stdout.on('data', (d) => process.stderr.write(d));
    child.on('exit', () => reject(new Error(`server exited before listening:\n${out}`)));
  });
}
