// The shape of an operation's `data`, as graphql-js executes it: fields merged
// by response key, fragments applied where their type condition holds, one
// shape per member of an interface or union (the same shape counted once),
// lists, and null wherever the schema allows it. REST answers run only when
// the operation had no errors, so an entity root (null only with NOT_FOUND,
// answered as a 404) is never null in what `answer` sees.
import {
  isAbstractType, isEnumType, isListType, isNonNullType, isObjectType, isScalarType, Kind,
  type DirectiveNode, type DocumentNode, type FieldNode, type FragmentDefinitionNode, type GraphQLCompositeType,
  type GraphQLNonNull, type GraphQLObjectType, type GraphQLOutputType, type GraphQLSchema, type SelectionSetNode,
} from 'graphql';
import { isDeepStrictEqual } from 'node:util';
import type { ComponentTag } from './components';
import { orNull, type JsonSchema } from './json-schema';
import { fragmentsOf, operationOf } from './operation-fields';
import { enumSchema, scalarSchema } from './scalar-schemas';

export type Shape =
  | { kind: 'leaf'; schema: JsonSchema; leaf: 'Int' | 'Float' | 'Boolean' | 'enum' | 'text' }
  /** `name`: the component this object is (componentName below). */
  | { kind: 'object'; name: ComponentTag; fields: { key: string; shape: Shape; optional: boolean; description?: string }[] }
  | { kind: 'list'; item: Shape }
  | { kind: 'nullable'; inner: Shape }
  /** Members of an interface or union whose selections differ. */
  | { kind: 'oneOf'; members: Shape[] };

const withDescription = (s: JsonSchema, description: string | undefined | null) => (description ? { ...s, description } : s);

/** The keyword that carries an object's component name until components.ts moves it to components/schemas. */
export const COMPONENT_KEY = 'x-component';

/**
 * The JSON Schema of a shape; with `named`, each object carries its component
 * name (COMPONENT_KEY). Unnamed schemas compare shapes: two members of an
 * interface with the same selection are one shape whatever their names.
 */
export function shapeSchema(shape: Shape, named = false): JsonSchema {
  switch (shape.kind) {
    case 'leaf': return shape.schema;
    case 'list': return { type: 'array', items: shapeSchema(shape.item, named) };
    case 'nullable': return orNull(shapeSchema(shape.inner, named));
    case 'oneOf': return { anyOf: shape.members.map((m) => shapeSchema(m, named)) };
    case 'object': {
      const required = shape.fields.filter((f) => !f.optional).map((f) => f.key);
      return {
        ...(named ? { [COMPONENT_KEY]: shape.name } : {}),
        type: 'object',
        properties: Object.fromEntries(shape.fields.map((f) => [f.key, withDescription(shapeSchema(f.shape, named), f.description)])),
        ...(required.length ? { required } : {}),
        additionalProperties: false,
      };
    }
  }
}

/** A literal `@skip(if: true)` / `@include(if: false)` drops the selection; one on a variable makes it optional. */
function condition(directives: readonly DirectiveNode[] | undefined): 'always' | 'never' | 'maybe' {
  let out: 'always' | 'never' | 'maybe' = 'always';
  for (const d of directives ?? []) {
    if (d.name.value !== 'skip' && d.name.value !== 'include') continue;
    const value = d.arguments?.find((a) => a.name.value === 'if')?.value;
    if (value?.kind === Kind.BOOLEAN) {
      if (value.value === (d.name.value === 'skip')) return 'never';
    } else out = 'maybe';
  }
  return out;
}

/** `LensProfile` + `ProfileSummary` → `LensProfileSummary`; `FarcasterUser` + `ProfileSummary` → `FarcasterUserProfileSummary`. */
function joinNames(a: string, b: string): string {
  const lead = /^[A-Z][a-z0-9]*/.exec(b)?.[0] ?? '';
  return lead && a.endsWith(lead) ? a + b.slice(lead.length) : a + b;
}

/**
 * The name of an object selected on `type` by `sets`. A selection that is one
 * fragment spread is that fragment's shape, named by it (`LensProfileRecord`),
 * or by its type condition for a `…Fields` fragment (`PageInfoFields` →
 * `PageInfo`); a fragment on an interface spread on one of its types is that
 * type's (`LensProfileSummary`). Any other selection is named by its type.
 */
function componentName(type: GraphQLObjectType, sets: readonly SelectionSetNode[], fragments: Map<string, FragmentDefinitionNode>): ComponentTag {
  const spreads = new Set(sets.map((set) => (set.selections.length === 1 && set.selections[0].kind === Kind.FRAGMENT_SPREAD && !set.selections[0].directives?.length
    ? set.selections[0].name.value : '')));
  const only = spreads.size === 1 ? fragments.get([...spreads][0]) : undefined;
  if (!only) return { name: type.name, by: 'type' };
  const condition = only.typeCondition.name.value;
  const base = only.name.value.endsWith('Fields') ? condition : only.name.value;
  return { name: condition === type.name ? base : joinNames(type.name, base), by: 'fragment' };
}

