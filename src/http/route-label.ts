// The `route` label of a request: the Express route pattern it went to, never
// its raw URL, so the label set stays the route table's. A request answered
// before routing (401, 429, a body refused) is labelled with the pattern it
// would have reached; a path no route serves is `unmatched`.
import type { Request, Response } from 'express';
import type { Surface } from '../metrics/error-metrics';
import type { RestRoute } from '../rest/rest-route.type';
import { REST_ROUTE_LOCAL, RouteTable } from '../rest/route-table';

export const UNMATCHED = 'unmatched';

export interface RoutePattern {
  /** Lower-case HTTP method, or `all`. */
  method: string;
  /** Express path with `:name` segments only. */
  path: string;
  /** The face whose error answers this route gives; probes and docs give none. */
  surface: Surface | null;
}

export interface RouteLabel { route: string; surface: Surface | null }

export function routeLabeller(patterns: RoutePattern[]): (req: Request, res: Response) => RouteLabel {
  const table = new RouteTable(patterns);
  const byPath = new Map(patterns.map((p) => [p.path, p] as const));
  return (req, res) => {
    // The REST dispatcher's match, or Express's own when a route handler ran (every router here is mounted at the
    // root, so its path is the whole pattern).
    const restMatch: unknown = res.locals[REST_ROUTE_LOCAL];
    const matched = restMatch ?? (req.route as { path?: unknown } | undefined)?.path;
    if (typeof matched === 'string') return { route: matched, surface: byPath.get(matched)?.surface ?? null };
    const path = (req.originalUrl ?? req.url).split('?')[0];
    const found = table.match(req.method, path)?.route;
    if (found) return { route: found.path, surface: found.surface };
    // Unknown paths are answered in the REST error shape (or GraphQL's under /graphql).
    return { route: UNMATCHED, surface: /^\/graphql(\/|$)/i.test(path) ? 'graphql' : 'rest' };
  };
}

/** The app's routes whose answers are the API's: the REST table and /graphql (any method: GET, POST, and the rest refused there). */
export const apiRoutePatterns = (restRoutes: readonly Pick<RestRoute, 'method' | 'path'>[]): RoutePattern[] => [
  ...restRoutes.map((r) => ({ method: r.method, path: r.path, surface: 'rest' as const })),
  { method: 'all', path: '/graphql', surface: 'graphql' },
];
