// Malformed GraphQL requests, generated from the served schema: every root
// query field, with arguments as literals or variables of the right type, the
// wrong type, null, out of range, or text that breaks casts and Postgres.
import fc from 'fast-check';
import {
  type GraphQLArgument, type GraphQLField, type GraphQLInputType, type GraphQLOutputType, type GraphQLSchema,
  getNamedType, isEnumType, isInputObjectType, isLeafType, isListType, isNonNullType, isScalarType, isUnionType,
} from 'graphql';
import { GOOD, nastyString, percentEncode } from './fuzz-values';
import type { RawRequest } from './raw-http';

type Gen = fc.GeneratorValue;

const weightedCache = new Map<string, fc.Arbitrary<string>>();
/** One of the names by weight (fc.constantFrom favours the first and last items, which would make the rare ones common). */
function choose<T extends string>(g: Gen, weights: Record<T, number>): T {
  const key = JSON.stringify(weights);
  let arb = weightedCache.get(key);
  if (!arb) {
    arb = fc.oneof(...Object.entries(weights).map(([name, weight]) => ({ weight: weight as number, arbitrary: fc.constant(name) })));
    weightedCache.set(key, arb);
  }
  return g(() => arb) as T;
}
const rarely = (g: Gen, oneIn: number) => choose(g, { no: oneIn - 1, yes: 1 }) === 'yes';

/** One item of a list of schema objects (cyclic: fc.gen compares its arguments, so pick by index). */
const pick = <T>(g: Gen, items: readonly T[]): T => items[g(fc.integer, { min: 0, max: items.length - 1 })];

/** A generated value: its GraphQL literal, and its JSON form when it has one (for variables). */
interface Val { text: string; json: unknown; hasJson: boolean }
const val = (text: string, json: unknown, hasJson = true): Val => ({ text, json, hasJson });

const intValue = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(1, 2, 5, 12, 20, 40).map((n) => val(String(n), n)) },
  { weight: 3, arbitrary: fc.constantFrom(0, -1, 13, 21, 100, 101, 2024, 2147483647, -2147483648).map((n) => val(String(n), n)) },
  { weight: 2, arbitrary: fc.integer().map((n) => val(String(n), n)) },
  // Not an Int at all: GraphQL itself must refuse these as the client's error.
  { weight: 1, arbitrary: fc.constantFrom('2147483648', '4294967296', '99999999999999999999', '-99999999999999999999', '1e400', '1.0', '0.5', '-0', '1e3')
    .map((t) => val(t, Number(t), Number.isFinite(Number(t)))) },
);

