// The one place errors become HTTP answers. REST paths get the NestJS-style
// body {statusCode, message, error}; /graphql gets a GraphQL `errors` body with the same code.
import { STATUS_CODES } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { AppError, errorBody, REASON_OF } from '../errors/app-error';
import { inputErrorMessage, isConnectionError } from '../db/db-errors';
import { REST_ROUTES } from '../rest/rest-routes';
import { undecodablePathParam } from '../rest/params';

/** An answer: the error (its code for GraphQL) and the HTTP status, which for 413/415 is not the code's own. */
interface Failure { error: AppError; status: number }

const fail = (error: AppError, status = error.status): Failure => ({ error, status });
const clientFault = (status: number, message: string) => fail(new AppError('BAD_USER_INPUT', message), status);

/**
 * Errors raised before our handlers run, by Express's router (a path segment
 * that is not percent-encoded UTF-8), body-parser and zlib (the body is not
 * JSON, too large, or not in its Content-Encoding): all carry a 4xx `status`.
 */
function requestFault(err: unknown, req: Request, routePaths: readonly string[]): Failure | null {
  const e = err as { type?: string; status?: number; statusCode?: number; encoding?: string; charset?: string; limit?: number; message?: string };
  const status = e?.status ?? e?.statusCode;
  if (typeof status !== 'number' || status < 400 || status >= 500) return null;
  switch (e.type) {
    case 'entity.parse.failed': return clientFault(400, 'Request body is not valid JSON');
    case 'entity.too.large': return clientFault(413, `Request body is larger than ${e.limit ?? 'the limit of'} bytes`);
    case 'encoding.unsupported': return clientFault(415, `Content-Encoding "${e.encoding}" is not supported (gzip, deflate, br or identity)`);
    case 'charset.unsupported': return clientFault(415, `charset "${e.charset}" is not supported (use utf-8)`);
  }
  if (err instanceof URIError) {
    const param = undecodablePathParam(routePaths, req.path);
    return clientFault(400, param ? `${param.name} is not valid percent-encoded UTF-8; got "${param.raw}"` : 'The request path is not valid percent-encoded UTF-8');
  }
  const encoding = req.headers['content-encoding'];
  // zlib's "incorrect header check", "unexpected end of file" …: the bytes are not what the header says.
  if (encoding && !/^identity$/i.test(encoding)) return clientFault(400, `Request body is not valid ${encoding} data`);
  return clientFault(status === 413 || status === 415 ? status : 400, e.message || 'Bad request');
}

function toFailure(err: unknown, req: Request, routePaths: readonly string[]): Failure {
  if (err instanceof AppError) return fail(err);
  const fault = requestFault(err, req, routePaths);
  if (fault) return fault;
  if (isConnectionError(err)) return fail(new AppError('SERVICE_UNAVAILABLE', 'Database unavailable'));
  const input = inputErrorMessage(err);
  if (input) return fail(new AppError('BAD_USER_INPUT', input));
  return fail(new AppError('INTERNAL_SERVER_ERROR', 'Internal server error', false));
}

export function errorHandler(log: Logger, routePaths: readonly string[] = REST_ROUTES.map((r) => r.path)) {
  // Express recognises error middleware by its four parameters.
  return (err: unknown, req: Request, res: Response, _next: NextFunction): void => {
    const { error, status } = toFailure(err, req, routePaths);
    if (!error.isOperational) log.error({ err, reqId: req.id }, 'unhandled error');
    if (error.retryAfterSeconds) res.setHeader('Retry-After', String(error.retryAfterSeconds));
    if (res.headersSent) return;
    if (req.path.startsWith('/graphql')) {
      res.status(status).json({ errors: [{ message: error.message, extensions: { code: error.code } }] });
      return;
    }
    const body = errorBody(status, error.message);
    res.status(status).json(REASON_OF[status] ? body : { ...body, error: STATUS_CODES[status] ?? body.error });
  };
}

/** Unknown paths, in the NestJS wording the old clients saw. */
export function notFoundHandler(req: Request, res: Response): void {
  res.status(404).json(errorBody(404, `Cannot ${req.method} ${req.path}`));
}
