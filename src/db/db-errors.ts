// Tells "the database is unreachable or gave up" (503, retry later) apart from bugs (500).
// 57014 is a statement cancelled by statement_timeout or by the request ending;
// P1001/P1002/P1008/P1017/P2037 are Prisma's words for unreachable, timed out, closed and full;
// SERVICE_UNAVAILABLE is the request pool's own fail-fast error after Prisma wrapped it.
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EPIPE', 'EHOSTUNREACH', '57P01', '57P02', '57P03', '53300', '57014',
  'P1001', 'P1002', 'P1008', 'P1017', 'P2037', 'SERVICE_UNAVAILABLE']);
// "is not queryable": pg's answer on a connection held across statements (a job's session, a request's snapshot) once it was lost.
const CONNECTION_TEXT = /ECONNREFUSED|ECONNRESET|Connection terminated|Connection ended unexpectedly|Server has closed the connection|canceling statement due to|connect ETIMEDOUT|terminating connection|timeout exceeded when trying to connect|Can't reach database|the database system is (starting|shutting) up|too many clients|DatabaseNotReachable|Connection ?Closed|PGlite is closed|is not queryable/i;
/** Prisma's driver adapters' own kinds for the same (the adapter error's `cause`). */
const CONNECTION_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);

/**
 * Looks through the wrappings the drivers add: `cause`, an AggregateError's
 * `errors` (a connection tried on several addresses), and Prisma's
 * `meta.driverAdapterError`, whose own cause holds the SQLSTATE when Prisma's
 * code and message do not say it (P2039 "Database error. Code: `57P03` …").
 */
export function isConnectionError(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { code?: unknown; kind?: unknown; message?: unknown; cause?: unknown; errors?: unknown[]; meta?: { driverAdapterError?: unknown } };
  if (typeof e.code === 'string' && (CONNECTION_CODES.has(e.code) || e.code.startsWith('08'))) return true;
  if (typeof e.kind === 'string' && CONNECTION_KINDS.has(e.kind)) return true;
  if (typeof e.message === 'string' && CONNECTION_TEXT.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isConnectionError(x, depth + 1))) return true;
  return isConnectionError(e.meta?.driverAdapterError, depth + 1) || isConnectionError(e.cause, depth + 1);
}

// Postgres refusing a value the client sent (NUL in text, a date or number out of
// range …) is the client's fault, not a bug. Validation rejects these earlier with
// the parameter's name; this is the safety net for a parameter it does not cover yet.
const INPUT_MESSAGES: Record<string, string> = {
  '22021': 'a text value contains a character that cannot be stored (such as NUL)',
  '22P05': 'a text value contains a character that cannot be stored (such as NUL)',
  '22001': 'a text value is too long',
  '22003': 'a number is out of range',
  '22007': 'a date or time value is not valid',
  '22008': 'a date or time value is out of range',
  '22009': 'a date or time value is out of range',
  '22P02': 'a value is not valid for its type',
  '22025': 'a text value contains an invalid escape sequence',
  '2201B': 'a text value is not a valid pattern',
};

/** The SQLSTATE of a Postgres error, as pg, PGlite or Prisma's driver adapters carry it. */
export function sqlStateOf(err: unknown, depth = 0): string | null {
  if (!err || typeof err !== 'object' || depth > 5) return null;
  const e = err as { originalCode?: unknown; code?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown } };
  for (const c of [e.originalCode, e.code]) if (typeof c === 'string' && /^[0-9A-Z]{5}$/.test(c) && !c.startsWith('P')) return c;
  return sqlStateOf(e.meta?.driverAdapterError, depth + 1) ?? sqlStateOf(e.cause, depth + 1);
}

/** A client-facing message when the database rejected an input value, else null. */
export function inputErrorMessage(err: unknown): string | null {
  const state = sqlStateOf(err);
  return state && state in INPUT_MESSAGES ? `Invalid input: ${INPUT_MESSAGES[state]}` : null;
}
