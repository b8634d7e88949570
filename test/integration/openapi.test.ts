// The served OpenAPI document against the running service: every documented
// example, called with a key on a database with known data, answers 200 with
// a body its response schema accepts (and that schema refuses a stray field);
// error answers match the error schema; the explorer page and the home page
// are served from this origin. (That every documented limit and enum is the one
// the service enforces: test/exhaustive/openapi-limits.test.ts.)
import { buildOpenApi } from '../../src/openapi/build-openapi';
import { appSchema } from '../../src/graphql/build-schema';
import { REST_ROUTES } from '../../src/rest/rest-routes';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { documentedCalls, exampleBody, exampleUrl, successStatus, withOwnWebhook, type Call } from '../helpers/example-calls';
import { openApiAjv } from '../helpers/openapi-ajv';

let s: TestServer;
let api: any;
let own: (url: string) => string;
beforeAll(async () => {
  s = await startTestServer({ fixture: 'api-basic' });
  api = await (await fetch(`${s.baseUrl}/openapi.json`)).json();
});
// A webhook per test: the examples test deletes its own at the end.
beforeEach(async () => { own = await withOwnWebhook(s); });
afterAll(async () => { await s.close(); });

const ajv = openApiAjv(buildOpenApi(REST_ROUTES, appSchema()));

const calls = () => documentedCalls(api);
const exampleCall = (call: Call) => own(exampleUrl(call));

/** The schema of a response, `$ref` to components.responses followed. */
function responseSchema(op: any, status: string): object {
  let r = op.responses[status];
  if (r.$ref) r = api.components.responses[r.$ref.split('/').pop()];
  return r.content['application/json'].schema;
}

const check = (schema: object, body: unknown) => {
  const validate = ajv.compile(schema);
  return validate(body) ? [] : validate.errors!.map((e) => `${e.instancePath} ${e.message}`);
};

/** The body with one field no schema of ours allows: a stray key on an object, a stray object in a list. */
const withStray = (body: unknown): unknown => (Array.isArray(body) ? [...body, { stray: 1 }] : { ...(body as object), stray: 1 });

describe('OpenAPI document served by the app', () => {
  it('when /openapi.json is asked for without a key, then the generated document is served', async () => {
    const res = await fetch(`${s.baseUrl}/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(api).toEqual(JSON.parse(JSON.stringify(buildOpenApi(REST_ROUTES, appSchema()))));
    expect(calls().length).toBe(REST_ROUTES.length);
  });

  it('when every documented example is called with a key, then it answers its documented success with a body its response schema accepts', async () => {
    const failures: unknown[] = [];
    let nonEmpty = 0;
    for (const call of calls()) {
      const url = exampleCall(call);
      const res = await s.rest(url, { method: call.method.toUpperCase(), body: exampleBody(call.op) });
      const success = successStatus(call.op);
      if (String(res.status) !== success) { failures.push({ url, errors: [`status ${res.status}: ${JSON.stringify(res.body)}`] }); continue; }
      if (success === '204') { if (res.body !== '') failures.push({ url, errors: ['a body with 204'] }); continue; }
      const schema = responseSchema(call.op, success);
      const errors = check(schema, res.body);
      if (errors.length) failures.push({ url, errors });
      // The schema is no blank cheque: the same body with a field the service never sends is refused.
      if (!check(schema, withStray(res.body)).length) failures.push({ url, errors: ['a stray field passed'] });
      if (Array.isArray(res.body) ? res.body.length : Object.keys(res.body ?? {}).length) nonEmpty += 1;
    }
    expect(failures).toEqual([]);
    // The fixture answers most examples with data, so the schemas are checked on real values, not on empty lists
    // (a 204 has no body to check: the deletes are not counted).
    expect(nonEmpty).toBeGreaterThanOrEqual(calls().filter((c) => successStatus(c.op) !== '204').length - 8);
  });

  it('when a call is refused (400, 401, 403, 404, 415), then the answer matches the error schema and the status is documented', async () => {
    const op = (m: string, p: string) => api.paths[p][m];
    const readOnly = (await s.app.keys.create({ name: 'read-only' })).key;
    const cases: [string, string, string, Promise<{ status: number; body: any }>][] = [
      ['get', '/api/farcaster/followers/top/{fid}', '400', s.rest('/api/farcaster/followers/top/1?limit=21')],
      ['get', '/api/farcaster/user/profile/{fid}', '401', s.rest('/api/farcaster/user/profile/1', { key: null })],
      ['get', '/api/v2/webhooks', '403', s.rest('/api/v2/webhooks', { key: readOnly })],
      ['get', '/api/farcaster/user/profile/{fid}', '404', s.rest('/api/farcaster/user/profile/99999999')],
      ['get', '/api/lens/profile/{id}', '404', s.rest('/api/lens/profile/0x0abc')],
      ['post', '/api/trending/find', '415', fetch(`${s.baseUrl}/api/trending/find`, { method: 'POST', headers: { apikey: s.key, 'content-type': 'text/plain' }, body: 'x' })
        .then(async (r) => ({ status: r.status, body: await r.json() }))],
    ];
    for (const [m, p, status, answer] of cases) {
      const res = await answer;
      expect([p, String(res.status)]).toEqual([p, status]);
      expect([p, check(responseSchema(op(m, p), status), res.body)]).toEqual([p, []]);
    }
    expect((await cases[0][3]).body.message).toBe('limit must be an integer between 1 and 20');
  });

  it('when /docs is opened, then the explorer page loads only same-origin files, each served', async () => {
    const res = await fetch(`${s.baseUrl}/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    const refs = [...html.matchAll(/<(?:script|link)\b[^>]*?\s(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThanOrEqual(3);
    expect(refs.filter((r) => /^(https?:)?\/\//i.test(r))).toEqual([]);
    expect(html).not.toMatch(/https?:\/\//);
    for (const r of refs) {
      const asset = await fetch(`${s.baseUrl}${r}`);
      expect([r, asset.status]).toEqual([r, 200]);
      expect((await asset.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }
    const init = await (await fetch(`${s.baseUrl}/docs/init.js`)).text();
    expect(init).toContain("url: '/openapi.json'");
    expect(init).toContain('persistAuthorization: true');
    expect((await fetch(`${s.baseUrl}/docs/index.html`)).status).toBe(404);
  });

  it('when / is asked for by a browser, then a page links every explorer; by a script, the same links as JSON', async () => {
    const page = await fetch(`${s.baseUrl}/`, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const href of ['/graphql', '/graphiql', '/docs', '/openapi.json', '/api/docs']) expect(html).toContain(`href="${href}"`);
    const json = await fetch(`${s.baseUrl}/`);
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await json.json();
    expect(Object.values(body.links).map((l: any) => l.href)).toEqual(['/graphql', '/graphiql', '/docs', '/openapi.json', '/api/docs']);
    expect(body.version).toBe(api.info.version);
  });

  it('when /api/docs is opened by a browser, then it is sent to /docs; a script still gets the JSON index', async () => {
    const browser = await fetch(`${s.baseUrl}/api/docs`, { headers: { accept: 'text/html,*/*;q=0.8' }, redirect: 'manual' });
    expect([browser.status, browser.headers.get('location')]).toEqual([302, '/docs']);
    const script = await fetch(`${s.baseUrl}/api/docs`);
    expect(script.status).toBe(200);
    expect((await script.json()).routes.length).toBe(REST_ROUTES.length);
  });
});
