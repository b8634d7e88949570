// Named shapes: every object of an answer schema carries the name of what it
// was selected as (data-shape.ts): a fragment, or else its GraphQL type. Here
// each name becomes one entry of components/schemas and every place it
// appears a $ref, so a generated client has one type per shape to import. The
// place keeps what is said of it (the field's description).
//
// A fragment is one shape wherever it is spread, so two shapes of one
// fragment name are a build error. A type selected without a fragment may be
// selected differently by two routes: such a type stays inline at each place
// (its name would otherwise say two things), and so does every object that
// holds one only through it.
import { isDeepStrictEqual } from 'node:util';
import { COMPONENT_KEY } from './data-shape';
import type { JsonSchema } from './json-schema';

export const schemaRef = (name: string) => `#/components/schemas/${name}`;

/** What COMPONENT_KEY holds. */
export interface ComponentTag { name: string; by: 'fragment' | 'type' }

const LITERAL_KEYWORDS = new Set(['const', 'enum', 'default', 'examples', 'example']);

/**
 * `schemas` with their named objects moved to `components` (which starts with
 * `fixed`, named shapes that are not selections, such as the error body).
 */
export function nameShapes(schemas: JsonSchema[], fixed: Record<string, JsonSchema>): { schemas: JsonSchema[]; components: Record<string, JsonSchema> } {
  const inline = new Set<string>();
  for (;;) {
    const bodies = new Map<string, { body: JsonSchema; tag: ComponentTag }[]>();
    const out = schemas.map((s) => replace(s, inline, (tag, body) => {
      const seen = bodies.get(tag.name) ?? [];
      if (!seen.some((b) => isDeepStrictEqual(b.body, body))) seen.push({ body, tag });
      bodies.set(tag.name, seen);
    }));
    let changed = false;
    for (const [name, seen] of bodies) {
      if (seen.length === 1 && !(name in fixed)) continue;
      if (seen.some((b) => b.tag.by === 'fragment') || name in fixed) {
        throw new Error(`components/schemas/${name}: the fragment is selected as ${seen.length} shapes, or is named like a fixed schema`);
      }
      inline.add(name);
      changed = true;
    }
    if (changed) continue;
    const components: Record<string, JsonSchema> = { ...fixed };
    for (const [name, [{ body }]] of bodies) components[name] = body;
    return { schemas: out, components: Object.fromEntries(Object.keys(components).sort().map((k) => [k, components[k]])) };
  }
}

/** `schema` with every named object not in `inline` (inner ones first) replaced by a $ref; `found` sees each body. */
function replace(schema: JsonSchema, inline: ReadonlySet<string>, found: (tag: ComponentTag, body: JsonSchema) => void): JsonSchema {
  const walk = (s: unknown): unknown => {
    if (Array.isArray(s)) return s.map(walk);
    if (!s || typeof s !== 'object') return s;
    const out: JsonSchema = {};
    for (const [k, v] of Object.entries(s)) if (k !== COMPONENT_KEY) out[k] = LITERAL_KEYWORDS.has(k) ? v : walk(v);
    const tag = (s as JsonSchema)[COMPONENT_KEY] as ComponentTag | undefined;
    if (!tag || inline.has(tag.name)) return out;
    const { description, ...body } = out;
    found(tag, body);
    return { $ref: schemaRef(tag.name), ...(description === undefined ? {} : { description }) };
  };
  return walk(schema) as JsonSchema;
}
