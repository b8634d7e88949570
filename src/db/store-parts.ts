// What an opener hands the Database: one per store (open-postgres.ts,
// open-pglite.ts), and the replicas' reads beside a Postgres primary
// (open-replicas.ts). Each part knows how to stop and end what it built; the
// Database decides the order (Database#close).
import type { PrismaClient } from '../generated/prisma/client';
import type { ConnectionStats } from './connection-stats';
import type { DbHealthMonitor } from './db-health';
import type { Listen } from './notifications';
import type { ReadFn, ReadRouter } from './read-routing';
import type { SqlClient } from './sql-client';

/** Prisma emits an event per statement, which the Database counts (statementCount). */
export const QUERY_EVENTS = [{ emit: 'event' as const, level: 'query' as const }];

export interface StoreParts {
  /** Request reads on PGlite, API keys on both stores. */
  prisma: PrismaClient;
  /** Migrations, import, refresh, classify, writes. */
  sql: SqlClient;
  /** How the banner and logs name the store (never credentials). */
  description: string;
  /** The connections right now, without a query (pool counters, PGlite's queue). */
  connectionStats: () => ConnectionStats;
  /** LISTEN for NOTIFY on a channel (the push dispatchers' wake-up). */
  listen: Listen;
  /** Postgres only: the monitor that notices a silent stall of the primary. */
  health: DbHealthMonitor | null;
  /** Postgres only: request reads on the primary's request pool, past Prisma (direct-read.ts). */
  primaryRead: ReadFn | null;
  /** PGlite only: its data directory as an uncompressed tar, after a checkpoint (what pgliteDataDirArchive loads). */
  dumpDataDir: (() => Promise<Blob>) | null;
  /** Ends the store's connections (after Prisma has disconnected). */
  end(): Promise<void>;
}

/** Postgres with streaming replicas: where each request's reads go, and what watches the replicas. */
export interface ReplicaParts {
  router: ReadRouter;
  /** The replicas' health monitors and the lag probe. */
  start(): void;
  stop(): Promise<void>;
  /** Ends the replicas' request pools. */
  end(): Promise<void>;
}
