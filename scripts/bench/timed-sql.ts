// A SqlClient that adds up the time of each statement (by its opening words) and of
// each transaction, so a bench can say where a writer's time goes without touching it.
import type { SqlClient } from '../../src/db/sql-client';

export interface StatementCost { statement: string; calls: number; ms: number }

export class SqlTimings {
  readonly statements = new Map<string, StatementCost>();
  transactions = 0;
  transactionMs = 0;

  reset(): void { this.statements.clear(); this.transactions = 0; this.transactionMs = 0; }

  add(text: string, ms: number): void {
    const statement = label(text);
    const s = this.statements.get(statement) ?? { statement, calls: 0, ms: 0 };
    s.calls += 1; s.ms += ms;
    this.statements.set(statement, s);
  }

  top(n = 12): StatementCost[] { return [...this.statements.values()].sort((a, b) => b.ms - a.ms).slice(0, n); }
}

/** The statement's first ~90 characters with whitespace collapsed: enough to tell applyOps' statements apart. */
function label(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.includes('GROUPING SETS ((fid), (hash)') ? 'WITH … (live-counts contributions)' : flat.slice(0, 90);
}

export function timedSql(inner: SqlClient, t: SqlTimings): SqlClient {
  return {
    kind: inner.kind,
    async query<T>(text: string, params?: unknown[]): Promise<T[]> {
      const start = performance.now();
      try { return await inner.query<T>(text, params); } finally { t.add(text, performance.now() - start); }
    },
    exec: (text) => inner.exec(text),
    copyCsv: (table, columns, csv) => inner.copyCsv(table, columns, csv),
    async transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T> {
      const start = performance.now();
      try { return await inner.transaction((tx) => fn(timedSql(tx, t))); } finally { t.transactions += 1; t.transactionMs += performance.now() - start; }
    },
    session: (fn) => inner.session((s) => fn(timedSql(s, t))),
  };
}