/** A string literal: JSON's escapes are GraphQL's (lone surrogates included, which GraphQL rejects); sometimes a block string. */
function stringVal(s: string, block: boolean): Val {
  // Control characters cannot appear raw in a block string, which is what this looks for.
  // eslint-disable-next-line no-control-regex -- see above
  const canBlock = block && !/"""|\\|[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(s);
  return val(canBlock ? `"""${s}"""` : JSON.stringify(s), s);
}

const WRONG_KINDS = ['string', 'int', 'float', 'bool', 'enum', 'object', 'list', 'undeclared'] as const;

function wrongValue(g: Gen): Val {
  switch (g(fc.constantFrom, ...WRONG_KINDS)) { // all equally odd, so the bias to the ends does not matter
    case 'string': return stringVal(g(() => nastyString), false);
    case 'int': return g(() => intValue);
    case 'float': return val('1.5', 1.5);
    case 'bool': return val('true', true);
    case 'enum': return val('FOO', 'FOO', false);
    case 'object': return val('{a: 1, b: "\\u0000"}', { a: 1, b: '\u0000' });
    case 'list': return val('[1, "x", null, [2]]', [1, 'x', null, [2]]);
    default: return val('$undeclared', null, false);
  }
}

/** A value of the given input type, most of the time; else null or the wrong kind. */
function inputValue(g: Gen, type: GraphQLInputType, depth: number): Val {
  // Mostly well-typed, so the request passes validation and the odd value reaches the resolvers and SQL.
  const mode = choose(g, { typed: 28, null: 1, wrong: 1 });
  if (mode === 'null') return val('null', null);
  if (mode === 'wrong' || depth > 4) return wrongValue(g);
  return typedValue(g, type, depth);
}

function typedValue(g: Gen, type: GraphQLInputType, depth: number): Val {
  if (isNonNullType(type)) return typedValue(g, type.ofType, depth);
  if (isListType(type)) {
    const form = choose(g, { items: 8, single: 1, deep: 1, long: 1, empty: 1 });
    if (form === 'single') return inputValue(g, type.ofType, depth + 1);
    if (form === 'empty') return val('[]', []);
    if (form === 'deep') {
      const n = g(fc.integer, { min: 2, max: 60 });
      const inner = typedValue(g, type.ofType, depth + 1);
      let json: unknown = inner.json;
      for (let i = 0; i < n; i++) json = [json];
      return val(`${'['.repeat(n)}${inner.text}${']'.repeat(n)}`, json, inner.hasJson);
    }
    const items = form === 'long'
      ? Array.from({ length: g(fc.integer, { min: 99, max: 150 }) }, () => typedValue(g, type.ofType, depth + 1))
      : Array.from({ length: g(fc.integer, { min: 1, max: 4 }) }, () => inputValue(g, type.ofType, depth + 1));
    return val(`[${items.map((v) => v.text).join(', ')}]`, items.map((v) => v.json), items.every((v) => v.hasJson));
  }
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields()).filter((f) => isNonNullType(f.type) || g(fc.boolean));
    const parts = fields.map((f) => [f.name, inputValue(g, f.type, depth + 1)] as const);
    if (rarely(g, 30)) parts.push(['bogus', val('1', 1)]);
    return val(`{${parts.map(([k, v]) => `${k}: ${v.text}`).join(', ')}}`, Object.fromEntries(parts.map(([k, v]) => [k, v.json])), parts.every(([, v]) => v.hasJson));
  }
  if (isEnumType(type)) {
    const names = type.getValues().map((v) => v.name);
    const name = g(fc.constantFrom, ...names, 'NOT_A_VALUE');
    return val(name, name, true);
  }
  if (isScalarType(type)) {
    switch (type.name) {
      case 'Int': return g(() => intValue);
      case 'Float': return g(fc.constantFrom, val('1.5', 1.5), val('1e308', 1e308), val('-0.0', -0), val('1e400', null, false));
      case 'Boolean': return g(fc.constantFrom, val('true', true), val('false', false));
      case 'LensProfileId': return stringVal(g(() => fc.oneof(fc.constantFrom(...GOOD.lensId), nastyString)), false);
      default: return stringVal(g(() => nastyString), rarely(g, 10));
    }
  }
  return wrongValue(g);
}

const WRONG_DECLARATIONS = ['String', 'String!', 'Int', 'Int!', '[Int!]!', '[String]', 'LensProfileId', 'Boolean', 'Bogus', '[[Int]]', 'LensCollectFilter', 'TrendingInput!'];

/** Collects the variables of one operation: declarations and the JSON values sent with them. */
class Variables {
  readonly declarations: string[] = [];
  readonly values: Record<string, unknown> = {};

  /** A variable for `arg` (declared with its type or a wrong one; its value sent, null, or missing), or null to use a literal. */
  use(g: Gen, arg: GraphQLArgument, v: Val): string | null {
    if (!v.hasJson || !g(fc.boolean)) return null;
    const name = `v${this.declarations.length}`;
    const declared = rarely(g, 25) ? g(fc.constantFrom, ...WRONG_DECLARATIONS) : String(arg.type);
    this.declarations.push(`$${name}: ${declared}`);
    const sent = choose(g, { value: 12, null: 1, missing: 1 });
    if (sent === 'value') this.values[name] = v.json;
    if (sent === 'null') this.values[name] = null;
    return `$${name}`;
  }
}

/** `(a: …, b: …)` for a field: required arguments (rarely left out) and some optional ones. */
function argumentsOf(g: Gen, args: readonly GraphQLArgument[], vars: Variables | null): string {
  const parts: string[] = [];
  for (const arg of args) {
    const give = isNonNullType(arg.type) && arg.defaultValue === undefined ? !rarely(g, 40) : g(fc.boolean);
    if (!give) continue;
    const v = inputValue(g, arg.type, 0);
    parts.push(`${arg.name}: ${(vars && vars.use(g, arg, v)) ?? v.text}`);
  }
  if (rarely(g, 40)) parts.push('bogus: 1');
  return parts.length ? `(${parts.join(', ')})` : '';
}

/** A selection of a few leaves and, above the second level, one nested field with (literal) arguments of its own. */
function selectionOf(g: Gen, type: GraphQLOutputType, depth: number): string {
  const named = getNamedType(type);
  if (isLeafType(named)) return '';
  if (isUnionType(named)) return '{ __typename }';
  const fields: GraphQLField<unknown, unknown>[] = Object.values(named.getFields());
  const callable = fields.filter((f) => f.args.every((a) => !isNonNullType(a.type) || a.defaultValue !== undefined));
  const leaves = callable.filter((f) => isLeafType(getNamedType(f.type)));
  const parts = ['__typename', ...g(fc.subarray, leaves.map((f) => f.name), { maxLength: Math.min(3, leaves.length) })];
  const nested = fields.filter((f) => !isLeafType(getNamedType(f.type)) || f.args.length > 0);
  if (depth < 2 && nested.length && g(fc.boolean)) {
    const f = pick(g, nested);
    parts.push(`${f.name}${argumentsOf(g, f.args, null)} ${selectionOf(g, f.type, depth + 1)}`);
  }
  return `{ ${parts.join(' ')} }`;
}

/** One operation over 1..3 root query fields (aliased), and how it travels. */
export function graphqlRequest(g: Gen, schema: GraphQLSchema, key: Record<string, string>): RawRequest {
  const roots = Object.values(schema.getQueryType()!.getFields());
  const vars = new Variables();
  const count = Number(choose(g, { 1: 4, 2: 2, 3: 1 }));
  const fields = Array.from({ length: count }, (_, i) => {
    const f = pick(g, roots);
    return `f${i}: ${f.name}${argumentsOf(g, f.args, vars)} ${selectionOf(g, f.type, 1)}`;
  });
  let query = `query${vars.declarations.length ? `(${vars.declarations.join(', ')})` : ''} { ${fields.join(' ')} }`;
  const shape = choose(g, { ok: 24, truncated: 1, mutation: 1, 'variables-not-object': 1, 'no-query': 1 });
  if (shape === 'truncated') query = query.slice(0, g(fc.integer, { min: 0, max: query.length - 1 }));
  if (shape === 'mutation') query = query.replace(/^query/, g(fc.constantFrom, 'mutation', 'subscription', 'fragment'));
  const variables: unknown = shape === 'variables-not-object' ? g(fc.constantFrom, '{"v0":1}', [1], 'x', 7) : vars.values;
  const payload: Record<string, unknown> = shape === 'no-query' ? { variables } : { query, variables };
  if (rarely(g, 30)) payload.operationName = g(fc.constantFrom, 'Nope', '', null, 7, '\u0000');

  const transport = choose(g, { post: 30, get: 2, 'text-plain': 1 });
  if (transport === 'get') {
    const params = [`query=${percentEncode(String((payload.query as string | undefined) ?? ''))}`, `variables=${percentEncode(JSON.stringify(variables))}`];
    return { method: 'GET', path: `/graphql?${params.join('&')}`, headers: { ...key, 'apollo-require-preflight': 'true' } };
  }
  const contentType = transport === 'text-plain' ? 'text/plain' : 'application/json';
  return { method: 'POST', path: '/graphql', headers: { ...key, 'content-type': contentType }, body: Buffer.from(JSON.stringify(payload), 'utf8') };
}
