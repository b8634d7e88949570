// A REST route's GraphQL variables, read from its operation as SOFA does: each
// `$var` of the document takes the path parameter, query parameter (GET) or
// JSON body field (POST) of the same name, or of the REST name a route renames
// it to, shaped by the variable's declared type (an enum's REST spelling
// becomes its value name). Only the shape changes here:
// validation happens once, in the schema, so REST and GraphQL reject the same
// input; rest-errors.ts words a REST 400 in the names read here.
import type { Request } from 'express';
import {
  getNamedType, getNullableType, getOperationAST, isEnumType, isInputObjectType, isListType, isNonNullType, isScalarType, typeFromAST,
  type DocumentNode, type GraphQLInputObjectType, type GraphQLInputType, type GraphQLSchema, type VariableDefinitionNode,
} from 'graphql';
import { appSchema } from '../graphql/build-schema';
import { listParam, pathParam, queryParam, scalarParam } from './params';

export interface VariableSources {
  method: 'get' | 'post';
  /** The route pattern: `:name` segments are path parameters. */
  path: string;
  document: DocumentNode;
  /** Variables whose REST name differs, by variable name: `{ first: 'limit' }` reads `$first` from `limit`. */
  renames?: Readonly<Record<string, string>>;
  /** The variable (of an input object type) that the whole JSON body is. */
  bodyVariable?: string;
}

type Read = (req: Request) => unknown;

/** A list: `ids=1,2` and `ids=1&ids=2` alike. Empty is `[]` when the list is required (its argument then says how many it needs), else absent. */
function listReader(name: string, item: GraphQLInputType, required: boolean): Read {
  return (req) => {
    const values = listParam(req, name).map((v) => scalarParam(item, v));
    return values.length || required ? values : undefined;
  };
}

/**
 * The body as an input object: its fields only (any other body field is
 * ignored) and null as absent, so the field's default applies. A body that is
 * not an object goes as it is, for GraphQL to refuse naming the type.
 */
/** A JSON value as sent, except an enum's REST spelling (`"ratio": "7d"`), which becomes its value name. */
const jsonValue = (type: GraphQLInputType, value: unknown) =>
  (isEnumType(getNullableType(type)) && typeof value === 'string' ? scalarParam(type, value) : value);

function bodyReader(type: GraphQLInputObjectType): Read {
  const fields = Object.values(type.getFields());
  return (req) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (typeof body !== 'object' || Array.isArray(body)) return body;
    const input: Record<string, unknown> = {};
    for (const f of fields) if (body[f.name] !== undefined && body[f.name] !== null) input[f.name] = jsonValue(f.type, body[f.name]);
    return input;
  };
}

function readerOf(schema: GraphQLSchema, route: VariableSources, def: VariableDefinitionNode): Read {
  const name = def.variable.name.value;
  const rest = route.renames?.[name] ?? name;
  const type = typeFromAST(schema, def.type) as GraphQLInputType | undefined;
  if (!type) throw new Error(`${route.path}: $${name} has a type the schema does not know`);
  const inner = getNullableType(type);
  const where = `${route.method.toUpperCase()} ${route.path} $${name}`;
  if (route.bodyVariable === name) {
    if (route.method !== 'post' || !isInputObjectType(inner)) throw new Error(`${where}: only an input object of a POST route can be the body`);
    return bodyReader(inner);
  }
  if (isInputObjectType(getNamedType(inner))) throw new Error(`${where}: an input object is read from the body only`);
  if (route.path.split('/').includes(`:${rest}`)) {
    if (!isScalarType(getNamedType(inner)) || isListType(inner)) throw new Error(`${where}: a path parameter is one scalar`);
    return (req) => scalarParam(inner, pathParam(req, rest));
  }
  if (route.method === 'post') {
    // JSON carries its own types: the value goes as sent, null as absent.
    return (req) => jsonValue(type, (req.body as Record<string, unknown> | undefined)?.[rest] ?? undefined);
  }
  if (isListType(inner)) {
    if (isListType(getNullableType(inner.ofType))) throw new Error(`${where}: lists of lists are not read from a query string`);
    return listReader(rest, getNullableType(inner.ofType), isNonNullType(type));
  }
  return (req) => scalarParam(inner, queryParam(req, rest));
}

function readersOf(schema: GraphQLSchema, route: VariableSources): [string, Read][] {
  const operation = getOperationAST(route.document);
  if (!operation) throw new Error(`${route.path}: the document has no single operation`);
  const defs = operation.variableDefinitions ?? [];
  const names = new Set(defs.map((d) => d.variable.name.value));
  for (const n of [...Object.keys(route.renames ?? {}), ...(route.bodyVariable ? [route.bodyVariable] : [])]) {
    if (!names.has(n)) throw new Error(`${route.path}: the operation has no $${n}`);
  }
  return defs.map((d) => [d.variable.name.value, readerOf(schema, route, d)]);
}

/**
 * The route's `variables` function. An absent parameter is an absent variable
 * (so the argument's default applies), never null. The readers are worked out
 * once, on first use, against the one schema.
 */
export function operationVariables(route: VariableSources, schema: () => GraphQLSchema = appSchema): (req: Request) => Record<string, unknown> {
  let readers: [string, Read][] | undefined;
  return (req) => {
    readers ??= readersOf(schema(), route);
    const variables: Record<string, unknown> = {};
    for (const [name, read] of readers) {
      const value = read(req);
      if (value !== undefined) variables[name] = value;
    }
    return variables;
  };
}
