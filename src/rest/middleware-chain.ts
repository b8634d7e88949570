// Several middleware run as one: each calls the next directly, with one
// continuation per request, where Express's router would walk a layer (and
// allocate its closures) for each. Same contract as Express 5: an error passed
// to next, thrown, or a rejected promise goes to `done` (the error handlers).
import type { NextFunction, Request, RequestHandler, Response } from 'express';

export function chain(handlers: readonly RequestHandler[]): RequestHandler {
  return (req: Request, res: Response, done: NextFunction) => {
    let i = 0;
    const next = (err?: unknown): void => {
      // 'route' and 'router' leave the group, as they leave a route or a router.
      if (err === 'route' || err === 'router') { done(); return; }
      if (err !== undefined && err !== null) { done(err); return; }
      const handler = handlers[i++];
      if (!handler) { done(); return; }
      try {
        const ran = handler(req, res, next);
        if (ran instanceof Promise) ran.catch((e: unknown) => done(e ?? new Error('Rejected promise')));
      } catch (e) {
        done(e);
      }
    };
    next();
  };
}
