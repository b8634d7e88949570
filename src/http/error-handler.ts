// The one place errors become HTTP answers. REST paths get the NestJS-style
// body {statusCode, message, error}; /graphql gets a GraphQL `errors` body with
// the same code. What an error means is decided by classifyError, as for errors
// inside GraphQL; only the faults of reading the request are told apart here.
import { STATUS_CODES } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { AppError, errorBody, REASON_OF } from '../errors/app-error';
import { classifyError } from '../graphql/classify-error';
import { ParamDecodeError } from '../rest/route-table';

const clientFault = (status: number, message: string) => new AppError('BAD_USER_INPUT', message, true, undefined, status);

/** How much of an undecodable parameter the 400 repeats. */
const MAX_ECHO = 100;

/**
 * Errors raised before our handlers run, by the routers (a path segment
 * that is not percent-encoded UTF-8), body-parser and zlib (the body is not
 * JSON, too large, or not in its Content-Encoding): all carry a 4xx `status`.
 * Our own AppErrors carry one too, and are already what they mean.
 */
function requestFault(err: unknown, req: Request): AppError | null {
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
  // A REST route's parameter names itself; Express's router (the other routes) says only that the path did not decode.
  if (err instanceof ParamDecodeError) return clientFault(400, `${err.param} is not valid percent-encoded UTF-8; got "${err.raw.slice(0, MAX_ECHO)}"`);
  if (err instanceof URIError) return clientFault(400, 'The request path is not valid percent-encoded UTF-8');
  const encoding = req.headers['content-encoding'];
  // zlib's "incorrect header check", "unexpected end of file" …: the bytes are not what the header says.
  if (encoding && !/^identity$/i.test(encoding)) return clientFault(400, `Request body is not valid ${encoding} data`);
  return clientFault(status === 413 || status === 415 ? status : 400, e.message || 'Bad request');
}

export function errorHandler(log: Logger) {
  // Express recognises error middleware by its four parameters.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the fourth parameter is what makes it error middleware
  return (err: unknown, req: Request, res: Response, _next: NextFunction): void => {
    const { code, status, message, retryAfterSeconds, log: worthLogging } = classifyError(requestFault(err, req) ?? err);
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
