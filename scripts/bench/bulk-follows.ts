// Loads a generated dataset's follow files (farcaster/links.csv, lens/profile_follower.csv)
// into a benchmark database with server-side COPY, building the tables' indexes
// after the rows are in, then does what the importer's finish does for them.
//
//   tsx scripts/bench/bulk-follows.ts --database sga_bench_network --dir /work/sga-network-data/network
//
// Why: at the network scale the follows (180 per user on both protocols) are
// most of the rows, and the importer, which checks and merges every row, would
// spend most of the run on them (docs/performance.md#import). The rest of such
// a dataset goes through the importer; this puts the
// follow graph in place so that the refresh and the API can be measured at the
// network's size. It is a benchmark tool, not an import path: it trusts the
// generator's files (no bad rows, no duplicate keys, canonical Lens ids) and
// needs the database server to read them (same machine, superuser).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Database } from '../../src/db/database';
import { analyzeTables, finishImport } from '../../src/importer/finalize';
import { databaseUrl, log } from './bench-db';

const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

interface FollowTable {
  file: string;
  target: string;
  raw: string;
  /** The target's rows from the raw table (same filtering and mapping as the importer's spec). */
  select: string;
  primaryKey: string;
}

// The Lens id as canonicalLensId writes it: lower case, no leading zeros, an even number of digits.
const lensId = (c: string) => `(SELECT '0x' || CASE WHEN length(d) % 2 = 1 THEN '0' || d ELSE d END
  FROM (SELECT coalesce(nullif(ltrim(lower(regexp_replace(${c}, '^0x', '')), '0'), ''), '0') AS d) x)`;

const TABLES: FollowTable[] = [
  {
    file: 'farcaster/links.csv', target: 'fc_link',
    raw: '(fid int, target_fid int, type text, "timestamp" timestamptz, deleted_at timestamptz)',
    select: `SELECT fid, target_fid, "timestamp", deleted_at FROM raw WHERE type IS NULL OR lower(type) = 'follow'`,
    primaryKey: 'fid, target_fid',
  },
  {
    file: 'lens/profile_follower.csv', target: 'lens_follow',
    raw: '(profile_id text, profile_follower_id text, block_timestamp timestamptz, deleted_at timestamptz)',
    select: `SELECT ${lensId('profile_id')}, ${lensId('profile_follower_id')}, block_timestamp, deleted_at FROM raw`,
    primaryKey: 'profile_id, follower_profile_id',
  },
];

async function load(db: Database, dir: string, t: FollowTable): Promise<void> {
  const started = performance.now();
  const indexes = await db.sql.query<{ name: string; def: string }>(
    `SELECT indexname AS name, indexdef AS def FROM pg_indexes WHERE tablename = $1 AND indexname <> $2`, [t.target, `${t.target}_pkey`]);
  await db.sql.transaction(async (tx) => {
    await tx.exec(`SET LOCAL maintenance_work_mem = '1GB'`);
    await tx.exec(`CREATE TEMP TABLE raw ${t.raw} ON COMMIT DROP`);
    await tx.exec(`COPY raw FROM '${path.join(dir, t.file).replace(/'/g, "''")}' WITH (FORMAT csv, HEADER true)`);
    log(`${t.file}: copied in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    for (const i of indexes) await tx.exec(`DROP INDEX "${i.name}"`);
    await tx.exec(`ALTER TABLE ${t.target} DROP CONSTRAINT ${t.target}_pkey`);
    // The matched-follower trigger would hold every row in its transition table; the refresh after
    // this recounts them instead (finishImport marks them).
    await tx.exec(`ALTER TABLE ${t.target} DISABLE TRIGGER matched_followers_${t.target}_insert`);
    const [{ n }] = await tx.query<{ n: number }>(`WITH ins AS (INSERT INTO ${t.target} ${t.select} RETURNING 1) SELECT count(*)::float8 AS n FROM ins`);
    await tx.exec(`ALTER TABLE ${t.target} ENABLE TRIGGER matched_followers_${t.target}_insert`);
    log(`${t.file}: ${n} rows in ${t.target} after ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await tx.exec(`ALTER TABLE ${t.target} ADD CONSTRAINT ${t.target}_pkey PRIMARY KEY (${t.primaryKey})`);
    for (const i of indexes) await tx.exec(i.def);
  });
  log(`${t.file}: done with indexes in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function main() {
  const { values } = parseArgs({ args: process.argv.slice(2), strict: true, options: { database: { type: 'string' }, dir: { type: 'string' } } });
  if (!values.database || !values.dir) throw new Error('usage: bulk-follows.ts --database NAME --dir DATASET_DIR');
  const db = Database.open({ databaseUrl: databaseUrl(SERVER, values.database), dataDir: '' });
  try {
    for (const t of TABLES) await load(db, path.resolve(values.dir), t);
    await analyzeTables(db.sql, TABLES.map((t) => t.target));
    await finishImport(db.sql, new Set(TABLES.map((t) => t.target)));
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
  process.exit(1);
});
