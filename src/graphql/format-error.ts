// Maps every GraphQL error to one of the contract's codes (CONTRACT §2) and
// keeps SQL, driver text and stacks out of answers.
import { unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { ArgumentValidationError } from 'type-graphql';
import type { Logger } from 'pino';
import { AppError, STATUS_OF, type ErrorCode } from '../errors/app-error';
import { inputErrorMessage, isConnectionError } from '../db/db-errors';

/** Apollo's own codes for requests the client got wrong. */
const CLIENT_CODES = new Set(['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_USER_INPUT', 'BAD_REQUEST',
  'PERSISTED_QUERY_NOT_FOUND', 'PERSISTED_QUERY_NOT_SUPPORTED', 'OPERATION_RESOLUTION_FAILURE']);

function validationMessage(err: ArgumentValidationError): string {
  const lines = err.extensions.validationErrors.flatMap((v) =>
    Object.values(v.constraints ?? {}).length ? Object.values(v.constraints ?? {}) : [`${v.property} is invalid`]);
  return lines.join('; ');
}

/** The contract code of an error code as Apollo or we wrote it (Apollo's own client codes → BAD_USER_INPUT). */
export function contractCode(code: unknown): ErrorCode {
  const c = String(code ?? '');
  if (c in STATUS_OF) return c as ErrorCode;
  return CLIENT_CODES.has(c) ? 'BAD_USER_INPUT' : 'INTERNAL_SERVER_ERROR';
}

/** Of several errors, the one whose status is highest (5xx beats 4xx) decides a whole failure. */
export function mostSevere<E extends GraphQLFormattedError>(errors: readonly E[]): { error: E; code: ErrorCode; status: number } {
  const ranked = errors.map((error) => { const code = contractCode(error.extensions?.code); return { error, code, status: STATUS_OF[code] }; });
  return ranked.reduce((a, b) => (b.status > a.status ? b : a));
}

const withCode = (f: GraphQLFormattedError, code: ErrorCode, message = f.message): GraphQLFormattedError =>
  ({ message, locations: f.locations, path: f.path, extensions: { code } });

export function createFormatError(log: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = unwrapResolverError(error);
    if (original instanceof AppError) return withCode(formatted, original.code, original.message);
    if (original instanceof ArgumentValidationError) return withCode(formatted, 'BAD_USER_INPUT', validationMessage(original));
    const code = String(formatted.extensions?.code ?? '');
    if (CLIENT_CODES.has(code)) return withCode(formatted, 'BAD_USER_INPUT');
    // graphql-js's own execution errors (an explicit null for a non-null argument …) are the client's.
    if (error instanceof GraphQLError && !error.originalError) return withCode(formatted, 'BAD_USER_INPUT');
    // Its argument errors also come wrapped with the field's path; a wrapped scalar serialize error is ours, not the client's.
    if (original instanceof GraphQLError && !original.originalError && original.message.startsWith('Argument "')) return withCode(formatted, 'BAD_USER_INPUT');
    if (isConnectionError(original)) return withCode(formatted, 'SERVICE_UNAVAILABLE', 'Database unavailable');
    // The database refused a value the client sent: the client's fault, but validation should have named it first.
    const input = inputErrorMessage(original);
    if (input) { log.warn({ err: original, path: formatted.path }, 'database rejected an input value'); return withCode(formatted, 'BAD_USER_INPUT', input); }
    // A bug: log it whole, answer nothing of it.
    log.error({ err: original, path: formatted.path }, 'unexpected GraphQL error');
    return withCode(formatted, 'INTERNAL_SERVER_ERROR', 'Internal server error');
  };
}
