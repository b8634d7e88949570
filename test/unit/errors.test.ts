import { AppError, errorBody, rateLimited } from '../../src/errors/app-error';
import { isConnectionError } from '../../src/db/db-errors';

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
});
