import type { RequestHandler } from 'express';
import { print } from 'graphql';
import type { RestRoute } from './rest-route.type';

/** The route's sample call as a path with query string. */
export function exampleUrl(r: RestRoute): string {
  const path = r.example.path === undefined ? r.path : r.path.replace(/:\w+/, r.example.path);
  return r.example.query ? `${path}?${r.example.query}` : path;
}

/** GET /api/docs (open): every REST path with the GraphQL operation that answers it. */
export function restDocs(routes: RestRoute[]): RequestHandler {
  const body = {
    auth: 'Send your key in the `apikey` header.',
    errors: '{"statusCode": <status>, "message": <text>, "error": <reason>}',
    graphql: 'POST /graphql (Apollo Sandbox on GET /graphql in a browser)',
    routes: routes.map((r) => ({
      method: r.method.toUpperCase(), path: r.path.replace(/:(\w+)/g, '{$1}'), operation: r.name,
      example: exampleUrl(r), ...(r.example.body ? { exampleBody: r.example.body } : {}), graphql: print(r.document),
    })),
  };
  return (_req, res) => { res.json(body); };
}
