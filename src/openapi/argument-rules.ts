// The limits an argument already carries, as JSON Schema keywords. The schema
// says types; the limits (page sizes 1..100, id lists of 1..100 …) are
// class-validator decorators on the classes type-graphql built the arguments
// from. type-graphql's metadata says which args class (or input class) a
// field's argument came from; class-validator's says the rules on it.
import { getMetadataStorage as validatorStorage } from 'class-validator';
import { isAbstractType, type GraphQLSchema } from 'graphql';
import { getMetadataStorage as typeGraphqlStorage } from 'type-graphql';
import type { JsonSchema } from './json-schema';

/** Keywords for the value itself, and for each item when the value is a list (`@Min(1, { each: true })`). */
export interface Limits { self: JsonSchema; items: JsonSchema }

type Class = abstract new (...args: never[]) => unknown;

/** class-validator's rule name → the JSON Schema keywords it means. A rule not listed (a fixed set checked by a function) adds none. */
const KEYWORDS: Record<string, (c: unknown[]) => JsonSchema> = {
  min: (c) => ({ minimum: c[0] }),
  max: (c) => ({ maximum: c[0] }),
  arrayMinSize: (c) => ({ minItems: c[0] }),
  arrayMaxSize: (c) => ({ maxItems: c[0] }),
  isLength: (c) => ({ minLength: c[0], ...(c[1] === undefined ? {} : { maxLength: c[1] }) }),
  minLength: (c) => ({ minLength: c[0] }),
  maxLength: (c) => ({ maxLength: c[0] }),
  isIn: (c) => ({ enum: c[0] }),
  isPositive: () => ({ exclusiveMinimum: 0 }),
  // Postgres cannot store NUL in text: such an argument refuses it.
  noNul: () => ({ pattern: '^[^\\u0000]*$' }),
};

/** The TypeScript property behind a GraphQL field name of a type-graphql class (they differ with `@Field({ name })`). */
function propertyOf(target: Class, schemaName: string): string {
  const tg = typeGraphqlStorage();
  const field = tg.fields.find((f) => f.schemaName === schemaName && (f.target === target || target.prototype instanceof f.target));
  return field?.name ?? schemaName;
}

function limitsOn(targets: Class[], schemaName: string): Limits {
  const limits: Limits = { self: {}, items: {} };
  for (const target of targets) {
    const property = propertyOf(target, schemaName);
    for (const m of validatorStorage().getTargetValidationMetadatas(target, '', true, false)) {
      if (m.propertyName !== property || !m.name) continue;
      const keywords = KEYWORDS[m.name]?.(m.constraints ?? []);
      if (keywords) Object.assign(m.each ? limits.items : limits.self, keywords);
    }
  }
  return limits;
}

/** The GraphQL name type-graphql gave a class (object or interface type). */
function typeNameOf(target: unknown): string | undefined {
  const tg = typeGraphqlStorage();
  return [...tg.objectTypes, ...tg.interfaceTypes].find((t) => t.target === target)?.name;
}

/** The `@Args()` classes of the resolver (query, field resolver or field method) behind `parent.field`. */
function argsClassesOf(schema: GraphQLSchema, parent: string, field: string): Class[] {
  const tg = typeGraphqlStorage();
  const handlers = parent === schema.getQueryType()?.name ? tg.queries.filter((q) => q.schemaName === field)
    : parent === schema.getMutationType()?.name ? tg.mutations.filter((q) => q.schemaName === field)
    : [
      ...tg.fieldResolvers.filter((f) => f.schemaName === field && typeNameOf(f.getObjectType?.()) === parent),
      ...tg.fields.filter((f) => f.schemaName === field && typeNameOf(f.target) === parent),
    ];
  const classes = handlers.flatMap((h) => (h.params ?? tg.params.filter((p) => p.target === h.target && p.methodName === ('methodName' in h ? h.methodName : h.name))))
    .flatMap((p) => (p.kind === 'args' ? [p.getType() as Class] : []));
  if (classes.length) return classes;
  // A field of an interface is resolved by its implementations: their rules are the field's.
  const type = schema.getType(parent);
  return type && isAbstractType(type) ? schema.getPossibleTypes(type).flatMap((t) => argsClassesOf(schema, t.name, field)) : [];
}

/** Limits of argument `arg` of `parent.field`. */
export function argumentLimits(schema: GraphQLSchema, parent: string, field: string, arg: string): Limits {
  return limitsOn(argsClassesOf(schema, parent, field), arg);
}

/** Limits of field `field` of the input object type named `inputType`. */
export function inputFieldLimits(inputType: string, field: string): Limits {
  const target = typeGraphqlStorage().inputTypes.find((t) => t.name === inputType)?.target as Class | undefined;
  return target ? limitsOn([target], field) : { self: {}, items: {} };
}
