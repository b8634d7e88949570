// Refuses an operation whose answer would be too large before any resolver
// runs, with the request's variables: list sizes usually arrive as variables
// ($fids), which a validation rule alone cannot see. A document Apollo has not
// validated yet is costed during its validation, before graphql's own rules
// walk it (bounds-first.ts): the plugin hands the rule the request the document
// came with. A document from Apollo's cache is not validated again, and is
// costed once its operation is known.
import type { ApolloServerPlugin, GraphQLRequest } from '@apollo/server';
import {
  getOperationAST, getVariableValues, GraphQLError,
  type DocumentNode, type GraphQLSchema, type OperationDefinitionNode, type ValidationContext,
} from 'graphql';
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
    ? `Query cost exceeds the limit of ${maxCost}: it has more than ${maxFields} fields to count`
    : `Query cost ${c.cost} exceeds the limit of ${maxCost} (${explainHeaviest(c)}); ask for fewer ids, shorter ranges or smaller pages`;
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } } });
}

/** As costRefusal, with the variables as sent; null when they do not coerce (the request fails on them before execution, with graphql's own message). */
function refusalWith(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode,
  variables: GraphQLRequest['variables'], maxCost: number, now: Date): GraphQLError | null {
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables ?? {}, { maxErrors: 1 });
  return coerced.errors ? null : costRefusal(schema, document, operation, coerced.coerced, maxCost, now);
}

export interface CostLimit {
  plugin: ApolloServerPlugin;
  /**
   * For the validation rule (bounds-first.ts): the refusal of the request whose document is being validated,
   * or null (within the limit, or no operation to cost yet: validation then says why).
   */
  refusalInValidation(context: ValidationContext): GraphQLError | null;
}

/** A request whose document is being validated, and whether the validation rule costed it. */
interface Validating { request: GraphQLRequest; costed: boolean }

export function costLimit({ maxCost, now = () => new Date() }: CostLimitOptions): CostLimit {
  // Keyed by the document Apollo parsed for one request: a document parsed again is another object.
  const validating = new WeakMap<DocumentNode, Validating>();
  return {
    plugin: {
      async requestDidStart() {
        let mine: Validating | undefined;
        return {
          async validationDidStart({ document, request }) {
            mine = { request, costed: false };
            validating.set(document, mine);
            return async () => { validating.delete(document); };
          },
          async didResolveOperation({ request, document, operation, schema }) {
            if (!operation || mine?.costed) return;
            const refusal = refusalWith(schema, document, operation, request.variables, maxCost, now());
            if (refusal) throw refusal;
          },
        };
      },
    },
    refusalInValidation(context) {
      const document = context.getDocument();
      const entry = validating.get(document);
      const operation = entry && getOperationAST(document, entry.request.operationName);
      if (!entry || !operation) return null;
      entry.costed = true;
      return refusalWith(context.getSchema(), document, operation, entry.request.variables, maxCost, now());
    },
  };
}
