// Prints CREATE TABLE/INDEX SQL for the named tables (or all) from schema.prisma,
// as a starting point for a hand-written migration (prisma migrate cannot run offline).
// Usage: npx tsx scripts/draft-migration.ts [table ...]
import { createTableSql, expectedTables } from '../src/db/schema-model';

const wanted = new Set(process.argv.slice(2));
for (const t of expectedTables()) if (!wanted.size || wanted.has(t.name)) process.stdout.write(createTableSql(t) + '\n');
