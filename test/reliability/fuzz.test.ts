// Malformed input of every kind is the client's fault: over every REST route,
// every root GraphQL field and raw HTTP oddities, no answer is a 5xx, every
// REST 4xx has the error body and every GraphQL error has one of the error model's codes.
// FUZZ_RUNS sets the number of requests (default 1,000; CI runs 10,000);
// FUZZ_SEED replays a run. A failure prints the request as a curl line.
import fc from 'fast-check';
import { appSchema } from '../../src/graphql/build-schema';
import { REST_ROUTES } from '../../src/rest/rest-routes';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { graphqlRequest } from './fuzz-graphql';
import { apiKeyHeader, bodyAndHeaders, restRequest, shapeOf } from './fuzz-rest';
import { BAD_ESCAPES, urlValue } from './fuzz-values';
import { closeAgent, curlOf, send, type RawRequest, type RawResponse } from './raw-http';

const TOTAL = Number(process.env.FUZZ_RUNS ?? 1000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const RUNS = { rest: Math.ceil(TOTAL * 0.5), graphql: Math.ceil(TOTAL * 0.4), raw: Math.ceil(TOTAL * 0.1) };
/** Generous: a fixed margin for start-up and a per-run allowance far above what a loaded machine takes to answer a fuzzed request. */
const timeoutFor = (runs: number) => 120_000 + runs * 200;

/** Codes a client error may carry; INTERNAL_SERVER_ERROR (and 503 with the database up) never. */
const CLIENT_CODES = new Set(['BAD_USER_INPUT', 'UNAUTHENTICATED', 'NOT_FOUND', 'RATE_LIMITED']);
/**
 * What a client-facing message must not carry: driver text, SQL, stack frames, and the
 * database safety net's wording (reaching it means no validation named the parameter).
 */
// graphql-js's own "Anonymous Subscription must select only one top level field." is no SQL.
const LEAK = /prisma|postgres|pglite|sqlstate|select\s(?!only one top level field)|\n\s+at\s|^Invalid input:/i;
/** Quoted parts echo the client's own input, which may say anything. */
const leaks = (message: string) => LEAK.test(message.replace(/"(?:[^"\\]|\\.)*"/g, '""'));

let server: TestServer;
const histogram = new Map<string, number>();
let requests = 0;

const isGraphql = (r: RawRequest) => r.path.startsWith('/graphql');

/** What is wrong with an answer, or [] when it follows the error model. */
function problemsOf(r: RawRequest, res: RawResponse): string[] {
  const out: string[] = [];
  if (res.status >= 500) out.push(`status ${res.status}`);
  if (isGraphql(r)) {
    if (res.status === 200 && res.contentType.startsWith('text/html')) return out; // the Sandbox page
    const errors = (res.json as { errors?: { message?: unknown; extensions?: { code?: unknown } }[] } | undefined)?.errors;
    if (res.status >= 400 && !(Array.isArray(errors) && errors.length)) out.push('a 4xx without errors[]');
    for (const e of errors ?? []) {
      if (typeof e.extensions?.code !== 'string') out.push('an error without extensions.code');
      else if (!CLIENT_CODES.has(e.extensions.code)) out.push(`code ${e.extensions.code}`);
      if (typeof e.message === 'string' && leaks(e.message)) out.push(`message leaks internals or is unnamed: ${e.message}`);
    }
    return out;
  }
  if (res.status >= 400) {
    const body = res.json as { statusCode?: unknown; message?: unknown; error?: unknown } | undefined;
    if (body?.statusCode !== res.status || typeof body.message !== 'string' || !body.message || typeof body.error !== 'string') {
      out.push('a 4xx without {statusCode, message, error}');
    } else if (leaks(body.message)) out.push(`message leaks internals or is unnamed: ${body.message}`);
  }
  return out;
}

async function check(r: RawRequest): Promise<void> {
  const res = await send(server.baseUrl, r);
  requests++;
  const bucket = `${isGraphql(r) ? 'graphql' : 'rest'} ${res.status}`;
  histogram.set(bucket, (histogram.get(bucket) ?? 0) + 1);
  const problems = problemsOf(r, res);
  if (problems.length) {
    throw new Error(`${problems.join('; ')}\n  request: ${curlOf(server.baseUrl, r)}\n  answer: ${res.status} ${res.text.slice(0, 600)}`);
  }
}

const params = (runs: number) => ({ numRuns: runs, seed: SEED, verbose: 1 as const });

beforeAll(async () => {
  server = await startTestServer({ fixture: 'analytics' });
});

afterAll(async () => {
  closeAgent();
  await server?.close();
  const rows = [...histogram.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, n]) => `  ${k}: ${n}`);
  console.log(`fuzz: ${requests} requests (FUZZ_RUNS=${TOTAL}${SEED === undefined ? '' : `, FUZZ_SEED=${SEED}`})\n${rows.join('\n')}`);
});

describe('fuzzed input is answered as the client\'s fault, never a 5xx', () => {
  const shapes = REST_ROUTES.map(shapeOf);

  it('reads the parameters of every REST route (the fuzz covers what routes read)', () => {
    expect(shapes.length).toBe(REST_ROUTES.length);
    expect(shapes.filter((s) => s.pathParams.length).length).toBeGreaterThanOrEqual(27);
    const all = new Set(shapes.flatMap((s) => [...s.query, ...s.body]));
    for (const name of ['fids', 'ids', 'limit', 'page', 'date', 'from', 'to', 'interval', 'ratio', 'currency', 'month', 'year', 'chain', 'topic', 'category', 'protocol', 'categories']) {
      expect(all).toContain(name);
    }
  });

  it('REST: every route with malformed path, query, body and headers', async () => {
    await fc.assert(fc.asyncProperty(restRequest(shapes, server.key), check), params(RUNS.rest));
  }, timeoutFor(RUNS.rest));

  it('GraphQL: every root query field with malformed literals and variables', async () => {
    const schema = appSchema();
    await fc.assert(fc.asyncProperty(fc.gen(), apiKeyHeader(server.key), (g, key) => check(graphqlRequest(g, schema, key))), params(RUNS.graphql));
  }, timeoutFor(RUNS.graphql));

  it('raw HTTP: odd paths, escapes, methods and bodies anywhere', async () => {
    const raw = fc.record({
      base: fc.constantFrom('/graphql', '/graphql/', '/api', '/api/', '/api/lens/profile', '/api/farcaster/user/profile', '/api/llm/topics', '/', '/api/docs', '/healthz', '/nope'),
      segment: fc.option(fc.oneof(urlValue, fc.constantFrom(...BAD_ESCAPES)), { freq: 2 }),
      query: fc.option(fc.array(fc.tuple(urlValue, urlValue).map(([k, v]) => `${k}=${v}`), { maxLength: 4 }).map((q) => q.join('&'))),
      method: fc.constantFrom('GET', 'GET', 'POST', 'POST', 'PUT', 'DELETE'),
      key: apiKeyHeader(server.key),
      payload: fc.option(bodyAndHeaders(['query', 'variables', 'operationName', 'page', 'limit'])),
    }).map(({ base, segment, query, method, key, payload }): RawRequest => ({
      method,
      path: `${base}${segment === null ? '' : `/${segment}`}${query === null ? '' : `?${query}`}`,
      headers: { ...key, ...(payload?.headers ?? {}) },
      ...(payload ? { body: payload.body } : {}),
    }));
    await fc.assert(fc.asyncProperty(raw, check), params(RUNS.raw));
  }, timeoutFor(RUNS.raw));
});
