// The child process of first-start.ts: creates the database in DATA_DIR,
// migrates it, loads the demo dataset (unless DEMO_DATA=off), sends the result
// to the server over IPC, closes and exits. It runs under the server's lock on
// DATA_DIR; the server opens PGlite there only after this process has ended.
import 'reflect-metadata';
import { loadConfig } from '../config/load-config';
import { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { createLogger } from '../logging/logger';
import { ensureDemoData } from './demo-data';
import { FIRST_START_DONE, type FirstStartDone } from './first-start';

// A server gone (even by kill -9) must not leave this process writing a directory it no longer holds.
process.on('disconnect', () => process.exit(1));

async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL);
  const db = Database.open({ dataDir: config.DATA_DIR, pgliteSharedBuffersMb: config.PGLITE_SHARED_BUFFERS_MB });
  try {
    const applied = await migrate(db.sql);
    if (applied.length) log.info({ applied }, 'migrations applied');
    const message: FirstStartDone = { type: FIRST_START_DONE, demo: await ensureDemoData(config, db, log) };
    await new Promise<void>((resolve, reject) => process.send!(message, (err: Error | null) => (err ? reject(err) : resolve())));
  } finally {
    await db.close();
  }
}

main().then(() => process.exit(0), (err) => {
  console.error(err);
  process.exit(1);
});
