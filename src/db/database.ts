// One Database per process, opened from one store: Postgres (open-postgres.ts:
// a guarded request pool for request reads and Prisma, a jobs pool for the
// SqlClient, a health monitor) or the embedded PGlite (open-pglite.ts: one
// instance for both). With streaming replicas (replicaUrls), request reads
// (`read`) go to one server per request, a replica when one is usable
// (open-replicas.ts, read-routing.ts); `prisma` (API keys) and `sql` (jobs,
// writes) stay on the primary.
import { AppError, serviceUnavailable } from '../errors/app-error';
import type { PrismaClient } from '../generated/prisma/client';
import type { ConnectionStats } from './connection-stats';
import type { DatabaseOptions } from './database-options';
import { isConnectionError } from './db-errors';
import type { DbHealthMonitor } from './db-health';
import { JobEvents } from './job-events';
import type { Listen } from './notifications';
import { openPglite } from './open-pglite';
import { openPostgres } from './open-postgres';
import { openReplicas } from './open-replicas';
import type { ReadFn, ReadRouter } from './read-routing';
import { currentScope } from './request-scope';
import { snapshotReads } from './request-snapshot';
import type { SqlClient } from './sql-client';
import type { ReplicaParts, StoreParts } from './store-parts';

export type { DatabaseOptions } from './database-options';

type QueryEvents = { $on(event: 'query', cb: () => void): void };

/** What the Database is made of: the store it reads and writes, and the replicas beside a Postgres primary, if any. */
export interface DatabaseParts {
  store: StoreParts;
  replicas: ReplicaParts | null;
}

export class Database {
  /** SQL statements of requests (reads) and of Prisma (keys) since start; tests use it to prove batching. */
  statementCount = 0;
  /** Imports and refreshes run in this process on this database report their durations here. */
  readonly jobEvents = new JobEvents();
  readonly prisma: PrismaClient;
  readonly sql: SqlClient;
  readonly description: string;
  /** The connections right now, without a query (pool counters, PGlite's queue). */
  readonly connectionStats: () => ConnectionStats;
  /** LISTEN for NOTIFY on a channel (the push dispatchers' wake-up). */
  readonly listen: Listen;
  /** Postgres only: the monitor that notices a silent stall. */
  readonly health: DbHealthMonitor | null;
  /** Postgres with replicas only: where each request's reads go. */
  readonly router: ReadRouter | null;
  /** Postgres: request reads on the primary's request pool, past Prisma (direct-read.ts); PGlite reads through Prisma. */
  private readonly primaryRead: ReadFn | null;
  private readonly store: StoreParts;
  private readonly replicas: ReplicaParts | null;

  private constructor({ store, replicas }: DatabaseParts) {
    this.store = store;
    this.replicas = replicas;
    this.prisma = store.prisma;
    this.sql = store.sql;
    this.description = store.description;
    this.connectionStats = store.connectionStats;
    this.listen = store.listen;
    this.health = store.health;
    this.primaryRead = store.primaryRead;
    this.router = replicas?.router ?? null;
    // $on is typed only for clients whose generic log levels name 'query'.
    (this.prisma as unknown as QueryEvents).$on('query', () => { this.statementCount += 1; });
  }

  static open(opts: DatabaseOptions): Database {
    if (!opts.databaseUrl) return new Database({ store: openPglite(opts), replicas: null });
    const primary = openPostgres(opts.databaseUrl, opts);
    return new Database({ store: primary, replicas: openReplicas(opts.databaseUrl, primary.primaryRead, opts) });
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

  /** The embedded store's data directory as an uncompressed tar (PGlite only; null on Postgres). */
  async dumpEmbedded(): Promise<Blob | null> {
    return this.store.dumpDataDir ? this.store.dumpDataDir() : null;
  }

  /** Starts watching the database and its replicas (Postgres; PGlite is in-process and cannot stall on its own). */
  startHealthMonitor(): void {
    this.health?.start();
    this.replicas?.start();
  }

  /** Reachable now? Bounded by the health timeout on Postgres. */
  async ping(): Promise<boolean> {
    if (this.health) return this.health.ping();
    try { await this.prisma.$queryRawUnsafe('SELECT 1'); return true; } catch { return false; }
  }

  /**
   * The monitors stop first (none reconnects what is being closed), then Prisma
   * disconnects, then every pool (the primary's, the replicas') or PGlite ends.
   */
  async close(): Promise<void> {
    await Promise.all([this.replicas?.stop(), this.health?.stop()]);
    await this.prisma.$disconnect();
    await Promise.all([this.store.end(), this.replicas?.end()]);
  }
}

/** A failed request statement as the client should see it: 503 when the database (not the query) failed. */
export function unavailableOr(err: unknown): unknown {
  if (err instanceof AppError) return err;
  return isConnectionError(err) ? serviceUnavailable() : err;
}
