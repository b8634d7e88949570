// The CLI's side of the admin socket: sends the command line to the server that
// owns the data directory and prints what it answers as if the command ran here.
import http from 'node:http';
import type { DataDirBusyError } from '../db/data-dir-lock';
import { RUN_PATH, type RunMessage, type RunRequest } from './admin-socket';
import type { CliIo } from './cli-context';

/** The server takes the lock before it opens and migrates the database, and listens after: wait that long for it. */
const STARTING_WAIT_MS = 30_000;
const RETRY_MS = 200;

/** Resolves with the command's exit code; throws (exit 1) when the server cannot be reached or stops mid-command. */
export async function runOnServer(busy: DataDirBusyError, request: RunRequest, io: CliIo): Promise<number> {
  const socket = busy.holder.adminSocket!;
  const deadline = Date.now() + STARTING_WAIT_MS;
  for (;;) {
    try {
      return await send(socket, request, io);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      const notListening = code === 'ENOENT' || code === 'ECONNREFUSED';
      if (!notListening) throw err;
      if (!running(busy.holder.pid)) throw new Error(`the server (pid ${busy.holder.pid}) that held data directory ${busy.dataDir} has stopped; try again`);
      if (Date.now() > deadline) throw new Error(`${busy.message.split(';')[0]} but does not answer on ${socket}; try again when it has started`);
      await new Promise((r) => setTimeout(r, RETRY_MS));
    }
  }
}

function running(pid: number): boolean {
  try { process.kill(pid, 0); return true; } catch (err) { return (err as NodeJS.ErrnoException).code !== 'ESRCH'; }
}

function send(socketPath: string, request: RunRequest, io: CliIo): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({ socketPath, path: RUN_PATH, method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`the server refused the command (HTTP ${res.statusCode})`));
        return;
      }
      let exit: number | undefined;
      let pending = '';
      const handle = (line: string) => {
        if (!line) return;
        const m = JSON.parse(line) as RunMessage;
        if ('out' in m) io.out(m.out);
        else if ('err' in m) io.err(m.err);
        else exit = m.exit;
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        pending += chunk;
        let nl: number;
        while ((nl = pending.indexOf('\n')) >= 0) {
          handle(pending.slice(0, nl));
          pending = pending.slice(nl + 1);
        }
      });
      res.on('end', () => {
        handle(pending);
        if (exit === undefined) reject(new Error('the server stopped before the command finished'));
        else resolve(exit);
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(JSON.stringify(request));
  });
}
