// The hand-written migrations and schema.prisma must describe the same
// database: every model, column, type, nullability, default and index.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expectedTables } from '../../src/db/schema-model';
import { migrate, migrationFiles } from '../../src/db/migrate';
import { printSchemaFile } from '../../src/graphql/print-schema';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase(); });
afterAll(async () => { await t.close(); });

const COLUMNS_SQL = `
  SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type,
         NOT a.attnotnull AS nullable, pg_get_expr(d.adbin, d.adrelid) AS "default"
  FROM pg_attribute a
  JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
  LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
  WHERE n.nspname = current_schema() AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
    AND c.relname <> '_prisma_migrations'`;

// Indexes Prisma can express are compared by their key columns; those it
// cannot (expressions, INCLUDE, WHERE) are declared in schema.prisma as
// `/// @rawIndex <statement>` lines on their model (src/db/schema-model.ts) and
// compared whole with pg_get_indexdef(), less the schema it qualifies the table with.
const INDEXES_SQL = `
  SELECT t.relname AS table, i.relname AS name, ix.indisunique AS unique, ix.indisprimary AS primary,
         replace(pg_get_indexdef(ix.indexrelid), ' ON ' || quote_ident(n.nspname) || '.', ' ON ') AS definition,
         array(SELECT a.attname::text FROM unnest(ix.indkey) WITH ORDINALITY k(attnum, ord)
               JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.ord) AS columns
  FROM pg_index ix JOIN pg_class t ON t.oid = ix.indrelid JOIN pg_class i ON i.oid = ix.indexrelid
  JOIN pg_namespace n ON n.oid = t.relnamespace
  WHERE n.nspname = current_schema() AND t.relname <> '_prisma_migrations'`;

describe('schema drift', () => {
  it('when migrated, then every table and column matches schema.prisma (type, nullability, default)', async () => {
    const expected = expectedTables().flatMap((tbl) => tbl.columns.map((c) => ({
      table: tbl.name, column: c.name, type: c.catalogType, nullable: c.nullable, hasDefault: c.defaultSql !== null || c.sqlType.includes('SERIAL'),
    })));
    const actual = (await t.db.sql.query<{ table: string; column: string; type: string; nullable: boolean; default: string | null }>(COLUMNS_SQL))
      .map((r) => ({ table: r.table, column: r.column, type: r.type, nullable: r.nullable, hasDefault: r.default !== null }));
    const key = (r: { table: string; column: string }) => `${r.table}.${r.column}`;
    expect(actual.sort((a, b) => key(a).localeCompare(key(b)))).toEqual(expected.sort((a, b) => key(a).localeCompare(key(b))));
  });

  it('when migrated, then every index and primary key matches schema.prisma', async () => {
    const tables = expectedTables();
    const raw = new Set(tables.flatMap((tbl) => tbl.rawIndexes.map((i) => i.name)));
    const expected = tables.flatMap((tbl) => tbl.indexes.map((i) => ({ table: tbl.name, name: i.name, unique: i.unique, primary: i.primary, columns: i.columns })));
    const all = await t.db.sql.query<{ table: string; name: string; unique: boolean; primary: boolean; columns: string[]; definition: string }>(INDEXES_SQL);
    const actual = all.filter((r) => !raw.has(r.name)).map((r) => ({ table: r.table, name: r.name, unique: r.unique, primary: r.primary, columns: r.columns }));
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    expect(actual.sort(byName)).toEqual(expected.sort(byName));
    const expectedRaw = tables.flatMap((tbl) => tbl.rawIndexes.map((i) => ({ table: tbl.name, name: i.name, definition: i.definition })));
    const actualRaw = all.filter((r) => raw.has(r.name)).map((r) => ({ table: r.table, name: r.name, definition: r.definition }));
    expect(actualRaw.sort(byName)).toEqual(expectedRaw.sort(byName));
  });

  it('when migrated, then _prisma_migrations records each migration with the checksum prisma migrate deploy expects', async () => {
    const rows = await t.db.sql.query<{ migration_name: string; checksum: string; finished_at: Date | null; applied_steps_count: number }>(
      'SELECT migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name');
    const files = migrationFiles();
    expect(rows.map((r) => [r.migration_name, r.checksum])).toEqual(files.map((f) => [f.name, f.checksum]));
    expect(rows.every((r) => r.finished_at !== null && r.applied_steps_count === 1)).toBe(true);
    expect(await migrate(t.db.sql)).toEqual([]);
  });

  it('when the resolvers change, then the committed schema/schema.graphql is regenerated (npm run schema:emit)', () => {
    const committed = readFileSync(path.join(__dirname, '..', '..', 'schema', 'schema.graphql'), 'utf8');
    expect(committed).toBe(printSchemaFile());
  });
});
