import type { Config } from '../config/config.schema';
import { Database } from '../db/database';

/** Wrong words on the command line: exit code 2 with the usage text. */
export class UsageError extends Error {}

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  /** Where import progress goes; this process's stderr when unset. */
  progress?: NodeJS.WritableStream;
}

/** What a command runs with. */
export interface CommandContext {
  config: Config;
  io: CliIo;
  /** Relative paths on the command line start here: the caller's folder, also when the server runs the command. */
  cwd: string;
  /** Runs fn on the database: the one given to runCli (left open), or one opened for fn and closed after it. */
  withDatabase: <T>(fn: (db: Database) => Promise<T>) => Promise<T>;
}

export function databaseAccess(config: Config, given?: Database): CommandContext['withDatabase'] {
  if (given) return (fn) => fn(given);
  return async (fn) => {
    // DATABASE_URL, else PGlite in DATA_DIR (whose lock the caller holds).
    const db = Database.open({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 4, pgliteSharedBuffersMb: config.PGLITE_SHARED_BUFFERS_MB });
    try {
      return await fn(db);
    } finally {
      await db.close();
    }
  };
}
