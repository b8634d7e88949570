// Every request gets an id (echoed in x-request-id) and a logger bound to it
// (req.log). At LOG_LEVEL info or below, pino-http logs each answer as it
// leaves. Above info nothing is logged per request unless something goes
// wrong, so the request's logger is made only when something asks for it:
// pino-http's per-request child logger, serializers and listeners were a
// visible share of a cached answer's CPU time (docs/performance.md#request-path).
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { requestSerializer } from '../logging/logger';
import { requestId } from './request-id';

export function requestLog(log: Logger) {
  if (log.isLevelEnabled('info')) {
    // pino-http sets its own `req` serializer on the request's logger: given the one that takes keys out of the url.
    return pinoHttp({ logger: log, genReqId: requestId, serializers: { req: requestSerializer }, autoLogging: { ignore: (req) => req.url === '/healthz' } });
  }
  return (req: Request, res: Response, next: NextFunction): void => {
    const id = requestId(req, res);
    req.id = id;
    let child: Logger | undefined;
    Object.defineProperty(req, 'log', {
      configurable: true,
      enumerable: true,
      // The logger's `req` serializer takes any key out of the url.
      get: () => (child ??= log.child({ req: { id, method: req.method, url: req.originalUrl } })),
    });
    next();
  };
}
