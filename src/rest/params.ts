// Turns path and query strings into GraphQL variables. Only the shape changes
// here (lists split, digits to numbers); validation happens once, in the schema,
// so REST and GraphQL reject the same input (rest-errors.ts names the REST parameter). The one
// exception is text no argument could accept: a NUL character (Postgres cannot
// store it in text) is refused here, by the name the client sent.
import type { Request } from 'express';
import { getNamedType, isEnumType, type GraphQLInputType } from 'graphql';
import { enumNameOf } from '../graphql/enums/rest-spellings';
import { badInput } from '../errors/app-error';

/** Refuses a value with a NUL character, naming the parameter as the client sent it. */
function withoutNul<T>(name: string, value: T): T {
  const values = Array.isArray(value) ? value : [value];
  if (values.some((v) => typeof v === 'string' && v.includes('\u0000'))) throw badInput(`${name} must not contain a NUL character`);
  return value;
}

/** Digits become a number; anything else stays a string for GraphQL to reject by name. */
export function intParam(value: unknown): unknown {
  if (typeof value === 'string' && /^-?\d{1,15}$/.test(value.trim())) return Number(value.trim());
  return value;
}

/**
 * A text value as the variable's scalar: digits become a number for Int and
 * Float, `true`/`false` a boolean for Boolean, an enum's REST spelling its
 * value name. Anything else (and every other
 * scalar: String, ID, LensProfileId) stays as sent, for GraphQL to accept or
 * reject by name.
 */
export function scalarParam(type: GraphQLInputType, value: unknown): unknown {
  const named = getNamedType(type);
  // An enum is sent as its REST spelling (`7d`, `lens`); an unknown one goes as sent, for GraphQL to refuse.
  if (isEnumType(named)) return typeof value === 'string' ? (enumNameOf(named, value) ?? value) : value;
  switch (named.name) {
    case 'Int': return intParam(value);
    case 'Float': return typeof value === 'string' && /^-?\d{1,15}(?:\.\d{1,15})?$/.test(value.trim()) ? Number(value.trim()) : value;
    case 'Boolean': return value === 'true' ? true : value === 'false' ? false : value;
    default: return value;
  }
}

/** `fids=1,2` and `fids=1&fids=2` alike. Missing → []. */
export function listParam(req: Request, name: string): string[] {
  const raw = withoutNul(name, req.query[name]);
  const values = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  // A nested value (`?fids[a]=1`) becomes text that then fails the list's own check, as any malformed item does.
  // eslint-disable-next-line @typescript-eslint/no-base-to-string
  return values.flatMap((v) => String(v).split(',')).map((s) => s.trim()).filter((s) => s !== '');
}

export const intListParam = (req: Request, name: string) => listParam(req, name).map(intParam);

export function pathParam(req: Request, name: string): string {
  const v = req.params[name];
  return withoutNul(name, Array.isArray(v) ? v.join('/') : String(v ?? ''));
}

/** A single query-string value, or undefined when absent; repeated values are a list GraphQL will reject. */
export function queryParam(req: Request, name: string): unknown {
  const v = withoutNul(name, req.query[name]);
  return v === undefined || v === '' ? undefined : v;
}
