// Entry point: configure, migrate, (first start) load demo data, listen.
import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { loadConfig, ConfigError } from './config/load-config';
import { Database } from './db/database';
import { migrateAtStartup } from './db/startup-migrate';
import { ensureDemoData } from './demo/demo-data';
import { createApp } from './http/app';
import { createLogger } from './logging/logger';
import { printBanner } from './demo/banner';
import { startPeriodicRefresh } from './analytics/periodic-refresh';
import { refreshOptionsOf } from './analytics/refresh-options';

async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL);
  const db = Database.open({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: config.DB_POOL_SIZE });
  const migrated = await migrateAtStartup(db, log);
  const demo = migrated ? await ensureDemoData(config, db, log) : { loaded: false };
  const { app, close } = await createApp(config, db, log);
  const stopRefresh = config.REFRESH_INTERVAL
    ? startPeriodicRefresh(db, config.REFRESH_INTERVAL, refreshOptionsOf(config), log) : () => undefined;
  const server = app.listen(config.PORT, config.HOST, () => {
    const { port } = server.address() as AddressInfo;
    printBanner({ port, database: db.description, demoKey: demo.key });
  });
  const stop = async (signal: string) => {
    log.info({ signal }, 'shutting down');
    stopRefresh();
    server.close();
    await close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
