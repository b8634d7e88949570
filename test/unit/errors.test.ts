import { AppError, errorBody, rateLimited } from '../../src/errors/app-error';
import { isConnectionError } from '../../src/db/db-errors';
import { PrismaClientKnownRequestError } from '../../src/generated/prisma/internal/prismaNamespace';

/** An error of Prisma's over one of its driver adapter's, as @prisma/adapter-pg and the client build them. */
function prismaError(code: string, message: string, adapterCause: Record<string, unknown>) {
  const adapter = Object.assign(new Error(typeof adapterCause.message === 'string' ? adapterCause.message : String(adapterCause.kind)),
    { name: 'DriverAdapterError', cause: adapterCause });
  return new PrismaClientKnownRequestError(message, { code, clientVersion: '7', meta: { driverAdapterError: adapter } });
}

describe('error model', () => {
  it('when an error is answered over REST, then the body has the NestJS shape', () => {
    expect(errorBody(404, 'Record not found')).toEqual({ statusCode: 404, message: 'Record not found', error: 'Not Found' });
    expect(errorBody(429, 'x').error).toBe('Too Many Requests');
    expect(errorBody(403, 'x').error).toBe('Forbidden');
  });

  it('when a code is given, then the status is the code\'s own', () => {
    expect(new AppError('BAD_USER_INPUT', 'x').status).toBe(400);
    expect(new AppError('SERVICE_UNAVAILABLE', 'x').status).toBe(503);
    expect(new AppError('FORBIDDEN', 'x').status).toBe(403);
    expect(rateLimited(7)).toMatchObject({ status: 429, retryAfterSeconds: 7 });
  });

  it('when a driver error says the server is gone, then it is a connection error, else not', () => {
    expect(isConnectionError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isConnectionError(new Error('wrapped', { cause: { code: '57P01' } }))).toBe(true);
    expect(isConnectionError(new Error('syntax error at or near "SELEC"'))).toBe(false);
  });

  it('when Prisma\'s code and message do not say the connection was lost but its adapter error does, then it is a connection error', () => {
    // A server starting or in recovery: Prisma's P2039 names the SQLSTATE only inside its message text.
    const starting = 'the database system is not yet accepting connections';
    expect(isConnectionError(prismaError('P2039', `Database error. Code: \`57P03\`. Message: \`${starting}\``,
      { kind: 'postgres', code: '57P03', originalCode: '57P03', severity: 'FATAL', message: starting }))).toBe(true);
    // A raw query whose socket timed out: the adapter's kind, under P2010's generic words.
    expect(isConnectionError(prismaError('P2010', 'Raw query failed. Code: `N/A`. Message: `Operation has timed out`', { kind: 'SocketTimeout' }))).toBe(true);
    // pg on a connection held across statements once it was lost.
    expect(isConnectionError(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
    // A bug behind the same wrapping is not.
    expect(isConnectionError(prismaError('P2010', 'Raw query failed. Code: `42P01`. Message: `relation "x" does not exist`',
      { kind: 'postgres', code: '42P01', originalCode: '42P01', severity: 'ERROR', message: 'relation "x" does not exist' }))).toBe(false);
  });
});
