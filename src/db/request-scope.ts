// The request a database query runs for. The HTTP layer opens a scope per
// request (AsyncLocalStorage carries it through resolvers and loaders to the
// pool); when the request ends early (deadline passed, client gone) the scope
// is aborted: its queries still running are cancelled in Postgres, and the
// ones it would start next fail at once instead of running for nobody. When
// the response is over the scope ends, and what the request held for its whole
// life (a read snapshot, src/db/request-snapshot.ts) is given back.
import { AsyncLocalStorage } from 'node:async_hooks';
import { AppError } from '../errors/app-error';
import { RequestTurns } from './request-turns';

export class RequestScope {
  /** Set when aborted: what its queries fail with. (No AbortController: one per request cost more than the rest of the scope.) */
  private reason: AppError | undefined;
  private readonly cancels = new Set<() => void>();
  private readonly finishers: (() => void)[] = [];
  private ended = false;
  /** The request's turns of the event loop for its heavy pieces (see takeTurn). */
  readonly turns = new RequestTurns();

  get aborted(): boolean { return this.reason !== undefined; }
  /** Why it was aborted (undefined while it is not). */
  get abortReason(): AppError | undefined { return this.reason; }
  get isEnded(): boolean { return this.ended; }

  /** Runs `cancel` if the scope is aborted while the returned handle is held; call the handle when done. */
  onAbort(cancel: () => void): () => void {
    if (this.aborted) { cancel(); return () => undefined; }
    this.cancels.add(cancel);
    return () => { this.cancels.delete(cancel); };
  }

  abort(reason: string): void {
    if (this.aborted) return;
    this.reason = new AppError('SERVICE_UNAVAILABLE', reason);
    for (const cancel of this.cancels) cancel();
    this.cancels.clear();
  }

  /** Runs `finish` once the request is over (at once if it already is). */
  onEnd(finish: () => void): void {
    if (this.ended) finish();
    else this.finishers.push(finish);
  }

  /** The response is sent or abandoned: nothing of this request runs any more. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    for (const finish of this.finishers.splice(0)) finish();
  }

  throwIfAborted(): void {
    if (this.reason) throw this.reason;
  }
}

export const requestScopes = new AsyncLocalStorage<RequestScope>();

/** The scope of the request running now, if any (jobs and the CLI have none). */
export const currentScope = (): RequestScope | undefined => requestScopes.getStore();

/**
 * Lets the request's other work and other requests run before a heavy piece of
 * this one (a long list or history about to be built and completed): resolves
 * in a turn of the event loop of its own. Outside a request it does nothing.
 */
export async function takeTurn(): Promise<void> {
  await currentScope()?.turns.take();
}
