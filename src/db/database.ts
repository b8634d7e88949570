// One Database per process. On Postgres: request reads (directly, direct-read.ts)
// and the Prisma client (keys) run on a guarded pool (statement timeout, bounded
// acquisition, cancellable, fail-fast while the health monitor sees the database down), and the SqlClient
// (migrations, import, refresh, classify: long statements by design) on a pool
// of its own without a statement timeout. On PGlite both share the one instance.
// With streaming replicas (replicaUrls), request reads (`read`) go to one
// server per request, a replica when one is usable (src/db/read-routing.ts);
// `prisma` (API keys) and `sql` (jobs, writes) stay on the primary.
import { mkdirSync } from 'node:fs';
import { PrismaPg } from '@prisma/adapter-pg';
import { Pool } from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from '../generated/prisma/client';
import { AppError, serviceUnavailable } from '../errors/app-error';
import type { ConnectionStats } from './connection-stats';
import { CountingPGlite } from './counting-pglite';
import { PGlite } from '@electric-sql/pglite';
import { isConnectionError } from './db-errors';
import { DbHealthMonitor, type DbHealthOptions } from './db-health';
import { GuardedPool } from './guarded-pool';
import { JobEvents } from './job-events';
import { pgliteListen, pgListen, type Listen } from './notifications';
import { ReadRouter, serverName, type ReadFn, type ReplicaServer } from './read-routing';
import { directRead } from './direct-read';
import { ReplicaLagProbe } from './replica-lag';
import { currentScope } from './request-scope';
import { snapshotReads } from './request-snapshot';
import { pgliteSqlClient, pgSqlClient, type SqlClient } from './sql-client';

type QueryEvents = { $on(event: 'query', cb: () => void): void };

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  /** Server-side bound of one request statement (Postgres statement_timeout); 0 = none. */
  statementTimeoutMs?: number;
  /** How long a request waits for a pooled connection (or a new one) before a 503. */
  acquireTimeoutMs?: number;
  /** The health monitor's ping period and timeout (started by the server with startHealthMonitor); the replica probes' too. */
  health?: DbHealthOptions;
  /** PGlite's shared_buffers in MB (its WebAssembly memory grows to hold them and never shrinks). */
  pgliteSharedBuffersMb?: number;
  /**
   * An in-memory PGlite starts from this archive of a data directory (PGlite's
   * dumpDataDir) instead of creating one: the tests open hundreds of stores,
   * and loading a migrated copy takes about half the time of initdb and the migrations.
   */
  pgliteDataDirArchive?: Blob;
  /** Streaming replicas of databaseUrl that request reads may go to (Postgres only). */
  replicaUrls?: string[];
  /** A replica further behind the primary than this is skipped. */
  replicaMaxLagMs?: number;
}

/**
 * PGlite's own default is Postgres's 128 MB, all of it WebAssembly memory once
 * touched: opening the demo's data directory took 296 MB of RSS with it and
 * 174 MB with 16 MB (the operating system's page cache still holds the files).
 */
const DEFAULT_PGLITE_SHARED_BUFFERS_MB = 16;

/** Pool size of the job pool (import, refresh: it holds one for its lock and runs protocols side by side, classify). */
const JOB_POOL_SIZE = 4;

export class Database {
  /** SQL statements of requests (reads) and of Prisma (keys) since start; tests use it to prove batching. */
  statementCount = 0;
  /** Imports and refreshes run in this process on this database report their durations here. */
  readonly jobEvents = new JobEvents();

  private constructor(
    readonly prisma: PrismaClient,
    readonly sql: SqlClient,
    readonly description: string,
    private readonly shutdown: () => Promise<void>,
    /** The connections right now, without a query (pool counters, PGlite's queue). */
    readonly connectionStats: () => ConnectionStats,
    /** Postgres only: the monitor that notices a silent stall. */
    readonly health: DbHealthMonitor | null = null,
    /** Postgres with replicas only: where each request's reads go. */
    readonly router: ReadRouter | null = null,
    private readonly startMonitors: () => void = () => undefined,
    /** LISTEN for NOTIFY on a channel (the push dispatchers' wake-up). */
    readonly listen: Listen = async () => async () => undefined,
    /** Postgres: request reads on the primary's request pool, past Prisma (direct-read.ts); PGlite reads through Prisma. */
    private readonly primaryRead: ReadFn | null = null,
  ) {
    // $on is typed only for clients whose generic log levels name 'query'.
    (prisma as unknown as QueryEvents).$on('query', () => { this.statementCount += 1; });
  }

