// The migrations as files: prisma/migrations/<name>/migration.sql in name
// order, each with the checksum `prisma migrate deploy` records and how it runs.
// Most run in a transaction. One that builds or drops an index on a table the
// service writes while it runs says so on its first line and holds that one
// statement, CONCURRENTLY: Postgres refuses CONCURRENTLY in a transaction
// block, and Prisma runs a file as one script, which with more than one
// statement is a transaction block.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../project-root';

export const MIGRATIONS_DIR = path.join(projectRoot(), 'prisma', 'migrations');

/** The first line of a migration that runs outside a transaction. */
export const NO_TRANSACTION_MARKER = '-- migrate: no-transaction';

/** What a no-transaction migration does: build or drop one index, by its name as Postgres stores it. */
export interface ConcurrentIndexStep { action: 'create' | 'drop'; index: string }

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
  /** Null for a migration that runs in a transaction. */
  concurrent: ConcurrentIndexStep | null;
}

const IDENTIFIER = String.raw`("(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_$]*)`;
// IF [NOT] EXISTS makes a step that already took effect a no-op: a database that
// built the index another way, or a build that finished before its run could record it.
const CREATE = new RegExp(String.raw`^CREATE\s+(?:UNIQUE\s+)?INDEX\s+CONCURRENTLY\s+IF\s+NOT\s+EXISTS\s+${IDENTIFIER}\s+ON\s`, 'i');
const DROP = new RegExp(String.raw`^DROP\s+INDEX\s+CONCURRENTLY\s+IF\s+EXISTS\s+${IDENTIFIER}$`, 'i');

const unquote = (id: string) => (id.startsWith('"') ? id.slice(1, -1).replace(/""/g, '"') : id.toLowerCase());

/**
 * The statements of a script with its comments left out (quoted text and
 * dollar-quoted bodies kept whole, so a `;` or `--` inside them counts for nothing).
 */
export function sqlStatements(script: string): string[] {
  const statements: string[] = [];
  let current = '';
  for (let i = 0; i < script.length;) {
    const rest = script.slice(i);
    if (rest.startsWith('--')) { const end = script.indexOf('\n', i); i = end < 0 ? script.length : end; continue; }
    if (rest.startsWith('/*')) { const end = script.indexOf('*/', i + 2); i = end < 0 ? script.length : end + 2; current += ' '; continue; }
    const quote = /^('|"|\$[A-Za-z_]*\$)/.exec(rest)?.[1];
    if (quote) {
      const end = script.indexOf(quote, i + quote.length);
      const stop = end < 0 ? script.length : end + quote.length;
      current += script.slice(i, stop);
      i = stop;
      continue;
    }
    if (script[i] === ';') { statements.push(current.trim()); current = ''; } else current += script[i];
    i += 1;
  }
  statements.push(current.trim());
  return statements.filter(Boolean);
}

/** How a migration runs; throws when its text and its marker disagree. */
export function concurrentStep(name: string, sql: string): ConcurrentIndexStep | null {
  const marked = sql.split('\n', 1)[0].trimEnd() === NO_TRANSACTION_MARKER;
  const statements = sqlStatements(sql);
  if (!marked) {
    if (statements.some((s) => /\bCONCURRENTLY\b/i.test(s))) {
      throw new Error(`migration ${name} uses CONCURRENTLY, which cannot run in a transaction: `
        + `give that statement a migration of its own whose first line is "${NO_TRANSACTION_MARKER}"`);
    }
    return null;
  }
  const statement = statements.length === 1 ? statements[0].replace(/\s+/g, ' ') : '';
  const create = CREATE.exec(statement);
  const drop = create ? null : DROP.exec(statement);
  if (!create && !drop) {
    throw new Error(`migration ${name} is marked "${NO_TRANSACTION_MARKER}" and so must hold one statement, `
      + 'CREATE [UNIQUE] INDEX CONCURRENTLY IF NOT EXISTS … or DROP INDEX CONCURRENTLY IF EXISTS …');
  }
  return create ? { action: 'create', index: unquote(create[1]) } : { action: 'drop', index: unquote(drop![1]) };
}

export function migrationFiles(dir = MIGRATIONS_DIR): MigrationFile[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(dir, d.name, 'migration.sql')))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex'), concurrent: concurrentStep(name, sql) };
    });
}
