// POST and GET /graphql: an operation whose key lacks a scope its root fields
// need is refused once it is known, before the answer cache is asked and
// before anything runs (root-field-scopes.ts).
import type { ApolloServerPlugin } from '@apollo/server';
import type { Context } from './context.type';
import { operationScopes, scopeRefusal } from './root-field-scopes';

export const scopePlugin: ApolloServerPlugin<Context> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ operation, document, contextValue }) {
        const refusal = operation && scopeRefusal(contextValue.apiKey, operationScopes(operation, document));
        if (refusal) throw refusal;
      },
    };
  },
};
