// Once every table is in: work that depends on several tables, whatever order they
// came in (within this run or across runs), then the protocols' as-of times.
import type { SqlClient } from '../db/sql-client';
import { asOfSql, PROTOCOLS } from '../domain/protocols';
import { refillCollectUsd } from './collect-usd';

/** `touched` holds the target tables that received rows in this run. */
export async function finishImport(sql: SqlClient, touched: ReadonlySet<string>): Promise<void> {
  if (touched.has('lens_publication') || touched.has('lens_act')) {
    // Acts merged before their publication: the collected profile is its author.
    await sql.exec(`UPDATE lens_act a SET collected_profile_id = p.profile_id FROM lens_publication p
      WHERE p.publication_id = a.publication_id AND a.collected_profile_id <> p.profile_id`);
  }
  if (touched.has('token_price') || touched.has('token') || touched.has('lens_act')) await refillCollectUsd(sql);
  // Fresh planner statistics for what changed: without them (autovacuum may be off or
  // late after a bulk load) the refresh's joins were planned for 17k rows instead of millions.
  for (const table of [...touched].sort()) await sql.exec(`ANALYZE "${table}"`);
  for (const p of Object.values(PROTOCOLS)) {
    await sql.query(
      `INSERT INTO protocol_state (protocol, as_of, refreshed_at) VALUES ($1, ${asOfSql(p)}, now())
       ON CONFLICT (protocol) DO UPDATE SET as_of = EXCLUDED.as_of, refreshed_at = EXCLUDED.refreshed_at`, [p.name]);
  }
}
