// Builds the Express app (index.ts only listens, so tests import this).
// Flow: one layer for every request (metrics, log, deadline, compression, headers, CORS) → the REST routes (one
// table; each runs the size limit, the key check, the body parser, then its operation) → open routes → /graphql →
// 404 → error handler.
import { expressMiddleware } from '@as-integrations/express5';
import express, { type Express, type Request, type RequestHandler, type Response } from 'express';
import compression from 'compression';
import cors from 'cors';
import helmet from 'helmet';
import type { Logger } from 'pino';
import type { DocumentNode } from 'graphql';
import type { Config } from '../config/config.schema';
import type { Database } from '../db/database';
import { requireApiKey } from '../auth/api-key.middleware';
import { KeyService } from '../auth/key.service';
import { KeyRateLimiter } from '../auth/rate-limiter';
import type { AuthenticatedKey } from '../auth/key.types';
import { armor, createApolloServer } from '../graphql/apollo-server';
import { appSchema } from '../graphql/build-schema';
import { createFormatError } from '../graphql/format-error';
import { prepareOperation } from '../graphql/prepared-operation';
import { createAnswerCache } from '../cache/create-answer-cache';
import type { Context } from '../graphql/context.type';
import { createLoaders } from '../loaders/create-loaders';
import { RankGraphStore } from '../queries/rank-graph-store';
import { searchBackendOf } from '../queries/search-backend';
import { REST_ROUTES } from '../rest/rest-routes';
import { restDispatch } from '../rest/rest-router';
import { chain } from '../rest/middleware-chain';
import { restDocs } from '../rest/rest-docs';
import { openApiRoutes } from '../openapi/openapi.routes';
import { ANALYTICS_AS_OF_HEADER, DATA_AS_OF_HEADER } from '../rest/freshness-headers';
import { errorHandler, notFoundHandler } from './error-handler';
import { healthRoutes } from './health.routes';
import { metricsRoutes } from './metrics.routes';
import { graphiqlRoutes } from './explorer/graphiql.routes';
import { ERROR_CODE_LOCAL, httpMetrics } from './http-metrics.middleware';
import { apiRoutePatterns, routeLabeller } from './route-label';
import { createAppMetrics } from '../metrics/app-metrics';
import { requestLog } from './request-log';
import { responseSizeLimit } from './response-size-limit';
import { queryTextGuard } from '../graphql/cost/query-text-guard';
import { requestDeadline } from './request-deadline';
import { PushDispatcher } from '../push/dispatcher';
import { pushOptionsOf } from '../push/push-options';
import type { TargetLookup } from '../push/webhook-target';
import { attachSubscriptionServer, type SubscriptionServer } from './subscription-server';
import type { Server } from 'node:http';
import { PROTOCOL_NAMES } from '../domain/protocols';
import { protocolStates } from '../repositories/analytics.repository';
import { StartWarmer } from '../db/start-warm';

export interface App {
  app: Express;
  keys: KeyService;
  /** Shutdown has begun: /readyz says draining and answers ask clients to close their connection. */
  beginDrain(): void;
  /** Serves GraphQL subscriptions (graphql-ws) on the server's /graphql; closed with the app. */
  attachSubscriptions(server: Server): void;
  /** This instance's push dispatcher (null with PUSH=off). */
  push: PushDispatcher | null;
  /** Starts loading the personalized rank's graphs of the current generation in the background (PERSONALIZED_RANK_PRELOAD). */
  preloadRankGraphs(): Promise<void>;
  /** Starts the warm at start in the background (WARM_AT_START); resolves when it ends. */
  startWarm(): Promise<void>;
  /** Uses no `this`: callers take it off the app to run at shutdown. */
  close(this: void): Promise<void>;
}

/** A browser asking for the page (not an operation) gets Apollo Sandbox without a key. */
const wantsSandboxPage = (req: Request) => req.method === 'GET' && !req.query.query && (req.headers.accept ?? '').includes('text/html');

function trustProxy(value: string): boolean | number | string[] {
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((v) => v.trim()).filter(Boolean);
}

