// The database connections at scrape time, from counters the pools keep (no
// query: this part of the answer is there even when the database stalls).
// Postgres: both pools' sizes and waiters, the health monitor's verdict,
// acquisition and statement timeouts; with replicas, where requests' reads
// went and each replica's lag. PGlite: its queue of operations.
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
  new Counter({
    name: 'sga_db_read_requests_total', help: 'Requests whose reads went to the server (primary or a replica; only with DATABASE_REPLICA_URLS)',
    labelNames: ['server'], registers: [register],
    async collect() {
      await refill(this, () => { for (const s of db.router ? [db.router.primary, ...db.router.replicas] : []) setOrDrop(this, s.requests, { server: s.name }); });
    },
  });
  new Gauge({
    name: 'sga_db_replica_usable', help: '1 while reads may go to the replica: up, a standby, within DATABASE_REPLICA_MAX_LAG_MS', labelNames: ['replica'], registers: [register],
    async collect() { await refill(this, () => { for (const r of db.router?.status() ?? []) setOrDrop(this, r.usable ? 1 : 0, { replica: r.name }); }); },
  });
  new Gauge({
    name: 'sga_db_replica_lag_seconds', help: "How far the replica's replay is behind the primary's flushed WAL, at most (absent while not measured)",
    labelNames: ['replica'], registers: [register],
    async collect() {
      await refill(this, () => { for (const r of db.router?.status() ?? []) setOrDrop(this, r.lagMs === null ? null : r.lagMs / 1000, { replica: r.name }); });
    },
  });
  new Gauge({
    name: 'sga_db_pglite_pending_operations', help: 'PGlite queries and transactions called and not finished: one runs, the rest wait', registers: [register],
    async collect() {
      await refill(this, () => { const s = db.connectionStats(); if (s.kind === 'pglite') setOrDrop(this, s.pending); });
    },
  });
}
