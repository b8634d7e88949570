// A route's parameters and body as OpenAPI, read as operation-variables.ts
// reads them: each `$var` of the operation is the path parameter, query
// parameter (GET) or body field (POST) of its REST name; the body variable is
// the whole body. Types from the variable's declared type, limits from the
// argument's validators, defaults and descriptions from the argument it feeds.
import {
  getNamedType, getNullableType, isEnumType, isInputObjectType, isListType, isNonNullType, isScalarType, typeFromAST, valueFromAST,
  type GraphQLInputObjectType, type GraphQLInputType, type GraphQLSchema, type VariableDefinitionNode,
} from 'graphql';
import { scalarParam } from '../rest/params';
import type { RestRoute } from '../rest/rest-route.type';
import { argumentLimits, inputFieldLimits, type Limits } from './argument-rules';
import { orNull, type JsonSchema } from './json-schema';
import { operationFields, operationOf, type Binding } from './operation-fields';
import { enumSchema, scalarSchema } from './scalar-schemas';

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description?: string;
  schema: JsonSchema;
  style?: 'form';
  explode?: boolean;
  example?: unknown;
}

export interface RouteInput {
  parameters: Parameter[];
  /** Present for a POST route: the JSON body's schema. */
  body?: { schema: JsonSchema; required: boolean; example?: unknown };
}

const NO_LIMITS: Limits = { self: {}, items: {} };

/** A value of `type` as JSON Schema, the type's null left out (the caller says whether null is taken). */
export function inputSchema(type: GraphQLInputType, limits: Limits = NO_LIMITS): JsonSchema {
  const inner = getNullableType<GraphQLInputType>(type);
  if (isListType(inner)) {
    const item = inputSchema(inner.ofType);
    return { type: 'array', items: { ...item, ...limits.items }, ...limits.self };
  }
  if (isScalarType(inner)) return { ...scalarSchema(inner, 'input'), ...limits.self };
  if (isEnumType(inner)) return { ...enumSchema(inner, 'input'), ...limits.self };
  return { ...inputObjectSchema(inner), ...limits.self };
}

/**
 * An input object as a JSON body reads it (bodyReader in operation-variables.ts):
 * its fields, null taken as absent (so an optional field may be null), others ignored.
 */
export function inputObjectSchema(type: GraphQLInputObjectType): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const f of Object.values(type.getFields())) {
    const mustSend = isNonNullType(f.type) && f.defaultValue === undefined;
    if (mustSend) required.push(f.name);
    const schema = { ...inputSchema(f.type, inputFieldLimits(type.name, f.name)),
      ...(f.defaultValue === undefined ? {} : { default: f.defaultValue }), ...(f.description ? { description: f.description } : {}) };
    properties[f.name] = mustSend ? schema : orNull(schema);
  }
  return { type: 'object', ...(type.description ? { description: type.description } : {}), properties, ...(required.length ? { required } : {}) };
}

const limitsOf = (schema: GraphQLSchema, b: Binding): Limits =>
  (b.kind === 'argument' ? argumentLimits(schema, b.parent, b.field, b.arg.name) : inputFieldLimits(b.inputType, b.field.name));

const defaultOf = (b: Binding) => (b.kind === 'argument' ? b.arg.defaultValue : b.field.defaultValue);
const descriptionOf = (b: Binding) => (b.kind === 'argument' ? b.arg.description : b.field.description);
const targetOf = (b: Binding) => (b.kind === 'argument' ? `\`${b.parent}.${b.field}(${b.arg.name}:)\`` : `\`${b.inputType}.${b.field.name}\``);

interface Variable {
  name: string;
  rest: string;
  type: GraphQLInputType;
  def: VariableDefinitionNode;
  bindings: Binding[];
}

/** What the client may send for the variable: type, limits of every argument it feeds, default. */
function variableSchema(schema: GraphQLSchema, v: Variable): JsonSchema {
  const limits = v.bindings.map((b) => limitsOf(schema, b)).reduce<Limits>(
    (all, l) => ({ self: { ...all.self, ...l.self }, items: { ...all.items, ...l.items } }), { self: {}, items: {} });
  const own = v.def.defaultValue ? valueFromAST(v.def.defaultValue, v.type) : undefined;
  const fallback = own ?? v.bindings.map(defaultOf).find((d) => d !== undefined);
  return { ...inputSchema(v.type, limits), ...(fallback === undefined ? {} : { default: fallback }) };
}