/** CORS_ORIGINS: `*` (any origin; keys are headers, not cookies) or a comma-separated list of origins. */
function corsOptions(config: Config): cors.CorsOptions {
  const origins = config.CORS_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean);
  return {
    origin: origins.includes('*') ? '*' : origins,
    methods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['apikey', 'content-type', 'apollo-require-preflight', 'x-apollo-operation-name', 'x-request-id'],
    // A browser's script reads only the headers listed here: the key's budget and the REST answers' freshness among them.
    exposedHeaders: ['retry-after', 'ratelimit', 'ratelimit-policy', 'x-request-id', DATA_AS_OF_HEADER.toLowerCase(), ANALYTICS_AS_OF_HEADER.toLowerCase()],
    maxAge: 600,
  };
}

/**
 * gzip or brotli, as Accept-Encoding asks, for answers of 1 KB or more (below
 * that the framing costs about what it saves). Never an event stream: the
 * compressor holds bytes back until its block fills, so events would arrive late.
 */
export function answerCompression(): RequestHandler {
  const compress = compression({
    threshold: 1024,
    filter: (req, res) => !/^text\/event-stream\b/i.test(String(res.getHeader('Content-Type') ?? '')) && compression.filter(req, res),
  });
  // A client that names no encoding gets none, so compression's wrapping of its answer (closures and a header hook
  // per request) is skipped; the Vary it would add is still added, so a cache keeps such answers apart.
  return (req, res, next) => {
    if (req.headers['accept-encoding'] !== undefined) { compress(req, res, next); return; }
    res.vary('Accept-Encoding');
    next();
  };
}

/**
 * `webhookLookup` resolves webhook hosts instead of the system resolver (tests: no real name is looked up);
 * `clock` is what answers take "now" to be (tests of rules that depend on the date: storage expiry, Pro).
 */
export interface AppDeps { webhookLookup?: TargetLookup; clock?: () => Date }

