// The real app on an ephemeral local port, with the configuration tests use
// unless they say otherwise: silent logs, no key cache (a key change is seen at
// once), no answer cache (tests count each request's statements and write rows
// directly; test/exhaustive/answer-cache.test.ts holds the cache to the
// uncached answers after every kind of write).
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Config } from '../../src/config/config.schema';
import { loadConfig } from '../../src/config/load-config';
import type { Database } from '../../src/db/database';
import { createApp, type App, type AppDeps } from '../../src/http/app';
import { createLogger, type Logger } from '../../src/logging/logger';
import { TableLookup } from './test-lookup';

export interface ServedApp { app: App; server: Server; base: string }

export const testConfig = (overrides: Partial<Config> = {}): Config =>
  loadConfig({}, { LOG_LEVEL: 'silent', KEY_CACHE_SECONDS: 0, ANSWER_CACHE_MB: 0, ...overrides });

/**
 * Webhook hosts resolve through a TableLookup unless `deps` names another lookup: a test app looks up no real name.
 * `log`: the app's logger (one at LOG_LEVEL writing to stdout unless given; a test capturing the log passes its own).
 */
export async function serveApp(config: Config, db: Database, deps: AppDeps = {}, log: Logger = createLogger(config.LOG_LEVEL)): Promise<ServedApp> {
  const app = await createApp(config, db, log, { webhookLookup: new TableLookup().lookup, ...deps });
  const server: Server = await new Promise((resolve) => { const s = app.app.listen(0, '127.0.0.1', () => resolve(s)); });
  // fetch keeps a connection up to 4 s idle; with Node's 5 s the server could close one the test just reused when an
  // embedded database held the test's event loop for seconds (both timers late): an ECONNRESET, seen once in a full run.
  server.keepAliveTimeout = 60_000;
  app.attachSubscriptions(server);
  return { app, server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

export const serve = (db: Database, overrides: Partial<Config> = {}, deps: AppDeps = {}) => serveApp(testConfig(overrides), db, deps);

/**
 * Stops a test's server once its requests are answered. fetch may hold a connection it opened and
 * never sent a request on; a plain close waits for the server's header timeout to drop it, so every
 * connection is closed first.
 */
export function stopServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
}
