// PGlite runs one statement (or one transaction) at a time and queues the rest
// behind a private lock it does not expose. Counting the calls in flight through
// its public entry points (the ones the Prisma adapter and the SqlClient use)
// gives that queue's depth: one running, the rest waiting.
import { PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

export class CountingPGlite extends PGlite {
  /** Queries, scripts and transactions called and not yet settled. */
  pending = 0;

  private async counted<T>(run: () => Promise<T>): Promise<T> {
    this.pending += 1;
    try { return await run(); } finally { this.pending -= 1; }
  }

  override query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.counted(() => super.query<T>(query, params, options));
  }

  override exec(query: string, options?: QueryOptions): Promise<Array<Results>> {
    return this.counted(() => super.exec(query, options));
  }

  override transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.counted(() => super.transaction(callback));
  }
}
