// Once every table is in: work that depends on several tables, whatever order they
// came in (within this run or across runs), then the protocols' as-of times.
import type { SqlClient } from '../db/sql-client';
import { refillCollectUsd } from './collect-usd';

/**
 * The newest event of each protocol (the time its analytics are "as of"): creations
 * and deletions of follows, casts/publications, reactions and verifications/acts.
 */
const EVENT_TIMES: Record<'farcaster' | 'lens', Record<string, string[]>> = {
  farcaster: {
    fc_link: ['"timestamp"', 'deleted_at'], fc_cast: ['"timestamp"', 'deleted_at'],
    fc_reaction: ['"timestamp"', 'deleted_at'], fc_verification: ['"timestamp"', 'deleted_at'],
  },
  lens: {
    lens_follow: ['"timestamp"', 'deleted_at'], lens_publication: ['"timestamp"'],
    lens_reaction: ['action_at'], lens_act: ['"timestamp"'],
  },
};

/** One scan per table. */
const newest = ([table, columns]: [string, string[]]) => `(SELECT GREATEST(${columns.map((c) => `max(${c})`).join(', ')}) FROM ${table})`;

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
  for (const [protocol, tables] of Object.entries(EVENT_TIMES)) {
    const asOf = `GREATEST(${Object.entries(tables).map(newest).join(', ')})`;
    await sql.query(
      `INSERT INTO protocol_state (protocol, as_of, refreshed_at) VALUES ($1, ${asOf}, now())
       ON CONFLICT (protocol) DO UPDATE SET as_of = EXCLUDED.as_of, refreshed_at = EXCLUDED.refreshed_at`, [protocol]);
  }
}
