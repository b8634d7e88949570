// Applies prisma/migrations/*/migration.sql in name order and records them in
// `_prisma_migrations` exactly as `prisma migrate deploy` does (same table,
// SHA-256 checksums, same advisory lock), so either tool can take over from the other.
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { ADVISORY_LOCKS } from './advisory-locks';
import { migrationFiles, MIGRATIONS_DIR, type MigrationFile } from './migration-files';
import type { SqlClient } from './sql-client';

export { migrationFiles, MIGRATIONS_DIR, type MigrationFile } from './migration-files';

/** The advisory lock id Prisma Migrate takes, so the two never run at once. */
const PRISMA_MIGRATE_LOCK = ADVISORY_LOCKS.migrate;

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

const RECORD = `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
  VALUES ($1, $2, $3, $4, now(), 1)`;

// A failed attempt Prisma recorded (finished_at unset) stops every later
// `prisma migrate deploy` until it is resolved: once the migration is applied
// here, the attempt is marked rolled back, as `prisma migrate resolve --rolled-back` does.
const RESOLVE_FAILED = `UPDATE "_prisma_migrations" SET rolled_back_at = now()
  WHERE migration_name = $1 AND finished_at IS NULL AND rolled_back_at IS NULL`;

export interface MigrateOptions {
  dir?: string;
  /** Told when this instance waits for another's migrations and when an index build starts (they take minutes on a large table). */
  log?: Pick<Logger, 'info' | 'warn'>;
  /** How often a waiting instance tries the lock again. */
  lockPollMs?: number;
}

async function appliedNames(sql: SqlClient): Promise<Set<string>> {
  const rows = await sql.query<{ migration_name: string }>(
    `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`);
  return new Set(rows.map((r) => r.migration_name));
}

/** Names of migrations not applied yet (all of them on an empty database). */
export async function pendingMigrations(sql: SqlClient, dir = MIGRATIONS_DIR): Promise<string[]> {
  const exists = await sql.query<{ t: string | null }>(`SELECT to_regclass('"_prisma_migrations"')::text AS t`);
  const applied = exists[0]?.t ? await appliedNames(sql) : new Set<string>();
  return migrationFiles(dir).map((m) => m.name).filter((n) => !applied.has(n));
}

/** Pending migrations in order, cut into runs: consecutive transactional ones together, each concurrent one alone. */
function runsOf(pending: MigrationFile[]): MigrationFile[][] {
  const runs: MigrationFile[][] = [];
  for (const m of pending) {
    const last = runs.at(-1);
    if (last && !m.concurrent && !last[0].concurrent) last.push(m);
    else runs.push([m]);
  }
  return runs;
}

const failed = (m: MigrationFile, err: unknown) =>
  new Error(`migration ${m.name} failed: ${(err as Error).message}`, { cause: err });

async function applyInTransaction(session: SqlClient, run: MigrationFile[]): Promise<void> {
  await session.transaction(async (tx) => {
    for (const m of run) {
      await tx.query(RESOLVE_FAILED, [m.name]);
      const id = randomUUID();
      await tx.query(`INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())`,
        [id, m.checksum, m.name]);
      try {
        await tx.exec(m.sql);
      } catch (err) {
        throw failed(m, err);
      }
      await tx.query(`UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`, [id]);
    }
  });
}

