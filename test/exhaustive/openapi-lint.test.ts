// Spectral's `spectral:oas` rules on the document the server serves: no error
// and no warning (what `npm run lint:openapi` checks), and the same lint does
// find what a broken copy lacks.
import { appSchema } from '../../src/graphql/build-schema';
import { buildOpenApi } from '../../src/openapi/build-openapi';
import { REST_ROUTES } from '../../src/rest/rest-routes';
import { lintOpenApi } from '../../scripts/openapi-spectral';

const api = buildOpenApi(REST_ROUTES, appSchema());
const blocking = (findings: { severity: string }[]) => findings.filter((f) => f.severity === 'error' || f.severity === 'warn');

describe('spectral:oas on the OpenAPI document', () => {
  it('when the document is linted, then there is no error and no warning', async () => {
    expect(blocking(await lintOpenApi(api))).toEqual([]);
  }, 120_000);

  it('when a copy lacks its contact and reuses an operationId, then the lint reports both', async () => {
    const broken = structuredClone(api) as any;
    delete broken.info.contact;
    broken.paths['/api/lens/profile/{id}'].get.operationId = broken.paths['/api/farcaster/user/profile/{fid}'].get.operationId;
    const rules = new Set(blocking(await lintOpenApi(broken)).map((f: any) => f.rule));
    expect([rules.has('info-contact'), rules.has('operation-operationId-unique')]).toEqual([true, true]);
  }, 120_000);
});
