// The cost of an operation before it runs: about the number of nodes its
// answer can hold. Every field counts once per item of the lists above it; a
// list counts its items (sizes from list-sizes.ts). Fields are collected as
// graphql-js executes them (same response key merged, fragments expanded once
// per selection set, @skip/@include honoured), and an abstract type costs as
// its most expensive member, since each item is one of them.
import {
  getArgumentValues, getDirectiveValues, getNamedType, getNullableType, GraphQLIncludeDirective, GraphQLSkipDirective,
  isAbstractType, isCompositeType, isListType, Kind, typeFromAST,
  type DocumentNode, type FieldNode, type FragmentDefinitionNode, type GraphQLCompositeType, type GraphQLField,
  type GraphQLObjectType, type GraphQLSchema, type InlineFragmentNode, type NamedTypeNode, type OperationDefinitionNode,
  type SelectionNode, type SelectionSetNode,
} from 'graphql';
import { DEFAULT_LIST_SIZE, fieldSize, WORK_COSTS, type Size } from './list-sizes';

/** One list on the way to a field: `farcasterUsers` × 100 fids, `followersHistory.points` × 1000 day points. */
export interface CostFactor { field: string; n: number; what: string }

export interface QueryCost {
  /** Estimated answer nodes (a lower bound when `truncated`). */
  cost: number;
  /** The field repeated most often, and the lists that multiply it. */
  heaviest: { count: number; factors: CostFactor[] };
  rootFields: number;
  /** The operation expands (fragments spread in fragments) to more fields than `maxFields`; refuse it. */
  truncated: boolean;
}

export interface CostOptions {
  /** Today, for ranges that default to the as-of day. */
  now?: Date;
  /** Fields visited before giving up on an operation that fragments expand without bound. */
  maxFields?: number;
}

/** A size declared above a list (a connection's `first`, followersHistory's range) and the field that declared it. */
interface Pending extends Size { origin: string }

class Truncated extends Error {}

class CostWalker {
  visits = 0;
  heaviest: QueryCost['heaviest'] = { count: 0, factors: [] };
  private readonly fragments: Map<string, FragmentDefinitionNode>;

