// Serves REST_ROUTES by executing each route's GraphQL operation against the
// one schema with a fresh per-request context: same validation, loaders and
// error mapping as POST /graphql. Only the answer's shape differs. Each
// route's operation is prepared (validated) once, here, not per call. An
// answer is kept in the answer cache under the data versions it was computed
// at, and sent with its entity tag (If-None-Match gets a 304); a route that
// writes, or reads the calling key's own records, bypasses the cache.
// The routes are one table (route-table.ts), matched once per request, and a
// matched route runs its middleware and handler as one chain (middleware-chain.ts).
import type { Request, RequestHandler, Response, NextFunction } from 'express';
import { AppError, unsupportedMediaType } from '../errors/app-error';
import { appSchema } from '../graphql/build-schema';
import { answerOf, mostSevere } from '../graphql/format-error';
import type { Context } from '../graphql/context.type';
import type { PreparedOperation } from '../graphql/prepared-operation';
import { scopeRefusal } from '../graphql/root-field-scopes';
import type { AuthenticatedKey } from '../auth/key.types';
import type { DocumentNode } from 'graphql';
import { freshnessHeaders, protocolsOf } from './freshness-headers';
import { answerSpellings } from './answer-spellings';
import { restInputMessage } from './rest-errors';
import type { AnswerCache, CachedAnswer } from '../cache/answer-cache';
import { etagOf } from '../cache/answer-cache';
import { isKeyScoped, routeScopes, type Found, type RestRoute } from './rest-route.type';
import { decodeParams, REST_ROUTE_LOCAL, RouteTable } from './route-table';
import { chain } from './middleware-chain';

/** A body is there (a length above 0, or chunked) that is not JSON: express.json skipped it, so the route would read nothing. */
const nonJsonBody = (req: Request) =>
  (req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0) && !req.is('application/json');

/** The answer's text with its entity tag; Express turns a 200 into a 304 when the client's If-None-Match has that tag. */
function send(res: Response, answer: CachedAnswer, status = 200): void {
  res.status(status).set('ETag', answer.etag).type('application/json').send(answer.body);
}

/**
 * Answers the requests whose method and path are a REST route's: `before` (the
 * key check, the body parser …), then the route. Any other request goes on.
 */
export function restDispatch(routes: RestRoute[], prepare: (document: DocumentNode) => PreparedOperation,
  contextOf: (req: Request, res: Response) => Context, cache: AnswerCache, before: readonly RequestHandler[]): RequestHandler {
  const table = new RouteTable(routes);
  const chains = new Map(routes.map((r) => [r, chain([...before, routeHandler(r, prepare, contextOf, cache)])]));
  return (req, res, next) => {
    const found = table.match(req.method, req.path);
    if (!found) { next(); return; }
    // The metrics label it (route-label.ts), whatever answers: the key check, the route, an error.
    res.locals[REST_ROUTE_LOCAL] = found.route.path;
    req.params = found.rawParams;
    chains.get(found.route)!(req, res, next);
  };
}

/** One route's handler: its operation prepared and its answer's spellings built once, here. */
function routeHandler(r: RestRoute, prepare: (document: DocumentNode) => PreparedOperation,
  contextOf: (req: Request, res: Response) => Context, cache: AnswerCache): RequestHandler {
  const run = prepare(r.document);
  const inputMessage = restInputMessage(appSchema(), r as Parameters<typeof restInputMessage>[1]);
  const spelled = answerSpellings(appSchema(), r.document);
  const cached = cache.enabled && !isKeyScoped(r);
  const scopes = routeScopes(r);
  return async (req: Request, res: Response, next: NextFunction) => {
    let freshness: Promise<Record<string, string>> | undefined;
    try {
      // Before the parameters are read and before the answer cache, which would otherwise answer a key lacking the scope.
      const refusal = scopeRefusal(res.locals.apiKey as AuthenticatedKey, scopes);
      if (refusal) throw refusal;
      // Decoded here, after the key check: as Express does when the route runs.
      req.params = decodeParams(req.params as Record<string, string>);
      if (r.method === 'post' && nonJsonBody(req)) throw unsupportedMediaType();
      const variables = r.variables(req);
      const contextValue = contextOf(req, res);
      // Asked before the operation runs: its resolvers then share this one protocol_state read.
      freshness = freshnessHeaders(contextValue.loaders.protocolState, protocolsOf(r.protocols, variables));
      // An operation error outranks a failed freshness read; the read's own failure is seen when awaited.
      freshness.catch(() => undefined);
      const key = cached ? await cache.key(['rest', r.method, r.path, variables], contextValue.loaders.protocolState) : undefined;
      const hit = key && await cache.get(key);
      if (hit) { res.set(await freshness); send(res, hit); return; }
      const { data, errors } = await run(variables, contextValue);
      if (errors?.length) {
        // The most severe error decides, with the code and status formatError gave it, as on the GraphQL face.
        const { code, status, message, retryAfterSeconds } = mostSevere(errors);
        // The REST client sent parameters, not variables: its 400 names them (rest-errors.ts).
        const first400 = status === 400 ? errors.find((e) => answerOf(e).status === 400) : undefined;
        throw new AppError(code, (first400 && inputMessage(first400)) || message, true, retryAfterSeconds, status);
      }
      res.set(await freshness);
      if (r.success === 204) { res.status(204).end(); return; }
      // No errors: every root the operation asked for answered (an entity root is null only with NOT_FOUND).
      const body = JSON.stringify(r.answer(spelled(data) as Found<unknown>));
      send(res, key && !contextValue.answerNotCacheable ? cache.set(key, body) : { body, etag: etagOf(body) }, r.success);
    } catch (err) {
      // The read is settled before the error answer leaves, so no statement of this request outlives it.
      await freshness?.catch(() => undefined);
      next(err);
    }
  };
}
