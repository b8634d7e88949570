import type { RequestHandler } from 'express';
import { print } from 'graphql';
import type { RestRoute } from './rest-route.type';

/** GET /api/docs (open): every REST path with the GraphQL operation that answers it. */
export function restDocs(routes: RestRoute[]): RequestHandler {
  const body = {
    auth: 'Send your key in the `apikey` header.',
    errors: '{"statusCode": <status>, "message": <text>, "error": <reason>}',
    graphql: 'POST /graphql (Apollo Sandbox on GET /graphql in a browser)',
    routes: routes.map((r) => ({ method: r.method.toUpperCase(), path: r.path.replace(/:(\w+)/g, '{$1}'), operation: r.name, graphql: print(r.document) })),
  };
  return (_req, res) => { res.json(body); };
}
