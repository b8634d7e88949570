import { ClientError } from 'graphql-request';

/** The GraphQL response of a request that must fail (its errors and status); throws when it succeeds. */
export async function errorOf(request: Promise<unknown>) {
  try { await request; } catch (e) { if (e instanceof ClientError) return e.response; throw e; }
  throw new Error('expected an error');
}
