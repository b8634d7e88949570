// The OpenAPI generator on a small schema of its own, where every answer is
// known: parameters from variables (renames, lists, enums, custom scalars,
// defaults, required-ness), the data schema from selections (fragments,
// interfaces, @include, nullability) and the body schema through `answer`.
import { buildSchema, parse } from 'graphql';
import { buildOpenApi } from '../../src/openapi/build-openapi';
import { answerSchema } from '../../src/openapi/answer-schema';
import { dataShape, shapeSchema } from '../../src/openapi/data-shape';
import { mergeSchemas } from '../../src/openapi/json-schema';
import type { RestRoute } from '../../src/rest/rest-route.type';

const schema = buildSchema(`
  "An id in hex."
  scalar LensProfileId
  scalar DateTimeISO
  enum Period { DAY WEEK MONTH }
  interface Profile { id: ID! name: String }
  type Person implements Profile { id: ID! name: String age: Int! }
  type Robot implements Profile { id: ID! name: String model: String! }
  type Stats { followers: Int! score: Float }
  type Account {
    fid: Int!
    "When it joined."
    joined: DateTimeISO!
    active: Boolean!
    stats: Stats
    friends("Page size." first: Int! = 5): [Profile!]!
  }
  input Filter { "Currency." currency: String month: Int year: Int! = 2024 }
  type Query {
    "One account; null with a NOT_FOUND error when unknown."
    oneAccount(fid: Int!): Account
    "Accounts by fid."
    accounts(fids: [Int!]!, period: Period = WEEK): [Account!]!
    lensThing(id: LensProfileId!, filter: Filter): [Profile]
    search(input: Filter!): Int!
  }
`);

const route = (r: Partial<RestRoute> & Pick<RestRoute, 'path' | 'document' | 'answer'>): RestRoute =>
  ({ method: 'get', name: 'getThing', summary: `The thing at ${r.path}`, protocols: ['farcaster'], example: {}, variables: () => ({}), ...r });

const doc = (text: string) => parse(text);

