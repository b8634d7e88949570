// The rules a migration file follows for the migrator and for Prisma alike:
// CONCURRENTLY only in a file marked to run outside a transaction, holding that
// one statement; and no plain index build on a table that was there before,
// bar the few migrations that lock that table for their whole run anyway.
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrationFiles, MIGRATIONS_DIR, NO_TRANSACTION_MARKER, sqlStatements } from '../../src/db/migration-files';

const files = () => migrationFiles().map((m) => ({ name: m.name, text: readFileSync(path.join(MIGRATIONS_DIR, m.name, 'migration.sql'), 'utf8') }));

/**
 * Transactional migrations that build an index on a table an earlier migration
 * created, and why that is no worse than the rest of the migration.
 */
const PLAIN_BUILDS_ON_EXISTING_TABLES: Record<string, string> = {
  '20261122020000_trend_position': 'fc_follower_gain and lens_follower_gain: analytics tables only the refresh writes',
  '20261124010000_lens_act_key': 'rewrites every lens_act row and its primary key in the same transaction',
  '20261128060000_handle_search_names': 'rewrites every fc_profile_counts row and puts triggers on it in the same transaction',
};

describe('migration files', () => {
  it('when a migration uses CONCURRENTLY, then its first line marks it no-transaction and it holds that one index statement, with IF [NOT] EXISTS', () => {
    const wrong = files().flatMap(({ name, text }) => {
      const statements = sqlStatements(text);
      const concurrent = statements.some((s) => /\bCONCURRENTLY\b/i.test(s));
      const marked = text.startsWith(`${NO_TRANSACTION_MARKER}\n`);
      if (concurrent !== marked) return [`${name}: ${marked ? 'marked, without CONCURRENTLY' : 'CONCURRENTLY, not marked'}`];
      const one = /^(CREATE (UNIQUE )?INDEX CONCURRENTLY IF NOT EXISTS|DROP INDEX CONCURRENTLY IF EXISTS) /;
      if (marked && (statements.length !== 1 || !one.test(statements[0].replace(/\s+/g, ' ')))) return [`${name}: ${statements.length} statements`];
      return [];
    });
    expect(wrong).toEqual([]);
    expect(files().some(({ text }) => text.startsWith(NO_TRANSACTION_MARKER))).toBe(true);
  });

  it('when a transactional migration builds an index on a table an earlier migration created, then it is one that holds that table for its whole run anyway', () => {
    const created = new Set<string>();
    const plain: string[] = [];
    for (const { name, text } of files()) {
      const statements = sqlStatements(text);
      const own = new Set(statements.flatMap((s) => /^CREATE TABLE (?:IF NOT EXISTS )?"?(\w+)"?/i.exec(s)?.[1] ?? []));
      if (!text.startsWith(NO_TRANSACTION_MARKER)) {
        const tables = statements.flatMap((s) => /^CREATE (?:UNIQUE )?INDEX (?:IF NOT EXISTS )?"?\w+"? ON (?:ONLY )?"?(\w+)"?/i.exec(s.replace(/\s+/g, ' '))?.[1] ?? []);
        if (tables.some((tbl) => created.has(tbl) && !own.has(tbl))) plain.push(name);
      }
      for (const tbl of own) created.add(tbl);
    }
    expect(plain).toEqual(Object.keys(PLAIN_BUILDS_ON_EXISTING_TABLES));
  });

  describe('a migration that breaks the rules', () => {
    let dir: string;
    beforeEach(() => { dir = mkdtempSync(path.join(tmpdir(), 'migration-files-')); });
    afterEach(() => { rmSync(dir, { recursive: true, force: true }); });
    const read = (sql: string) => {
      mkdirSync(path.join(dir, '01_index'));
      writeFileSync(path.join(dir, '01_index', 'migration.sql'), sql);
      return () => migrationFiles(dir);
    };

    it('when CONCURRENTLY is in a migration without the marker, then reading the migrations fails naming it', () => {
      expect(read('CREATE INDEX CONCURRENTLY IF NOT EXISTS "a_idx" ON "a" ("x");')).toThrow(/^migration 01_index uses CONCURRENTLY/);
    });

    it('when a marked migration holds a second statement, then reading the migrations fails naming it', () => {
      expect(read(`${NO_TRANSACTION_MARKER}\nCREATE INDEX CONCURRENTLY IF NOT EXISTS "a_idx" ON "a" ("x");\nANALYZE "a";\n`))
        .toThrow(/^migration 01_index is marked .* must hold one statement/);
    });

    it('when a marked migration builds without IF NOT EXISTS, then reading the migrations fails (a rerun after a build that finished unrecorded would fail)', () => {
      expect(read(`${NO_TRANSACTION_MARKER}\nCREATE INDEX CONCURRENTLY "a_idx" ON "a" ("x");\n`)).toThrow(/^migration 01_index is marked/);
    });

    it('when a marked migration holds something else than an index statement, then reading the migrations fails', () => {
      expect(read(`${NO_TRANSACTION_MARKER}\nVACUUM "a";\n`)).toThrow(/^migration 01_index is marked/);
    });

    it('when a marked migration holds comments and one index statement, then it reads as that step, the index named as Postgres stores it', () => {
      const [m] = read(`${NO_TRANSACTION_MARKER}\n-- why; in words\nCREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "A_idx" ON a (x) WHERE y = ';';\n`)();
      expect(m.concurrent).toEqual({ action: 'create', index: 'A_idx' });
    });
  });

  it('when a script has comments, quoted text and dollar-quoted bodies, then it splits only at its own semicolons', () => {
    const script = `-- a; comment\nCREATE FUNCTION f() RETURNS int LANGUAGE sql AS $$ SELECT 1; $$;\n/* b; */ SELECT 'x;y', "c;d" FROM t;\n\n`;
    expect(sqlStatements(script)).toEqual(['CREATE FUNCTION f() RETURNS int LANGUAGE sql AS $$ SELECT 1; $$', `SELECT 'x;y', "c;d" FROM t`]);
  });
});
