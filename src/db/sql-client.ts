// The low-level SQL face used by migrations and the importer: multi-statement
// scripts and bulk COPY, which Prisma does not offer. Reads go through Prisma.
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { Pool, PoolClient } from 'pg';
import { from as copyFromStdin, to as copyToStdout } from 'pg-copy-streams';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';

export interface SqlClient {
  readonly kind: 'postgres' | 'pglite';
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Runs a script of several statements (no parameters). */
  exec(text: string): Promise<void>;
  /** Bulk-loads CSV text (no header) into `table(columns)`. */
  copyCsv(table: string, columns: string[], csv: string): Promise<void>;
  /** Runs fn in one transaction on one connection; rolls back if it throws. */
  transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T>;
  /** Runs fn on one connection without a transaction (session-level advisory locks). */
  session<T>(fn: (s: SqlClient) => Promise<T>): Promise<T>;
  /**
   * Postgres only: what `COPY (…) TO STDOUT` writes, chunk by chunk as it arrives (copy-binary.ts reads the
   * binary format). A reader that stops early closes the connection (and so ends its transaction): nothing
   * else stops a COPY on it.
   */
  copyOut?(statement: string): AsyncIterable<Buffer>;
}

const copySql = (table: string, columns: string[], source: string) =>
  `COPY "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) FROM ${source} WITH (FORMAT csv)`;

/**
 * A pooled client held by a job. The pool listens for errors of idle clients
 * only: a checked-out one whose connection is lost (server restart, terminated
 * backend) would emit an unhandled 'error' and end the process. Its statements
 * fail instead, and the pool drops it on release.
 */
async function checkout(pool: Pool): Promise<PoolClient> {
  const client = await pool.connect();
  const ignore = () => undefined;
  client.on('error', ignore);
  const release = client.release.bind(client);
  client.release = (err?: Error | boolean) => { client.removeListener('error', ignore); release(err); };
  return client;
}

class PgConnection implements SqlClient {
  readonly kind = 'postgres' as const;
  constructor(private readonly conn: Pool | PoolClient, private readonly inTransaction = false) {}

  async query<T>(text: string, params: unknown[] = []): Promise<T[]> {
    return (await this.conn.query(text, params)).rows as T[];
  }
  async exec(text: string): Promise<void> { await this.conn.query(text); }

  async copyCsv(table: string, columns: string[], csv: string): Promise<void> {
    const run = async (client: PoolClient) => {
      const stream = client.query(copyFromStdin(copySql(table, columns, 'STDIN')));
      await pipeline(Readable.from([csv]), stream);
    };
    if ('release' in this.conn) return run(this.conn);
    const client = await checkout(this.conn);
    try { await run(client); } finally { client.release(); }
  }

  async *copyOut(statement: string): AsyncIterable<Buffer> {
    const own = !('release' in this.conn);
    const client = own ? await checkout(this.conn) : this.conn;
    let done = false;
    try {
      yield* client.query(copyToStdout(statement)) as AsyncIterable<Buffer>;
      done = true;
    } finally {
      // pg-copy-streams has no way to stop a COPY: a reader that stopped early leaves the server sending and
      // the client deaf to anything else (a ROLLBACK would wait forever). Its socket is closed instead: the
      // server ends the statement and its transaction, the client's next query fails at once, and the pool
      // drops it on release.
      if (!done) (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
      if (own) client.release(!done);
    }
  }

  async session<T>(fn: (s: SqlClient) => Promise<T>): Promise<T> {
    if ('release' in this.conn) return fn(this);
    const client = await checkout(this.conn);
    try { return await fn(new PgConnection(client)); } finally { client.release(); }
  }

  async transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T> {
    if (this.inTransaction) return fn(this);
    const own = !('release' in this.conn);
    const client = own ? await checkout(this.conn) : this.conn;
    try {
      await client.query('BEGIN');
      const out = await fn(new PgConnection(client, true));
      await client.query('COMMIT');
      return out;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      if (own) client.release();
    }
  }
}

class PgliteConnection implements SqlClient {
  readonly kind = 'pglite' as const;
  constructor(private readonly conn: PGlite | Transaction, private readonly root: PGlite) {}

  async query<T>(text: string, params: unknown[] = []): Promise<T[]> {
    return (await this.conn.query<T>(text, params)).rows;
  }
  async exec(text: string): Promise<void> { await this.conn.exec(text); }

  async copyCsv(table: string, columns: string[], csv: string): Promise<void> {
    // PGlite reads COPY input from a virtual /dev/blob file.
    await this.conn.query(copySql(table, columns, `'/dev/blob'`), [], { blob: new Blob([csv]) });
  }

  /** PGlite has a single session already. */
  session<T>(fn: (s: SqlClient) => Promise<T>): Promise<T> { return fn(this); }

  async transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T> {
    if (this.conn !== this.root) return fn(this);
    return this.root.transaction((tx) => fn(new PgliteConnection(tx, this.root)));
  }
}

export const pgSqlClient = (pool: Pool): SqlClient => new PgConnection(pool);
export const pgliteSqlClient = (db: PGlite): SqlClient => new PgliteConnection(db, db);
