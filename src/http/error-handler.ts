// The one place errors become HTTP answers. REST paths get the NestJS-style
// body {statusCode, message, error}; /graphql gets a GraphQL `errors` body with
// the same code. What an error means is decided by classifyError, as for errors
// inside GraphQL; only the faults of reading the request are told apart here.
import { STATUS_CODES } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { AppError, errorBody, REASON_OF } from '../errors/app-error';
import { classifyError } from '../graphql/classify-error';
import { REST_ROUTES } from '../rest/rest-routes';
import { undecodablePathParam } from '../rest/params';

const clientFault = (status: number, message: string) => new AppError('BAD_USER_INPUT', message, true, undefined, status);

/**
 * Errors raised before our handlers run, by Express's router (a path segment
 * that is not percent-encoded UTF-8), body-parser and zlib (the body is not
 * JSON, too large, or not in its Content-Encoding): all carry a 4xx `status`.
 * Our own AppErrors carry one too, and are already what they mean.
 */
function requestFault(err: unknown, req: Request, routePaths: readonly string[]): AppError | null {
  if (err instanceof AppError) return null;
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

export function errorHandler(log: Logger, routePaths: readonly string[] = REST_ROUTES.map((r) => r.path)) {
  // Express recognises error middleware by its four parameters.
  return (err: unknown, req: Request, res: Response, _next: NextFunction): void => {
    const { code, status, message, retryAfterSeconds, log: worthLogging } = classifyError(requestFault(err, req, routePaths) ?? err);
    if (worthLogging) log[worthLogging.level]({ err, reqId: req.id }, worthLogging.note);
    if (retryAfterSeconds) res.setHeader('Retry-After', String(retryAfterSeconds));
    if (res.headersSent) return;
    if (req.path.startsWith('/graphql')) {
      res.status(status).json({ errors: [{ message, extensions: { code } }] });
      return;
    }
    const body = errorBody(status, message);
    res.status(status).json(REASON_OF[status] ? body : { ...body, error: STATUS_CODES[status] ?? body.error });
  };
}

/** Unknown paths, in the NestJS wording the old clients saw. */
export function notFoundHandler(req: Request, res: Response): void {
  res.status(404).json(errorBody(404, `Cannot ${req.method} ${req.path}`));
}
