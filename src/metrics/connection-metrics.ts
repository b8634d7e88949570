// The database connections at scrape time, from counters the pools keep (no
// query: this part of the answer is there even when the database stalls).
// Postgres: both pools' sizes and waiters, the health monitor's verdict,
// acquisition and statement timeouts. PGlite: its queue of operations.
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Database } from '../db/database';
import { refill, setOrDrop } from './collected';

export function defineConnectionMetrics(register: Registry, db: Database): void {
  const pg = () => { const s = db.connectionStats(); return s.kind === 'postgres' ? s : null; };
  new Gauge({
    name: 'sga_db_up', help: '1 while the database answers its health ping (Postgres; PGlite runs in-process: always 1)', registers: [register],
    collect() { const s = db.connectionStats(); this.set(s.kind === 'pglite' || s.up ? 1 : 0); },
  });
  const poolGauge = (name: string, help: string, field: 'max' | 'total' | 'idle' | 'waiting') => new Gauge({
    name, help, labelNames: ['pool'], registers: [register],
    async collect() { await refill(this, () => { for (const p of pg()?.pools ?? []) setOrDrop(this, p[field], { pool: p.pool }); }); },
  });
  poolGauge('sga_db_pool_max_connections', 'Postgres pool size (requests: DB_POOL_SIZE; jobs: import, refresh, classify)', 'max');
  poolGauge('sga_db_pool_total_connections', 'Postgres connections open in the pool', 'total');
  poolGauge('sga_db_pool_idle_connections', 'Postgres connections open and not in use', 'idle');
  poolGauge('sga_db_pool_waiting_clients', 'Callers waiting for a pooled Postgres connection', 'waiting');
  new Counter({
    name: 'sga_db_acquire_timeouts_total', help: 'Requests that waited DB_ACQUIRE_TIMEOUT_MS for a Postgres connection in vain (a 503)', registers: [register],
    async collect() { await refill(this, () => setOrDrop(this, pg()?.acquireTimeouts)); },
  });
  new Counter({
    name: 'sga_db_statement_timeouts_total', help: 'Request statements Postgres cancelled at DB_STATEMENT_TIMEOUT_MS', registers: [register],
    async collect() { await refill(this, () => setOrDrop(this, pg()?.statementTimeouts)); },
  });
  new Gauge({
    name: 'sga_db_pglite_pending_operations', help: 'PGlite queries and transactions called and not finished: one runs, the rest wait', registers: [register],
    async collect() {
      await refill(this, () => { const s = db.connectionStats(); if (s.kind === 'pglite') setOrDrop(this, s.pending); });
    },
  });
}