function variableDescription(v: Variable): string {
  const said = [...new Set(v.bindings.map(descriptionOf).filter((d): d is string => !!d))];
  const feeds = [...new Set(v.bindings.map(targetOf))].join(', ');
  return [...said, `GraphQL: \`$${v.name}\` → ${feeds}.`].join('\n\n');
}

/** The route's sample query string as typed values, read as the route reads a request. */
/** A sample value as the REST client sends it: typed as the route reads it, an enum in its REST spelling. */
const sample = (type: GraphQLInputType, text: string) => (isEnumType(getNamedType(type)) ? text : scalarParam(type, text));

function exampleValues(route: RestRoute, variables: Variable[]): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const query = new URLSearchParams(route.example.query ?? '');
  for (const v of variables) {
    const inner = getNullableType(v.type);
    if (route.path.split('/').includes(`:${v.rest}`)) {
      if (route.example.path !== undefined) out.set(v.rest, sample(inner, route.example.path));
      continue;
    }
    const sent = query.getAll(v.rest);
    if (!sent.length) continue;
    out.set(v.rest, isListType(inner)
      ? sent.flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean).map((s) => sample(getNullableType<GraphQLInputType>(inner.ofType), s))
      : sample(inner, sent[0]));
  }
  return out;
}

export function routeInput(schema: GraphQLSchema, route: RestRoute): RouteInput {
  const { bindings } = operationFields(schema, route.document);
  const renames = (route.renames ?? {}) as Record<string, string>;
  const variables: Variable[] = (operationOf(route.document).variableDefinitions ?? []).map((def) => {
    const name = def.variable.name.value;
    const type = typeFromAST(schema, def.type) as GraphQLInputType | undefined;
    if (!type) throw new Error(`${route.path}: $${name} has a type the schema does not know`);
    return { name, rest: renames[name] ?? name, type, def, bindings: bindings.get(name) ?? [] };
  });
  const examples = exampleValues(route, variables);
  const parameters: Parameter[] = [];
  const bodyFields: Record<string, JsonSchema> = {};
  const bodyRequired: string[] = [];
  let bodyObject: JsonSchema | undefined;
  for (const v of variables) {
    // Absent is absent (the default applies): only a non-null variable without a default must be sent.
    const required = isNonNullType(v.type) && !v.def.defaultValue;
    const valueSchema = variableSchema(schema, v);
    const description = variableDescription(v);
    if (route.bodyVariable === v.name) {
      const inner = getNullableType(v.type);
      if (!isInputObjectType(inner)) throw new Error(`${route.path}: the body variable $${v.name} is no input object`);
      bodyObject = { ...inputObjectSchema(inner), description: [inner.description, `GraphQL: the whole body is \`$${v.name}\`.`].filter(Boolean).join('\n\n') };
      continue;
    }
    if (route.path.split('/').includes(`:${v.rest}`)) {
      parameters.push({ name: v.rest, in: 'path', required: true, description, schema: valueSchema, ...example(examples, v.rest) });
    } else if (route.method === 'post') {
      // JSON carries its own types; null is taken as absent.
      bodyFields[v.rest] = required ? { ...valueSchema, description } : orNull({ ...valueSchema, description });
      if (required) bodyRequired.push(v.rest);
    } else {
      const list = isListType(getNullableType(v.type));
      parameters.push({
        name: v.rest, in: 'query', required, schema: valueSchema,
        description: list ? `${description}\n\nComma separated (\`${v.rest}=1,2\`) or repeated (\`${v.rest}=1&${v.rest}=2\`).` : description,
        ...(list ? { style: 'form' as const, explode: false } : {}), ...example(examples, v.rest),
      });
    }
  }
  if (route.method !== 'post') return { parameters };
  let body: JsonSchema = bodyObject ?? { type: 'object', properties: {} };
  if (Object.keys(bodyFields).length) {
    body = { ...body, properties: { ...(body.properties as object), ...bodyFields },
      required: [...((body.required as string[] | undefined) ?? []), ...bodyRequired] };
    if (!(body.required as string[]).length) delete body.required;
  }
  const required = Array.isArray(body.required) && body.required.length > 0;
  return { parameters, body: { schema: body, required, ...(route.example.body === undefined ? {} : { example: route.example.body }) } };
}

const example = (examples: Map<string, unknown>, name: string) => (examples.has(name) ? { example: examples.get(name) } : {});
