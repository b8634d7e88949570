// Durations of the imports and refreshes that ran in this process on the
// app's database (a periodic refresh, the sync's refresh, a CLI command run
// inside the server), as they finish. Runs of other processes are in data-metrics.ts.
import { Histogram, type Registry } from 'prom-client';
import type { Database } from '../db/database';

/** From a tiny fixture's refresh to a large dataset's import. */
const JOB_BUCKETS = [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800, 3600];

/** Returns the unsubscribe function. */
export function defineJobMetrics(register: Registry, db: Database): () => void {
  const refresh = new Histogram({
    name: 'sga_refresh_duration_seconds', help: 'Analytics refreshes run in this process, per protocol and outcome (ok, failed)',
    labelNames: ['protocol', 'outcome'], buckets: JOB_BUCKETS, registers: [register],
  });
  const imports = new Histogram({
    name: 'sga_import_duration_seconds', help: 'Dataset imports run in this process, by outcome (ok, failed)',
    labelNames: ['outcome'], buckets: JOB_BUCKETS, registers: [register],
  });
  return db.jobEvents.on((e) => {
    if (e.job === 'refresh') refresh.observe({ protocol: e.protocol ?? 'unknown', outcome: e.outcome }, e.seconds);
    else imports.observe({ outcome: e.outcome }, e.seconds);
  });
}
