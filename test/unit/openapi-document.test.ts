// The OpenAPI document of the real route table: valid OpenAPI 3.1 by a
// standard validator, every route and every variable of its operation in it,
// and the limits the arguments' validators carry written as schema limits.
import { getNullableType, isEnumType, isListType, typeFromAST, type GraphQLInputType } from 'graphql';
import { appSchema } from '../../src/graphql/build-schema';
import { MAX_TOP_FOLLOWERS } from '../../src/graphql/args/analytics.args';
import { MAX_IDS } from '../../src/graphql/args/id.args';
import { buildOpenApi, openApiPath } from '../../src/openapi/build-openapi';
import { operationOf } from '../../src/openapi/operation-fields';
import { PAGE_SIZE } from '../../src/queries/pagination';
import { REST_ROUTES } from '../../src/rest/rest-routes';
import { restSpellings } from '../../src/graphql/enums/rest-spellings';
import packageJson from '../../package.json';

// The validator is an ES module; jest runs this file as CommonJS, so it is imported at run time.
// eslint-disable-next-line @typescript-eslint/no-implied-eval -- a Function keeps import() from being compiled into require()
const importEsm = new Function('m', 'return import(m)') as (m: string) => Promise<any>;

const api = buildOpenApi(REST_ROUTES, appSchema());
const op = (method: string, path: string) => api.paths[openApiPath(path)]?.[method] as any;
const param = (method: string, path: string, name: string) => op(method, path).parameters.find((p: any) => p.name === name);

