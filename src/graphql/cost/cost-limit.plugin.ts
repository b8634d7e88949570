// Refuses an operation whose answer would be too large before any resolver
// runs. It runs once the operation is known, with the request's variables:
// list sizes usually arrive as variables ($fids), which a validation rule
// cannot see.
import type { ApolloServerPlugin } from '@apollo/server';
import { getVariableValues, GraphQLError } from 'graphql';
import { explainHeaviest, queryCost } from './query-cost';

export interface CostLimitOptions {
  maxCost: number;
  /** Today, for ranges that default to the as-of day (tests pin it). */
  now?: () => Date;
}

export function costLimitPlugin({ maxCost, now = () => new Date() }: CostLimitOptions): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document, operation, schema }) {
          if (!operation) return;
          const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], request.variables ?? {}, { maxErrors: 1 });
          // Variables that do not coerce fail the request before execution, with graphql's own message.
          if (coerced.errors) return;
          const maxFields = Math.max(10 * maxCost, 100_000);
          const c = queryCost(schema, document, operation, coerced.coerced, { now: now(), maxFields });
          if (!c.truncated && c.cost <= maxCost) return;
          const message = c.truncated
            ? `Query cost exceeds the limit of ${maxCost}: its fragments expand to more than ${maxFields} fields`
            : `Query cost ${c.cost} exceeds the limit of ${maxCost} (${explainHeaviest(c)}); ask for fewer ids, shorter ranges or smaller pages`;
          throw new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } } });
        },
      };
    },
  };
}
