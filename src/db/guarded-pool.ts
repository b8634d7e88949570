// The request pool: a pg Pool whose queries are bounded and cancellable.
// - acquiring a connection times out (connectionTimeoutMillis);
// - every statement carries a server-side statement_timeout;
// - while the health monitor says the database is down, a query fails at once;
// - a query run for a request whose scope is aborted (deadline, client gone)
//   is cancelled in Postgres (pg_cancel_backend from a separate connection),
//   so an abandoned query does not keep running there;
// - with snapshots on (reads may go to replicas), a request's reads share one
//   REPEATABLE READ transaction (src/db/request-snapshot.ts).
import { Client, Pool, type ClientConfig, type PoolClient, type PoolConfig, type QueryConfig } from 'pg';
import { AppError } from '../errors/app-error';
import { isConnectionError } from './db-errors';
import type { DbHealthMonitor } from './db-health';
import { currentScope, type RequestScope } from './request-scope';
import { inSnapshotRead, RequestSnapshots } from './request-snapshot';

// pg keeps a client's socket and backend pid out of its public typings: the casts to Destroyable reach them
// to cancel or drop a connection.
type Destroyable = { connection?: { stream?: { destroy(): void } }; processID?: number };

/** Every client the pool created and has not lost: dropped together when the database stalls. */
function trackingClientClass(live: Set<Client>): typeof Client {
  return class TrackedClient extends Client {
    constructor(config?: string | ClientConfig) {
      super(config);
      live.add(this);
      this.once('end', () => live.delete(this));
      // A lost connection reaches its caller as the query's rejection; the event needs no listener of its own.
      this.on('error', () => undefined);
    }
  };
}

/** query_canceled by statement_timeout (a cancel for an aborted request has the same code, another message). */
const isStatementTimeout = (err: unknown) =>
  (err as { code?: string } | null)?.code === '57014' && /statement timeout/i.test((err as Error).message);
/** pg-pool's own rejection when connectionTimeoutMillis passes. */
const isAcquireTimeout = (err: unknown) => err instanceof Error && err.message === 'timeout exceeded when trying to connect';

export const databaseDown = () => new AppError('SERVICE_UNAVAILABLE', 'Database unavailable');

export class GuardedPool extends Pool {
  private readonly live: Set<Client>;
  private health: DbHealthMonitor | null = null;
  /** Requests waiting for a connection: told at once when the database goes down. */
  private readonly waiting = new Set<() => void>();
  /** Since start, for /metrics: waits for a connection that ran out of time, statements Postgres stopped at statement_timeout. */
  acquireTimeouts = 0;
  statementTimeouts = 0;

  private readonly snapshots: RequestSnapshots | null;

  constructor(config: PoolConfig, private readonly cancelConfig: ClientConfig, opts: { snapshotPerRequest?: boolean } = {}) {
    const live = new Set<Client>();
    super({ ...config, Client: trackingClientClass(live) });
    this.live = live;
    this.snapshots = opts.snapshotPerRequest ? new RequestSnapshots(() => this.acquire()) : null;
    // Replaces Pool#query (the driver adapter calls pool.query(config) and awaits the promise).
    this.query = this.guardedQuery.bind(this) as unknown as Pool['query'];
  }

  watch(health: DbHealthMonitor): void {
    this.health = health;
    health.on('down', () => {
      for (const fail of [...this.waiting]) fail();
      this.dropAll();
    });
  }

  /** Closes every socket at once: in-flight queries fail (→ 503) and the pool reconnects afterwards. */
  dropAll(): void {
    for (const c of this.live) (c as unknown as Destroyable).connection?.stream?.destroy();
  }

  private async guardedQuery(config: string | QueryConfig, values?: unknown[]): Promise<unknown> {
    const scope = currentScope();
    scope?.throwIfAborted();
    if (this.health?.isDown) throw databaseDown();
    if (scope && this.snapshots && inSnapshotRead()) return this.snapshotQuery(scope, this.snapshots, config, values);
    const client = await this.acquire();
    let broken: Error | undefined;
    try {
      return await this.run(client, scope, config, values);
    } catch (err) {
      if (isConnectionError(err)) broken = err as Error;
      throw err;
    } finally {
      // A client whose connection failed is discarded, not returned to the pool.
      client.release(broken);
    }
  }

  /** A request read in the request's snapshot; a failed statement ends the snapshot (its transaction is unusable). */
  private async snapshotQuery(scope: RequestScope, snapshots: RequestSnapshots, config: string | QueryConfig, values?: unknown[]): Promise<unknown> {
    const client = await snapshots.client(scope);
    try {
      return await this.run(client, scope, config, values);
    } catch (err) {
      snapshots.close(scope);
      throw err;
    }
  }

  /** One statement on a held client: cancellable with the request, counted for the health monitor and /metrics. */
  private async run(client: PoolClient, scope: RequestScope | undefined, config: string | QueryConfig, values?: unknown[]): Promise<unknown> {
    const release = scope?.onAbort(() => this.cancel(client));
    try {
      const result = await client.query(config as QueryConfig, values);
      this.health?.noteAnswer();
      return result;
    } catch (err) {
      if (!isConnectionError(err)) this.health?.noteAnswer();
      if (isStatementTimeout(err)) this.statementTimeouts += 1;
      throw err;
    } finally {
      release?.();
    }
  }

  /**
   * A pooled connection, or a 503 as soon as the database is seen down or the
   * request is aborted: a new connection to a stalled server would otherwise
   * wait for the whole acquisition timeout.
   */
  private acquire(): Promise<PoolClient> {
    const scope = currentScope();
    return new Promise<PoolClient>((resolve, reject) => {
      let settled = false;
      // The reason passes on as the pool or the abort scope gave it: the error model classifies those errors as they are.
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- see above
      const fail = (err: unknown) => { if (!settled) { settled = true; done(); reject(err); } };
      const onDown = () => fail(databaseDown());
      const stopAbort = scope?.onAbort(() => fail(scope.abortReason));
      const done = () => { this.waiting.delete(onDown); stopAbort?.(); };
      this.waiting.add(onDown);
      this.connect().then((client) => {
        if (settled) { client.release(); return; }
        settled = true; done(); resolve(client);
      }, (err: unknown) => {
        if (!settled && isAcquireTimeout(err)) this.acquireTimeouts += 1;
        fail(err);
      });
    });
  }

  /** Cancels the client's running statement from a separate connection; if that cannot be had quickly, drops the socket. */
  private cancel(client: Client): void {
    const pid = (client as unknown as Destroyable).processID;
    const drop = () => (client as unknown as Destroyable).connection?.stream?.destroy();
    if (!pid || this.health?.isDown) { drop(); return; }
    const canceller = new Client({ ...this.cancelConfig, connectionTimeoutMillis: 1000 });
    canceller.on('error', () => undefined);
    const timer = setTimeout(drop, 1500);
    canceller.connect()
      .then(() => canceller.query('SELECT pg_cancel_backend($1)', [pid]))
      .then(() => clearTimeout(timer), () => { clearTimeout(timer); drop(); })
      .finally(() => { void canceller.end().catch(() => undefined); });
  }
}
