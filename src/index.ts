// Entry point: configure, bind the port, (first start on disk) set up the data
// directory in a child process, open and migrate the database, serve; drain and
// stop on SIGTERM/SIGINT.
import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { loadConfig, ConfigError } from './config/load-config';
import { Database } from './db/database';
import { migrateAtStartup } from './db/startup-migrate';
import { ensureDemoData, type DemoResult } from './demo/demo-data';
import { isNewDataDir, startFirstStart } from './demo/first-start';
import { createApp } from './http/app';
import { bindServer, onTerminationSignals, PortInUseError, serveApp, type ShutdownSteps } from './http/http-server';
import { createLogger } from './logging/logger';
import { printBanner } from './demo/banner';
import { startPeriodicRefresh } from './analytics/periodic-refresh';
import { refreshOptionsOf } from './analytics/refresh-options';
import { lockDataDirForServer, startAdminServer, type AdminServer } from './cli/admin-server';
import { DataDirBusyError } from './db/data-dir-lock';
import { recoverDeadImports } from './importer/dead-imports';

async function main(): Promise<void> {
  const config = loadConfig();
  // One process owns an embedded DATA_DIR: refuse before opening it if another does (released on exit).
  const dataDirLock = lockDataDirForServer(config);
  const log = createLogger(config.LOG_LEVEL);
  const server = await bindServer(config.PORT, config.HOST);
  const open = () => Database.open({
    databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: config.DB_POOL_SIZE,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS, acquireTimeoutMs: config.DB_ACQUIRE_TIMEOUT_MS, idleTimeoutMs: config.DB_POOL_IDLE_TIMEOUT_MS,
    health: { intervalMs: config.DB_HEALTH_INTERVAL_MS, timeoutMs: config.DB_HEALTH_TIMEOUT_MS },
    pgliteSharedBuffersMb: config.PGLITE_SHARED_BUFFERS_MB,
    replicaUrls: config.DATABASE_REPLICA_URLS, replicaMaxLagMs: config.DATABASE_REPLICA_MAX_LAG_MS,
  });
  // A new data directory is created, migrated and given the demo dataset by a child process (first-start.ts).
  let firstStart = dataDirLock && isNewDataDir(config.DATA_DIR) ? startFirstStart() : undefined;
  let opened: Database | undefined;
  // Assigned once the app is up; the shutdown steps below read it before then, so it cannot be a const there.
  let admin: AdminServer | undefined = undefined;
  // Until the app is up, a signal just closes what is open.
  let steps: ShutdownSteps = {
    beginDrain: () => undefined,
    async close() { await firstStart?.stop(); await admin?.close(); await opened?.close(); },
  };
  onTerminationSignals(server, config.SHUTDOWN_DRAIN_MS, log, () => steps);

  let demo: DemoResult = { loaded: false };
  const ready = (async () => {
    if (firstStart) {
      demo = await firstStart.done;
      firstStart = undefined;
    }
    const db = opened = open();
    const migrated = await migrateAtStartup(db, log);
    if (migrated) {
      // An import killed earlier left its run 'running' and maybe staging tables: close both out now.
      const dead = await recoverDeadImports(db.sql);
      if (dead.failedRuns.length) log.warn({ runs: dead.failedRuns, stagingTablesDropped: dead.droppedStagingTables }, 'imports left running by a dead process marked failed');
    }
    return { db, migrated };
  })();
  const dbReady = ready.then((r) => r.db);
  dbReady.catch(() => undefined); // awaited below; a command waiting on it hears the failure too
  // CLI commands run here while this process owns DATA_DIR (none on Postgres), once the database is open and migrated.
  admin = await startAdminServer(dataDirLock, dbReady, config, log);
  const { db, migrated } = await ready;
  db.health?.on('down', () => log.warn({ health: db.health?.status() }, 'database unreachable: answering 503 until it is back'));
  db.health?.on('up', () => log.info({ health: db.health?.status() }, 'database reachable again'));
  db.startHealthMonitor();
  // A directory the child set up has its demo; any other (Postgres, in memory, an interrupted first start) is checked here.
  if (migrated && !demo.loaded) demo = await ensureDemoData(config, db, log);
  const app = await createApp(config, db, log);
  if (config.PERSONALIZED_RANK_PRELOAD === 'on') {
    app.preloadRankGraphs().catch((err) => log.error({ err }, 'personalized rank: reading the generations to preload failed'));
  }
  // Not awaited: the server serves while it warms; the warm's outcome is its status in /readyz.
  if (config.WARM_AT_START === 'on') void app.startWarm();
  const syncing = Boolean(config.HUB_URL) && config.SYNC === 'auto';
  const lensSyncing = Boolean(config.LENS_RPC_URL) && config.LENS_SYNC === 'auto';
  // Live data moves every second: ranks and trending follow every minute unless told otherwise.
  // The sync keeps the counters current, so a scheduled refresh rebuilds them only after an import.
  const refreshEvery = config.REFRESH_INTERVAL ?? (syncing || lensSyncing ? 60 : undefined);
  const stopRefresh = refreshEvery
    ? startPeriodicRefresh(db, refreshEvery, { ...refreshOptionsOf(config), live: 'ifStale' }, log) : () => undefined;
  // Loaded only when it runs: the hub client and its chain libraries are most of the modules a server could load.
  const sync = syncing ? await import('./sync/sync-worker').then((w) => w.startSyncWorker(db, w.syncOptionsOf(config), log)) : null;
  const lensSync = lensSyncing
    ? await import('./lens-sync/sync-worker').then((w) => w.startLensSyncWorker(db, w.lensSyncOptionsOf(config), log)) : null;
  steps = {
    beginDrain: () => app.beginDrain(),
    async close() {
      stopRefresh();
      await sync?.stop();
      await lensSync?.stop();
      await admin?.close();
      await app.close();
      await db.close();
      dataDirLock?.release();
    },
  };
  serveApp(server, app.app);
  app.attachSubscriptions(server);
  printBanner({ port: (server.address() as AddressInfo).port, database: db.description, demoKey: demo.key });
}

main().catch((err) => {
  console.error(err instanceof ConfigError || err instanceof PortInUseError || err instanceof DataDirBusyError ? err.message : err);
  process.exit(1);
});
