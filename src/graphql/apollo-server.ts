import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import { GraphQLError, type ValidationContext } from 'graphql';
import type { Logger } from 'pino';
import type { Config } from '../config/config.schema';
import { appSchema } from './build-schema';
import type { Context } from './context.type';
import { boundsFirst } from './cost/bounds-first';
import { costLimit } from './cost/cost-limit.plugin';
import { createFormatError } from './format-error';
import { httpStatusPlugin } from './http-status.plugin';
import { scopePlugin } from './scope.plugin';
import { sandboxLandingPage } from './landing/sandbox-page';
import { metricsPlugin } from './metrics.plugin';
import type { GraphqlMetrics } from '../metrics/graphql-metrics';
import type { AnswerCache } from '../cache/answer-cache';
import { answerCachePlugin } from './answer-cache.plugin';

/**
 * Armor words its refusals "Syntax Error: …" though the query parsed; reported
 * instead as the validation errors they are, with armor's text after that prefix
 * ("Aliases limit of 30 exceeded, found 40.").
 */
const asValidationError = {
  propagateOnRejection: false,
  onReject: [(ctx: ValidationContext | null, err: GraphQLError) => ctx?.reportError(new GraphQLError(err.message.replace(/^Syntax Error: /, '')))],
};

/** Depth, alias and directive bounds turn abusive queries into 400s before they run. */
export function armor(config: Config) {
  return new ApolloArmor({
    maxDepth: { n: config.GRAPHQL_MAX_DEPTH, flattenFragments: true, ...asValidationError },
    maxAliases: { n: config.GRAPHQL_MAX_ALIASES, ...asValidationError },
    // Armor's cost ignores list sizes (100 fids cost as 1); cost/ counts them with the variables.
    costLimit: { enabled: false },
    maxDirectives: { n: 20, ...asValidationError },
    // Armor's token plugin rethrows parse errors as 500s; graphql's own parser bound is used instead.
    maxTokens: { enabled: false },
    blockFieldSuggestion: { enabled: false },
  }).protect();
}

/** `metrics`: the app's operation metrics (none for a server made outside an app, as some tests do). */
export function createApolloServer(config: Config, log: Logger, metrics?: GraphqlMetrics, answers?: AnswerCache): ApolloServer<Context> {
  const protection = armor(config);
  const cost = costLimit({ maxCost: config.GRAPHQL_MAX_COST });
  return new ApolloServer<Context>({
    schema: appSchema(),
    introspection: true,
    // GET queries need no extra anti-CSRF header: the required apikey header already forces a browser's CORS preflight.
    csrfPrevention: { requestHeaders: ['apikey', 'apollo-require-preflight', 'x-apollo-operation-name'] },
    // The service drains and stops itself on SIGTERM/SIGINT; Apollo's own handler would stop first and re-raise the signal.
    stopOnTerminationSignals: false,
    includeStacktraceInErrorResponses: false,
    formatError: createFormatError(log),
    // Depth, aliases, directives and cost before graphql's own rules, which then do not walk a refused query.
    validationRules: [boundsFirst(protection.validationRules, (context) => cost.refusalInValidation(context))],
    // HTTP requests are bounded before parsing (query-text-guard.ts); this bounds the others (executeOperation).
    parseOptions: { maxTokens: config.GRAPHQL_MAX_TOKENS },
    plugins: [
      ...protection.plugins,
      // Once the operation is known and before the answer cache is asked (a refused cost has already stopped in validation).
      scopePlugin,
      cost.plugin,
      httpStatusPlugin,
      ...(metrics ? [metricsPlugin(metrics)] : []),
      ...(answers ? [answerCachePlugin(answers)] : []),
      // No cache hints are used; Apollo's default cache-control plugin wraps every field resolver, a large share of a large answer's CPU time (docs/performance.md#request-path).
      ApolloServerPluginCacheControlDisabled(),
      // Apollo Sandbox on GET /graphql in a browser, the key taken from ?apikey=; offline it opens GraphiQL at /graphiql.
      sandboxLandingPage(),
    ],
  });
}
