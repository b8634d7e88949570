// `npm run lint:openapi`: builds the OpenAPI document from the route table and
// the schema, as the server serves it, and lints it with Spectral's
// `spectral:oas` rules. Prints every finding; exits 1 on any error or warning.
import { formatFindings, lintOpenApi } from './openapi-spectral';
import { buildOpenApi } from '../src/openapi/build-openapi';
import { appSchema } from '../src/graphql/build-schema';
import { REST_ROUTES } from '../src/rest/rest-routes';

async function main(): Promise<number> {
  const findings = await lintOpenApi(buildOpenApi(REST_ROUTES, appSchema()));
  if (findings.length) console.log(formatFindings(findings));
  const blocking = findings.filter((f) => f.severity === 'error' || f.severity === 'warn');
  console.log(`spectral:oas: ${blocking.length} errors or warnings, ${findings.length - blocking.length} hints`);
  return blocking.length ? 1 : 0;
}

main().then((code) => process.exit(code), (err) => { console.error(err); process.exit(2); });
