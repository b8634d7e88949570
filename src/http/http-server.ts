// The HTTP server's life: bound first (a busy port is a one-line error before
// the database is opened), "starting" answers until the app is ready, then a
// graceful shutdown on SIGTERM/SIGINT: stop accepting, let requests in flight
// finish (up to the drain timeout), close everything, exit 0.
import http from 'node:http';
import type { RequestListener } from 'node:http';
import type { Logger } from 'pino';
import { errorBody } from '../errors/app-error';

export class PortInUseError extends Error {}

const starting: RequestListener = (_req, res) => {
  res.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '5', connection: 'close' });
  res.end(JSON.stringify(errorBody(503, 'The service is starting')));
};

export async function bindServer(port: number, host: string): Promise<http.Server> {
  const server = http.createServer(starting);
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => reject(err.code === 'EADDRINUSE'
      ? new PortInUseError(`port ${port} on ${host} is already in use: stop what uses it or set PORT`)
      : err.code === 'EACCES' ? new PortInUseError(`no permission to listen on port ${port}: set PORT`) : err));
    server.listen(port, host, () => resolve());
  });
  return server;
}

/** Swaps the "starting" handler for the app. */
export function serveApp(server: http.Server, app: RequestListener): void {
  server.removeListener('request', starting);
  server.on('request', app);
}

export interface ShutdownSteps {
  /** Readiness goes false and answers carry `Connection: close`. */
  beginDrain: () => void;
  /** After the last request finished (or the drain timeout): close app, jobs and database. */
  close: () => Promise<void>;
}

export function onTerminationSignals(server: http.Server, drainMs: number, log: Logger, steps: () => ShutdownSteps): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, drainMs }, 'shutting down: draining requests in flight');
    const { beginDrain, close } = steps();
    beginDrain();
    const drained = new Promise<boolean>((resolve) => {
      server.close(() => resolve(true));
      server.closeIdleConnections();
      setTimeout(() => resolve(false), drainMs).unref();
    });
    const clean = await drained;
    if (!clean) {
      log.warn('drain timeout reached: closing the remaining connections');
      server.closeAllConnections();
    }
    try {
      await close();
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