class DataShapes {
  private readonly fragments: Map<string, FragmentDefinitionNode>;

  constructor(private readonly schema: GraphQLSchema, document: DocumentNode, private readonly entityRoots: readonly string[]) {
    this.fragments = fragmentsOf(document);
  }

  private applies(condition: string | undefined, type: GraphQLObjectType): boolean {
    if (!condition || condition === type.name) return true;
    const on = this.schema.getType(condition);
    return !!on && isAbstractType(on) && this.schema.isSubType(on, type);
  }

  /** CollectFields of the GraphQL spec, for one runtime type: response key → its field nodes, and whether a directive may drop it. */
  private collect(type: GraphQLObjectType, sets: readonly SelectionSetNode[], out = new Map<string, { nodes: FieldNode[]; optional: boolean }>(), optional = false) {
    for (const set of sets) {
      for (const s of set.selections) {
        const when = condition(s.directives);
        if (when === 'never') continue;
        const maybe = optional || when === 'maybe';
        if (s.kind === Kind.FIELD) {
          const key = s.alias?.value ?? s.name.value;
          const seen = out.get(key);
          if (seen) { seen.nodes.push(s); seen.optional &&= maybe; } else out.set(key, { nodes: [s], optional: maybe });
          continue;
        }
        const f = s.kind === Kind.FRAGMENT_SPREAD ? this.fragments.get(s.name.value) : s;
        if (f && this.applies(f.typeCondition?.name.value, type)) this.collect(type, [f.selectionSet], out, maybe);
      }
    }
    return out;
  }

  private objectShape(type: GraphQLObjectType, sets: readonly SelectionSetNode[], root: boolean): Shape {
    const fields = [...this.collect(type, sets)].map(([key, { nodes, optional }]) => {
      const name = nodes[0].name.value;
      if (name === '__typename') return { key, optional, shape: { kind: 'leaf' as const, leaf: 'text' as const, schema: { type: 'string', const: type.name } } satisfies Shape };
      const def = type.getFields()[name];
      if (!def) throw new Error(`${type.name} has no field ${name}`);
      const subSets = nodes.flatMap((n) => (n.selectionSet ? [n.selectionSet] : []));
      let shape = this.typeShape(def.type, subSets);
      if (root && this.entityRoots.includes(name) && shape.kind === 'nullable') shape = shape.inner;
      return { key, optional, shape, ...(def.description ? { description: def.description } : {}) };
    });
    return { kind: 'object', name: componentName(type, sets, this.fragments), fields };
  }

  private compositeShape(type: GraphQLCompositeType, sets: readonly SelectionSetNode[]): Shape {
    if (isObjectType(type)) return this.objectShape(type, sets, false);
    const members: Shape[] = [];
    for (const t of this.schema.getPossibleTypes(type)) {
      const s = this.objectShape(t, sets, false);
      if (!members.some((m) => isDeepStrictEqual(shapeSchema(m), shapeSchema(s)))) members.push(s);
    }
    // One shape for every member: the interface's (or the fragment's) object, not its first member's.
    if (members.length === 1 && members[0].kind === 'object') {
      const spread = componentName(this.schema.getPossibleTypes(type)[0], sets, this.fragments);
      return { ...members[0], name: spread.by === 'fragment' ? { name: spread.name.replace(this.schema.getPossibleTypes(type)[0].name, type.name), by: 'fragment' } : { name: type.name, by: 'type' } };
    }
    return members.length === 1 ? members[0] : { kind: 'oneOf', members };
  }

  typeShape(type: GraphQLOutputType, sets: readonly SelectionSetNode[]): Shape {
    return isNonNullType(type) ? this.presentShape(type.ofType, sets) : { kind: 'nullable', inner: this.presentShape(type, sets) };
  }

  /** The shape of a value that is there (its null, if any, is wrapped by the caller). */
  private presentShape(type: Exclude<GraphQLOutputType, GraphQLNonNull<never>>, sets: readonly SelectionSetNode[]): Shape {
    if (isListType(type)) return { kind: 'list', item: this.typeShape(type.ofType as GraphQLOutputType, sets) };
    if (isScalarType(type)) {
      const leaf = type.name === 'Int' || type.name === 'Float' || type.name === 'Boolean' ? type.name : 'text';
      return { kind: 'leaf', leaf, schema: scalarSchema(type, 'output') };
    }
    if (isEnumType(type)) return { kind: 'leaf', leaf: 'enum', schema: enumSchema(type, 'output') };
    return this.compositeShape(type, sets);
  }

  operation(document: DocumentNode): Shape {
    const op = operationOf(document);
    const root = this.schema.getRootType(op.operation);
    if (!root) throw new Error(`the schema has no ${op.operation} type`);
    return this.objectShape(root, [op.selectionSet], true);
  }
}

/** The shape of `data` of the document's operation, as a REST route's `answer` receives it. */
export function dataShape(schema: GraphQLSchema, document: DocumentNode, entityRoots: readonly string[]): Shape {
  return new DataShapes(schema, document, entityRoots).operation(document);
}
