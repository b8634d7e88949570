// The fields an operation selects, each with the type it is selected on, its
// place in the answer and the variables its arguments take: what the parameter
// and summary builders read. Fragments are expanded where they are spread.
import {
  getNamedType, getNullableType, isCompositeType, isInputObjectType, Kind,
  type DocumentNode, type FieldNode, type FragmentDefinitionNode, type GraphQLArgument, type GraphQLCompositeType,
  type GraphQLField, type GraphQLInputField, type GraphQLInputType, type GraphQLSchema, type OperationDefinitionNode,
  type SelectionSetNode, type ValueNode,
} from 'graphql';

/** Where a variable's value goes: an argument of a field, or a field of an input object written in the document. */
export type Binding =
  | { kind: 'argument'; parent: string; field: string; arg: GraphQLArgument }
  | { kind: 'inputField'; inputType: string; field: GraphQLInputField };

export interface SelectedField {
  /** Response keys from the root: `['farcasterUser', 'followers']`. */
  path: string[];
  parent: GraphQLCompositeType;
  def: GraphQLField<unknown, unknown>;
  node: FieldNode;
  /** Its arguments that take a variable (directly or inside an input object). */
  variableArgs: string[];
}

export function operationOf(document: DocumentNode): OperationDefinitionNode {
  const ops = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  if (ops.length !== 1) throw new Error('a REST route runs a document with exactly one operation');
  return ops[0];
}

export const fragmentsOf = (document: DocumentNode) => new Map(document.definitions
  .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]));

/** Records the variables named in `value`, with the input-object field each lands in; says whether there was one. */
function bindValue(value: ValueNode, type: GraphQLInputType, at: Binding, out: Map<string, Binding[]>): boolean {
  if (value.kind === Kind.VARIABLE) {
    out.set(value.name.value, [...(out.get(value.name.value) ?? []), at]);
    return true;
  }
  const inner = getNullableType(type);
  if (value.kind !== Kind.OBJECT || !isInputObjectType(inner)) return false;
  let any = false;
  for (const f of value.fields) {
    const field = inner.getFields()[f.name.value];
    if (field && bindValue(f.value, field.type, { kind: 'inputField', inputType: inner.name, field }, out)) any = true;
  }
  return any;
}

export interface OperationFields {
  fields: SelectedField[];
  /** Per variable, everywhere its value goes. */
  bindings: Map<string, Binding[]>;
}

export function operationFields(schema: GraphQLSchema, document: DocumentNode): OperationFields {
  const fragments = fragmentsOf(document);
  const fields: SelectedField[] = [];
  const bindings = new Map<string, Binding[]>();
  const walk = (set: SelectionSetNode, parent: GraphQLCompositeType, at: string[]) => {
    for (const s of set.selections) {
      if (s.kind === Kind.FRAGMENT_SPREAD || s.kind === Kind.INLINE_FRAGMENT) {
        const f = s.kind === Kind.FRAGMENT_SPREAD ? fragments.get(s.name.value) : s;
        if (!f) continue;
        const on = f.typeCondition ? schema.getType(f.typeCondition.name.value) : parent;
        if (on && isCompositeType(on)) walk(f.selectionSet, on, at);
        continue;
      }
      if (s.name.value.startsWith('__') || !('getFields' in parent)) continue;
      const def = parent.getFields()[s.name.value];
      if (!def) throw new Error(`${parent.name} has no field ${s.name.value}`);
      const variableArgs: string[] = [];
      for (const a of s.arguments ?? []) {
        const arg = def.args.find((x) => x.name === a.name.value);
        if (!arg) continue;
        if (bindValue(a.value, arg.type, { kind: 'argument', parent: parent.name, field: def.name, arg }, bindings)) variableArgs.push(arg.name);
      }
      const path = [...at, s.alias?.value ?? s.name.value];
      fields.push({ path, parent, def, node: s, variableArgs });
      const named = getNamedType(def.type);
      if (s.selectionSet && isCompositeType(named)) walk(s.selectionSet, named, path);
    }
  };
  const op = operationOf(document);
  const root = schema.getRootType(op.operation);
  if (!root) throw new Error(`the schema has no ${op.operation} type`);
  walk(op.selectionSet, root, []);
  return { fields, bindings };
}
