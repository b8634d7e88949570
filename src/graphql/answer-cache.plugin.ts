// GraphQL queries answered from the answer cache (src/cache): looked up once
// the operation is parsed, validated and costed, so a refused query is refused
// as before; an answer without errors is stored. Mutations are never cached.
import type { ApolloServerPlugin } from '@apollo/server';
import { HeaderMap } from '@apollo/server';
import type { AnswerCache } from '../cache/answer-cache';
import type { Context } from './context.type';

export function answerCachePlugin(cache: AnswerCache): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      let key: string | undefined;
      let served = false;
      return {
        async responseForOperation({ request, operation, contextValue, queryHash }) {
          if (!cache.enabled || operation.operation !== 'query') return null;
          key = await cache.key(['graphql', queryHash, request.operationName ?? null, request.variables ?? {}], contextValue.loaders.protocolState);
          const found = await cache.get(key);
          if (!found) return null;
          served = true;
          return { http: { status: undefined, headers: new HeaderMap() }, body: { kind: 'single', singleResult: JSON.parse(found.body) } };
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
