// Applies prisma/migrations/*/migration.sql in name order and records them in
// `_prisma_migrations` exactly as `prisma migrate deploy` does (same table,
// SHA-256 checksums), so either tool can take over from the other.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../project-root';
import type { SqlClient } from './sql-client';

export const MIGRATIONS_DIR = path.join(projectRoot(), 'prisma', 'migrations');
/** The advisory lock id Prisma Migrate takes, so the two never run at once. */
const PRISMA_MIGRATE_LOCK = 72707369;

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

export interface MigrationFile { name: string; sql: string; checksum: string }

export function migrationFiles(dir = MIGRATIONS_DIR): MigrationFile[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(dir, d.name, 'migration.sql')))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
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

/**
 * Applies every pending migration in one transaction under Prisma's advisory
 * lock: several instances starting together apply each migration once, and a
 * failing migration leaves the database as it was.
 */
export async function migrate(sql: SqlClient, dir = MIGRATIONS_DIR): Promise<string[]> {
  return sql.transaction(async (tx) => {
    if (tx.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [PRISMA_MIGRATE_LOCK]);
    await tx.exec(CREATE_TABLE);
    const applied = await appliedNames(tx);
    const done: string[] = [];
    for (const m of migrationFiles(dir)) {
      if (applied.has(m.name)) continue;
      const id = randomUUID();
      await tx.query(`INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())`,
        [id, m.checksum, m.name]);
      try {
        await tx.exec(m.sql);
      } catch (err) {
        throw new Error(`migration ${m.name} failed: ${(err as Error).message}`);
      }
      await tx.query(`UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`, [id]);
      done.push(m.name);
    }
    return done;
  });
}
