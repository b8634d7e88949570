// The one place errors become HTTP answers. REST paths get the NestJS body of
// CONTRACT §2; /graphql gets a GraphQL `errors` body with the same code.
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { AppError, errorBody } from '../errors/app-error';
import { isConnectionError } from '../db/db-errors';

function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const e = err as { type?: string; status?: number; statusCode?: number; message?: string };
  // body-parser: malformed JSON, wrong content length, too large …
  if (e?.type && (e.status ?? e.statusCode ?? 500) < 500) {
    return new AppError('BAD_USER_INPUT', e.type === 'entity.parse.failed' ? 'Request body is not valid JSON' : (e.message ?? 'Bad request'));
  }
  if (isConnectionError(err)) return new AppError('SERVICE_UNAVAILABLE', 'Database unavailable');
  return new AppError('INTERNAL_SERVER_ERROR', 'Internal server error', false);
}

export function errorHandler(log: Logger) {
  // Express recognises error middleware by its four parameters.
  return (err: unknown, req: Request, res: Response, _next: NextFunction): void => {
    const appErr = toAppError(err);
    if (!appErr.isOperational) log.error({ err, reqId: req.id }, 'unhandled error');
    if (appErr.retryAfterSeconds) res.setHeader('Retry-After', String(appErr.retryAfterSeconds));
    if (res.headersSent) return;
    if (req.path.startsWith('/graphql')) {
      res.status(appErr.status).json({ errors: [{ message: appErr.message, extensions: { code: appErr.code } }] });
      return;
    }
    res.status(appErr.status).json(errorBody(appErr.status, appErr.message));
  };
}

/** Unknown paths, in the NestJS wording the old clients saw. */
export function notFoundHandler(req: Request, res: Response): void {
  res.status(404).json(errorBody(404, `Cannot ${req.method} ${req.path}`));
}
