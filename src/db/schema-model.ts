// What schema.prisma says the database must contain, read from Prisma's own
// DMMF (the WASM schema parser, no engine binary needed). The drift test
// compares this with the migrated database; scripts/draft-migration.ts turns it
// into CREATE statements when a new table is added.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../project-root';

export interface ExpectedColumn {
  name: string;
  /** Postgres type as written in DDL, e.g. `TIMESTAMPTZ(3)`, `TEXT[]`. */
  sqlType: string;
  /** As Postgres' format_type() prints it, e.g. `timestamp(3) with time zone`, `text[]`. */
  catalogType: string;
  /** Prisma writes scalar lists without NOT NULL, so they are nullable here too. */
  nullable: boolean;
  defaultSql: string | null;
}
export interface ExpectedIndex { name: string; columns: string[]; unique: boolean; primary: boolean }
/**
 * An index Prisma cannot express (an expression, INCLUDE columns, a WHERE
 * clause), declared in the model's doc comment as a line
 * `@rawIndex <statement>`, the statement exactly as Postgres'
 * pg_get_indexdef() prints it, less the table's schema.
 */
export interface RawIndex { name: string; definition: string }
export interface ExpectedTable { name: string; columns: ExpectedColumn[]; indexes: ExpectedIndex[]; rawIndexes: RawIndex[] }

interface DmmfField {
  name: string; kind: string; isList: boolean; isRequired: boolean; type: string;
  nativeType: [string, string[]] | null; hasDefaultValue: boolean; default?: unknown; dbName?: string | null;
}
interface DmmfModel { name: string; dbName: string | null; fields: DmmfField[]; documentation?: string }
interface DmmfIndex { model: string; type: 'id' | 'unique' | 'normal' | 'fulltext'; fields: { name: string }[]; dbName?: string | null }

export const SCHEMA_PATH = path.join(projectRoot(), 'prisma', 'schema.prisma');

function loadDmmf(schemaPath: string): { models: DmmfModel[]; indexes: DmmfIndex[] } {
  // Dev dependency: only the drift test and the draft script need it.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const wasm = require('@prisma/prisma-schema-wasm') as { get_dmmf(params: string): string };
  const text = readFileSync(schemaPath, 'utf8');
  const dmmf = JSON.parse(wasm.get_dmmf(JSON.stringify({ prismaSchema: [['schema.prisma', text]] }))) as { datamodel: { models: DmmfModel[]; indexes: DmmfIndex[] } };
  return dmmf.datamodel;
}

// [DDL as Prisma writes it, the same type as Postgres' format_type() prints it]
const SCALAR_TYPES: Record<string, [string, string]> = {
  String: ['TEXT', 'text'], Int: ['INTEGER', 'integer'], BigInt: ['BIGINT', 'bigint'],
  Float: ['DOUBLE PRECISION', 'double precision'], Boolean: ['BOOLEAN', 'boolean'],
  DateTime: ['TIMESTAMP(3)', 'timestamp(3) without time zone'], Json: ['JSONB', 'jsonb'],
  Decimal: ['DECIMAL(65,30)', 'numeric(65,30)'], Bytes: ['BYTEA', 'bytea'],
};
const NATIVE_TYPES: Record<string, (args: string[]) => [string, string]> = {
  Timestamptz: (a) => [`TIMESTAMPTZ(${a[0] ?? 6})`, `timestamp(${a[0] ?? 6}) with time zone`],
  Timestamp: (a) => [`TIMESTAMP(${a[0] ?? 6})`, `timestamp(${a[0] ?? 6}) without time zone`],
  Date: () => ['DATE', 'date'],
  Uuid: () => ['UUID', 'uuid'],
  SmallInt: () => ['SMALLINT', 'smallint'],
  Real: () => ['REAL', 'real'],
  Decimal: (a) => (a.length ? [`DECIMAL(${a.join(',')})`, `numeric(${a.join(',')})`] : ['DECIMAL', 'numeric']),
};

const literal = (v: unknown) => (typeof v === 'string' ? `'${v.replace(/'/g, "''")}'` : String(v));