  constructor(private readonly schema: GraphQLSchema, document: DocumentNode, private readonly variables: Record<string, unknown>,
    private readonly now: Date, private readonly maxFields: number) {
    this.fragments = new Map(document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]));
  }

  /** Cost of `sets` selected `k` times on a value of `parent`. */
  selectionCost(parent: GraphQLCompositeType, sets: readonly SelectionSetNode[], k: number, pending: Pending | undefined, factors: CostFactor[]): number {
    if (!isAbstractType(parent)) return this.objectCost(parent, sets, k, pending, factors);
    let most = 0;
    for (const type of this.schema.getPossibleTypes(parent)) most = Math.max(most, this.objectCost(type, sets, k, pending, factors));
    return most;
  }

  collect(type: GraphQLObjectType, sets: readonly SelectionSetNode[]): Map<string, FieldNode[]> {
    const fields = new Map<string, FieldNode[]>();
    const seen = new Set<string>();
    const visit = (set: SelectionSetNode) => {
      for (const sel of set.selections) {
        if (!this.included(sel)) continue;
        if (sel.kind === Kind.FIELD) {
          const key = sel.alias?.value ?? sel.name.value;
          fields.set(key, [...(fields.get(key) ?? []), sel]);
        } else if (sel.kind === Kind.INLINE_FRAGMENT) {
          if (this.applies((sel as InlineFragmentNode).typeCondition, type)) visit(sel.selectionSet);
        } else if (!seen.has(sel.name.value)) {
          seen.add(sel.name.value);
          const fragment = this.fragments.get(sel.name.value);
          if (fragment && this.applies(fragment.typeCondition, type)) visit(fragment.selectionSet);
        }
      }
    };
    sets.forEach(visit);
    return fields;
  }

  private objectCost(type: GraphQLObjectType, sets: readonly SelectionSetNode[], k: number, pending: Pending | undefined, factors: CostFactor[]): number {
    let total = 0;
    for (const nodes of this.collect(type, sets).values()) {
      if (++this.visits > this.maxFields) throw new Truncated();
      const node = nodes[0];
      const name = node.name.value;
      if (name === '__typename') { total += k; continue; }
      // Introspection answers are bounded by the schema, not by the data.
      if (name === '__schema' || name === '__type') { total += 1; continue; }
      const def = type.getFields()[name];
      if (!def) continue;
      const isList = isListType(getNullableType(def.type));
      const own = fieldSize(`${type.name}.${name}`, this.args(def, node), isList, this.now, def.args.map((a) => a.name));
      let n = 1;
      let below = pending;
      let path = factors;
      if (isList) {
        const size: Size = own ?? pending ?? { n: DEFAULT_LIST_SIZE, what: 'items (no size argument)' };
        n = size.n;
        below = undefined;
        path = [...factors, { field: size === pending ? `${pending.origin}.${name}` : name, n, what: size.what }];
      } else if (own) {
        below = { ...own, origin: name };
      }
      const count = k * n;
      total += count + k * (WORK_COSTS[`${type.name}.${name}`] ?? 0);
      if (count > this.heaviest.count) this.heaviest = { count, factors: path };
      const named = getNamedType(def.type);
      const childSets = nodes.flatMap((f) => (f.selectionSet ? [f.selectionSet] : []));
      if (count > 0 && childSets.length && isCompositeType(named)) total += this.selectionCost(named, childSets, count, below, path);
    }
    return total;
  }

  /** Argument values with variables and defaults applied; {} when they do not coerce (execution then refuses the field). */
  private args(def: GraphQLField<unknown, unknown>, node: FieldNode): Record<string, unknown> {
    try {
      return getArgumentValues(def, node, this.variables);
    } catch {
      return {};
    }
  }

  private included(sel: SelectionNode): boolean {
    try {
      if (getDirectiveValues(GraphQLSkipDirective, sel, this.variables)?.if === true) return false;
      return getDirectiveValues(GraphQLIncludeDirective, sel, this.variables)?.if !== false;
    } catch {
      return true;
    }
  }

  private applies(condition: NamedTypeNode | undefined, type: GraphQLObjectType): boolean {
    if (!condition) return true;
    const cond = typeFromAST(this.schema, condition);
    if (cond === type) return true;
    return cond !== undefined && isAbstractType(cond) && this.schema.isSubType(cond, type);
  }
}

/**
 * Cost of `operation` with `variables` already coerced (graphql's getVariableValues),
 * so that defaults apply as they will when it runs.
 */
export function queryCost(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode,
  variables: Record<string, unknown>, options: CostOptions = {}): QueryCost {
  const root = schema.getRootType(operation.operation);
  const walker = new CostWalker(schema, document, variables, options.now ?? new Date(), options.maxFields ?? 100_000);
  if (!root) return { cost: 0, heaviest: walker.heaviest, rootFields: 0, truncated: false };
  const rootFields = walker.collect(root, [operation.selectionSet]).size;
  try {
    const cost = walker.selectionCost(root, [operation.selectionSet], 1, undefined, []);
    return { cost, heaviest: walker.heaviest, rootFields, truncated: false };
  } catch (err) {
    if (!(err instanceof Truncated)) throw err;
    return { cost: walker.visits, heaviest: walker.heaviest, rootFields, truncated: true };
  }
}

/** `farcasterUsers × followersHistory.points: 100 fids × 1000 day points`. */
export function explainHeaviest(c: QueryCost): string {
  const f = c.heaviest.factors;
  const lists = f.length ? `${f.map((x) => x.field).join(' × ')}: ${f.map((x) => `${x.n} ${x.what}`).join(' × ')}` : 'no list fields';
  return c.rootFields > 1 ? `${lists}, the heaviest of ${c.rootFields} root fields` : lists;
}
