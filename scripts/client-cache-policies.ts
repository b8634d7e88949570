// Writes what a normalized cache (Apollo Client's InMemoryCache, Relay's store)
// must know of the schema into the client package, from schema/schema.graphql:
// - client/src/generated/cache-policies.ts: which object types an interface or
//   union stands for, which types are entities (they have an id), which are
//   values embedded in their parent, and each field that answers a connection
//   with the arguments that select a different list;
// - client/schema.graphql: the schema itself, for relay-compiler and for
//   codegen in a frontend that depends on the package and not on this repository.
// `npm run client:generate` runs it; the client-current system test regenerates into a
// temporary directory and fails on any difference.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  buildSchema, getNamedType, isAbstractType, isNonNullType, isObjectType,
  type GraphQLNamedType, type GraphQLObjectType, type GraphQLSchema,
} from 'graphql';

export const SCHEMA_FILE = 'schema/schema.graphql';
export const CACHE_POLICIES_FILE = 'client/src/generated/cache-policies.ts';
export const CLIENT_SCHEMA_FILE = 'client/schema.graphql';

/** The Relay cursor arguments: a fetchMore changes only these, so they never split a list in the cache. */
const PAGING_ARGS = new Set(['first', 'after', 'last', 'before']);

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);

/** The named types a user defined (no introspection types), sorted by name so the output is stable. */
const userTypes = (schema: GraphQLSchema): GraphQLNamedType[] =>
  Object.values(schema.getTypeMap()).filter((t) => !t.name.startsWith('__')).sort(byName);

/** Object types that are not roots: the roots are one object each, identified by the cache itself. */
function objectTypes(schema: GraphQLSchema): GraphQLObjectType[] {
  const roots = new Set([schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].filter(Boolean));
  return userTypes(schema).filter((t): t is GraphQLObjectType => isObjectType(t) && !roots.has(t));
}

/** A connection by the Relay convention the schema follows: its type's name ends in Connection and it has edges. */
const isConnection = (t: GraphQLNamedType) => isObjectType(t) && t.name.endsWith('Connection') && 'edges' in t.getFields();

export interface CachePolicies {
  possibleTypes: Record<string, string[]>;
  entityTypes: string[];
  nullableIdTypes: string[];
  embeddedTypes: string[];
  connectionFields: Record<string, Record<string, string[]>>;
}

export function cachePoliciesOf(schema: GraphQLSchema): CachePolicies {
  const possibleTypes: CachePolicies['possibleTypes'] = {};
  for (const t of userTypes(schema)) {
    if (isAbstractType(t)) possibleTypes[t.name] = schema.getPossibleTypes(t).map((o) => o.name).sort();
  }
  const entityTypes: string[] = [];
  const nullableIdTypes: string[] = [];
  const embeddedTypes: string[] = [];
  for (const t of objectTypes(schema)) {
    const id = t.getFields().id;
    if (id) (isNonNullType(id.type) ? entityTypes : nullableIdTypes).push(t.name);
    else if (!isConnection(t)) embeddedTypes.push(t.name);
  }
  const connectionFields: CachePolicies['connectionFields'] = {};
  const holders = [schema.getQueryType(), ...objectTypes(schema)].filter((t): t is GraphQLObjectType => !!t);
  for (const t of holders) {
    for (const f of Object.values(t.getFields()).sort(byName)) {
      if (!isConnection(getNamedType(f.type))) continue;
      (connectionFields[t.name] ??= {})[f.name] = f.args.map((a) => a.name).filter((a) => !PAGING_ARGS.has(a)).sort();
    }
  }
  return { possibleTypes, entityTypes, nullableIdTypes, embeddedTypes, connectionFields };
}

/** Arrays on one line, objects one key a line: a diff of the file reads as the schema change that made it. */
function literal(value: unknown, indent = ''): string {
  if (Array.isArray(value)) return `[${value.map((v) => JSON.stringify(v)).join(', ')}]`;
  if (value && typeof value === 'object') {
    const inner = `${indent}  `;
    const lines = Object.entries(value).map(([k, v]) => `${inner}${JSON.stringify(k)}: ${literal(v, inner)},`);
    return lines.length ? `{\n${lines.join('\n')}\n${indent}}` : '{}';
  }
  return JSON.stringify(value);
}
/** A list of names, one a line. */
const names = (list: string[]) => `[\n${list.map((n) => `  ${JSON.stringify(n)},`).join('\n')}\n]`;

/** The TypeScript module of the policies: plain data, so the package's main entry still imports no cache library. */
export function cachePoliciesSource(schema: GraphQLSchema): string {
  const p = cachePoliciesOf(schema);
  return `/* eslint-disable */
// Generated from ${SCHEMA_FILE} by scripts/client-cache-policies.ts (npm run client:generate). Do not edit.

/** Each interface and union → the object types that may answer for it (Apollo Client's \`possibleTypes\`). */
export const possibleTypes: { [abstractType: string]: string[] } = ${literal(p.possibleTypes)};

/** Object types with a non-null \`id\`: entities, one normalized copy per type and id. */
export const entityTypes: readonly string[] = ${names(p.entityTypes)};

/** Object types whose \`id\` may be null: an entity when it has one, else embedded in its parent. */
export const nullableIdTypes: readonly string[] = ${names(p.nullableIdTypes)};

/**
 * Object types without an id and not connections: values that belong to the field holding them
 * (a profile's stats, metadata, ranks). A newer answer for the same field merges into the one stored.
 */
export const embeddedTypes: readonly string[] = ${names(p.embeddedTypes)};

/**
 * Per type, each field that answers a Relay connection → its arguments that select another list
 * (every argument but first, after, last and before, which only move within one list).
 */
export const connectionFields: { [typename: string]: { [field: string]: readonly string[] } } = ${literal(p.connectionFields)};
`;
}

if (require.main === module) {
  const root = path.join(__dirname, '..');
  const sdl = readFileSync(path.join(root, SCHEMA_FILE), 'utf8');
  writeFileSync(path.join(root, CACHE_POLICIES_FILE), cachePoliciesSource(buildSchema(sdl)));
  writeFileSync(path.join(root, CLIENT_SCHEMA_FILE), sdl);
}
