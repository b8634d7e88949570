// Request reads on Postgres go to the request pool directly instead of through
// Prisma's raw query: its per-statement work (the query engine's argument and
// result conversion, the adapter's) is a sizeable share of the CPU of an answer
// read from the answer cache, whose one statement is the protocol_state read
// (docs/performance.md#request-path: direct reads).
// Rows come back as Prisma's $queryRawUnsafe returned them, so repositories see
// the same values on both paths (PGlite still reads through Prisma): int8 as
// BigInt, date and timestamp without time zone as UTC Dates, and the rest as
// pg parses them (numbers, booleans, text, arrays, parsed JSON, timestamptz as
// Dates). The repositories send numerics as text already.
import { types, type Pool, type QueryConfig, type QueryResult } from 'pg';

const INT8 = 20;
const DATE = 1082;
const TIMESTAMP = 1114;

const PARSERS: Partial<Record<number, (value: string) => unknown>> = {
  [INT8]: (v) => BigInt(v),
  [DATE]: (v) => new Date(`${v}T00:00:00.000Z`),
  [TIMESTAMP]: (v) => new Date(`${v.replace(' ', 'T')}Z`),
};

const READ_TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    (format ?? 'text') === 'text' && PARSERS[oid] ? PARSERS[oid] : types.getTypeParser(oid, format) as (value: string) => unknown) as typeof types.getTypeParser,
};

/** `text` with positional parameters on `pool` (a GuardedPool: bounded, cancellable), rows typed as Prisma's raw queries type them. */
export async function directRead<T>(pool: Pool, text: string, params: unknown[]): Promise<T[]> {
  const config: QueryConfig = { text, values: params, types: READ_TYPES };
  const result: QueryResult = await pool.query(config);
  return result.rows as T[];
}
