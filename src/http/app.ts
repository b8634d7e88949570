// Builds the Express app (index.ts only listens, so tests import this).
// Flow: request id + log → open routes → apikey (+ rate limit) → /graphql or REST → error handler.
import { expressMiddleware } from '@as-integrations/express5';
import express, { type Express, type Request, type Response } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';
import type { Config } from '../config/config.schema';
import type { Database } from '../db/database';
import { requireApiKey } from '../auth/api-key.middleware';
import { KeyService } from '../auth/key.service';
import { KeyRateLimiter } from '../auth/rate-limiter';
import type { AuthenticatedKey } from '../auth/key.types';
import { createApolloServer } from '../graphql/apollo-server';
import type { Context } from '../graphql/context.type';
import { createLoaders } from '../loaders/create-loaders';
import { REST_ROUTES } from '../rest/rest-routes';
import { restRouter } from '../rest/rest-router';
import { restDocs } from '../rest/rest-docs';
import { errorHandler, notFoundHandler } from './error-handler';
import { healthRoutes } from './health.routes';
import { requestId } from './request-id';

export interface App { app: Express; keys: KeyService; close(): Promise<void> }

/** A browser asking for the page (not an operation) gets Apollo Sandbox without a key. */
const wantsSandboxPage = (req: Request) => req.method === 'GET' && !req.query.query && (req.headers.accept ?? '').includes('text/html');

export async function createApp(config: Config, db: Database, log: Logger): Promise<App> {
  const keys = new KeyService(db, config.DEFAULT_RATE_LIMIT, config.KEY_CACHE_SECONDS);
  const limiter = await KeyRateLimiter.create(config.REDIS_URL);
  const apollo = createApolloServer(config, log);
  await apollo.start();

  const contextOf = (req: Request, res: Response): Context => ({
    db, loaders: createLoaders(db), apiKey: res.locals.apiKey as AuthenticatedKey, requestId: String(req.id), log: req.log ?? log,
  });
  const apiKey = requireApiKey(keys, limiter);

  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  app.use(pinoHttp({ logger: log, genReqId: requestId, autoLogging: { ignore: (req) => req.url === '/healthz' } }));
  app.use(healthRoutes(db));
  app.get('/api/docs', restDocs(REST_ROUTES));
  app.use(express.json({ limit: '100kb' }));
  app.use('/graphql', (req, res, next) => (wantsSandboxPage(req) ? next() : apiKey(req, res, next)),
    expressMiddleware(apollo, { context: async ({ req, res }) => contextOf(req, res) }));
  app.use('/api', apiKey);
  app.use(restRouter(REST_ROUTES, apollo, contextOf));
  app.use(notFoundHandler);
  app.use(errorHandler(log));

  return {
    app, keys,
    async close() { await apollo.stop(); await limiter.close(); },
  };
}
