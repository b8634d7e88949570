import type { Config } from '../config/config.schema';
import { Database } from '../db/database';

/** Wrong words on the command line: exit code 2 with the usage text. */
export class UsageError extends Error {}

export interface CliIo { out: (line: string) => void; err: (line: string) => void }

/** Opens the configured database (DATABASE_URL, else PGlite in DATA_DIR). */
export const openDatabase = (config: Config) =>
  Database.open({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 4 });
