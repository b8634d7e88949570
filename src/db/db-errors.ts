// Tells "the database is unreachable" (503, retry later) apart from bugs (500).
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EPIPE', 'EHOSTUNREACH', '57P01', '57P02', '57P03', '53300']);
const CONNECTION_TEXT = /ECONNREFUSED|ECONNRESET|Connection terminated|connect ETIMEDOUT|terminating connection|timeout exceeded when trying to connect|Can't reach database|the database system is (starting|shutting) up|too many clients|DatabaseNotReachable|Connection ?Closed|PGlite is closed/i;

export function isConnectionError(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown[] };
  if (typeof e.code === 'string' && (CONNECTION_CODES.has(e.code) || e.code.startsWith('08'))) return true;
  if (typeof e.message === 'string' && CONNECTION_TEXT.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isConnectionError(x, depth + 1))) return true;
  return isConnectionError(e.cause, depth + 1);
}
