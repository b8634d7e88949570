import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginLandingPageLocalDefault } from '@apollo/server/plugin/landingPage/default';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import type { Logger } from 'pino';
import type { Config } from '../config/config.schema';
import { appSchema } from './build-schema';
import type { Context } from './context.type';
import { createFormatError } from './format-error';
import { httpStatusPlugin } from './http-status.plugin';

/** Depth, alias and cost bounds turn abusive queries into 400s before they run. */
function armor(config: Config) {
  return new ApolloArmor({
    maxDepth: { n: config.GRAPHQL_MAX_DEPTH, flattenFragments: true },
    maxAliases: { n: config.GRAPHQL_MAX_ALIASES },
    costLimit: { maxCost: config.GRAPHQL_MAX_COST },
    maxDirectives: { n: 20 },
    // Armor's token plugin rethrows parse errors as 500s; graphql's own parser bound is used instead.
    maxTokens: { enabled: false },
    blockFieldSuggestion: { enabled: false },
  }).protect();
}

export function createApolloServer(config: Config, log: Logger): ApolloServer<Context> {
  const protection = armor(config);
  return new ApolloServer<Context>({
    schema: appSchema(),
    introspection: true,
    includeStacktraceInErrorResponses: false,
    formatError: createFormatError(log),
    validationRules: protection.validationRules,
    parseOptions: { maxTokens: 5000 },
    plugins: [
      ...protection.plugins,
      httpStatusPlugin,
      // Apollo Sandbox on GET /graphql in a browser; the key goes in its Headers tab.
      ApolloServerPluginLandingPageLocalDefault({
        embed: { runTelemetry: false, initialState: { sharedHeaders: { apikey: '<your API key>' } } },
        includeCookies: false,
      }),
    ],
  });
}
