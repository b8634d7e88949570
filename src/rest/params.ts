// Turns path and query strings into GraphQL variables. Only the shape changes
// here (lists split, digits to numbers); validation happens once, in the schema,
// so REST and GraphQL reject the same input with the same message.
import type { Request } from 'express';

/** Digits become a number; anything else stays a string for GraphQL to reject by name. */
export function intParam(value: unknown): unknown {
  if (typeof value === 'string' && /^-?\d{1,15}$/.test(value.trim())) return Number(value.trim());
  return value;
}

/** `fids=1,2` and `fids=1&fids=2` alike (CONTRACT §3). Missing → []. */
export function listParam(req: Request, name: string): string[] {
  const raw = req.query[name];
  const values = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  return values.flatMap((v) => String(v).split(',')).map((s) => s.trim()).filter((s) => s !== '');
}

export const intListParam = (req: Request, name: string) => listParam(req, name).map(intParam);

export function pathParam(req: Request, name: string): string {
  const v = req.params[name];
  return Array.isArray(v) ? v.join('/') : String(v ?? '');
}

/** A single query-string value, or undefined when absent; repeated values are a list GraphQL will reject. */
export function queryParam(req: Request, name: string): unknown {
  const v = req.query[name];
  return v === undefined || v === '' ? undefined : v;
}
