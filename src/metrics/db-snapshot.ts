// What /metrics reads from the database, once per scrape: the live sync's
// status row (written by whichever instance syncs), protocol_state (data age,
// last refresh) and import_run (imports made by any process, the CLI's too).
// Every metric that needs it awaits the same read; each part is bounded and a
// part that fails or times out is left out, so a stalled database costs a
// scrape at most READ_TIMEOUT_MS and never fails it.
import type { Database } from '../db/database';
import { withTimeout } from '../db/with-timeout';
import { readSyncStatus, type StoredSyncStatus } from '../sync/sync-status';
import { readLensSyncStatus, type StoredLensSyncStatus } from '../lens-sync/lens-sync-status';

const READ_TIMEOUT_MS = 1000;

export interface ProtocolRow { protocol: string; age: number | null; refreshedAt: number | null }

export interface ImportRow {
  running: number;
  /** Epoch seconds of the newest successful import's end. */
  lastSuccessAt: number | null;
  /** The newest finished run (ok or failed): its status and how long it took. */
  last: { status: string; seconds: number } | null;
}

export interface DbSnapshot { sync: StoredSyncStatus | null; lensSync: StoredLensSyncStatus | null; protocols: ProtocolRow[]; imports: ImportRow | null }

const PROTOCOLS_SQL = `SELECT protocol, extract(epoch FROM now() - as_of)::float8 AS age,
  extract(epoch FROM refreshed_at)::float8 AS refreshed_at FROM protocol_state ORDER BY protocol`;

const IMPORTS_SQL = `SELECT
  (SELECT count(*)::int FROM import_run WHERE status = 'running') AS running,
  (SELECT extract(epoch FROM max(finished_at))::float8 FROM import_run WHERE status = 'ok') AS last_success_at,
  last.status AS last_status, extract(epoch FROM last.finished_at - last.started_at)::float8 AS last_seconds
  FROM (SELECT 1) AS one LEFT JOIN LATERAL (
    SELECT status, started_at, finished_at FROM import_run WHERE finished_at IS NOT NULL ORDER BY finished_at DESC, id DESC LIMIT 1
  ) AS last ON true`;

type ImportSql = { running: number; last_success_at: number | null; last_status: string | null; last_seconds: number | null };

const bounded = <T>(work: Promise<T>, what: string, fallback: T): Promise<T> =>
  withTimeout(work, READ_TIMEOUT_MS, `metrics: ${what} timed out`).catch(() => fallback);

async function readSnapshot(db: Database): Promise<DbSnapshot> {
  const [sync, lensSync, protocols, imports] = await Promise.all([
    // The status rows are read as /readyz reads them; the rest through the request pool (bounded statements, fail-fast while the database is down).
    bounded(readSyncStatus(db.sql), 'sync status', null),
    bounded(readLensSyncStatus(db.sql), 'lens sync status', null),
    bounded(db.read<{ protocol: string; age: number | null; refreshed_at: number | null }>(PROTOCOLS_SQL), 'protocol state', [])
      .then((rows) => rows.map((r) => ({ protocol: r.protocol, age: r.age, refreshedAt: r.refreshed_at }))),
    bounded(db.read<ImportSql>(IMPORTS_SQL), 'import runs', [] as ImportSql[]).then(([r]) => (r ? {
      running: r.running, lastSuccessAt: r.last_success_at,
      last: r.last_status !== null && r.last_seconds !== null ? { status: r.last_status, seconds: r.last_seconds } : null,
    } : null)),
  ]);
  return { sync, lensSync, protocols, imports };
}

/** The snapshot of the scrape under way: collectors called together share one read. */
export function snapshotReader(db: Database): () => Promise<DbSnapshot> {
  let inFlight: Promise<DbSnapshot> | null = null;
  return () => {
    inFlight ??= readSnapshot(db).finally(() => { inFlight = null; });
    return inFlight;
  };
}
