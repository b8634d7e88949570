// A REST client sent path, query and body parameters, not GraphQL variables or
// arguments: a 400 names the parameter as the client sent it (the route's
// rename target, the body field) and says the rule in plain words. The GraphQL
// answer itself is unchanged; this rewrites only the REST message.
//
// Argument rules arrive as data (extensions.problems, see input-problems.ts).
// Variable coercion errors are graphql-js's own sentences, read by their fixed
// shape: `Variable "$x" got invalid value … [at "x.y"]; <reason>` and
// `Variable "$x" of required type "T!" was not provided.`
import {
  getNamedType, getNullableType, getOperationAST, isEnumType, isInputObjectType, isListType, Kind, typeFromAST,
  type DocumentNode, type FragmentDefinitionNode, type GraphQLFormattedError, type GraphQLInputType, type GraphQLSchema,
  type SelectionSetNode, type ValueNode,
} from 'graphql';
import { spellingsOf } from '../graphql/enums/rest-spellings';
import type { ArgumentProblem, Rule } from '../graphql/input-problems';

export interface RestNaming {
  document: DocumentNode;
  renames?: Readonly<Record<string, string>>;
  bodyVariable?: string;
}

/** "fids" → "fid", for "must list at least 1 fid". */
const singular = (name: string) => (name.endsWith('s') ? name.slice(0, -1) : name);
const count = (n: unknown, noun: string) => `${String(n)} ${Number(n) === 1 ? singular(noun) : noun}`;

const SCALAR_WORDS: Record<string, [one: string, many: string]> = {
  Int: ['an integer', 'integers'], Float: ['a number', 'numbers'], Boolean: ['true or false', 'true or false values'],
  String: ['one text value', 'text values'], ID: ['one id', 'ids'],
};

/** What a variable's `$x` (or `$x` at `x.field` / `x[0]`) is called by a REST client, and its GraphQL type there. */
class RouteNames {
  private readonly types = new Map<string, GraphQLInputType>();
  /** `responsePath|argument[.field]` → variable. */
  private readonly argVars = new Map<string, string>();

  constructor(private readonly schema: GraphQLSchema, private readonly route: RestNaming) {
    const op = getOperationAST(route.document);
    for (const d of op?.variableDefinitions ?? []) {
      const t = typeFromAST(schema, d.type) as GraphQLInputType | undefined;
      if (t) this.types.set(d.variable.name.value, t);
    }
    const fragments = new Map(route.document.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]));
    if (op) this.walk(op.selectionSet, [], fragments);
  }

  private walk(set: SelectionSetNode, at: string[], fragments: Map<string, FragmentDefinitionNode>): void {
    for (const s of set.selections) {
      if (s.kind === Kind.FRAGMENT_SPREAD) { const f = fragments.get(s.name.value); if (f) this.walk(f.selectionSet, at, fragments); continue; }
      if (s.kind === Kind.INLINE_FRAGMENT) { this.walk(s.selectionSet, at, fragments); continue; }
      const path = [...at, s.alias?.value ?? s.name.value];
      for (const a of s.arguments ?? []) this.bind(path.join('.'), a.name.value, a.value);
      if (s.selectionSet) this.walk(s.selectionSet, path, fragments);
    }
  }

  private bind(field: string, arg: string, value: ValueNode): void {
    if (value.kind === Kind.VARIABLE) this.argVars.set(`${field}|${arg}`, value.name.value);
    if (value.kind === Kind.OBJECT) for (const f of value.fields) this.bind(field, `${arg}.${f.name.value}`, f.value);
  }

  /** The REST name of `$variable`, or of the body field `sub` (`filter.types`) when the variable is the body. */
  restName(variable: string, sub: string[] = []): string {
    if (variable === this.route.bodyVariable) return sub.join('.') || 'body';
    return this.route.renames?.[variable] ?? variable;
  }

  /** The variable feeding argument `path` of the field at `responsePath`, with the input-object fields left below it. */
  variableOf(responsePath: readonly (string | number)[], path: string[]): { variable: string; sub: string[] } | null {
    const field = responsePath.filter((p) => typeof p === 'string').join('.');
    // Longest match first: `filter.month` is bound to `$month`, `input` (whole) to `$input`.
    for (let n = path.length; n > 0; n--) {
      const v = this.argVars.get(`${field}|${path.slice(0, n).join('.')}`);
      if (v) return { variable: v, sub: path.slice(n) };
    }
    return null;
  }

  /** The type at `x.field` / `x[0]` inside `$variable`. */
  typeAt(variable: string, at: string): GraphQLInputType | undefined {
    let t = this.types.get(variable);
    for (const step of at.split(/\.|(?=\[)/).slice(1)) {
      if (!t) return undefined;
      const inner = getNullableType(t);
      if (step.startsWith('[') && isListType(inner)) t = inner.ofType;
      else if (isInputObjectType(inner)) t = inner.getFields()[step]?.type;
      else return undefined;
    }
    return t;
  }

  isList(variable: string): boolean {
    const t = this.types.get(variable);
    return !!t && isListType(getNullableType(t));
  }
}

