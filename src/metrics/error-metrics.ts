// Error answers by the error model's code (src/errors/app-error.ts), one per
// answer, on the face that gave it: `rest` (the NestJS-style body) or
// `graphql` (a GraphQL `errors` body, whatever its HTTP status).
import { Counter, type Registry } from 'prom-client';
import type { ErrorCode } from '../errors/app-error';

export type Surface = 'rest' | 'graphql';

export class ErrorMetrics {
  private readonly errors: Counter<'code' | 'surface'>;

  constructor(register: Registry) {
    this.errors = new Counter({
      name: 'sga_errors_total', help: 'Error answers by code (extensions.code on GraphQL, the same code behind a REST status) and surface (rest, graphql)',
      labelNames: ['code', 'surface'], registers: [register],
    });
  }

  count(code: ErrorCode, surface: Surface): void { this.errors.inc({ code, surface }); }
}