  static open(opts: DatabaseOptions): Database {
    const log = [{ emit: 'event' as const, level: 'query' as const }];
    if (opts.databaseUrl) {
      const base = { connectionString: opts.databaseUrl };
      const statementTimeout = opts.statementTimeoutMs ?? 0;
      const healthOpts = opts.health ?? { intervalMs: 100, timeoutMs: 400 };
      const replicaUrls = opts.replicaUrls ?? [];
      // Only where reads can go to replicas: without them every request statement runs on its own, as always.
      const snapshotPerRequest = replicaUrls.length > 0;
      // JIT off for request statements: Postgres compiles a statement whose estimated cost passes jit_above_cost,
      // and an estimate counts arms that never run (the cross-protocol rank's live fallback): at the `large`
      // scale every cross-rank read spent 35 ms compiling to run 0.05 ms. The jobs pool (refresh) keeps it.
      const requestPool = (connectionString: string) => new GuardedPool({
        connectionString, max: opts.poolSize ?? 10, connectionTimeoutMillis: opts.acquireTimeoutMs ?? 5000, options: '-c jit=off',
        ...(statementTimeout > 0 ? { statement_timeout: statementTimeout } : {}),
      }, { connectionString }, { snapshotPerRequest });
      const requests = requestPool(opts.databaseUrl);
      const jobs = new Pool({ ...base, max: JOB_POOL_SIZE, connectionTimeoutMillis: 10_000 });
      // An idle client losing its server must not crash the process; the pools reconnect.
      requests.on('error', () => undefined);
      jobs.on('error', () => undefined);
      const health = new DbHealthMonitor(base, healthOpts);
      requests.watch(health);
      const prisma = new PrismaClient({ adapter: new PrismaPg(requests), log });
      const replicas = replicaUrls.map((url) => {
        const pool = requestPool(url);
        pool.on('error', () => undefined);
        const replicaHealth = new DbHealthMonitor({ connectionString: url }, healthOpts);
        pool.watch(replicaHealth);
        const server: ReplicaServer = { name: serverName(url), read: (text, params) => directRead(pool, text, params), requests: 0, health: replicaHealth };
        return { server, pool };
      });
      const lag = replicas.length > 0 ? new ReplicaLagProbe(base, replicaUrls.map((connectionString) => ({ connectionString })),
        { ...healthOpts, maxLagMs: opts.replicaMaxLagMs ?? 5000 }) : null;
      const primaryRead: ReadFn = (text, params) => directRead(requests, text, params);
      const router = lag ? new ReadRouter({ name: 'primary', read: primaryRead, requests: 0 }, replicas.map((r) => r.server), lag) : null;
      const poolStats = (pool: 'requests' | 'jobs', p: Pool, max: number) =>
        ({ pool, max, total: p.totalCount, idle: p.idleCount, waiting: p.waitingCount });
      const stats = (): ConnectionStats => ({
        kind: 'postgres', up: !health.isDown, acquireTimeouts: requests.acquireTimeouts, statementTimeouts: requests.statementTimeouts,
        pools: [poolStats('requests', requests, opts.poolSize ?? 10), poolStats('jobs', jobs, JOB_POOL_SIZE)],
      });
      return new Database(prisma, pgSqlClient(jobs), 'postgres', async () => {
        lag?.stop();
        await Promise.all([health.stop(), ...replicas.map((r) => r.server.health.stop())]);
        await prisma.$disconnect();
        await Promise.all([requests.end(), jobs.end(), ...replicas.map((r) => r.pool.end())]);
      }, stats, health, router, () => {
        for (const r of replicas) r.server.health.start();
        lag?.start();
      }, pgListen(opts.databaseUrl), primaryRead);
    }
    const inMemory = opts.dataDir === 'memory://' || opts.dataDir === ':memory:';
    if (!inMemory) mkdirSync(opts.dataDir, { recursive: true });
    // One options object: PGlite drops the second argument when the first (the data directory) is not a string,
    // so an in-memory store given (undefined, options) ran with none of them.
    const lite = new CountingPGlite({
      dataDir: inMemory ? undefined : opts.dataDir,
      loadDataDir: inMemory ? opts.pgliteDataDirArchive : undefined,
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${opts.pgliteSharedBuffersMb ?? DEFAULT_PGLITE_SHARED_BUFFERS_MB}MB`],
    });
    const prisma = new PrismaClient({ adapter: new PrismaPGlite(lite), log });
    return new Database(prisma, pgliteSqlClient(lite), inMemory ? 'pglite (in memory)' : `pglite (${opts.dataDir})`,
      async () => { await prisma.$disconnect(); await lite.close(); }, () => ({ kind: 'pglite', pending: lite.pending }),
      null, null, undefined, pgliteListen(lite));
  }

  /** Read-only SQL with positional parameters ($1 …); arrays bind as Postgres arrays. */
  async read<T>(text: string, ...params: unknown[]): Promise<T[]> {
    try {
      if (!this.primaryRead) return await this.prisma.$queryRawUnsafe<T[]>(text, ...params);
      this.statementCount += 1;
      if (!this.router) return await this.primaryRead<T>(text, params);
      const server = this.router.serverFor(currentScope());
      // Inside run(): the pool sees the mark and reads in the request's snapshot.
      return await snapshotReads.run(true, () => server.read<T>(text, params));
    } catch (err) {
      throw unavailableOr(err);
    }
  }

  /** Starts watching the database and its replicas (Postgres; PGlite is in-process and cannot stall on its own). */
  startHealthMonitor(): void {
    this.health?.start();
    this.startMonitors();
  }

  /** Reachable now? Bounded by the health timeout on Postgres. */
  async ping(): Promise<boolean> {
    if (this.health) return this.health.ping();
    try { await this.prisma.$queryRawUnsafe('SELECT 1'); return true; } catch { return false; }
  }

  close(): Promise<void> { return this.shutdown(); }
}

/** A failed request statement as the client should see it: 503 when the database (not the query) failed. */
export function unavailableOr(err: unknown): unknown {
  if (err instanceof AppError) return err;
  return isConnectionError(err) ? serviceUnavailable() : err;
}
