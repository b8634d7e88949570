// Once every table is in: work that depends on several tables, whatever order they
// came in (within this run or across runs), then the protocols' as-of times. What it
// finds wrong with the collects goes into the act tables' reports.
import type { SqlClient } from '../db/sql-client';
import { PROTOCOLS } from '../domain/protocols';
import { asOfSql, BUMP_DATA_VERSION_SQL } from '../repositories/protocols.sql';
import { LENS_COUNTS_STALE, markFarcasterLiveStale, MATCHED_FOLLOWERS_RECOUNT, setImportMark } from '../repositories/live-state.repository';
import { lockCollectCategories, rebuildCollectCategories } from '../repositories/collect-categories.sql';
import { rebuildCollectCreators } from '../repositories/collect-creators.sql';
import { collectWarnings, resolveCollects } from './collect-usd';

/** Tables whose rows decide a collect's currency and USD amount. */
const PRICE_INPUTS = ['lens_act', 'token_price', 'token', 'lens_action_module'];
/** Tables whose rows decide which collects count, to whom, and for how much. */
const COLLECT_INPUTS = [...PRICE_INPUTS, 'lens_publication'];
/** The tables whose rows the matched-follower counts multiply (the follows, and the verifications and profiles that make the pairs). */
const MATCHED_FOLLOWER_INPUTS = ['fc_link', 'lens_follow', 'fc_verification', 'lens_profile'];
/** The tables Lens's counters count (LENS_PROFILE_COUNTERS in src/repositories/live-counters.ts). */
const LENS_COUNT_INPUTS = ['lens_follow', 'lens_publication', 'lens_reaction', 'lens_act'];

/**
 * Fresh planner statistics for tables a bulk load changed. Without them (autovacuum
 * may be off, or still busy elsewhere, after a bulk load) later statements plan for
 * the table's old size: the refresh's joins were planned for a small table that
 * had grown by orders of magnitude, and a chunk of Lens profiles could stall in the
 * cross-match trigger's join with Farcaster verifications that nothing had analyzed
 * yet (docs/performance.md#import).
 */
export async function analyzeTables(sql: SqlClient, tables: Iterable<string>): Promise<void> {
  for (const table of tables) await sql.exec(`ANALYZE "${table}"`);
}

/**
 * `touched` holds the target tables that received rows in this run, each analyzed
 * once its rows were in (analyzeTables). Answers the collects' warnings when acts
 * came in (else none).
 */
export async function finishImport(sql: SqlClient, touched: ReadonlySet<string>): Promise<Record<string, number>> {
  const acts = touched.has('lens_act');
  // The collects as answered, and their sums per category, change together in one transaction.
  if (COLLECT_INPUTS.some((t) => touched.has(t))) {
    await sql.transaction(async (tx) => {
      await lockCollectCategories(tx);
      if (touched.has('lens_publication') || acts) {
        // Acts merged before their publication (a Lens Chain act with no author yet, too): the collected profile is its author.
        await tx.exec(`UPDATE lens_act a SET collected_profile_id = p.profile_id FROM lens_publication p
          WHERE p.publication_id = a.publication_id AND a.collected_profile_id <> p.profile_id`);
      }
      // New collects, and older ones whose module, token or price came in now.
      if (PRICE_INPUTS.some((t) => touched.has(t))) await resolveCollects(tx);
      await rebuildCollectCategories(tx);
      await rebuildCollectCreators(tx);
    });
  }
  if (touched.has('lens_handle_name') || touched.has('lens_handle_link')) await deriveHandles(sql);
  const warnings = acts ? await collectWarnings(sql) : {};
  // The tables written above; each imported table was analyzed as soon as it was loaded.
  await analyzeTables(sql, [
    ...(COLLECT_INPUTS.some((t) => touched.has(t)) ? ['lens_act', 'lens_collect_category_month', 'lens_collect_creator'] : []),
    ...(touched.has('lens_handle_name') || touched.has('lens_handle_link') ? ['lens_handle'] : []),
  ]);
  // Bulk writes bypass the live sync's per-event counting: the next refresh rebuilds them.
  if ([...touched].some((t) => t.startsWith('fc_'))) await markFarcasterLiveStale(sql);
  // The matched-follower counts are kept by triggers; a live writer beside the import could race them (the refresh recounts).
  if (MATCHED_FOLLOWER_INPUTS.some((t) => touched.has(t))) await setImportMark(sql, MATCHED_FOLLOWERS_RECOUNT);
  // Lens's counters are the last refresh's: until the next one counts the new rows, readers count them.
  if (LENS_COUNT_INPUTS.some((t) => touched.has(t))) await setImportMark(sql, LENS_COUNTS_STALE);
  for (const p of Object.values(PROTOCOLS)) {
    // as_of only moves forward: a live sync may stand past the newest imported row.
    await sql.query(
      `INSERT INTO protocol_state (protocol, as_of, refreshed_at) VALUES ($1, ${asOfSql(p)}, now())
       ON CONFLICT (protocol) DO UPDATE SET as_of = GREATEST(protocol_state.as_of, EXCLUDED.as_of), refreshed_at = EXCLUDED.refreshed_at`, [p.name]);
  }
  // Answers cached while the import ran (or before it) no longer match.
  await sql.query(BUMP_DATA_VERSION_SQL);
  return warnings;
}

/**
 * A profile's handle: the one namespace_handle names with its profile, else the
 * newest one namespace_handle_link links to it.
 */
async function deriveHandles(sql: SqlClient): Promise<void> {
  await sql.exec(`INSERT INTO lens_handle AS t (profile_id, local_name)
    SELECT DISTINCT ON (1) coalesce(n.profile_id, l.profile_id), n.local_name
    FROM lens_handle_name n LEFT JOIN lens_handle_link l ON n.profile_id IS NULL AND l.handle_id = n.handle_id
    WHERE coalesce(n.profile_id, l.profile_id) IS NOT NULL
    ORDER BY 1, n.profile_id IS NULL, l."timestamp" DESC NULLS LAST, n.handle_id
    ON CONFLICT (profile_id) DO UPDATE SET local_name = EXCLUDED.local_name WHERE t.local_name IS DISTINCT FROM EXCLUDED.local_name`);
}
