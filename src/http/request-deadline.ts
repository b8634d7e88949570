// Bounded time for every request: past REQUEST_TIMEOUT_MS the client gets a
// 503 and the request's scope is aborted, which cancels its statements still
// running in Postgres and fails the ones it would start. A client that goes
// away early aborts the scope too: nobody waits for that work any more.
import type { NextFunction, Request, Response } from 'express';
import { errorBody } from '../errors/app-error';
import { RequestScope, requestScopes } from '../db/request-scope';

export function requestDeadline(timeoutMs: number) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const scope = new RequestScope();
    // Read now: when the timer fires, the request may be inside the middleware mounted at /graphql, where req.path is '/'.
    const graphql = req.path.startsWith('/graphql');
    const timer = setTimeout(() => {
      const message = `The request took longer than the ${timeoutMs} ms limit`;
      scope.abort(message);
      if (res.headersSent) return;
      // Whatever the request would still write is dropped (Express reports "headers already sent", which the error handler ignores).
      if (graphql) res.status(503).json({ errors: [{ message, extensions: { code: 'SERVICE_UNAVAILABLE' } }] });
      else res.status(503).json(errorBody(503, message));
    }, timeoutMs);
    res.on('close', () => {
      clearTimeout(timer);
      if (!res.writableFinished) scope.abort('The client closed the connection');
      scope.end();
    });
    requestScopes.run(scope, next);
  };
}
