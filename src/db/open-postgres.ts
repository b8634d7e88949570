// The Postgres store. Request reads (directly, direct-read.ts) and the Prisma
// client (API keys) run on a guarded request pool: statement timeout, bounded
// acquisition, cancellable, failing fast while the health monitor sees the
// database down. The SqlClient (migrations, import, refresh, classify: long
// statements by design) runs on a jobs pool of its own, without a statement
// timeout.
import { PrismaPg } from '@prisma/adapter-pg';
import { Pool } from 'pg';
import { PrismaClient } from '../generated/prisma/client';
import type { ConnectionStats, PoolStats } from './connection-stats';
import {
  DEFAULT_ACQUIRE_TIMEOUT_MS, DEFAULT_HEALTH, DEFAULT_IDLE_TIMEOUT_MS, DEFAULT_POOL_SIZE, type DatabaseOptions,
} from './database-options';
import { DbHealthMonitor } from './db-health';
import { directRead } from './direct-read';
import { GuardedPool } from './guarded-pool';
import { pgListen } from './notifications';
import type { ReadFn } from './read-routing';
import { pgSqlClient } from './sql-client';
import { QUERY_EVENTS, type StoreParts } from './store-parts';

/** Pool size of the job pool (import, refresh: it holds one for its lock and runs protocols side by side, classify). */
const JOB_POOL_SIZE = 4;
const JOB_ACQUIRE_TIMEOUT_MS = 10_000;

export interface PostgresParts extends StoreParts {
  health: DbHealthMonitor;
  primaryRead: ReadFn;
}

/** A request pool on one server (the primary or a replica), watched by a health monitor of its own. */
export interface WatchedPool { pool: GuardedPool; health: DbHealthMonitor }

export function watchedRequestPool(connectionString: string, opts: DatabaseOptions): WatchedPool {
  const statementTimeout = opts.statementTimeoutMs ?? 0;
  // Only where reads can go to replicas: without them every request statement runs on its own.
  const snapshotPerRequest = (opts.replicaUrls ?? []).length > 0;
  // JIT off for request statements: Postgres compiles a statement whose estimated cost passes jit_above_cost,
  // and an estimate counts arms that never run (the cross-protocol rank's live fallback), so a read that runs
  // in a fraction of a millisecond can spend far longer being compiled (docs/performance.md#request-path:
  // JIT for request statements). The jobs pool (refresh) keeps the server's setting.
  const pool = new GuardedPool({
    connectionString, max: opts.poolSize ?? DEFAULT_POOL_SIZE, connectionTimeoutMillis: opts.acquireTimeoutMs ?? DEFAULT_ACQUIRE_TIMEOUT_MS,
    idleTimeoutMillis: opts.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
    options: '-c jit=off', ...(statementTimeout > 0 ? { statement_timeout: statementTimeout } : {}),
  }, { connectionString }, { snapshotPerRequest });
  // An idle client losing its server must not crash the process; the pool reconnects.
  pool.on('error', () => undefined);
  const health = new DbHealthMonitor({ connectionString }, opts.health ?? DEFAULT_HEALTH);
  pool.watch(health);
  return { pool, health };
}

const poolStats = (pool: PoolStats['pool'], p: Pool, max: number): PoolStats =>
  ({ pool, max, total: p.totalCount, idle: p.idleCount, waiting: p.waitingCount });

export function openPostgres(databaseUrl: string, opts: DatabaseOptions): PostgresParts {
  const { pool: requests, health } = watchedRequestPool(databaseUrl, opts);
  const jobs = new Pool({ connectionString: databaseUrl, max: JOB_POOL_SIZE, connectionTimeoutMillis: JOB_ACQUIRE_TIMEOUT_MS });
  jobs.on('error', () => undefined);
  const prisma = new PrismaClient({ adapter: new PrismaPg(requests), log: QUERY_EVENTS });
  const connectionStats = (): ConnectionStats => ({
    kind: 'postgres', up: !health.isDown, acquireTimeouts: requests.acquireTimeouts, statementTimeouts: requests.statementTimeouts,
    pools: [poolStats('requests', requests, opts.poolSize ?? DEFAULT_POOL_SIZE), poolStats('jobs', jobs, JOB_POOL_SIZE)],
  });
  return {
    prisma,
    sql: pgSqlClient(jobs),
    description: 'postgres',
    connectionStats,
    listen: pgListen(databaseUrl),
    health,
    primaryRead: (text, params) => directRead(requests, text, params),
    dumpDataDir: null,
    end: async () => { await Promise.all([requests.end(), jobs.end()]); },
  };
}
