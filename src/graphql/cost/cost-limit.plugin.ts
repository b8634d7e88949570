// Refuses an operation whose answer would be too large before any resolver
// runs. It runs once the operation is known, with the request's variables:
// list sizes usually arrive as variables ($fids), which a validation rule
// cannot see.
import type { ApolloServerPlugin } from '@apollo/server';
import { getVariableValues, GraphQLError, type DocumentNode, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import { explainHeaviest, queryCost } from './query-cost';

export interface CostLimitOptions {
  maxCost: number;
  /** Today, for ranges that default to the as-of day (tests pin it). */
  now?: () => Date;
}

/** The error refusing `operation` with these coerced variables, or null when its cost is within `maxCost`. */
export function costRefusal(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode,
  variables: Record<string, unknown>, maxCost: number, now: Date): GraphQLError | null {
  const maxFields = Math.max(10 * maxCost, 100_000);
  const c = queryCost(schema, document, operation, variables, { now, maxFields });
  if (!c.truncated && c.cost <= maxCost) return null;
  const message = c.truncated
    ? `Query cost exceeds the limit of ${maxCost}: its fragments expand to more than ${maxFields} fields`
    : `Query cost ${c.cost} exceeds the limit of ${maxCost} (${explainHeaviest(c)}); ask for fewer ids, shorter ranges or smaller pages`;
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } } });
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
          const refusal = costRefusal(schema, document, operation, coerced.coerced, maxCost, now());
          if (refusal) throw refusal;
        },
      };
    },
  };
}
