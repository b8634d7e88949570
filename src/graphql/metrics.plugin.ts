// Times and counts every operation Apollo runs: POST/GET /graphql (surface
// `graphql`). The REST routes' own operations run outside Apollo
// (prepared-operation.ts) and report the same metric there (surface `rest`).
// A /graphql answer whose errors leave it a 200 hands its deciding code to the
// HTTP layer, which counts each error answer once (http-metrics.middleware.ts).
import type { ApolloServerPlugin } from '@apollo/server';
import type { GraphqlMetrics } from '../metrics/graphql-metrics';
import type { Context } from './context.type';
import { mostSevere } from './format-error';

export function metricsPlugin(metrics: GraphqlMetrics): ApolloServerPlugin<Context> {
  return {
    async requestDidStart({ request, contextValue }) {
      const started = performance.now();
      const surface = request.http ? 'graphql' : 'rest';
      return {
        async willSendResponse({ response, operation, operationName }) {
          const errors = response.body.kind === 'single' ? response.body.singleResult.errors ?? [] : [];
          metrics.observe({
            name: operationName ?? request.operationName, type: operation?.operation ?? 'unknown', surface,
            outcome: errors.length ? 'error' : 'success', seconds: (performance.now() - started) / 1000,
          });
          if (surface === 'graphql' && errors.length) contextValue.noteErrorAnswer?.(mostSevere(errors).code);
        },
      };
    },
  };
}
