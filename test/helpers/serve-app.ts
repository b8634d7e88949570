import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { loadConfig } from '../../src/config/load-config';
import type { Database } from '../../src/db/database';
import { createApp } from '../../src/http/app';
import { createLogger } from '../../src/logging/logger';

/** A TCP relay to Postgres that the test can cut and restore. */
export function relay(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let open = true;
  const server = net.createServer((client) => {
    if (!open) { client.destroy(); return; }
    const upstream = net.connect(target.port, target.host);
    for (const s of [client, upstream]) { sockets.add(s); s.on('close', () => sockets.delete(s)); s.on('error', () => undefined); }
    client.pipe(upstream).pipe(client);
  });
  return {
    listen: () => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port))),
    cut() { open = false; for (const s of sockets) s.destroy(); },
    restore() { open = true; },
    close: () => new Promise<void>((resolve) => { for (const s of sockets) s.destroy(); server.close(() => resolve()); }),
  };
}

export async function serve(db: Database) {
  const config = loadConfig({}, { LOG_LEVEL: 'silent', KEY_CACHE_SECONDS: 0 });
  const app = await createApp(config, db, createLogger('silent'));
  const server: Server = await new Promise((resolve) => { const s = app.app.listen(0, '127.0.0.1', () => resolve(s)); });
  return { app, server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

