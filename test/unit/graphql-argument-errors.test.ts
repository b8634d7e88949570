import { GraphQLError } from 'graphql';
import { createFormatError } from '../../src/graphql/format-error';
import { createLogger } from '../../src/logging/logger';

const formatError = createFormatError(createLogger('silent'));
/** An error as execution hands it over: located at a field, the original inside. */
const atField = (original: Error) => new GraphQLError(original.message, { path: ['f'], originalError: original });

describe('GraphQL errors graphql-js raises while executing a field', () => {
  it('when an argument was refused (an explicit null for a non-null argument), then BAD_USER_INPUT', () => {
    const err = atField(new GraphQLError('Argument "limit" of non-null type "Int!" must not be null.'));
    expect(formatError({ message: err.message, path: ['f'] }, err).extensions).toEqual({ code: 'BAD_USER_INPUT' });
  });

  it('when a value of ours could not be serialised (a bug), then it stays INTERNAL_SERVER_ERROR', () => {
    const err = atField(new GraphQLError('Int cannot represent non-integer value: 1.5'));
    expect(formatError({ message: err.message, path: ['f'] }, err)).toMatchObject({ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } });
  });
});
