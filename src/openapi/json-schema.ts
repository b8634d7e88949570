// JSON Schema (2020-12, as OpenAPI 3.1 uses it) as plain objects, and the few
// operations the generator needs on them: null allowed, and two alternatives
// merged into the smallest schema accepting both (answers run more than once,
// once per member of an interface, give one schema per run).
import { isDeepStrictEqual } from 'node:util';

export type JsonSchema = { [keyword: string]: unknown };

const NULL: JsonSchema = { type: 'null' };

const alternativesOf = (s: JsonSchema): JsonSchema[] => (Array.isArray(s.anyOf) && Object.keys(s).length === 1 ? (s.anyOf as JsonSchema[]) : [s]);

/** A leaf of one type and no sub-schemas: `{type: 'string', format}` can take `type: ['string', 'null']`. */
const simpleLeaf = (s: JsonSchema) =>
  typeof s.type === 'string' && s.type !== 'object' && s.type !== 'array' && s.type !== 'null' && !('anyOf' in s) && !('enum' in s) && !('const' in s);

/** `s` or null: a leaf as `type: [t, 'null']` (what most OpenAPI tools show best), anything else as anyOf. */
export function orNull(s: JsonSchema): JsonSchema {
  if (Array.isArray(s.type) && s.type.includes('null')) return s;
  if (s.type === 'null') return s;
  if (simpleLeaf(s)) return { ...s, type: [s.type, 'null'] };
  if (Array.isArray(s.enum) && typeof s.type === 'string') return { ...s, type: [s.type, 'null'], enum: [...(s.enum as unknown[]).filter((v) => v !== null), null] };
  const alternatives = alternativesOf(s);
  return alternatives.some((a) => isDeepStrictEqual(a, NULL)) ? s : { anyOf: [...alternatives, NULL] };
}

/** Back from `type: [t, 'null']` to its parts, so merging sees alternatives one by one. */
function split(s: JsonSchema): JsonSchema[] {
  if (Array.isArray(s.type) && s.type.length === 2 && s.type.includes('null') && !('enum' in s)) {
    return [{ ...s, type: (s.type as string[]).find((t) => t !== 'null') }, NULL];
  }
  return alternativesOf(s).flatMap((a) => (a === s ? [a] : split(a)));
}

const isObject = (s: JsonSchema) => s.type === 'object' && typeof s.properties === 'object';
const sameKeys = (a: JsonSchema, b: JsonSchema) =>
  isDeepStrictEqual(Object.keys(a.properties as object).sort(), Object.keys(b.properties as object).sort())
  && isDeepStrictEqual([...(a.required as string[] ?? [])].sort(), [...(b.required as string[] ?? [])].sort());

/** Two alternatives as one when they differ only inside (objects with the same keys, arrays): else null. */
function fuse(a: JsonSchema, b: JsonSchema): JsonSchema | null {
  if (isDeepStrictEqual(a, b)) return a;
  if (isObject(a) && isObject(b) && sameKeys(a, b)) {
    const pa = a.properties as Record<string, JsonSchema>;
    const pb = b.properties as Record<string, JsonSchema>;
    return { ...a, properties: Object.fromEntries(Object.keys(pa).map((k) => [k, mergeSchemas(pa[k], pb[k])])) };
  }
  if (a.type === 'array' && b.type === 'array' && a.items && b.items) {
    return { ...a, items: mergeSchemas(a.items as JsonSchema, b.items as JsonSchema) };
  }
  return null;
}

/** The smallest schema this generator can say that accepts what `a` or `b` accepts. */
export function mergeSchemas(a: JsonSchema, b: JsonSchema): JsonSchema {
  const out: JsonSchema[] = [];
  for (const alt of [...split(a), ...split(b)]) {
    const i = out.findIndex((o) => fuse(o, alt) !== null);
    if (i >= 0) out[i] = fuse(out[i], alt) as JsonSchema;
    else out.push(alt);
  }
  const nullable = out.some((o) => isDeepStrictEqual(o, NULL));
  const rest = out.filter((o) => !isDeepStrictEqual(o, NULL));
  if (!rest.length) return NULL;
  const one = rest.length === 1 ? rest[0] : { anyOf: rest };
  return nullable ? orNull(one) : one;
}
