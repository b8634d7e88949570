// What Database.open is told, and the defaults of what it is not told. The
// server passes its validated config (src/config/config.schema.ts); the CLI,
// the tests and the benchmarks pass what they need and take the rest from here.
import type { DbHealthOptions } from './db-health';

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  /** Server-side bound of one request statement (Postgres statement_timeout); 0 = none. */
  statementTimeoutMs?: number;
  /** How long a request waits for a pooled connection (or a new one) before a 503. */
  acquireTimeoutMs?: number;
  /** How long a pooled request connection may sit idle before it is closed (Postgres). */
  idleTimeoutMs?: number;
  /** The health monitor's ping period and timeout (started by the server with startHealthMonitor); the replica probes' too. */
  health?: DbHealthOptions;
  /** PGlite's shared_buffers in MB (its WebAssembly memory grows to hold them and never shrinks). */
  pgliteSharedBuffersMb?: number;
  /**
   * An in-memory PGlite starts from this archive of a data directory (PGlite's
   * dumpDataDir, an uncompressed tar) instead of creating one: the tests open many stores, and
   * loading a migrated copy is quicker than initdb and the migrations for each
   * (docs/performance.md#embedded-memory).
   */
  pgliteDataDirArchive?: Blob;
  /** Streaming replicas of databaseUrl that request reads may go to (Postgres only). */
  replicaUrls?: string[];
  /** A replica further behind the primary than this is skipped. */
  replicaMaxLagMs?: number;
}

/** Connections of the request pool of each server (the primary's, each replica's). */
export const DEFAULT_POOL_SIZE = 10;
export const DEFAULT_ACQUIRE_TIMEOUT_MS = 5000;
/** The config's DB_POOL_IDLE_TIMEOUT_MS default (a test keeps them equal). */
export const DEFAULT_IDLE_TIMEOUT_MS = 300_000;
export const DEFAULT_HEALTH: DbHealthOptions = { intervalMs: 100, timeoutMs: 400 };
export const DEFAULT_REPLICA_MAX_LAG_MS = 5000;

/**
 * PGlite's own default is Postgres's. PGlite touches all of its shared buffers
 * as it starts, in WebAssembly memory that never shrinks, while the operating
 * system's page cache holds the data files anyway: a small buffer keeps the
 * process small for its life at little cost in speed (docs/performance.md#embedded-memory).
 */
export const DEFAULT_PGLITE_SHARED_BUFFERS_MB = 16;
