// The REST routes as one table, matched the way Express matches a route path
// (case-insensitive literal segments, `:name` for one non-empty segment,
// percent-decoded, an optional trailing slash, the first route in order wins,
// HEAD answered by GET), without Express's per-route layers: a request tries
// only the routes of its segment count, and allocates no closure per route on
// its way. The metrics' route labels match with it too (route-label.ts).
// One difference: a parameter that is not valid percent-encoding, on a path
// whose routes are all of other methods, is no route here (a 404), where
// Express's router answered its 400 for the encoding.

/** Where the REST dispatcher leaves the pattern of the route it matched (res.locals), for the metrics' label (route-label.ts). */
export const REST_ROUTE_LOCAL = 'restRoute';

/** A route: a lower-case HTTP method (or `all`) and an Express path of literal segments and `:name` parameters. */
export interface TablePath { method: string; path: string }

type Segment = { literal: string } | { param: string };

interface Compiled<R> { route: R; segments: Segment[] }

/** A matched route and its parameters as sent (percent-encoded): decodeParams decodes them. */
export interface RouteMatch<R> { route: R; rawParams: Record<string, string> }

/** A parameter that is not valid percent-encoding: a 400 (as Express's router gave), naming the parameter (error-handler.ts). */
export class ParamDecodeError extends URIError {
  readonly status = 400;
  readonly statusCode = 400;
  constructor(readonly param: string, readonly raw: string) { super(`Failed to decode param '${raw}'`); }
}

function decodeParam(name: string, value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    throw new ParamDecodeError(name, value);
  }
}

/**
 * The parameters decoded; throws ParamDecodeError for one that is not valid
 * percent-encoding. Apart from matching: Express decodes when its route runs,
 * after the middleware before it (the key check among them).
 */
export function decodeParams(raw: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(raw)) out[name] = decodeParam(name, raw[name]);
  return out;
}

function compile(path: string): Segment[] {
  return path.split('/').slice(1).map((s) => (s.startsWith(':') ? { param: s.slice(1) } : { literal: s.toLowerCase() }));
}

export class RouteTable<R extends TablePath> {
  /** Per number of segments, the routes in their order. */
  private readonly bySegments = new Map<number, Compiled<R>[]>();

  constructor(routes: readonly R[]) {
    for (const route of routes) {
      if (!/^(?:\/(?:[\w.~-]+|:\w+))+$/.test(route.path)) throw new Error(`route path ${route.path}: only literal segments and :name are supported`);
      const segments = compile(route.path);
      const list = this.bySegments.get(segments.length) ?? [];
      list.push({ route, segments });
      this.bySegments.set(segments.length, list);
    }
  }

  /** The first route of `method` (an HTTP method, any case) whose path matches `path` (no query), with its parameters. */
  match(method: string, path: string): RouteMatch<R> | null {
    const lower = method.toLowerCase();
    const m = lower === 'head' ? 'get' : lower;
    const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
    if (!trimmed.startsWith('/')) return null;
    const parts = trimmed.split('/');
    const candidates = this.bySegments.get(parts.length - 1);
    if (!candidates) return null;
    for (const { route, segments } of candidates) {
      let ok = route.method === m || route.method === 'all';
      for (let i = 0; i < segments.length && ok; i++) {
        const seg = segments[i];
        const part = parts[i + 1];
        ok = 'literal' in seg ? part.length === seg.literal.length && part.toLowerCase() === seg.literal : part.length > 0;
      }
      if (!ok) continue;
      const rawParams: Record<string, string> = {};
      segments.forEach((seg, i) => { if ('param' in seg) rawParams[seg.param] = parts[i + 1]; });
      return { route, rawParams };
    }
    return null;
  }
}
