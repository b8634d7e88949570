// The response schemas on real data of every kind: the datasets of the
// collect, token, category and topic tests hold what api-basic lacks, so
// every route's schema is checked on a body with data in it. Each route is
// called as documented and with its optional query parameters left out (the
// defaults pick the newest day with data); every success must match its schema.
import { buildOpenApi } from '../../src/openapi/build-openapi';
import { appSchema } from '../../src/graphql/build-schema';
import { REST_ROUTES } from '../../src/rest/rest-routes';
import { startTestServer } from '../helpers/test-server';
import { deletesLast, successStatus, withOwnWebhook } from '../helpers/example-calls';
import { openApiAjv } from '../helpers/openapi-ajv';

const api = JSON.parse(JSON.stringify(buildOpenApi(REST_ROUTES, appSchema())));
const ajv = openApiAjv(api);

// A 204 (a delete) has no body to check; the webhook routes' other answers are checked with a webhook of the test's key.
const operations = deletesLast(Object.entries(api.paths as Record<string, Record<string, any>>)
  .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ method, path, op, success: Number(successStatus(op)) }))))
  .filter((o) => o.success !== 204)
  .map((o) => ({ ...o, validate: ajv.compile(o.op.responses[o.success].content['application/json'].schema) }));

/** The documented call; with `optionalToo` false, only the parameters it must send. */
function url(path: string, op: any, optionalToo: boolean): string {
  const query = new URLSearchParams();
  let out = path;
  for (const p of op.parameters) {
    if (p.example === undefined) continue;
    const v = Array.isArray(p.example) ? p.example.join(',') : String(p.example);
    if (p.in === 'path') out = out.replace(`{${p.name}}`, encodeURIComponent(v));
    else if (optionalToo || p.required) query.set(p.name, v);
  }
  return query.size ? `${out}?${query}` : out;
}

const hasData = (body: unknown) => (Array.isArray(body) ? body.length > 0 : !!body && typeof body === 'object' && Object.keys(body).length > 0);

describe('OpenAPI response schemas on every dataset', () => {
  // One test per dataset (each imports its fixture and calls every route twice), then one over all of them.
  const withData = new Set<string>();

  it.each(['api-basic', 'lens-surface', 'content-tokens', 'content-categories', 'content-topics', 'cross-protocol'])(
    'when each route is called on %s, then every 200 matches its schema', async (fixture) => {
      const failures: unknown[] = [];
      const s = await startTestServer({ fixture });
      try {
        const own = await withOwnWebhook(s);
        for (const { method, path, op, success, validate } of operations) {
          for (const u of new Set([url(path, op, true), url(path, op, false)].map(own))) {
            const res = await s.rest(u, { method: method.toUpperCase(), body: op.requestBody?.content['application/json'].example });
            if (res.status !== success) continue;
            if (!validate(res.body)) failures.push({ fixture, url: u, errors: validate.errors?.map((e) => `${e.instancePath} ${e.message}`) });
            else if (hasData(res.body)) withData.add(`${method} ${path}`);
          }
        }
      } finally {
        await s.close();
      }
      expect(failures).toEqual([]);
    });

  it('when every dataset has been called, then every route answered data on one of them', () => {
    expect(operations.map((o) => `${o.method} ${o.path}`).filter((k) => !withData.has(k))).toEqual([]);
  });
});
