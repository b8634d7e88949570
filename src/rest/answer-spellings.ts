// REST answers print the closed sets as the earlier service did (`top 1%`,
// `lens`, `day`), where GraphQL prints enum names (TOP_1, LENS, DAY). The
// route's operation says which fields of its data are enums; this rewrites
// those values in place, before the route cuts its body out of the data.
import {
  getNamedType, getOperationAST, isAbstractType, isEnumType, isInterfaceType, isObjectType, Kind, typeFromAST,
  type DocumentNode, type FragmentDefinitionNode, type GraphQLCompositeType, type GraphQLEnumType, type GraphQLFieldMap, type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';
import { spellingOf } from '../graphql/enums/rest-spellings';

/** A response path (response keys) that ends at an enum field. */
interface EnumLeaf { path: string[]; type: GraphQLEnumType }

function fieldsOf(schema: GraphQLSchema, type: GraphQLCompositeType): GraphQLFieldMap<unknown, unknown> {
  if (isObjectType(type) || isInterfaceType(type)) return type.getFields();
  // A union has no fields of its own; its members' are looked up by name.
  return Object.assign({}, ...schema.getPossibleTypes(type).map((t) => t.getFields())) as GraphQLFieldMap<unknown, unknown>;
}

function collect(schema: GraphQLSchema, set: SelectionSetNode, parent: GraphQLCompositeType, at: string[], fragments: Map<string, FragmentDefinitionNode>, out: EnumLeaf[]): void {
  for (const s of set.selections) {
    if (s.kind === Kind.FRAGMENT_SPREAD) {
      const f = fragments.get(s.name.value);
      if (f) collect(schema, f.selectionSet, (typeFromAST(schema, f.typeCondition) as GraphQLCompositeType | undefined) ?? parent, at, fragments, out);
      continue;
    }
    if (s.kind === Kind.INLINE_FRAGMENT) {
      const on = s.typeCondition ? (typeFromAST(schema, s.typeCondition) as GraphQLCompositeType | undefined) : parent;
      collect(schema, s.selectionSet, on ?? parent, at, fragments, out);
      continue;
    }
    const field = fieldsOf(schema, parent)[s.name.value];
    if (!field) continue; // __typename
    const path = [...at, s.alias?.value ?? s.name.value];
    const named = getNamedType(field.type);
    if (isEnumType(named)) out.push({ path, type: named });
    else if (s.selectionSet && (isObjectType(named) || isAbstractType(named))) {
      collect(schema, s.selectionSet, named as GraphQLCompositeType, path, fragments, out);
    }
  }
}

/** Rewrites the value at `path` below `node`, through lists, skipping nulls and absent keys. */
function rewrite(node: unknown, path: readonly string[], type: GraphQLEnumType): void {
  if (node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) { for (const item of node) rewrite(item, path, type); return; }
  const obj = node as Record<string, unknown>;
  const [key, ...rest] = path;
  if (!(key in obj)) return;
  if (rest.length) { rewrite(obj[key], rest, type); return; }
  const v = obj[key];
  obj[key] = Array.isArray(v) ? v.map((x) => spellingOf(type, x)) : spellingOf(type, v);
}

/** For one route's operation: a function putting REST spellings into its data (in place; the data is the request's own). */
export function answerSpellings(schema: GraphQLSchema, document: DocumentNode): (data: unknown) => unknown {
  const op = getOperationAST(document);
  const root = op && schema.getRootType(op.operation);
  const leaves: EnumLeaf[] = [];
  if (op && root) {
    const fragments = new Map(document.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]));
    collect(schema, op.selectionSet, root, [], fragments, leaves);
  }
  return (data) => { for (const l of leaves) rewrite(data, l.path, l.type); return data; };
}