describe('OpenAPI parameters from operation variables', () => {
  const routes = [
    route({ path: '/api/account/:fid', name: 'gatAccount', example: { path: '7', query: 'n=3' }, renames: { first: 'n' },
      document: doc('query RestAccount($fid: Int!, $first: Int) { oneAccount(fid: $fid) { fid friends(first: $first) { id } } }'),
      answer: (d: any) => d.oneAccount }),
    route({ path: '/api/accounts', example: { query: 'fids=1,2&period=DAY' },
      document: doc('query RestAccounts($fids: [Int!]!, $period: Period) { accounts(fids: $fids, period: $period) { fid } }'),
      answer: (d: any) => d.accounts }),
    route({ path: '/api/lens/:id', example: { path: '0x01', query: 'month=6' },
      document: doc('query RestLensThing($id: LensProfileId!, $month: Int, $currency: String = "usd") { lensThing(id: $id, filter: { month: $month, currency: $currency }) { id } }'),
      answer: (d: any) => d.lensThing }),
    route({ method: 'post', path: '/api/search', bodyVariable: 'input', example: { body: { year: 2023 } },
      document: doc('query RestSearch($input: Filter!) { search(input: $input) }'), answer: (d: any) => ({ n: d.search }) }),
  ];
  const api = buildOpenApi(routes, schema, { title: 'T', version: '1.2.3' });
  const op = (p: string, m = 'get') => api.paths[p][m] as any;

  it('when a path has :params, then it is written {param} with one operation per route, ids from the operation names', () => {
    expect(Object.keys(api.paths)).toEqual(['/api/account/{fid}', '/api/accounts', '/api/lens/{id}', '/api/search']);
    expect(Object.values(api.paths).flatMap((p) => Object.values(p).map((o) => o.operationId))).toEqual(['account', 'accounts', 'lensThing', 'search']);
    expect(api.info).toMatchObject({ title: 'T', version: '1.2.3' });
  });

  it('when a route has a legacy name, then it is kept as spelled, in x-legacy-operation and the description', () => {
    expect(op('/api/account/{fid}')['x-legacy-operation']).toBe('gatAccount');
    expect(op('/api/account/{fid}').description).toContain("`gatAccount` is the earlier service's name for this call, spelled as it was.");
    // The summary is the table's; the principal field's description opens the description.
    expect(op('/api/account/{fid}').summary).toBe('The thing at /api/account/:fid');
    expect(op('/api/account/{fid}').description).toMatch(/^One account; null with a NOT_FOUND error when unknown\./);
  });

  it('when variables are renamed, typed, listed or defaulted, then the parameters say so', () => {
    expect(op('/api/account/{fid}').parameters).toEqual([
      expect.objectContaining({ name: 'fid', in: 'path', required: true, schema: { type: 'integer', format: 'int32' }, example: 7 }),
      expect.objectContaining({ name: 'n', in: 'query', required: false, schema: { type: 'integer', format: 'int32', default: 5 }, example: 3 }),
    ]);
    expect(op('/api/account/{fid}').parameters[1].description).toMatch(/^Page size\.\n\nGraphQL: `\$first` → `Account.friends\(first:\)`\.$/);
    const [fids, period] = op('/api/accounts').parameters;
    expect(fids).toMatchObject({ name: 'fids', in: 'query', required: true, style: 'form', explode: false, example: [1, 2],
      schema: { type: 'array', items: { type: 'integer', format: 'int32' } } });
    expect(period).toMatchObject({ name: 'period', required: false, example: 'DAY', schema: { type: 'string', enum: ['DAY', 'WEEK', 'MONTH'], default: 'WEEK' } });
  });

  it('when a variable feeds an input object field, then its type, default and description are that field\'s', () => {
    const [id, month, currency] = op('/api/lens/{id}').parameters;
    expect(id).toMatchObject({ in: 'path', example: '0x01', schema: { type: 'string', description: 'An id in hex.' } });
    expect(new RegExp(id.schema.pattern).test('0x1')).toBe(true);
    expect(new RegExp(id.schema.pattern).test('zz')).toBe(false);
    expect(month).toMatchObject({ name: 'month', example: 6, schema: { type: 'integer' } });
    expect(currency).toMatchObject({ name: 'currency', required: false, description: expect.stringMatching(/^Currency\./), schema: { type: 'string', default: 'usd' } });
  });

  it('when the body is an input object, then the request body is its schema, optional fields taking null as absent', () => {
    const o = op('/api/search', 'post');
    expect(o.parameters).toEqual([]);
    expect(o.requestBody.required).toBe(false);
    expect(o.requestBody.content['application/json'].example).toEqual({ year: 2023 });
    expect(o.requestBody.content['application/json'].schema).toMatchObject({
      type: 'object',
      properties: {
        currency: { type: ['string', 'null'], description: 'Currency.' },
        month: { type: ['integer', 'null'], format: 'int32' },
        year: { type: ['integer', 'null'], default: 2024 },
      },
    });
    expect(Object.keys(o.responses)).toEqual(['200', '400', '401', '403', '413', '415', '429', '503']);
  });

  it('when a route reads an entity-like root that says NOT_FOUND, then it lists 404; others do not', () => {
    expect(Object.keys(op('/api/account/{fid}').responses)).toContain('404');
    expect(Object.keys(op('/api/accounts').responses)).not.toContain('404');
  });
});

