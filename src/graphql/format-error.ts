// Every GraphQL error leaves as one of the error model's codes, classified once
// here; the HTTP status plugin and the REST router read the answer back from
// the formatted error instead of working it out again.
import { unwrapResolverError } from '@apollo/server/errors';
import type { GraphQLFormattedError } from 'graphql';
import type { Logger } from 'pino';
import type { ErrorCode } from '../errors/app-error';
import { classifyError, type ErrorAnswer } from './classify-error';

/**
 * What clients see is `extensions: { code }` and nothing more. The status rides
 * along as `extensions.http.status` (Apollo's own name for it) but is not
 * enumerable, so it never reaches the JSON text: Apollo moves `extensions.http`
 * into the HTTP head only for errors as raised, and sends formatted errors as
 * they are.
 */
function formatted(f: GraphQLFormattedError, a: ErrorAnswer): GraphQLFormattedError {
  const extensions: Record<string, unknown> = { code: a.code };
  Object.defineProperty(extensions, 'http', { value: { status: a.status }, enumerable: false });
  // Hidden the same way, read by the REST router only: the argument problems (rest-errors.ts) and the wait a 503
  // states, which it sends as Retry-After (GraphQL says the wait in the message).
  if (a.problems) Object.defineProperty(extensions, 'problems', { value: a.problems, enumerable: false });
  if (a.retryAfterSeconds) Object.defineProperty(extensions, 'retryAfterSeconds', { value: a.retryAfterSeconds, enumerable: false });
  return { message: a.message, locations: f.locations, path: f.path, extensions };
}

export function createFormatError(log: Logger) {
  return (f: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const a = classifyError(error);
    if (a.log) log[a.log.level]({ err: unwrapResolverError(error), path: f.path }, a.log.note);
    return formatted(f, a);
  };
}

export interface FormattedAnswer { code: ErrorCode; status: number; message: string; retryAfterSeconds?: number }

/** The code and status given to a formatted error. One formatError did not produce (formatting itself failed) is a bug's. */
export function answerOf(error: GraphQLFormattedError): FormattedAnswer {
  const status = (error.extensions?.http as { status?: unknown } | undefined)?.status;
  if (typeof status !== 'number') return { code: 'INTERNAL_SERVER_ERROR', status: 500, message: error.message };
  const retryAfterSeconds = error.extensions?.retryAfterSeconds;
  return { code: error.extensions?.code as ErrorCode, status, message: error.message, ...(typeof retryAfterSeconds === 'number' ? { retryAfterSeconds } : {}) };
}

/** Of several errors, the one whose status is highest (5xx beats 4xx) decides a whole failure. */
export function mostSevere(errors: readonly GraphQLFormattedError[]): FormattedAnswer {
  return errors.map(answerOf).reduce((a, b) => (b.status > a.status ? b : a));
}
