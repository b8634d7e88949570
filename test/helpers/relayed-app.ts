// The real app on a Postgres test database reached through a TCP relay the test
// can cut, stall or make refuse (tcp-relay.ts), with the api-basic fixture
// imported and refreshed, the health monitor running as the server runs it, and
// one key. Postgres only: the relay needs a server to stand in front of.
import type { Server } from 'node:http';
import { refreshAnalytics } from '../../src/analytics/refresh';
import type { Config } from '../../src/config/config.schema';
import { Database } from '../../src/db/database';
import type { App } from '../../src/http/app';
import { importDataset } from '../../src/importer/import-dataset';
import { serveApp, stopServer, testConfig } from './serve-app';
import { tcpRelay, type TcpRelay } from './tcp-relay';
import { createTestDatabase, type TestDatabase } from './test-database';
import { fixture } from './test-server';

export interface RelayedApp { t: TestDatabase; relay: TcpRelay; db: Database; app: App; server: Server; base: string; key: string }

export async function relayedApp(config: Partial<Config> = {}): Promise<RelayedApp> {
  const t = await createTestDatabase();
  await importDataset(t.db, { dir: fixture('api-basic'), progress: 'silent' });
  await refreshAnalytics(t.db);
  const url = new URL(t.url!);
  const relay = tcpRelay({ host: url.hostname, port: Number(url.port || 5432) });
  url.hostname = '127.0.0.1'; url.port = String(await relay.listen());
  const cfg = testConfig(config);
  const db = Database.open({
    databaseUrl: url.toString(), dataDir: '', poolSize: 4, statementTimeoutMs: cfg.DB_STATEMENT_TIMEOUT_MS,
    acquireTimeoutMs: cfg.DB_ACQUIRE_TIMEOUT_MS, health: { intervalMs: cfg.DB_HEALTH_INTERVAL_MS, timeoutMs: cfg.DB_HEALTH_TIMEOUT_MS },
  });
  const { app, server, base } = await serveApp(cfg, db);
  const { key } = await app.keys.create({ name: 'chaos', rateLimit: 100000 });
  db.startHealthMonitor();
  await untilUp(db);
  return { t, relay, db, app, server, base, key };
}

/**
 * Each test starts from a monitor that has seen the database answer: on a loaded machine the monitor's first
 * ping (which opens its connection) can outlast its timeout while no pool query has answered yet, and the
 * database is then down until the next ping, which is the monitor's rule and not what these tests exercise.
 */
async function untilUp(db: Database): Promise<void> {
  for (let i = 0; i < 100 && !(db.health?.status().lastPingMs != null && !db.health.isDown); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function closeRelayedApp(r: RelayedApp): Promise<void> {
  r.relay.restore();
  await stopServer(r.server);
  await r.app.close(); await r.db.close(); await r.relay.close(); await r.t.close();
}
