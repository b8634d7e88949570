// The one error model. Both faces map these to statuses and codes:
// REST writes the NestJS-style body, GraphQL puts `code` in extensions.

export type ErrorCode =
  | 'BAD_USER_INPUT' | 'UNAUTHENTICATED' | 'NOT_FOUND' | 'RATE_LIMITED'
  | 'SERVICE_UNAVAILABLE' | 'INTERNAL_SERVER_ERROR';

export const STATUS_OF: Record<ErrorCode, number> = {
  BAD_USER_INPUT: 400, UNAUTHENTICATED: 401, NOT_FOUND: 404, RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503, INTERNAL_SERVER_ERROR: 500,
};

/** The HTTP reason phrase NestJS puts in `error`. */
export const REASON_OF: Record<number, string> = {
  400: 'Bad Request', 401: 'Unauthorized', 404: 'Not Found', 429: 'Too Many Requests',
  500: 'Internal Server Error', 503: 'Service Unavailable',
};

export class AppError extends Error {
  /** The code's own status, unless the answer needs a more precise one (413 and 415 are BAD_USER_INPUT too). */
  readonly status: number;

  /** Operational errors are expected (bad input, missing row); others are bugs. */
  constructor(readonly code: ErrorCode, message: string, readonly isOperational = true, readonly retryAfterSeconds?: number, status?: number) {
    super(message);
    this.name = code;
    this.status = status ?? STATUS_OF[code];
  }
}

export const badInput = (message: string) => new AppError('BAD_USER_INPUT', message);
export const notFound = (message = 'Record not found') => new AppError('NOT_FOUND', message);
export const unauthorized = () => new AppError('UNAUTHENTICATED', 'Unauthorized');
export const rateLimited = (retryAfterSeconds: number) =>
  new AppError('RATE_LIMITED', 'Rate limit exceeded', true, retryAfterSeconds);
export const serviceUnavailable = () => new AppError('SERVICE_UNAVAILABLE', 'Database unavailable');

/** NestJS-compatible body of every non-2xx REST answer. */
export function errorBody(status: number, message: string) {
  return { statusCode: status, message, error: REASON_OF[status] ?? 'Error' };
}