export async function createApp(config: Config, db: Database, log: Logger, deps: AppDeps = {}): Promise<App> {
  const keys = new KeyService(db, config.DEFAULT_RATE_LIMIT, config.KEY_CACHE_SECONDS, config.KEY_CACHE_SIZE);
  const limiter = await KeyRateLimiter.create(config);
  const answers = await createAnswerCache(config, db);
  const metrics = createAppMetrics(db, answers.cache);
  const apollo = createApolloServer(config, log, metrics.graphql, answers.cache);
  await apollo.start();
  const pushOptions = pushOptionsOf(config, deps.webhookLookup);
  const dispatcher = config.PUSH === 'on' ? new PushDispatcher(db, pushOptions, log) : null;
  await dispatcher?.start();
  const push = { dispatcher, maxWebhooksPerKey: pushOptions.maxWebhooksPerKey, targets: pushOptions.targets };
  const subscriptionServers: SubscriptionServer[] = [];

  // One per app (so per process): the follow graphs are loaded on first use, or at start with PERSONALIZED_RANK_PRELOAD.
  const rankGraphs = new RankGraphStore(db, {
    maxEdges: config.PERSONALIZED_RANK_MAX_EDGES,
    maxWork: config.PERSONALIZED_RANK_MAX_WORK,
    // A request waiting on a first load is answered (503 with the load's progress) well before its deadline.
    firstLoadWaitMs: Math.min(5000, Math.floor(config.REQUEST_TIMEOUT_MS / 2)),
    onLoadError: (protocol, err) => log.error({ err, protocol }, 'personalized rank: loading the follow graph failed'),
  });
  const search = searchBackendOf(config.SEARCH_BACKEND, db);
  const warmer = new StartWarmer(db.sql, log);
  const contextOf = (req: Request, res: Response): Context => ({
    db, loaders: createLoaders(db, deps.clock), rankGraphs, search, apiKey: res.locals.apiKey as AuthenticatedKey, requestId: req.id as string,
    // Read when something logs (request-log.ts makes the request's logger then).
    get log() { return req.log ?? log; },
    noteErrorAnswer: (code) => { res.locals[ERROR_CODE_LOCAL] = code; },
    push,
  });

  let draining = false;
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  if (config.TRUST_PROXY) app.set('trust proxy', trustProxy(config.TRUST_PROXY));
  const apiKey = requireApiKey(keys, limiter);
  const sizeLimit = responseSizeLimit(config.GRAPHQL_MAX_RESPONSE_BYTES);
  // The key is checked before the body is read: an unauthenticated client costs no parsing.
  const json = express.json({ limit: '100kb' });
  const formatError = createFormatError(log);
  const validationRules = armor(config).validationRules;
  const prepare = (document: DocumentNode) => prepareOperation(document, {
    schema: appSchema(), validationRules, maxCost: config.GRAPHQL_MAX_COST, formatError, metrics: metrics.graphql,
  });

  // What every request goes through, as one layer (middleware-chain.ts): each of these as its own layer cost the router a walk.
  app.use(chain([
    // First, so every answer is measured, the ones given before routing too.
    httpMetrics(metrics, routeLabeller(apiRoutePatterns(REST_ROUTES))),
    requestLog(log),
    (_req, res, next) => { if (draining) res.setHeader('Connection', 'close'); next(); },
    requestDeadline(config.REQUEST_TIMEOUT_MS),
    answerCompression(),
    // The answers are JSON for scripts; the Sandbox page loads its app from Apollo's CDN, so no CSP here.
    helmet({ contentSecurityPolicy: false, crossOriginEmbedderPolicy: false, crossOriginResourcePolicy: { policy: 'cross-origin' } }),
    // Before the key check: a browser's preflight carries no key.
    cors(corsOptions(config)),
  ]));
  // The REST routes, matched in one table; no other route shares a path with them. A path under /api that is not
  // a route goes on to the key check below, then the 404.
  app.use(restDispatch(REST_ROUTES, prepare, contextOf, answers.cache, [sizeLimit, apiKey, json]));
  app.use(healthRoutes(db, { draining: () => draining, rateLimits: () => limiter.state(), rankGraphs: () => rankGraphs.status(), warm: () => warmer.status() }));
  // Open like the probes: scraped by the operator's Prometheus; counts, latencies, lag and ages, no data of the graph.
  app.use(metricsRoutes(metrics, log));
  // Open: the OpenAPI document, its explorer at /docs and the home page (a browser opening /api/docs goes to /docs).
  app.use(openApiRoutes(REST_ROUTES));
  app.get('/api/docs', restDocs(REST_ROUTES));
  // The offline GraphQL explorer: a page and its assets, open; its requests carry the key.
  app.use(graphiqlRoutes());
  app.use(['/graphql', '/api'], sizeLimit);
  const queryTextLimits = { maxBytes: config.GRAPHQL_MAX_QUERY_BYTES, maxNesting: config.GRAPHQL_MAX_NESTING, maxTokens: config.GRAPHQL_MAX_TOKENS };
  app.use('/graphql', (req, res, next) => (wantsSandboxPage(req) ? next() : apiKey(req, res, next)), json,
    queryTextGuard(queryTextLimits),
    expressMiddleware(apollo, { context: ({ req, res }) => Promise.resolve().then(() => contextOf(req, res)) }));
  app.use('/api', apiKey, json);
  app.use(notFoundHandler);
  app.use(errorHandler(log));

  let subscriptionSeq = 0;
  return {
    app, keys, push: dispatcher,
    async preloadRankGraphs() {
      const states = await protocolStates(db, PROTOCOL_NAMES);
      for (const p of PROTOCOL_NAMES) rankGraphs.preload(p, states.find((s) => s.protocol === p)?.generation ?? 0);
    },
    startWarm: () => warmer.start(),
    beginDrain() {
      draining = true;
      // WebSocket clients are told to go (and reconnect elsewhere) now: an open socket would hold the drain to its timeout.
      for (const s of subscriptionServers.splice(0)) void s.close().catch(() => undefined);
    },
    attachSubscriptions(server) {
      subscriptionServers.push(attachSubscriptionServer(server, {
        schema: appSchema(), keys, validationRules, queryTextLimits, log,
        contextOf: (apiKey) => ({ db, loaders: createLoaders(db, deps.clock), rankGraphs, search, apiKey, requestId: `ws-${++subscriptionSeq}`, log, push }),
      }));
    },
    async close() {
      for (const s of subscriptionServers.splice(0)) await s.close();
      await dispatcher?.stop();
      await apollo.stop(); await limiter.close(); await answers.close(); metrics.close();
    },
  };
}
