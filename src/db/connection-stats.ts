// What the connections to the database look like right now, read without a
// query (for /metrics at scrape time): a stalled database cannot delay it.

export interface PoolStats {
  /** `requests` (Prisma, bounded statements) or `jobs` (import, refresh, classify, migrations). */
  pool: 'requests' | 'jobs';
  max: number;
  /** Connections open, idle among them, and callers waiting for one. */
  total: number;
  idle: number;
  waiting: number;
}

export type ConnectionStats =
  | {
    kind: 'postgres';
    /** The health monitor's verdict (up while it is not running). */
    up: boolean;
    pools: PoolStats[];
    /** Request-pool callers that gave up waiting for a connection (DB_ACQUIRE_TIMEOUT_MS) since start. */
    acquireTimeouts: number;
    /** Request statements Postgres cancelled at DB_STATEMENT_TIMEOUT_MS since start. */
    statementTimeouts: number;
  }
  | {
    kind: 'pglite';
    /** Operations called and not settled: one runs, the others wait for it. */
    pending: number;
  };