describe('the OpenAPI document of the REST routes', () => {
  it('when validated by @seriousme/openapi-schema-validator, then it is valid OpenAPI 3.1 with no error', async () => {
    const { Validator } = await importEsm('@seriousme/openapi-schema-validator');
    const validator = new Validator();
    const result = await validator.validate(structuredClone(api));
    expect([validator.version, result.errors ?? []]).toEqual(['3.1', []]);
    expect(result.valid).toBe(true);
  });

  it('when a document with a broken part is validated, then the same validator refuses it (the check can fail)', async () => {
    const { Validator } = await importEsm('@seriousme/openapi-schema-validator');
    const broken = structuredClone(api) as any;
    broken.paths['/api/lens/profile/{id}'].get.parameters[0].in = 'cookie-jar';
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it('when the route table is read, then each route is one operation with a unique, readable operationId and its legacy name', () => {
    const ops = REST_ROUTES.map((r) => [r, op(r.method, r.path)] as const);
    expect(ops.filter(([, o]) => !o).map(([r]) => r.path)).toEqual([]);
    expect(Object.values(api.paths).flatMap((p) => Object.keys(p)).length).toBe(REST_ROUTES.length);
    const ids = ops.map(([, o]) => o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]+$/);
    for (const [r, o] of ops) {
      expect([r.path, o['x-legacy-operation']]).toEqual([r.path, r.name]);
      expect(o.description).toContain(`\`${r.name}\` is the earlier service's name for this call, spelled as it was.`);
      expect(o.summary.length).toBeGreaterThan(10);
      // What the key must be allowed: the webhook routes need webhooks, the others read (security's scopes are OAuth's, so empty).
      const scope = r.path.startsWith('/api/v2/webhooks') ? 'webhooks' : r.path.endsWith('/suggested-follows/dismissals') ? 'personalize' : 'read';
      expect([r.path, o.security, o['x-required-scopes']]).toEqual([r.path, [{ apikey: [] }], [scope]]);
      expect(o.description).toContain(`Needs a key with the \`${scope}\` scope.`);
    }
    // The seed's own spellings survive as written.
    expect(op('get', '/api/lens/followers/top/:id')['x-legacy-operation']).toBe('gatTopFollowers');
    expect(op('get', '/api/lens/score/average')['x-legacy-operation']).toBe('getScoreaverage');
  });

  it('when a route\'s operation has variables, then every one is a parameter or a body field under its REST name', () => {
    const schema = appSchema();
    const missing: string[] = [];
    for (const r of REST_ROUTES) {
      const o = op(r.method, r.path);
      const body = o.requestBody?.content['application/json'].schema;
      for (const def of operationOf(r.document).variableDefinitions ?? []) {
        const name = def.variable.name.value;
        const rest = (r.renames as Record<string, string> | undefined)?.[name] ?? name;
        const type = getNullableType(typeFromAST(schema, def.type) as GraphQLInputType);
        const p = o.parameters.find((x: any) => x.name === rest);
        const found = r.bodyVariable === name ? !!body && Object.keys(body.properties).length > 0
          : r.path.split('/').includes(`:${rest}`) ? p?.in === 'path' && p.required
            : r.method === 'post' ? !!body?.properties?.[rest] : p?.in === 'query';
        if (!found) missing.push(`${r.method} ${r.path} $${name} (${rest})`);
        if (p && isListType(type)) expect([rest, p.schema.type, p.style, p.explode]).toEqual([rest, 'array', 'form', false]);
        if (p && isEnumType(type)) expect(p.schema.enum).toEqual(restSpellings(type));
      }
      const pathParams = (r.path.match(/:(\w+)/g) ?? []).map((s) => s.slice(1));
      expect([r.path, o.parameters.filter((x: any) => x.in === 'path').map((x: any) => x.name)]).toEqual([r.path, pathParams]);
    }
    expect(missing).toEqual([]);
  });

  it('when arguments carry validators, then the parameters carry the same limits and defaults', () => {
    expect(param('get', '/api/farcaster/followers/top/:fid', 'limit').schema).toMatchObject({ type: 'integer', minimum: 1, maximum: MAX_TOP_FOLLOWERS, default: 5 });
    expect(MAX_TOP_FOLLOWERS).toBe(20);
    expect(param('get', '/api/lens/followers/top/:id', 'limit').schema).toMatchObject({ minimum: 1, maximum: 20, default: 5 });
    expect(param('get', '/api/farcaster/followers/recent/:fid', 'limit').schema).toMatchObject({ minimum: PAGE_SIZE.min, maximum: PAGE_SIZE.max, default: PAGE_SIZE.default });
    expect([PAGE_SIZE.min, PAGE_SIZE.max, PAGE_SIZE.default]).toEqual([1, 100, 20]);
    expect(param('get', '/api/farcaster/user/profiles', 'fids')).toMatchObject({ required: true, schema: { minItems: 1, maxItems: MAX_IDS, items: { type: 'integer', minimum: 1 } } });
    expect(MAX_IDS).toBe(100);
    expect(param('get', '/api/lens/score/average', 'ids')).toMatchObject({ required: false, schema: { maxItems: 100 } });
    expect(param('get', '/api/lens/score/average', 'ids').schema.minItems).toBeUndefined();
    expect(param('get', '/api/farcaster/user/profile/:fid', 'fid').schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 2147483647 });
    expect(param('get', '/api/farcaster/user/profiles/:handle', 'handle').schema).toMatchObject({ type: 'string', minLength: 1, maxLength: 64 });
    expect(param('get', '/api/llm/categories/publications', 'category').required).toBe(true);
    expect(param('get', '/api/lens/profile/:id', 'id').schema.pattern).toBeDefined();
    const body = op('post', '/api/trending/find').requestBody.content['application/json'];
    expect(body.schema.properties.limit).toMatchObject({ minimum: 1, maximum: 100, default: 20 });
    expect(body.schema.properties.categories).toMatchObject({ anyOf: [{ maxItems: 50, default: [] }, { type: 'null' }] });
    expect(body.example).toEqual({ protocol: 'farcaster', ratio: 'month' });
  });

  it('when a route has an example, then its path value, query and body are the operation\'s examples, typed', () => {
    expect(param('get', '/api/farcaster/followers/:fid', 'fid').example).toBe(1);
    expect(param('get', '/api/farcaster/followers/:fid', 'limit').example).toBe(2);
    expect(param('get', '/api/farcaster/likes-count', 'fids').example).toEqual([1, 2]);
    expect(param('get', '/api/lens/followersCount', 'ids').example).toEqual(['0x01', '0x02']);
    expect(param('get', '/api/lens/user/rank/:id', 'ratio').example).toBe('day');
  });

  it('when responses are listed, then 403 on every route, 404 only where an entity (or a NOT_FOUND field) is read, 415 only on POST, all on one error schema', () => {
    const statuses = (m: string, p: string) => Object.keys(op(m, p).responses);
    expect(statuses('get', '/api/farcaster/user/profile/:fid')).toEqual(['200', '400', '401', '403', '404', '429', '503']);
    expect(statuses('get', '/api/farcaster/likes-count')).toEqual(['200', '400', '401', '403', '429', '503']);
    expect(statuses('get', '/api/llm/tokens/mentions/publications/:tokenId')).toContain('404');
    expect(statuses('post', '/api/trending/find')).toEqual(['200', '400', '401', '403', '413', '415', '429', '503']);
    for (const r of Object.values(api.components.responses as Record<string, any>)) {
      expect(r.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    }
    expect(api.components.securitySchemes).toEqual({ apikey: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'apikey' }) });
    expect(api.servers).toEqual([{ url: '/' }]);
    expect(api.info.version).toBe(packageJson.version);
  });
});
