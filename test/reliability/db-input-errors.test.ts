// The safety net: when Postgres (or PGlite) refuses a value the client sent, the
// answer is BAD_USER_INPUT, not a 500. Driven by the real errors of the database
// under test, so a change of driver or of Prisma's wrapping shows up here.
import { GraphQLError } from 'graphql';
import { inputErrorMessage, isConnectionError, sqlStateOf } from '../../src/db/db-errors';
import { createFormatError } from '../../src/graphql/format-error';
import { createLogger } from '../../src/logging/logger';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase(); });
afterAll(async () => { await t.close(); });

/** The error the database raises for one statement and parameter, through Prisma as requests run them. */
async function errorOf(sql: string, param: unknown): Promise<unknown> {
  try { await t.db.prisma.$queryRawUnsafe(sql, param); } catch (err) { return err; }
  throw new Error(`${sql} did not fail`);
}

describe('database errors caused by input values', () => {
  const cases: [string, unknown, string, RegExp][] = [
    ['SELECT $1::text AS x', 'a\u0000b', '22021', /character that cannot be stored/],
    ['SELECT $1::date AS x', '0000-01-01', '22008', /date or time value is out of range/],
    ['SELECT $1::int AS x', '99999999999', '22003', /number is out of range/],
    ['SELECT $1::date AS x', 'not a day', '22007', /date or time value is not valid/],
  ];

  it.each(cases)('when %s gets %j, then SQLSTATE %s is read and the message says what kind of value', async (sql, param, state, message) => {
    const err = await errorOf(sql, param);
    expect(sqlStateOf(err)).toBe(state);
    expect(inputErrorMessage(err)).toMatch(message);
    expect(isConnectionError(err)).toBe(false);
  });

  it('when a resolver fails with such an error, then GraphQL answers BAD_USER_INPUT without the driver text', async () => {
    const err = await errorOf('SELECT $1::text AS x', 'a\u0000b');
    const formatError = createFormatError(createLogger('silent'));
    const wrapped = new GraphQLError('raw', { path: ['searchFarcasterUsers'], originalError: err as Error });
    expect(formatError({ message: 'raw', path: ['searchFarcasterUsers'] }, wrapped)).toEqual({
      message: 'Invalid input: a text value contains a character that cannot be stored (such as NUL)',
      path: ['searchFarcasterUsers'], locations: undefined, extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('when the error is a bug (a syntax error, a missing table) or not from the database, then it is not an input error', async () => {
    expect(inputErrorMessage(await errorOf('SELEC $1', 1))).toBeNull();
    expect(inputErrorMessage(await errorOf('SELECT * FROM no_such_table WHERE x = $1', 1))).toBeNull();
    expect(inputErrorMessage(new Error('boom'))).toBeNull();
    expect(inputErrorMessage(Object.assign(new Error('prisma'), { code: 'P2010' }))).toBeNull();
  });
});
