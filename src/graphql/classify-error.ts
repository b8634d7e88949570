// Decides, once per error, how it is answered: the code clients see, the HTTP
// status that code stands for and a message with no SQL, driver text or stack
// in it. GraphQL errors are classified when they are formatted (both faces read
// the result from there); errors raised outside GraphQL by the Express error
// handler, with this same function.
import { unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError } from 'graphql';
import { ArgumentValidationError } from 'type-graphql';
import { inputErrorMessage, isConnectionError } from '../db/db-errors';
import { AppError, STATUS_OF, UNSUPPORTED_MEDIA_TYPE_MESSAGE, type ErrorCode } from '../errors/app-error';
import { argumentProblems, type ArgumentProblem } from './input-problems';

export interface ErrorAnswer {
  code: ErrorCode;
  status: number;
  message: string;
  retryAfterSeconds?: number;
  /** The argument rules broken, as data, for the REST face to name its own parameters. */
  problems?: ArgumentProblem[];
  /** Set when the error deserves a log line: a value the database refused (validation should have named it first) or a bug. */
  log?: { level: 'warn' | 'error'; note: string };
}

/** Apollo's own codes for requests the client got wrong. */
const CLIENT_CODES = new Set(['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_USER_INPUT', 'BAD_REQUEST', 'OPERATION_RESOLUTION_FAILURE']);

/** Apollo's persisted-query answers, kept as they are: Apollo Client's link acts on exactly this code and message. */
const PERSISTED_QUERY_CODES = new Set<ErrorCode>(['PERSISTED_QUERY_NOT_FOUND', 'PERSISTED_QUERY_NOT_SUPPORTED']);

/**
 * Apollo's answer to a POST /graphql whose body it could not read as a JSON
 * object (not sent as application/json, or `{}`). Its 400 is kept (the
 * GraphQL-over-HTTP spec asks for a 4xx); only the words change, to say what to send.
 */
const APOLLO_NO_JSON_BODY = 'POST body missing, invalid Content-Type, or JSON object has no keys.';
const GRAPHQL_BODY_MESSAGE = `${UNSUPPORTED_MEDIA_TYPE_MESSAGE}: an object with at least "query"`;

const answer = (code: ErrorCode, message: string): ErrorAnswer => ({ code, status: STATUS_OF[code], message });

/** Every broken rule of every argument, in one line. */
function validationMessage(err: ArgumentValidationError): string {
  const lines = err.extensions.validationErrors.flatMap((v) =>
    Object.values(v.constraints ?? {}).length ? Object.values(v.constraints ?? {}) : [`${v.property} is invalid`]);
  return lines.join('; ');
}

/**
 * A request the client got wrong, as graphql-js or Apollo reports it: one of
 * Apollo's client codes, or graphql-js's own error during execution (an explicit
 * null for a non-null argument …), which has no cause of ours inside. Its
 * argument errors also come wrapped with the field's path; a wrapped scalar
 * serialize error is ours, not the client's.
 */
function isClientGraphQLError(error: unknown, original: unknown): error is Error {
  const code = (error as { extensions?: { code?: unknown } } | null)?.extensions?.code;
  if (typeof code === 'string' && CLIENT_CODES.has(code)) return true;
  if (error instanceof GraphQLError && !error.originalError) return true;
  return error instanceof GraphQLError && original instanceof GraphQLError && !original.originalError && original.message.startsWith('Argument "');
}

/**
 * The error as raised: graphql-js wraps a resolver's with the path of its
 * field, Apollo wraps one a plugin raised before execution (a scope refusal)
 * with no path, and a WebSocket subscription's refusal comes wrapped the same way.
 */
function asRaised(error: unknown): unknown {
  const original = unwrapResolverError(error);
  return original instanceof GraphQLError && original.originalError instanceof AppError ? original.originalError : original;
}

/** `error` as raised, or as graphql-js or Apollo wrapped it. */
export function classifyError(error: unknown): ErrorAnswer {
  const original = asRaised(error);
  if (original instanceof AppError) {
    return {
      code: original.code, status: original.status, message: original.message, retryAfterSeconds: original.retryAfterSeconds,
      ...(original.isOperational ? {} : { log: { level: 'error', note: 'unexpected error' } }),
    };
  }
  if (original instanceof ArgumentValidationError) return { ...answer('BAD_USER_INPUT', validationMessage(original)), problems: argumentProblems(original) };
  if (error instanceof Error && error.message === APOLLO_NO_JSON_BODY && (error as { extensions?: { code?: unknown } }).extensions?.code === 'BAD_REQUEST') {
    return answer('BAD_USER_INPUT', GRAPHQL_BODY_MESSAGE);
  }
  const code = (error as { extensions?: { code?: unknown } } | null)?.extensions?.code;
  if (error instanceof Error && PERSISTED_QUERY_CODES.has(code as ErrorCode)) return answer(code as ErrorCode, error.message);
  if (isClientGraphQLError(error, original)) return answer('BAD_USER_INPUT', error.message);
  if (isConnectionError(original)) return answer('SERVICE_UNAVAILABLE', 'Database unavailable');
  // The database refused a value the client sent: the client's fault, but validation should have named it first.
  const input = inputErrorMessage(original);
  if (input) return { ...answer('BAD_USER_INPUT', input), log: { level: 'warn', note: 'database rejected an input value' } };
  // A bug: logged whole, answered with nothing of it.
  return { ...answer('INTERNAL_SERVER_ERROR', 'Internal server error'), log: { level: 'error', note: 'unexpected error' } };
}
