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
  type GraphQLObjectType, type GraphQLSchema, type NamedTypeNode, type OperationDefinitionNode,
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
  /** The operation has more fields than `maxFields` (each costed once per type and size it is selected with); refuse it. */
  truncated: boolean;
}

export interface CostOptions {
  /** Today, for ranges that default to the as-of day. */
  now?: Date;
  /** Fields costed before giving up on the operation (a bound on the walk's own work). */
  maxFields?: number;
}

/** A size declared above a list (a connection's `first`, followersHistory's range) and the field that declared it. */
interface Pending extends Size { origin: string }

type Heaviest = QueryCost['heaviest'];

/**
 * What a selection costs on one value: its answer nodes, and its heaviest field with the lists from there down.
 * On `k` values it costs k times as much: the walk costs each selection once and multiplies.
 */
interface Part { cost: number; heaviest: Heaviest }

const NOTHING: Part = { cost: 0, heaviest: { count: 0, factors: [] } };

class Truncated extends Error {}

class CostWalker {
  visits = 0;
  private readonly fragments: Map<string, FragmentDefinitionNode>;
  /**
   * Parts already costed, by type, selection sets and the size handed down. A fragment spread in many places is
   * costed once, so a document whose fragments expand to millions of fields costs as many steps as it has fields.
   * null while a part is being costed: met again, its fragments spread themselves (a cycle, which validation
   * refuses; the cost runs before validation too) and it counts nothing more.
   */
  private readonly parts = new Map<string, Part | null>();
  private readonly setIds = new Map<SelectionSetNode, number>();

  constructor(private readonly schema: GraphQLSchema, document: DocumentNode, private readonly variables: Record<string, unknown>,
    private readonly now: Date, private readonly maxFields: number) {
    this.fragments = new Map(document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]));
  }

  /** Cost of `sets` selected on one value of `parent`. */
  selectionCost(parent: GraphQLCompositeType, sets: readonly SelectionSetNode[], pending: Pending | undefined): Part {
    const key = `${parent.name}|${sets.map((set) => this.idOf(set)).join(',')}|${pending ? `${pending.n}|${pending.what}|${pending.origin}` : ''}`;
    const known = this.parts.get(key);
    if (known !== undefined) return known ?? NOTHING;
    this.parts.set(key, null);
    let part: Part;
    if (!isAbstractType(parent)) {
      part = this.objectCost(parent, sets, pending);
    } else {
      // Each value is one of the members: the most expensive one counts; the heaviest field is looked for in all.
      part = { cost: 0, heaviest: NOTHING.heaviest };
      for (const type of this.schema.getPossibleTypes(parent)) {
        const member = this.objectCost(type, sets, pending);
        part = { cost: Math.max(part.cost, member.cost), heaviest: member.heaviest.count > part.heaviest.count ? member.heaviest : part.heaviest };
      }
    }
    this.parts.set(key, part);
    return part;
  }

  collect(type: GraphQLObjectType, sets: readonly SelectionSetNode[]): Map<string, FieldNode[]> {
    const fields = new Map<string, FieldNode[]>();
    const seen = new Set<string>();
    const visit = (set: SelectionSetNode) => {
      for (const sel of set.selections) {
        if (!this.included(sel)) continue;
        if (sel.kind === Kind.FIELD) {
          const key = sel.alias?.value ?? sel.name.value;
          const same = fields.get(key);
          if (same) same.push(sel); else fields.set(key, [sel]);
        } else if (sel.kind === Kind.INLINE_FRAGMENT) {
          if (this.applies((sel).typeCondition, type)) visit(sel.selectionSet);
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

  private objectCost(type: GraphQLObjectType, sets: readonly SelectionSetNode[], pending: Pending | undefined): Part {
    let cost = 0;
    let heaviest = NOTHING.heaviest;
    for (const nodes of this.collect(type, sets).values()) {
      if (++this.visits > this.maxFields) throw new Truncated();
      const node = nodes[0];
      const name = node.name.value;
      if (name === '__typename') { cost += 1; continue; }
      // Introspection answers are bounded by the schema, not by the data.
      if (name === '__schema' || name === '__type') { cost += 1; continue; }
      const def = type.getFields()[name];
      if (!def) continue;
      const isList = isListType(getNullableType(def.type));
      const own = fieldSize(`${type.name}.${name}`, this.args(def, node), isList, this.now, def.args.map((a) => a.name));
      let n = 1;
      let below = pending;
      let factors: CostFactor[] = [];
      if (isList) {
        const size: Size = own ?? pending ?? { n: DEFAULT_LIST_SIZE, what: 'items (no size argument)' };
        n = size.n;
        below = undefined;
        factors = [{ field: size === pending ? `${pending.origin}.${name}` : name, n, what: size.what }];
      } else if (own) {
        below = { ...own, origin: name };
      }
      cost += n + (WORK_COSTS[`${type.name}.${name}`] ?? 0);
      if (n > heaviest.count) heaviest = { count: n, factors };
      const named = getNamedType(def.type);
      const childSets = nodes.flatMap((f) => (f.selectionSet ? [f.selectionSet] : []));
      if (n > 0 && childSets.length && isCompositeType(named)) {
        const child = this.selectionCost(named, childSets, below);
        cost += n * child.cost;
        if (n * child.heaviest.count > heaviest.count) heaviest = { count: n * child.heaviest.count, factors: [...factors, ...child.heaviest.factors] };
      }
    }
    return { cost, heaviest };
  }

  private idOf(set: SelectionSetNode): number {
    let id = this.setIds.get(set);
    if (id === undefined) { id = this.setIds.size; this.setIds.set(set, id); }
    return id;
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
  if (!root) return { cost: 0, heaviest: NOTHING.heaviest, rootFields: 0, truncated: false };
  const rootFields = walker.collect(root, [operation.selectionSet]).size;
  try {
    const { cost, heaviest } = walker.selectionCost(root, [operation.selectionSet], undefined);
    return { cost, heaviest, rootFields, truncated: false };
  } catch (err) {
    if (!(err instanceof Truncated)) throw err;
    return { cost: walker.visits, heaviest: NOTHING.heaviest, rootFields, truncated: true };
  }
}

/** `farcasterUsers × followersHistory.points: 100 fids × 1000 day points`. */
export function explainHeaviest(c: QueryCost): string {
  const f = c.heaviest.factors;
  const lists = f.length ? `${f.map((x) => x.field).join(' × ')}: ${f.map((x) => `${x.n} ${x.what}`).join(' × ')}` : 'no list fields';
  return c.rootFields > 1 ? `${lists}, the heaviest of ${c.rootFields} root fields` : lists;
}
