// The schema of a REST body, without per-route code: `answer` cuts the body
// out of `data`, so it is run on sample data whose every leaf is a marker
// (a value no other leaf has) and every object and list is remembered by
// identity. What comes out is read back: a marker or a remembered node is the
// schema of where it came from (its nullability included); an object or list
// `answer` built is described from its parts; a value `answer` converted
// (a number printed as text) is the type of what came out.
//
// One run per member of an interface whose selections differ, and one with
// every nullable value null, so that an answer spreading or reading into a
// nullable object is described by what it gives then too.
import { mergeSchemas, orNull, type JsonSchema } from './json-schema';
import { shapeSchema, type Shape } from './data-shape';

/** Text markers carry an invisible separator no real value starts with. */
const TEXT_MARK = '\u2063m';
const NUMBER_BASE = 1_000_000_000;

class Markers {
  private n = 0;
  /** Primitive markers (text, numbers) → the leaf's schema. */
  readonly leaves = new Map<unknown, JsonSchema>();
  /** Objects, lists, and boxed booleans and enum values (two values cannot be told apart) → their schema. */
  readonly nodes = new Map<object, JsonSchema>();
  /** A number marker printed as text → the Int leaf it was. */
  readonly printed = new Map<string, JsonSchema>();

  leaf(shape: Extract<Shape, { kind: 'leaf' }>, schema: JsonSchema): unknown {
    const n = ++this.n;
    switch (shape.leaf) {
      case 'Int': case 'Float': {
        const v = shape.leaf === 'Int' ? NUMBER_BASE + n : NUMBER_BASE + n + 0.25;
        this.leaves.set(v, schema);
        if (shape.leaf === 'Int') this.printed.set(String(v), schema);
        return v;
      }
      case 'Boolean': return this.node(Object(true) as object, schema);
      case 'enum': return this.node(Object((shape.schema.enum as string[])[0] ?? '') as object, schema);
      case 'text': { const v = `${TEXT_MARK}${n}`; this.leaves.set(v, schema); return v; }
    }
  }

  node<T extends object>(value: T, schema: JsonSchema): T {
    this.nodes.set(value, schema);
    return value;
  }
}

interface Run {
  /** Which member of each interface with several shapes. */
  member: number;
  /** Every nullable value null. */
  nulls: boolean;
  /** Objects carry their component names (data-shape.ts's COMPONENT_KEY). */
  named: boolean;
}

/** A sample value of the shape; `description` is the field's, kept with whatever `answer` does with the value. */
function sample(shape: Shape, run: Run, m: Markers, nullable = false, description?: string): unknown {
  const own = nullable ? orNull(shapeSchema(shape, run.named)) : shapeSchema(shape, run.named);
  const schema = description ? { ...own, description } : own;
  switch (shape.kind) {
    case 'nullable': return run.nulls ? null : sample(shape.inner, run, m, true, description);
    case 'leaf': return m.leaf(shape, schema);
    case 'list': return m.node([sample(shape.item, run, m)], schema);
    case 'oneOf': {
      const member = shape.members[Math.min(run.member, shape.members.length - 1)];
      const value = sample(member, run, m);
      // The node stands for the field, whichever member it is.
      if (value !== null && typeof value === 'object') m.nodes.set(value, schema);
      return value;
    }
    case 'object': return m.node(Object.fromEntries(shape.fields.map((f) => [f.key, sample(f.shape, run, m, false, f.description)])), schema);
  }
}

const isPlain = (v: object) => Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null;

/** The schema of what `answer` gave, as JSON will carry it. */
function readBack(value: unknown, m: Markers): JsonSchema | undefined {
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return undefined;
  if (value === null) return { type: 'null' };
  if (typeof value === 'object') {
    const known = m.nodes.get(value);
    if (known) return known;
    if (value instanceof Date) return { type: 'string', format: 'date-time' };
    if (Array.isArray(value)) {
      const items = value.map((v) => readBack(v, m) ?? { type: 'null' });
      return { type: 'array', items: items.length ? items.reduce(mergeSchemas) : {} };
    }
    if (value instanceof Boolean) return { type: 'boolean' };
    if (value instanceof String) return { type: 'string' };
    if (value instanceof Number) return { type: 'number' };
    if (!isPlain(value)) throw new Error(`answer gave a ${value.constructor?.name ?? 'non-plain'} object; only JSON values can be described`);
    const properties: Record<string, JsonSchema> = {};
    for (const [k, v] of Object.entries(value)) {
      const s = readBack(v, m);
      if (s) properties[k] = s;
    }
    return { type: 'object', properties, required: Object.keys(properties), additionalProperties: false };
  }
  const known = m.leaves.get(value);
  if (known) return known;
  if (typeof value === 'string') {
    const printed = m.printed.get(value);
    return printed
      ? { type: 'string', pattern: '^-?[0-9]+$', ...(typeof printed.description === 'string' && printed.description ? { description: `${printed.description} (as a decimal string)` } : {}) }
      : { type: 'string' };
  }
  if (typeof value === 'number') return { type: Number.isInteger(value) ? 'integer' : 'number' };
  if (typeof value === 'boolean') return { type: 'boolean' };
  return {};
}

const membersOf = (shape: Shape): number => {
  switch (shape.kind) {
    case 'leaf': return 1;
    case 'list': return membersOf(shape.item);
    case 'nullable': return membersOf(shape.inner);
    case 'oneOf': return Math.max(shape.members.length, ...shape.members.map(membersOf));
    case 'object': return Math.max(1, ...shape.fields.map((f) => membersOf(f.shape)));
  }
};

/**
 * The JSON Schema of `answer(data)` for every `data` of this shape. A run in
 * which `answer` throws is one whose data the route cannot meet (the router
 * answers errors before `answer` runs), except the first: that one must work.
 * With `named`, its objects carry their component names (components.ts moves them).
 */
export function answerSchema(data: Shape, answer: (data: never) => unknown, named = false): JsonSchema {
  const runs: Run[] = [
    ...Array.from({ length: membersOf(data) }, (_, member) => ({ member, nulls: false, named })),
    { member: 0, nulls: true, named },
  ];
  let out: JsonSchema | undefined;
  for (const [i, run] of runs.entries()) {
    const m = new Markers();
    let body: unknown;
    try {
      body = answer(sample(data, run, m) as never);
    } catch (err) {
      if (i === 0) throw err;
      continue;
    }
    const schema = readBack(body, m) ?? {};
    out = out ? mergeSchemas(out, schema) : schema;
  }
  return out ?? {};
}
