// GraphQL operations through the one Apollo server, on both faces: `graphql`
// (POST/GET /graphql, names chosen by clients, bounded) and `rest` (each REST
// route's own operation, names fixed by the route table).
import { Counter, Histogram, type Registry } from 'prom-client';
import type { Surface } from './error-metrics';
import { OperationNames } from './operation-names';

/** Distinct client operation names kept as labels per instance. */
export const OPERATION_NAME_LIMIT = 100;

const OPERATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface OperationDone {
  /** The operation's name (resolved, or as the client sent it when the document never resolved). */
  name: string | null | undefined;
  /** query, mutation, subscription; `unknown` when the document did not parse or validate. */
  type: string;
  surface: Surface;
  outcome: 'success' | 'error';
  seconds: number;
}

export class GraphqlMetrics {
  private readonly names = new OperationNames(OPERATION_NAME_LIMIT);
  private readonly operations: Counter<'operation' | 'type' | 'surface' | 'outcome'>;
  private readonly duration: Histogram<'operation' | 'type' | 'surface'>;

  constructor(register: Registry) {
    this.operations = new Counter({
      name: 'sga_graphql_operations_total', help: 'GraphQL operations by name, type, surface (graphql, rest) and outcome (success; error: the answer has errors)',
      labelNames: ['operation', 'type', 'surface', 'outcome'], registers: [register],
    });
    this.duration = new Histogram({
      name: 'sga_graphql_operation_duration_seconds', help: 'Time from an operation\'s start (in Apollo Server, or a REST route\'s prepared operation) to its answer, by name, type and surface',
      labelNames: ['operation', 'type', 'surface'], buckets: OPERATION_BUCKETS, registers: [register],
    });
  }

  observe(op: OperationDone): void {
    // REST operation names come from the route table, not from clients: no bound needed (or wanted: they would use it up).
    const operation = op.surface === 'rest' ? op.name ?? 'anonymous' : this.names.label(op.name);
    this.operations.inc({ operation, type: op.type, surface: op.surface, outcome: op.outcome });
    this.duration.observe({ operation, type: op.type, surface: op.surface }, op.seconds);
  }
}