/** A range is told of the value's own kind: a Float argument is "a number" between its bounds, an Int one "an integer". */
function ruleSentence(name: string, p: ArgumentProblem, rule: Rule, kind: 'integer' | 'number'): string {
  const bound = (n: string) => p.rules.find((r) => r.name === n && r.each === rule.each)?.constraints[0] as number | undefined;
  const target = rule.each ? `every ${singular(name)} in ${name}` : name;
  switch (rule.name) {
    case 'min': case 'max': {
      const [min, max] = [bound('min'), bound('max')];
      if (min !== undefined && max !== undefined) return `${target} must be ${kind === 'integer' ? 'an integer' : 'a number'} between ${String(min)} and ${String(max)}`;
      return min !== undefined ? `${target} must be at least ${String(min)}` : `${target} must be at most ${String(max)}`;
    }
    case 'arrayMinSize': return `${name} must list at least ${count(rule.constraints[0], name)}`;
    case 'arrayMaxSize': return `${name} must list at most ${count(rule.constraints[0], name)}`;
    case 'isLength': return `${name} must be ${String(rule.constraints[0])} to ${String(rule.constraints[1])} characters long`;
    default: return rule.sentence(name, p.value);
  }
}

function argumentMessage(names: RouteNames, error: GraphQLFormattedError, problems: ArgumentProblem[]): string {
  const sentences = problems.flatMap((p) => {
    const bound = names.variableOf(error.path ?? [], p.path);
    // An argument written into the document (no variable) is the route's own, never the client's.
    const name = bound ? names.restName(bound.variable, bound.sub) : p.path.at(-1) ?? 'a parameter';
    const type = bound ? names.typeAt(bound.variable, [bound.variable, ...bound.sub].join('.')) : undefined;
    const kind = type && getNamedType(type).name === 'Float' ? 'number' : 'integer';
    return p.broken.map((r) => ruleSentence(name, p, r, kind));
  });
  return [...new Set(sentences)].join('; ');
}

const MISSING = /^Variable "\$(\w+)" of (?:required|non-null) type "[^"]*" (?:was not provided|must not be null)\.$/;
const INVALID = /^Variable "\$(\w+)" got invalid value ([\s\S]*?)(?: at "([^"]+)")?; ([\s\S]*)$/;
const FIELD_MISSING = /^Field "(\w+)" of required type "[^"]*" was not provided\.$/;

function variableMessage(names: RouteNames, message: string): string | null {
  const missing = MISSING.exec(message);
  if (missing) return `${names.restName(missing[1])} is required`;
  const invalid = INVALID.exec(message);
  if (!invalid) return null;
  const [, variable, got, at, reason] = invalid;
  const sub = at ? at.split(/\.|(?=\[)/).slice(1).filter((s) => !s.startsWith('[')) : [];
  const name = names.restName(variable, sub);
  const fieldMissing = FIELD_MISSING.exec(reason);
  if (fieldMissing) return `${names.restName(variable, [fieldMissing[1]])} is required`;
  const type = names.typeAt(variable, at ?? variable);
  if (type && isInputObjectType(getNullableType(type))) return `${name === 'body' ? 'the body' : name} must be a JSON object`;
  const named = type ? getNamedType(type) : undefined;
  if (named && isEnumType(named)) return `${name} must be one of ${spellingsOf(named)}; got ${got}`;
  const scalar = named?.name;
  // The Date scalar words its own rule: "must be a date YYYY-MM-DD; got …".
  if (scalar === 'Date') return `${name} ${reason}`;
  const inList = !!at?.includes('[') || (names.isList(variable) && !sub.length);
  const words = scalar ? SCALAR_WORDS[scalar] : undefined;
  if (!words) return `${name}: ${reason}`;
  if (scalar === 'Int' && reason.includes('32-bit')) {
    return `${name} must ${inList ? 'list integers' : 'be an integer'} between -2147483648 and 2147483647 (got ${got})`;
  }
  return inList ? `${name} must list ${words[1]} (got ${got})` : `${name} must be ${words[0]} (got ${got})`;
}

/**
 * The message a REST client gets for a 400 of its route's operation: the
 * parameter as it sent it and the rule in plain words. Null leaves the
 * GraphQL message (an error of ours that already names no argument, or one
 * whose argument and parameter share a name).
 */
export function restInputMessage(schema: GraphQLSchema, route: RestNaming): (error: GraphQLFormattedError) => string | null {
  let names: RouteNames | undefined;
  return (error) => {
    names ??= new RouteNames(schema, route);
    const problems = (error.extensions as { problems?: ArgumentProblem[] } | undefined)?.problems;
    if (problems?.length) return argumentMessage(names, error, problems);
    return variableMessage(names, error.message);
  };
}
