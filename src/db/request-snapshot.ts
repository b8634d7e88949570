// One snapshot for all the reads of a request (used when reads can go to
// replicas). Every answer is keyed by the data_version its request read once
// from protocol_state, and analytics statements read the generation in their
// own statement: under READ COMMITTED a refresh published between two
// statements of one request (on the primary, or replayed on a replica) would
// make the later ones read the new generation while the answer is stored
// under the old version key, which a lagging replica still reads. So the
// request's first read opens a REPEATABLE READ READ ONLY transaction on one
// connection of the pool, its other reads run in it (pg queues them on that
// connection, DataLoader's parallel batches included), and the end of the
// request (src/db/request-scope.ts) rolls it back and returns the connection.
// The cost: a connection is held for the request's life, two more round trips
// (BEGIN, ROLLBACK), and a request's statements run one after another.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { PoolClient } from 'pg';
import { AppError } from '../errors/app-error';
import type { RequestScope } from './request-scope';

/** Set by Database.read around a request read: other queries on the pool (API keys) run outside the snapshot. */
export const snapshotReads = new AsyncLocalStorage<true>();
export const inSnapshotRead = (): boolean => snapshotReads.getStore() === true;

const BEGIN = 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY';

interface Held { client: Promise<PoolClient>; closed: boolean }

export class RequestSnapshots {
  private readonly held = new WeakMap<RequestScope, Held>();

  constructor(private readonly acquire: () => Promise<PoolClient>) {}

  /** The connection holding the request's snapshot, opened by its first read. */
  client(scope: RequestScope): Promise<PoolClient> {
    const existing = this.held.get(scope);
    if (existing) return existing.client;
    // A read after the response: the snapshot would be rolled back under it.
    if (scope.isEnded) return Promise.reject(new AppError('SERVICE_UNAVAILABLE', 'The request is over'));
    const held: Held = { client: this.open(), closed: false };
    this.held.set(scope, held);
    // A snapshot that could not be opened is forgotten: the request's next read tries again.
    held.client.catch(() => { if (this.held.get(scope) === held) this.held.delete(scope); });
    scope.onEnd(() => this.close(scope));
    return held.client;
  }

  /**
   * Ends the request's snapshot: at the end of the request, or after a failed
   * statement (the transaction is unusable then; later reads of the request
   * open a new snapshot; an answer with an error is never cached). Statements
   * already queued on the connection run first; a connection that fails the
   * ROLLBACK is discarded.
   */
  close(scope: RequestScope): void {
    const held = this.held.get(scope);
    if (!held || held.closed) return;
    held.closed = true;
    this.held.delete(scope);
    held.client.then(
      (c) => c.query('ROLLBACK').then(() => c.release(), (err: Error) => c.release(err)),
      () => undefined,
    );
  }

  private async open(): Promise<PoolClient> {
    const client = await this.acquire();
    try {
      await client.query(BEGIN);
      return client;
    } catch (err) {
      client.release(err as Error);
      throw err;
    }
  }
}
