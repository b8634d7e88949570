// One Database per process: the Prisma client (reads, keys) and the SqlClient
// (migrations, import) share one pool or one embedded PGlite instance.
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import { Pool } from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from '../generated/prisma/client';
import { serviceUnavailable } from '../errors/app-error';
import { isConnectionError } from './db-errors';
import { pgliteSqlClient, pgSqlClient, type SqlClient } from './sql-client';

type QueryEvents = { $on(event: 'query', cb: () => void): void };

export interface DatabaseOptions { databaseUrl?: string; dataDir: string; poolSize?: number }

export class Database {
  /** SQL statements sent through Prisma since start; tests use it to prove batching. */
  statementCount = 0;

  private constructor(
    readonly prisma: PrismaClient,
    readonly sql: SqlClient,
    readonly description: string,
    private readonly shutdown: () => Promise<void>,
  ) {
    // $on is typed only for clients whose generic log levels name 'query'.
    (prisma as unknown as QueryEvents).$on('query', () => { this.statementCount += 1; });
  }

  static open(opts: DatabaseOptions): Database {
    const log = [{ emit: 'event' as const, level: 'query' as const }];
    if (opts.databaseUrl) {
      const pool = new Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10, connectionTimeoutMillis: 5000 });
      // An idle client losing its server must not crash the process; the pool reconnects.
      pool.on('error', () => undefined);
      const prisma = new PrismaClient({ adapter: new PrismaPg(pool), log });
      return new Database(prisma, pgSqlClient(pool), 'postgres', async () => { await prisma.$disconnect(); await pool.end(); });
    }
    const inMemory = opts.dataDir === 'memory://' || opts.dataDir === ':memory:';
    if (!inMemory) mkdirSync(opts.dataDir, { recursive: true });
    const lite = new PGlite(inMemory ? undefined : opts.dataDir);
    const prisma = new PrismaClient({ adapter: new PrismaPGlite(lite), log });
    return new Database(prisma, pgliteSqlClient(lite), inMemory ? 'pglite (in memory)' : `pglite (${opts.dataDir})`,
      async () => { await prisma.$disconnect(); await lite.close(); });
  }

  /** Read-only SQL with positional parameters ($1 …); arrays bind as Postgres arrays. */
  async read<T>(text: string, ...params: unknown[]): Promise<T[]> {
    try {
      return await this.prisma.$queryRawUnsafe<T[]>(text, ...params);
    } catch (err) {
      if (isConnectionError(err)) throw serviceUnavailable();
      throw err;
    }
  }

  async ping(): Promise<boolean> {
    try { await this.prisma.$queryRawUnsafe('SELECT 1'); return true; } catch { return false; }
  }

  close(): Promise<void> { return this.shutdown(); }
}
