// How current the data is, read from the database at scrape time, whichever
// process did the work: the CLI imports and refreshes in its own process, the
// server in its own, another instance maybe; all write protocol_state and import_run.
import { Gauge, type Registry } from 'prom-client';
import { refill, setOrDrop } from './collected';
import type { DbSnapshot } from './db-snapshot';

export function defineDataMetrics(register: Registry, snapshot: () => Promise<DbSnapshot>): void {
  new Gauge({
    name: 'sga_data_age_seconds', help: 'Now minus the protocol\'s as-of time', labelNames: ['protocol'], registers: [register],
    async collect() { await refill(this, async () => { for (const p of (await snapshot()).protocols) setOrDrop(this, p.age, { protocol: p.protocol }); }); },
  });
  new Gauge({
    name: 'sga_refresh_last_timestamp_seconds', help: 'When the protocol\'s analytics were last refreshed (by any process)',
    labelNames: ['protocol'], registers: [register],
    async collect() { await refill(this, async () => { for (const p of (await snapshot()).protocols) setOrDrop(this, p.refreshedAt, { protocol: p.protocol }); }); },
  });
  new Gauge({
    name: 'sga_import_last_success_timestamp_seconds', help: 'When the newest successful import (by any process) finished', registers: [register],
    async collect() { await refill(this, async () => { setOrDrop(this, (await snapshot()).imports?.lastSuccessAt); }); },
  });
  new Gauge({
    name: 'sga_import_last_duration_seconds', help: 'How long the newest finished import (by any process) took, by its status (ok, failed)',
    labelNames: ['status'], registers: [register],
    async collect() {
      await refill(this, async () => { const last = (await snapshot()).imports?.last; if (last) setOrDrop(this, last.seconds, { status: last.status }); });
    },
  });
  new Gauge({
    name: 'sga_imports_running', help: 'Imports recorded as running (by any process)', registers: [register],
    async collect() { await refill(this, async () => { setOrDrop(this, (await snapshot()).imports?.running); }); },
  });
}
