// The bare baseline server: node:http and a pg Pool, nothing else between the
// socket and bare-handlers.ts. The throughput benchmark runs it as a child
// process of its own (the service runs in another one):
//
//   BARE_DATABASE_URL=postgresql://… BARE_POOL_SIZE=10 node --import tsx scripts/bench/bare-server.ts
//
// It listens on a free port of 127.0.0.1 and tells its parent the port over
// the IPC channel (or prints it when started by hand).
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'pg';
import { bareHandler } from './bare-handlers';
import type { Query } from './throughput-routes';

/** An http request listener answering through bareHandler; `query` runs the SQL. */
export function bareListener(query: Query): RequestListener {
  const handle = bareHandler(query);
  return (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      handle({ method: req.method ?? 'GET', url: req.url ?? '/', body: Buffer.concat(chunks).toString('utf8') }).then((answer) => {
        res.writeHead(answer.status, { ...answer.headers, 'content-length': Buffer.byteLength(answer.body) });
        res.end(answer.body);
      }, (err: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ statusCode: 500, message: err instanceof Error ? err.message : String(err), error: 'Internal Server Error' }));
      });
    });
  };
}

function main(): void {
  const connectionString = process.env.BARE_DATABASE_URL;
  if (!connectionString) throw new Error('BARE_DATABASE_URL names the database');
  const pool = new Pool({ connectionString, max: Number(process.env.BARE_POOL_SIZE ?? 10) });
  // An idle client losing its server must not end the process; the pool reconnects.
  pool.on('error', () => undefined);
  const query: Query = async <T>(text: string, params?: unknown[]) => (await pool.query(text, params)).rows as T[];
  const server = createServer(bareListener(query));
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo;
    if (process.send) process.send({ type: 'listening', port });
    else process.stdout.write(`bare server on http://127.0.0.1:${port}\n`);
  });
  const stop = () => server.close(() => { void pool.end().then(() => process.exit(0)); });
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (require.main === module) main();
