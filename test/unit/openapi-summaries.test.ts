// Each operation's summary is written for its route: no two operations share
// one, and none is (the first sentence of) a description the schema holds, as
// a summary taken from a sub-field once was ("The webhook.").
import { isInputObjectType, isInterfaceType, isObjectType, type GraphQLSchema } from 'graphql';
import { appSchema } from '../../src/graphql/build-schema';
import { buildOpenApi } from '../../src/openapi/build-openapi';
import { REST_ROUTES } from '../../src/rest/rest-routes';

const schema = appSchema();
const api = buildOpenApi(REST_ROUTES, schema);
const operations = Object.entries(api.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ at: `${method} ${path}`, summary: op.summary })));

/** Every description of the schema (types, fields, arguments, input fields), whole and as its first sentence, spaces folded. */
function schemaDescriptions(s: GraphQLSchema): Set<string> {
  const out = new Set<string>();
  const add = (d: string | null | undefined) => {
    if (!d) return;
    const folded = d.replace(/\s+/g, ' ').trim();
    out.add(folded);
    out.add(/^.*?[.!?](?=\s|$)/.exec(folded)?.[0] ?? folded);
  };
  for (const type of Object.values(s.getTypeMap())) {
    add(type.description);
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const f of Object.values(type.getFields())) { add(f.description); f.args.forEach((a) => add(a.description)); }
    } else if (isInputObjectType(type)) {
      for (const f of Object.values(type.getFields())) add(f.description);
    }
  }
  return out;
}

const fold = (s: string) => s.replace(/\s+/g, ' ').trim().replace(/\.$/, '');

describe('operation summaries', () => {
  it('when every operation is read, then no two share a summary', () => {
    const byText = new Map<string, string[]>();
    for (const o of operations) byText.set(fold(o.summary).toLowerCase(), [...(byText.get(fold(o.summary).toLowerCase()) ?? []), o.at]);
    expect([...byText.values()].filter((at) => at.length > 1)).toEqual([]);
    expect(byText.size).toBe(REST_ROUTES.length);
  });

  it('when every operation is read, then no summary is a description of the schema', () => {
    const descriptions = new Set([...schemaDescriptions(schema)].map(fold));
    expect(descriptions.has('The webhook')).toBe(true);
    expect(operations.filter((o) => descriptions.has(fold(o.summary))).map((o) => `${o.at}: ${o.summary}`)).toEqual([]);
  });
});
