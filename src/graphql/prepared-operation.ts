// A fixed operation (a REST route's) run without Apollo's request pipeline:
// parsed and validated once, at start-up, with the same rules as POST /graphql;
// per call only the variables are coerced, costed and executed. Apollo's
// pipeline (hashing the text, its document cache, a dozen plugin hooks) cost
// more Node time per call than most of these operations' own resolvers.
// The answer is what executeOperation gave: the same formatted errors (code,
// hidden status and problems), the same operation metrics (surface `rest`).
import {
  execute, getOperationAST, getVariableValues, GraphQLError, specifiedRules, validate,
  type DocumentNode, type ExecutionResult, type GraphQLFormattedError, type GraphQLSchema, type ValidationRule,
} from 'graphql';
import type { GraphqlMetrics } from '../metrics/graphql-metrics';
import type { Context } from './context.type';
import { costRefusal } from './cost/cost-limit.plugin';

export interface PreparedResult {
  data?: Record<string, unknown> | null;
  errors?: GraphQLFormattedError[];
}

export interface PrepareOptions {
  schema: GraphQLSchema;
  /** The validation rules POST /graphql adds to graphql-js's own (depth, aliases …). */
  validationRules?: readonly ValidationRule[];
  maxCost: number;
  formatError: (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError;
  metrics?: GraphqlMetrics;
  /** Today, for cost ranges that default to the as-of day (tests pin it). */
  now?: () => Date;
}

/** A variable that does not coerce is the client's error, coded as Apollo codes it (a scalar's own parse error is kept inside). */
const asUserInputError = (e: GraphQLError) => new GraphQLError(e.message, {
  nodes: e.nodes, source: e.source, positions: e.positions, path: e.path, originalError: e.originalError,
  extensions: { ...e.extensions, code: 'BAD_USER_INPUT' },
});

export type PreparedOperation = (variables: Record<string, unknown>, contextValue: Context) => Promise<PreparedResult>;

/** Validates `document` once (a route table whose operation is invalid is a bug: start-up fails) and returns its runner. */
export function prepareOperation(document: DocumentNode, options: PrepareOptions): PreparedOperation {
  const { schema, maxCost, formatError, metrics, now = () => new Date() } = options;
  const invalid = validate(schema, document, [...specifiedRules, ...(options.validationRules ?? [])]);
  const operation = getOperationAST(document);
  if (invalid.length || !operation) {
    throw new Error(`a prepared operation does not validate: ${invalid.map((e) => e.message).join('; ') || 'no single operation'}`);
  }
  const name = operation.name?.value ?? null;

  const run = (variables: Record<string, unknown>, contextValue: Context): ExecutionResult | Promise<ExecutionResult> => {
    const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables, { maxErrors: 50 });
    if (coerced.errors) return { errors: coerced.errors.map(asUserInputError) };
    const refusal = costRefusal(schema, document, operation, coerced.coerced, maxCost, now());
    if (refusal) return { errors: [refusal] };
    // execute coerces the variables again (it takes no coerced values); that is cheap beside the pipeline it replaces.
    return execute({ schema, document, operationName: name, variableValues: variables, contextValue });
  };

  return async (variables, contextValue) => {
    const started = performance.now();
    const { data, errors } = await run(variables, contextValue);
    const outcome = errors?.length ? 'error' : 'success';
    metrics?.observe({ name, type: operation.operation, surface: 'rest', outcome, seconds: (performance.now() - started) / 1000 });
    return errors?.length ? { data, errors: errors.map((e) => formatError(e.toJSON(), e)) } : { data };
  };
}
