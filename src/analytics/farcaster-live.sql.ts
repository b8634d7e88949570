// Farcaster's live counters (per fid, per cast and per engaging pair) and follower history, rebuilt whole from the base
// tables. The live sync keeps them current event by event (src/sync/live-counts.ts
// evaluates the same descriptions, src/repositories/farcaster-counters.ts, over
// the rows a batch changed); an import writes the base tables in bulk, so the
// refresh after it rebuilds them here.
import type { SqlClient } from '../db/sql-client';
import { FARCASTER, FC_USER_DATA as T } from '../domain/protocols';
import { countersOf, LIVE_COUNT_TABLES, type LiveCountTable, type LiveCounter } from '../repositories/farcaster-counters';
import { clearFarcasterLiveStale, FARCASTER_LIVE_STALE, importMarkValue } from '../repositories/live-state.repository';
import { liveDailySql } from './follow-refresh.sql';

/**
 * Every key's counters of `table`, counted from the rows by their description
 * (farcaster-counters.ts). The counters over the same rows and key are counted
 * in one pass of those rows; a key only gets a row when some counter counts
 * something for it, so no row is all zeros.
 */
function countedSql(table: LiveCountTable): string {
  const { key, columns } = LIVE_COUNT_TABLES[table];
  const passes = new Map<string, LiveCounter[]>();
  for (const c of countersOf(table)) {
    const id = [c.rows.from, c.rows.counts, ...c.key].join('|');
    passes.set(id, [...(passes.get(id) ?? []), c]);
  }
  const parts = [...passes.values()].map((cs) => {
    const { rows, key: keyExprs } = cs[0];
    const which = cs.every((c) => c.where) ? ` AND (${cs.map((c) => c.where).join(' OR ')})` : '';
    const counted = columns.map((column: string) => {
      const of = cs.filter((c) => c.column === column);
      if (!of.length) return `0 AS ${column}`;
      const filter = of.length === cs.length ? '' : ` FILTER (WHERE ${of.map((c) => c.where ?? 'true').join(' OR ')})`;
      return `count(*)${filter}::int AS ${column}`;
    });
    return `SELECT ${keyExprs.map((e, i) => `${e} AS ${key[i]}`).join(', ')}, ${counted.join(', ')}
      FROM ${rows.from} WHERE ${rows.counts}${which} GROUP BY ${keyExprs.map((_, i) => i + 1).join(', ')}`;
  });
  return `SELECT ${key.join(', ')}, ${columns.map((c: string) => `sum(${c})::int AS ${c}`).join(', ')} FROM (
      ${parts.join('\n      UNION ALL ')}
    ) x GROUP BY ${key.join(', ')}`;
}

const { columns: PROFILE_COLUMNS } = LIVE_COUNT_TABLES.fc_profile_counts;

/**
 * Per fid: its counters and its search names (live username and fnames, lower
 * case, as the triggers of fc_user_data and fc_fname keep them).
 */
const COUNTS = `
  INSERT INTO fc_profile_counts (fid, ${PROFILE_COLUMNS.join(', ')}, search_names)
  WITH counted AS (${countedSql('fc_profile_counts')}),
  names AS (
    SELECT fid, array_agg(DISTINCT name ORDER BY name) AS names FROM (
      SELECT fid, lower(value) AS name FROM fc_user_data WHERE type = ${T.username} AND deleted_at IS NULL
      UNION ALL
      SELECT fid, lower(fname) FROM fc_fname WHERE deleted_at IS NULL) n
    GROUP BY fid)
  SELECT c.fid, ${PROFILE_COLUMNS.map((col) => `c.${col}`).join(', ')}, coalesce(nm.names, ARRAY[]::text[])
  FROM counted c LEFT JOIN names nm ON nm.fid = c.fid
  ORDER BY c.fid`;

/** Rebuilds a counter table without names: every key with what it counts, in key order. */
const rebuildSql = (table: 'fc_cast_counts' | 'fc_engagement_pair') => {
  const { key, columns } = LIVE_COUNT_TABLES[table];
  return `
  INSERT INTO ${table} (${[...key, ...columns].join(', ')})
  ${countedSql(table)} ORDER BY ${key.join(', ')}`;
};

/** Per live cast, what others gave it (the same pairs as the profile counters' likes … quotes); none, no row. */
const CAST_COUNTS = rebuildSql('fc_cast_counts');

/** Per author, kind (0 likes, 1 replies, 2 quotes) and actor: the actor's live interactions on the author's live casts. */
const ENGAGEMENT_PAIRS = rebuildSql('fc_engagement_pair');

/**
 * Rebuilds the four tables in one transaction. The lock (SHARE ROW EXCLUSIVE) lets
 * readers go on but makes a live sync's writes wait: a sync transaction that
 * wrote base rows before the lock commits first and is counted here; one that
 * writes after waits and applies its difference to the rebuilt counts.
 */
export async function rebuildFarcasterLive(sql: SqlClient): Promise<void> {
  await sql.transaction(async (tx) => {
    await tx.exec('LOCK TABLE fc_profile_counts, fc_cast_counts, fc_engagement_pair, fc_follower_day IN SHARE ROW EXCLUSIVE MODE');
    // Read before counting: an import that marks the tables while they are rebuilt keeps its mark.
    const seen = await importMarkValue(tx, FARCASTER_LIVE_STALE);
    await tx.exec('DELETE FROM fc_profile_counts');
    await tx.exec(COUNTS);
    await tx.exec('DELETE FROM fc_cast_counts');
    await tx.exec(CAST_COUNTS);
    await tx.exec('DELETE FROM fc_engagement_pair');
    await tx.exec(ENGAGEMENT_PAIRS);
    await tx.exec('DELETE FROM fc_follower_day');
    await tx.exec(liveDailySql(FARCASTER));
    await clearFarcasterLiveStale(tx, seen);
  });
  await sql.exec('ANALYZE fc_profile_counts');
  await sql.exec('ANALYZE fc_cast_counts');
  await sql.exec('ANALYZE fc_engagement_pair');
  await sql.exec('ANALYZE fc_follower_day');
}

