// The named shapes and the 2xx examples of the OpenAPI document: the profile
// summary, Lens profile record and page info are one component each, reached
// by $ref; no answer schema keeps a naming mark; each recorded example (a
// real answer, src/openapi/examples.json) matches its operation's schema.
import { appSchema } from '../../src/graphql/build-schema';
import { buildOpenApi } from '../../src/openapi/build-openapi';
import { nameShapes } from '../../src/openapi/components';
import { COMPONENT_KEY } from '../../src/openapi/data-shape';
import { REST_ROUTES } from '../../src/rest/rest-routes';
import { openApiAjv } from '../helpers/openapi-ajv';

const api = buildOpenApi(REST_ROUTES, appSchema());
const text = JSON.stringify(api);
const success = (path: string, method = 'get') => {
  const r = (api.paths[path][method] as any).responses;
  return r[Object.keys(r).find((s) => s.startsWith('2'))!].content?.['application/json'];
};

describe('components/schemas of the OpenAPI document', () => {
  it('when the document is built, then the shared shapes are named components reached by $ref', () => {
    for (const name of ['FarcasterProfileSummary', 'LensProfileRecord', 'LensProfileSummary', 'FarcasterUserProfileSummary', 'PageInfo', 'ProfileRank', 'Error']) {
      expect([name, name in api.components.schemas]).toEqual([name, true]);
    }
    expect(success('/api/farcaster/user/profile/{fid}').schema.$ref).toBe('#/components/schemas/FarcasterProfileSummary');
    expect(success('/api/lens/profile/{id}').schema.$ref).toBe('#/components/schemas/LensProfileRecord');
    expect(success('/api/v2/lens/profile/{id}/mutual-follows').schema.properties.pageInfo.$ref).toBe('#/components/schemas/PageInfo');
    // Every $ref names a schema of the document, and no naming mark is left.
    const refs = [...text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]);
    expect(refs.filter((r) => !(r in api.components.schemas))).toEqual([]);
    expect(refs.filter((r) => r === 'LensProfileSummary').length).toBeGreaterThan(5);
    expect(text).not.toContain(COMPONENT_KEY);
  });

  it('when one fragment name comes with two shapes, then the build refuses (a name says one thing)', () => {
    const tagged = (props: object) => ({ [COMPONENT_KEY]: { name: 'Thing', by: 'fragment' }, type: 'object', properties: props });
    expect(() => nameShapes([tagged({ a: { type: 'string' } }), tagged({ b: { type: 'string' } })], {})).toThrow(/Thing/);
    // A type selected two ways without a fragment stays inline at both places.
    const byType = (props: object) => ({ [COMPONENT_KEY]: { name: 'Thing', by: 'type' }, type: 'object', properties: props });
    const out = nameShapes([byType({ a: { type: 'string' } }), byType({ b: { type: 'string' } })], {});
    expect(out.components).toEqual({});
    expect(out.schemas).toEqual([{ type: 'object', properties: { a: { type: 'string' } } }, { type: 'object', properties: { b: { type: 'string' } } }]);
  });

  it('when the recorded examples are read, then every operation with a body has one, and it matches the schema', () => {
    const ajv = openApiAjv(api);
    const failures: unknown[] = [];
    let withBody = 0;
    for (const [path, ops] of Object.entries(api.paths)) {
      for (const method of Object.keys(ops)) {
        const ok = success(path, method);
        if (!ok) continue;
        withBody += 1;
        if (ok.example === undefined) { failures.push(`${method} ${path}: no example`); continue; }
        const validate = ajv.compile(ok.schema);
        if (!validate(ok.example)) failures.push({ at: `${method} ${path}`, errors: validate.errors?.map((e) => `${e.instancePath} ${e.message}`) });
      }
    }
    expect(failures).toEqual([]);
    // Every route answers a body but the bodiless 204s (deleting a webhook, taking back a dismissal).
    expect(withBody).toBe(REST_ROUTES.filter((r) => (r.success ?? 200) !== 204).length);
  });
});
