import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { ArgumentValidationError } from 'type-graphql';
import { AppError, badInput, missingScope, rateLimited } from '../../src/errors/app-error';
import { classifyError } from '../../src/graphql/classify-error';
import { answerOf, createFormatError, mostSevere } from '../../src/graphql/format-error';
import { createLogger } from '../../src/logging/logger';

/** An error as execution hands it over: located at a field, the original inside. */
const atField = (original: Error) => new GraphQLError(original.message, { path: ['f'], originalError: original });
const formatError = createFormatError(createLogger('silent'));
const format = (error: Error) => formatError({ message: error.message, path: ['f'] }, error);

describe('one classification of every error', () => {
  it('when an AppError is raised, then its code, status and message; an explicit status (413) is kept', () => {
    expect(classifyError(atField(badInput('limit is wrong')))).toEqual({ code: 'BAD_USER_INPUT', status: 400, message: 'limit is wrong' });
    expect(classifyError(rateLimited(7))).toMatchObject({ code: 'RATE_LIMITED', status: 429, retryAfterSeconds: 7 });
    expect(classifyError(new AppError('BAD_USER_INPUT', 'too large', true, undefined, 413))).toMatchObject({ code: 'BAD_USER_INPUT', status: 413 });
  });

  it('when a key lacks a scope, then FORBIDDEN 403 naming it, raised as is, at a field, or wrapped with no path as Apollo wraps a plugin\'s error', () => {
    const refusal = missingScope('webhooks', 'createWebhook');
    const expected = { code: 'FORBIDDEN', status: 403, message: 'This API key lacks the webhooks scope, which createWebhook needs' };
    expect(classifyError(refusal)).toEqual(expected);
    expect(classifyError(atField(refusal))).toEqual(expected);
    expect(classifyError(new GraphQLError(refusal.message, { originalError: refusal }))).toEqual(expected);
    // Only an AppError inside is unwrapped: any other error wrapped without a path stays a bug's.
    expect(classifyError(new GraphQLError('boom', { originalError: new Error('boom') }))).toMatchObject({ code: 'INTERNAL_SERVER_ERROR', status: 500 });
  });

  it('when argument validation fails, then BAD_USER_INPUT with every broken rule', () => {
    const err = new ArgumentValidationError([
      { property: 'page', constraints: { min: 'page must not be less than 1' }, children: [] },
      { property: 'ratio', constraints: {}, children: [] },
    ]);
    expect(classifyError(atField(err))).toMatchObject({ code: 'BAD_USER_INPUT', status: 400, message: 'page must not be less than 1; ratio is invalid' });
    expect(classifyError(atField(err)).problems?.map((p) => [p.path, p.broken.map((r) => r.name)])).toEqual([[['page'], ['min']]]);
  });

  it('when graphql-js or Apollo refuse the request, then BAD_USER_INPUT with their message', () => {
    expect(classifyError(new GraphQLError('Cannot query field "x"', { extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } })))
      .toEqual({ code: 'BAD_USER_INPUT', status: 400, message: 'Cannot query field "x"' });
    expect(classifyError(new GraphQLError('Variable "$v" got invalid value'))).toMatchObject({ code: 'BAD_USER_INPUT', status: 400 });
    expect(classifyError(atField(new GraphQLError('Argument "limit" of non-null type "Int!" must not be null.')))).toMatchObject({ code: 'BAD_USER_INPUT' });
  });

  it('when the database is down or refuses a value, then 503, or 400 with a warning; anything else is a logged 500', () => {
    expect(classifyError(atField(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))))
      .toEqual({ code: 'SERVICE_UNAVAILABLE', status: 503, message: 'Database unavailable' });
    expect(classifyError(Object.assign(new Error('invalid byte sequence'), { code: '22021' })))
      .toMatchObject({ code: 'BAD_USER_INPUT', status: 400, log: { level: 'warn' } });
    expect(classifyError(atField(new TypeError('x is undefined'))))
      .toMatchObject({ code: 'INTERNAL_SERVER_ERROR', status: 500, message: 'Internal server error', log: { level: 'error' } });
    expect(classifyError(atField(new GraphQLError('Int cannot represent non-integer value: 1.5')))).toMatchObject({ status: 500 });
  });
});

describe('formatted errors', () => {
  it('when an error is formatted, then the JSON carries only the code, and the status is read back from extensions.http', () => {
    const f = format(atField(new AppError('NOT_FOUND', 'Record not found')));
    expect(JSON.parse(JSON.stringify(f))).toEqual({ message: 'Record not found', path: ['f'], extensions: { code: 'NOT_FOUND' } });
    expect((f.extensions?.http as { status: number }).status).toBe(404);
    expect(answerOf(f)).toEqual({ code: 'NOT_FOUND', status: 404, message: 'Record not found' });
  });

  it('when several errors fail a request, then the most severe decides; one formatError did not produce counts as a 500', () => {
    const notFound = format(atField(new AppError('NOT_FOUND', 'Record not found')));
    const down = format(atField(Object.assign(new Error('gone'), { code: 'ECONNRESET' })));
    const bad = format(atField(badInput('bad')));
    expect(mostSevere([bad, notFound])).toMatchObject({ code: 'NOT_FOUND', status: 404 });
    expect(mostSevere([bad, down, notFound])).toEqual({ code: 'SERVICE_UNAVAILABLE', status: 503, message: 'Database unavailable' });
    const apolloFallback: GraphQLFormattedError = { message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } };
    expect(mostSevere([bad, apolloFallback])).toMatchObject({ code: 'INTERNAL_SERVER_ERROR', status: 500 });
  });
});
