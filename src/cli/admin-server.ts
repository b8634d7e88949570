// The server's side of the admin socket. While the server owns the data
// directory, CLI commands (keys, import, refresh, classify, migrate) run here on
// the server's own database, so nothing else opens the directory and keys
// created or revoked reach the running app at once; output streams back line by
// line.
import { chmodSync, rmSync } from 'node:fs';
import http from 'node:http';
import { Writable } from 'node:stream';
import type { Logger } from 'pino';
import type { Config } from '../config/config.schema';
import { acquireDataDirLock, embeddedDataDir, type DataDirLock } from '../db/data-dir-lock';
import type { Database } from '../db/database';
import { adminSocketPath, RUN_PATH, type RunMessage, type RunRequest } from './admin-socket';
import type { CliIo } from './cli-context';
import { runCli } from './main';

export interface AdminServer {
  /** Stops taking commands, lets those running finish (a few seconds at most), removes the socket. */
  close(): Promise<void>;
}

/** Takes DATA_DIR for the server (embedded store on disk only); throws DataDirBusyError naming who holds it. */
export function lockDataDirForServer(config: Config): DataDirLock | undefined {
  const dataDir = embeddedDataDir(config);
  if (!dataDir) return undefined;
  return acquireDataDirLock(dataDir, { kind: 'server', command: process.argv.slice(1).join(' '), adminSocket: adminSocketPath(dataDir) });
}

const MAX_REQUEST_BYTES = 64 * 1024;
const CLOSE_GRACE_MS = 5000;

/**
 * Listens on the socket named in the lock; with no lock (Postgres, in memory) there is nothing to serve.
 * A command received before `db` resolves (a first start loading its demo dataset) waits for it.
 */
export async function startAdminServer(lock: DataDirLock | undefined, db: Database | Promise<Database>, config: Config, log: Logger): Promise<AdminServer> {
  const socket = lock?.record.adminSocket;
  if (!socket) return { close: () => Promise.resolve() };
  const running = new Set<Promise<void>>();
  const server = http.createServer((req, res) => {
    const done = serve(req, res).catch((err) => {
      log.error({ err }, 'admin command failed');
      res.destroy();
    }).finally(() => running.delete(done));
    running.add(done);
  });

  async function serve(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const request = req.method === 'POST' && req.url === RUN_PATH ? parseRequest(await readBody(req)) : undefined;
    if (!request) {
      res.writeHead(400).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/x-ndjson' });
    const send = (m: RunMessage) => { if (!res.writableEnded && !res.destroyed) res.write(`${JSON.stringify(m)}\n`); };
    const io: CliIo = { out: (line) => send({ out: line }), err: (line) => send({ err: line }), progress: lineWriter((line) => send({ err: line })) };
    const started = Date.now();
    log.info({ argv: request.argv }, 'CLI command received');
    const code = await runCli(request.argv, io, { db: await db, config, cwd: request.cwd });
    log.info({ argv: request.argv, code, ms: Date.now() - started }, 'CLI command finished');
    send({ exit: code });
    res.end();
  }

  // We hold the data directory's lock: a socket file there is left from a previous run.
  rmSync(socket, { force: true });
  await listenOwnerOnly(server, socket);
  return {
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.allSettled([...running]), new Promise((r) => { timer = setTimeout(r, CLOSE_GRACE_MS); })]);
      clearTimeout(timer);
      server.closeAllConnections();
      await closed;
      rmSync(socket, { force: true });
    },
  };
}

/** The socket is created 0600 (through the umask, so no other user can connect in a window before a chmod). */
async function listenOwnerOnly(server: http.Server, socket: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    const umask = process.umask(0o177);
    try {
      server.listen(socket, () => { server.off('error', reject); resolve(); });
    } finally {
      process.umask(umask);
    }
  });
  chmodSync(socket, 0o600);
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) {
    body += chunk;
    if (body.length > MAX_REQUEST_BYTES) throw new Error('admin request too large');
  }
  return body;
}

function parseRequest(body: string): RunRequest | undefined {
  try {
    const r = JSON.parse(body) as Partial<RunRequest>;
    const ok = Array.isArray(r.argv) && r.argv.every((a) => typeof a === 'string') && typeof r.cwd === 'string';
    return ok ? { argv: r.argv!, cwd: r.cwd! } : undefined;
  } catch {
    return undefined;
  }
}

/** A stream that hands on each complete line (import progress). */
function lineWriter(onLine: (line: string) => void): Writable {
  let pending = '';
  return new Writable({
    write(chunk: Buffer | string, _enc, callback) {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop()!;
      lines.forEach(onLine);
      callback();
    },
    final(callback) {
      if (pending) onLine(pending);
      callback();
    },
  });
}
