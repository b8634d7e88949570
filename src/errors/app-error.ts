// The one error model. Both faces map these to statuses and codes:
// REST writes the NestJS-style body, GraphQL puts `code` in extensions.

export type ErrorCode =
  | 'BAD_USER_INPUT' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | 'RATE_LIMITED'
  | 'SERVICE_UNAVAILABLE' | 'INTERNAL_SERVER_ERROR'
  // GraphQL only: automatic persisted queries, as Apollo Client's link expects them.
  | 'PERSISTED_QUERY_NOT_FOUND' | 'PERSISTED_QUERY_NOT_SUPPORTED';

export const STATUS_OF: Record<ErrorCode, number> = {
  BAD_USER_INPUT: 400, UNAUTHENTICATED: 401, FORBIDDEN: 403, NOT_FOUND: 404, RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503, INTERNAL_SERVER_ERROR: 500,
  // A hash the server does not know yet is a normal step of the protocol: the client
  // reads the code from a 200 and sends the hash again with the whole query.
  PERSISTED_QUERY_NOT_FOUND: 200, PERSISTED_QUERY_NOT_SUPPORTED: 200,
};

/**
 * The code an error answer (status 400 or more) carries: each code has one status,
 * and 413/415 are BAD_USER_INPUT too (the AppError status override). Statuses
 * no code gives (none today) fall to the client's or the server's fault.
 */
export function codeOfStatus(status: number): ErrorCode {
  if (status === 413 || status === 415) return 'BAD_USER_INPUT';
  const code = (Object.keys(STATUS_OF) as ErrorCode[]).find((c) => STATUS_OF[c] === status);
  return code ?? (status < 500 ? 'BAD_USER_INPUT' : 'INTERNAL_SERVER_ERROR');
}

/** The HTTP reason phrase NestJS puts in `error`. */
export const REASON_OF: Record<number, string> = {
  400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 415: 'Unsupported Media Type', 429: 'Too Many Requests',
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
/** 404 naming what was asked: `notFound('Farcaster user', 99)` → "Farcaster user 99 not found". */
export const notFound = (kind: string, id: string | number) => new AppError('NOT_FOUND', `${kind} ${id} not found`);
/** A profile by id: fids are numbers, Lens profile ids hex strings. */
export const profileNotFound = (id: string | number, what = '') =>
  notFound(`${what}${typeof id === 'number' ? 'Farcaster user' : 'Lens profile'}`, id);
/** One body whatever the cause (missing, unknown, revoked, expired): which one is not told. */
export const UNAUTHORIZED_MESSAGE = 'Missing or invalid API key: send it in the `apikey` header';
export const unauthorized = () => new AppError('UNAUTHENTICATED', UNAUTHORIZED_MESSAGE);
/** A valid key asking for what its scopes do not cover: `missingScope('webhooks', 'createWebhook')`. */
export const missingScope = (scope: string, field: string) =>
  new AppError('FORBIDDEN', `This API key lacks the ${scope} scope, which ${field} needs`);
export const UNSUPPORTED_MEDIA_TYPE_MESSAGE = 'send the body as JSON with content-type: application/json';
export const unsupportedMediaType = () => new AppError('BAD_USER_INPUT', UNSUPPORTED_MEDIA_TYPE_MESSAGE, true, undefined, 415);
export const rateLimited = (retryAfterSeconds: number) =>
  new AppError('RATE_LIMITED', 'Rate limit exceeded', true, retryAfterSeconds);
export const serviceUnavailable = () => new AppError('SERVICE_UNAVAILABLE', 'Database unavailable');

/** NestJS-compatible body of every non-2xx REST answer. */
export function errorBody(status: number, message: string) {
  return { statusCode: status, message, error: REASON_OF[status] ?? 'Error' };
}