/** The index by that name: missing, or whether it is valid (a concurrent build that failed leaves it invalid). */
async function indexState(sql: SqlClient, index: string): Promise<'missing' | 'valid' | 'invalid'> {
  const [row] = await sql.query<{ valid: boolean }>(
    'SELECT i.indisvalid AND i.indisready AS valid FROM pg_index i WHERE i.indexrelid = to_regclass($1)', [quoteIdent(index)]);
  return !row ? 'missing' : row.valid ? 'valid' : 'invalid';
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * One CONCURRENTLY step, outside any transaction, recorded only once it took
 * effect. A build that failed or was cancelled leaves an invalid index, which
 * IF NOT EXISTS would take for done: it is dropped first and built again.
 */
async function applyConcurrently(session: SqlClient, m: MigrationFile, log: MigrateOptions['log']): Promise<void> {
  const step = m.concurrent!;
  const [{ startedAt }] = await session.query<{ startedAt: Date }>('SELECT now() AS "startedAt"');
  try {
    if (step.action === 'create' && await indexState(session, step.index) === 'invalid') {
      log?.warn({ migration: m.name, index: step.index }, 'dropping the invalid index an interrupted build left, to build it again');
      await session.exec(`DROP INDEX CONCURRENTLY IF EXISTS ${quoteIdent(step.index)}`);
    }
    log?.info({ migration: m.name, index: step.index }, step.action === 'create'
      ? 'building an index concurrently (writes go on meanwhile)' : 'dropping an index concurrently');
    await session.exec(m.sql);
    const state = await indexState(session, step.index);
    if (state !== (step.action === 'create' ? 'valid' : 'missing')) throw new Error(`index ${step.index} is ${state} after the statement`);
  } catch (err) {
    throw failed(m, err);
  }
  await session.transaction(async (tx) => {
    await tx.query(RESOLVE_FAILED, [m.name]);
    await tx.query(RECORD, [randomUUID(), m.checksum, m.name, startedAt]);
  });
}

/**
 * Holds Prisma's migration lock on this session (not in a transaction) while
 * fn runs. It is tried, not waited for: a session blocked in
 * pg_advisory_lock() holds a snapshot, and a concurrent index build waits for
 * every older snapshot, so the build would wait for the waiter and the waiter
 * for the build's lock (Postgres then kills one of them as a deadlock).
 */
async function withMigrationLock<T>(session: SqlClient, options: MigrateOptions, fn: () => Promise<T>): Promise<T> {
  for (let told = false; ; told = true) {
    const [row] = await session.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [PRISMA_MIGRATE_LOCK]);
    if (row?.ok) break;
    if (!told) options.log?.info('another instance is applying migrations: waiting for it');
    await new Promise((resolve) => setTimeout(resolve, options.lockPollMs ?? 500));
  }
  try {
    return await fn();
  } finally {
    // A lost connection has released it already.
    await session.query('SELECT pg_advisory_unlock($1)', [PRISMA_MIGRATE_LOCK]).catch(() => undefined);
  }
}

/** Per PGlite database, the migration run in progress: one process owns it, so runs there take turns in memory. */
const pgliteRuns = new WeakMap<SqlClient, Promise<unknown>>();

function inTurn<T>(sql: SqlClient, fn: () => Promise<T>): Promise<T> {
  const run = (pgliteRuns.get(sql) ?? Promise.resolve()).catch(() => undefined).then(fn);
  pgliteRuns.set(sql, run);
  return run;
}

/**
 * Applies every pending migration in name order under Prisma's advisory lock
 * (several instances starting together apply each migration once; the others
 * wait, then find nothing to do). Consecutive transactional migrations run in
 * one transaction, so a failing one leaves the database as it was before that
 * run; each concurrent index step runs alone between them. Answers the names applied.
 */
export async function migrate(sql: SqlClient, options: MigrateOptions = {}): Promise<string[]> {
  const files = migrationFiles(options.dir);
  const apply = async (session: SqlClient) => {
    await session.exec(CREATE_TABLE);
    const applied = await appliedNames(session);
    const done: string[] = [];
    for (const run of runsOf(files.filter((m) => !applied.has(m.name)))) {
      if (run[0].concurrent) await applyConcurrently(session, run[0], options.log);
      else await applyInTransaction(session, run);
      done.push(...run.map((m) => m.name));
    }
    return done;
  };
  if (sql.kind === 'pglite') return inTurn(sql, () => apply(sql));
  return sql.session((session) => withMigrationLock(session, options, () => apply(session)));
}