describe('OpenAPI data and body schemas', () => {
  const shapeOf = (q: string, roots: string[] = []) => dataShape(schema, parse(q), roots);

  it('when an interface is selected with fragments that differ by member, then each member is one alternative', () => {
    const s = shapeSchema(shapeOf('{ lensThing(id: "0x01") { id ... on Person { age } ... on Robot { model } } }'));
    const items = (s as any).properties.lensThing.anyOf[0].items;
    expect(items.anyOf).toEqual([
      { type: 'object', properties: { id: { type: 'string' }, age: { type: 'integer', format: 'int32' } }, required: ['id', 'age'], additionalProperties: false },
      { type: 'object', properties: { id: { type: 'string' }, model: { type: 'string' } }, required: ['id', 'model'], additionalProperties: false },
      { type: 'null' },
    ]);
  });

  it('when fragments on the interface are the same for every member, then one schema; @include on a variable makes a key optional', () => {
    const s = shapeSchema(shapeOf('query ($x: Boolean!) { lensThing(id: "0x01") { ...P name @include(if: $x) } } fragment P on Profile { id name }'));
    expect((s as any).properties.lensThing).toEqual({ anyOf: [{ type: 'array', items: { anyOf: [
      { type: 'object', properties: { id: { type: 'string' }, name: { type: ['string', 'null'] } }, required: ['id', 'name'], additionalProperties: false },
      { type: 'null' }] } }, { type: 'null' }] });
    const optional = shapeSchema(shapeOf('query ($x: Boolean!) { lensThing(id: "0x01") { id name @include(if: $x) } }'));
    expect((optional as any).properties.lensThing.anyOf[0].items.anyOf[0].required).toEqual(['id']);
  });

  it('when a root is an entity root, then `answer` sees it present; other nullable roots stay nullable', () => {
    const q = '{ oneAccount(fid: 1) { fid } }';
    expect((shapeSchema(shapeOf(q)) as any).properties.oneAccount.anyOf[1]).toEqual({ type: 'null' });
    expect((shapeSchema(shapeOf(q, ['oneAccount'])) as any).properties.oneAccount).toEqual({
      type: 'object', properties: { fid: { type: 'integer', format: 'int32' } }, required: ['fid'], additionalProperties: false,
      description: 'One account; null with a NOT_FOUND error when unknown.' });
  });

  const account = shapeOf('{ oneAccount(fid: 1) { fid joined active stats { followers score } friends { id name } } }', ['oneAccount']);

  it('when `answer` passes a part through, then the body is that part\'s schema, nullability and descriptions included', () => {
    expect(answerSchema(account, ((d: any) => d.oneAccount.stats) as never)).toEqual({ anyOf: [{
      type: 'object', properties: { followers: { type: 'integer', format: 'int32' }, score: { type: ['number', 'null'], format: 'double' } },
      required: ['followers', 'score'], additionalProperties: false }, { type: 'null' }] });
  });

  it('when `answer` renames, spreads, maps and prints values, then the body schema follows each leaf', () => {
    const body = answerSchema(account, ((d: any) => ({
      id: String(d.oneAccount.fid), when: d.oneAccount.joined, on: d.oneAccount.active,
      names: d.oneAccount.friends.map((f: any) => f.name), total: d.oneAccount.friends.length,
    })) as never);
    expect(body).toEqual({ type: 'object', additionalProperties: false, required: ['id', 'when', 'on', 'names', 'total'], properties: {
      id: { type: 'string', pattern: '^-?[0-9]+$' },
      when: { type: 'string', format: 'date-time', description: 'When it joined.' },
      on: { type: 'boolean' },
      names: { type: 'array', items: { type: ['string', 'null'] } },
      total: { type: 'integer' },
    } });
  });

  it('when `answer` spreads a nullable object, then the body is either its fields or what is left without them', () => {
    const body = answerSchema(account, ((d: any) => ({ fid: d.oneAccount.fid, ...d.oneAccount.stats })) as never);
    expect(body).toEqual({ anyOf: [
      { type: 'object', properties: { fid: { type: 'integer', format: 'int32' }, followers: { type: 'integer', format: 'int32' }, score: { type: ['number', 'null'], format: 'double' } },
        required: ['fid', 'followers', 'score'], additionalProperties: false },
      { type: 'object', properties: { fid: { type: 'integer', format: 'int32' } }, required: ['fid'], additionalProperties: false },
    ] });
  });

  it('when `answer` fails on the data every route run meets, then building the document fails (no silent empty schema)', () => {
    expect(() => answerSchema(account, ((d: any) => d.oneAccount.nope.deeper) as never)).toThrow(TypeError);
  });

  it('when two schemas are merged, then equal parts stay one and null is added once', () => {
    expect(mergeSchemas({ type: 'string' }, { type: 'null' })).toEqual({ type: ['string', 'null'] });
    expect(mergeSchemas({ type: ['string', 'null'] }, { type: 'null' })).toEqual({ type: ['string', 'null'] });
    expect(mergeSchemas({ type: 'string' }, { type: 'integer' })).toEqual({ anyOf: [{ type: 'string' }, { type: 'integer' }] });
  });
});
