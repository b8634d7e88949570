// GraphQL queries answered from the answer cache (src/cache): looked up once
// the operation is parsed, validated and costed, so a refused query is refused
// as before; an answer without errors is stored. Mutations are never cached,
// and neither are queries of a caller's own records (its webhooks): the cache
// key holds the data versions, not the API key, and those records change
// without moving a data version. The cache only saves work: a request whose
// key cannot be made (the database is down) runs as it would without it.
import type { ApolloServerPlugin } from '@apollo/server';
import { HeaderMap } from '@apollo/server';
import { OperationTypeNode, type DocumentNode, type FormattedExecutionResult, type OperationDefinitionNode } from 'graphql';
import type { AnswerCache } from '../cache/answer-cache';
import { isConnectionError } from '../db/db-errors';
import type { Context } from './context.type';
import { rootFieldNames } from './root-fields';

/** Root query fields whose answers belong to the calling API key. */
export const PER_KEY_ROOT_FIELDS: ReadonlySet<string> = new Set(['webhook', 'webhooks', 'farcasterSuggestedFollows', 'lensSuggestedFollows',
  'farcasterNotifications', 'lensNotifications']);

/** Whether the operation's root selection (through fragments) reaches a per-key field. */
export function selectsPerKeyField(operation: OperationDefinitionNode, document: DocumentNode): boolean {
  return [...rootFieldNames(operation, document)].some((f) => PER_KEY_ROOT_FIELDS.has(f));
}

/** Whether answers of the operation may be kept in the answer cache: a query reaching no per-key field. */
export const cacheableOperation = (operation: OperationDefinitionNode, document: DocumentNode): boolean =>
  operation.operation === OperationTypeNode.QUERY && !selectsPerKeyField(operation, document);

export function answerCachePlugin(cache: AnswerCache): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      let key: string | undefined;
      let served = false;
      return {
        async responseForOperation({ request, operation, document, contextValue, queryHash }) {
          if (!cache.enabled || !cacheableOperation(operation, document)) return null;
          try {
            key = await cache.key(['graphql', queryHash, request.operationName ?? null, request.variables ?? {}], contextValue.loaders.protocolState);
          } catch (err) {
            // Thrown here (as from any hook but didResolveOperation), an error becomes Apollo's bare 500 "Internal server
            // error" without reaching formatError. The request runs uncached instead: a database that is down then meets
            // its resolvers, whose errors are classified (SERVICE_UNAVAILABLE); any other failure here is a bug, logged.
            if (!isConnectionError(err)) contextValue.log.error({ err }, 'answer cache: the key could not be made');
            return null;
          }
          const found = await cache.get(key);
          if (!found) return null;
          served = true;
          return { http: { status: undefined, headers: new HeaderMap() }, body: { kind: 'single', singleResult: JSON.parse(found.body) as FormattedExecutionResult } };
        },
        async willSendResponse({ response, contextValue }) {
          if (!key || served || response.body.kind !== 'single' || contextValue.answerNotCacheable) return;
          const { data, errors } = response.body.singleResult;
          if (data && !errors?.length) cache.set(key, JSON.stringify({ data }));
        },
      };
    },
  };
}
