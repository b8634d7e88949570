// Every HTTP answer measured once, when its last byte is handed to the socket
// (or the client leaves first: status 499): count and latency by method and
// route pattern, and an error answer by its code. Mounted first, so answers
// given before routing (401, 429, refused bodies, the deadline's 503) count too.
import type { NextFunction, Request, Response } from 'express';
import { codeOfStatus, type ErrorCode } from '../errors/app-error';
import type { AppMetrics } from '../metrics/app-metrics';
import type { RouteLabel } from './route-label';

/**
 * Where a GraphQL answer that is a 200 with errors leaves its deciding code
 * (set by the Apollo metrics plugin): an error answer of status 400 or more
 * carries its code in the status already (one error model), and that status
 * wins, e.g. when the size limit replaces a 200 afterwards.
 */
export const ERROR_CODE_LOCAL = 'errorAnswerCode';

/** nginx's code for "the client closed the request": no answer was delivered. */
const CLIENT_CLOSED = 499;

export function httpMetrics(metrics: Pick<AppMetrics, 'http' | 'errors'>, labelOf: (req: Request, res: Response) => RouteLabel) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const started = performance.now();
    let done = false;
    const record = () => {
      if (done) return;
      done = true;
      const status = res.writableFinished ? res.statusCode : CLIENT_CLOSED;
      const { route, surface } = labelOf(req, res);
      metrics.http.observe(req.method, route, status, (performance.now() - started) / 1000);
      if (!surface || status === CLIENT_CLOSED) return;
      const code = status >= 400 ? codeOfStatus(status) : res.locals[ERROR_CODE_LOCAL] as ErrorCode | undefined;
      if (code) metrics.errors.count(code, surface);
    };
    res.once('finish', record);
    res.once('close', record);
    next();
  };
}
