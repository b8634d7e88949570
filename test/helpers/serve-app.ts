import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { loadConfig } from '../../src/config/load-config';
import type { Database } from '../../src/db/database';
import { createApp } from '../../src/http/app';
import { createLogger } from '../../src/logging/logger';

export async function serve(db: Database) {
  const config = loadConfig({}, { LOG_LEVEL: 'silent', KEY_CACHE_SECONDS: 0 });
  const app = await createApp(config, db, createLogger('silent'));
  const server: Server = await new Promise((resolve) => { const s = app.app.listen(0, '127.0.0.1', () => resolve(s)); });
  return { app, server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