function columnOf(f: DmmfField): ExpectedColumn {
  const native = f.nativeType ? NATIVE_TYPES[f.nativeType[0]] : undefined;
  if (f.nativeType && !native) throw new Error(`no SQL type for @db.${f.nativeType[0]} (add it to NATIVE_TYPES)`);
  const types = native ? native(f.nativeType![1]) : SCALAR_TYPES[f.type];
  if (!types) throw new Error(`no SQL type for ${f.type} (add it to SCALAR_TYPES)`);
  let [sqlType, catalogType] = types;
  if (f.isList) { sqlType += '[]'; catalogType += '[]'; }
  let defaultSql: string | null = null;
  const d = f.default as { name?: string } | string | number | boolean | undefined;
  if (typeof d === 'object' && d?.name === 'now') defaultSql = 'CURRENT_TIMESTAMP';
  else if (typeof d === 'object' && d?.name === 'autoincrement') { sqlType = f.type === 'BigInt' ? 'BIGSERIAL' : 'SERIAL'; defaultSql = null; }
  else if (typeof d === 'string') defaultSql = literal(d);
  else if (typeof d === 'number' || typeof d === 'boolean') defaultSql = String(d);
  // A list's `@default([…])`, as Prisma writes it.
  else if (Array.isArray(d) && f.isList) defaultSql = `ARRAY[${d.map(literal).join(', ')}]::${sqlType}`;
  return { name: f.dbName ?? f.name, sqlType, catalogType, nullable: !f.isRequired || f.isList, defaultSql };
}

export function expectedTables(schemaPath = SCHEMA_PATH): ExpectedTable[] {
  const dm = loadDmmf(schemaPath);
  return dm.models.map((m) => {
    const table = m.dbName ?? m.name;
    const cols = m.fields.filter((f) => f.kind === 'scalar' || f.kind === 'enum');
    const colName = (field: string) => cols.find((c) => c.name === field)?.dbName ?? field;
    const indexes = dm.indexes.filter((i) => i.model === m.name).map((i): ExpectedIndex => {
      const columns = i.fields.map((x) => colName(x.name));
      const suffix = i.type === 'id' ? 'pkey' : i.type === 'unique' ? 'key' : 'idx';
      const name = i.dbName ?? (i.type === 'id' ? `${table}_pkey` : `${table}_${columns.join('_')}_${suffix}`);
      return { name, columns, unique: i.type !== 'normal', primary: i.type === 'id' };
    });
    return { name: table, columns: cols.map(columnOf), indexes, rawIndexes: rawIndexesOf(m, table) };
  });
}

const RAW_INDEX = /^@rawIndex\s+(CREATE (?:UNIQUE )?INDEX (\S+) ON (\S+) USING .+)$/;

function rawIndexesOf(m: DmmfModel, table: string): RawIndex[] {
  return (m.documentation ?? '').split('\n').map((l) => l.trim()).filter((l) => l.startsWith('@rawIndex')).map((line) => {
    const match = RAW_INDEX.exec(line);
    if (!match) throw new Error(`${m.name}: a @rawIndex line is CREATE [UNIQUE] INDEX <name> ON <table> USING …: ${line}`);
    if (match[3] !== table) throw new Error(`${m.name}: @rawIndex ${match[2]} is on ${match[3]}, not ${table}`);
    return { name: match[2], definition: match[1] };
  });
}

/** CREATE statements in the layout `prisma migrate diff` writes. */
export function createTableSql(t: ExpectedTable): string {
  const cols = t.columns.map((c) => `    "${c.name}" ${c.sqlType}${c.nullable ? '' : ' NOT NULL'}${c.defaultSql ? ` DEFAULT ${c.defaultSql}` : ''},`);
  const pk = t.indexes.find((i) => i.primary);
  const body = [...cols, '', pk ? `    CONSTRAINT "${pk.name}" PRIMARY KEY (${pk.columns.map((c) => `"${c}"`).join(', ')})` : ''];
  const idx = t.indexes.filter((i) => !i.primary).map((i) =>
    `-- CreateIndex\nCREATE ${i.unique ? 'UNIQUE ' : ''}INDEX "${i.name}" ON "${t.name}"(${i.columns.map((c) => `"${c}"`).join(', ')});\n`);
  const raw = t.rawIndexes.map((i) => `-- CreateIndex\n${i.definition};\n`);
  return [`-- CreateTable\nCREATE TABLE "${t.name}" (\n${body.join('\n')}\n);\n`, ...idx, ...raw].join('\n');
}
