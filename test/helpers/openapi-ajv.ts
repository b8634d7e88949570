// An Ajv (JSON Schema 2020-12, as OpenAPI 3.1 uses it) that knows the
// document's named schemas, so a response schema's $refs to
// #/components/schemas/… resolve when it is compiled on its own.
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

export function openApiAjv(api: { components: { schemas: Record<string, unknown> } }): Ajv2020 {
  const ajv = addFormats(new Ajv2020({ allErrors: true, allowUnionTypes: true, strict: true }));
  for (const [name, schema] of Object.entries(api.components.schemas)) ajv.addSchema(schema as object, `#/components/schemas/${name}`);
  return ajv;
}
