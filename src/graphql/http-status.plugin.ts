import type { ApolloServerPlugin } from '@apollo/server';
import Negotiator from 'negotiator';
import { mostSevere } from './format-error';

const GRAPHQL_RESPONSE = 'application/graphql-response+json';

/** Whether the client prefers the GraphQL-over-HTTP media type to the legacy application/json (as Apollo negotiates the answer's type). */
function wantsGraphQLResponse(accept: string | undefined): boolean {
  if (!accept) return false;
  return new Negotiator({ headers: { accept } }).mediaType(['application/json', GRAPHQL_RESPONSE]) === GRAPHQL_RESPONSE;
}

/**
 * HTTP status by the GraphQL-over-HTTP specification. A request that executed
 * (its answer has `data`, even null) is a 200 with its per-field errors, so a
 * client keeps what did answer. A request that failed before execution (parse,
 * validation, variable coercion, cost refusal) carries its most severe error's
 * status for clients that accept application/graphql-response+json, and 200
 * for legacy application/json clients, which read `errors` from the body.
 * Failures before GraphQL (key, rate limit, body) are the HTTP layer's and keep
 * their status.
 */
export const httpStatusPlugin: ApolloServerPlugin = {
  async requestDidStart() {
    return {
      async willSendResponse({ request, response }) {
        if (response.body.kind !== 'single') return;
        const result = response.body.singleResult;
        if (!result.errors?.length) return;
        if ('data' in result && result.data !== undefined) { response.http.status = 200; return; }
        // In-process callers (executeOperation, as tests use it) have no Accept: they get the error's own status.
        const strict = !request.http || wantsGraphQLResponse(request.http.headers.get('accept'));
        response.http.status = strict ? mostSevere(result.errors).status : 200;
      },
    };
  },
};
