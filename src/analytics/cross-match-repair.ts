// The cross-protocol step's repairs, run by the refresh before the combined
// rank (analytics/refresh.ts): cross_match made equal to its definition, and
// the matched-follower counts recounted when an import marked them. Each is one
// transaction that writes only what differs and moves the data versions when
// it wrote anything.
import type { SqlClient } from '../db/sql-client';
import { BUMP_DATA_VERSION_SQL } from '../repositories/protocols.sql';
import { clearImportMark, importMarkValue, MATCHED_FOLLOWERS_RECOUNT } from '../repositories/live-state.repository';
import { countedPerKeySql, MATCHED_FOLLOWERS_COUNTERS } from '../repositories/live-counters';

/** Every matched pair, from the definition: the owner of a profile is a live verified Ethereum address of the fid. */
const MATCHED_PAIRS_DEFINED = `SELECT DISTINCT v.fid, p.profile_id FROM fc_verification v
    JOIN lens_profile p ON p.owned_by = lower(v.address)
    WHERE v.deleted_at IS NULL AND v.protocol = 'ethereum'`;

/**
 * Makes cross_match equal its definition: adds the pairs missing and drops the
 * stale ones (left by two writers racing on the two sides of one pair), and
 * moves the data versions when it changed anything, so no cached answer
 * outlives the repair. Writes nothing when the table is right. Returns the
 * pairs added and dropped.
 */
export async function repairMatches(sql: SqlClient): Promise<{ added: number; dropped: number }> {
  return sql.transaction(async (tx) => {
    const [{ added, dropped }] = await tx.query<{ added: number; dropped: number }>(`
      WITH defined AS (${MATCHED_PAIRS_DEFINED}),
      added AS (INSERT INTO cross_match (fid, profile_id) SELECT d.fid, d.profile_id FROM defined d
        WHERE NOT EXISTS (SELECT 1 FROM cross_match m WHERE m.fid = d.fid AND m.profile_id = d.profile_id) ON CONFLICT DO NOTHING RETURNING 1),
      dropped AS (DELETE FROM cross_match m WHERE NOT EXISTS (SELECT 1 FROM defined d WHERE d.fid = m.fid AND d.profile_id = m.profile_id) RETURNING 1)
      SELECT (SELECT count(*) FROM added)::int AS added, (SELECT count(*) FROM dropped)::int AS dropped`);
    if (added + dropped > 0) await tx.query(BUMP_DATA_VERSION_SQL);
    return { added, dropped };
  });
}

/**
 * When an import has marked them (MATCHED_FOLLOWERS_RECOUNT), makes the matched-follower counts equal
 * their definition (MATCHED_FOLLOWERS_COUNTERS): the triggers keep them in every writer's transaction, but
 * an import's statement and a live sync's on the two sides of one product
 * (a new pair, a link of its fid) can each miss the other's uncommitted row.
 * The lock lets readers go on and makes the triggers' writers wait, so the
 * recount sees every committed write and later ones add to it. Writes only the
 * rows that differ and moves the data versions when there were any; null when
 * not marked (the recount reads every follow of both networks).
 */
export async function recountMatchedFollowers(sql: SqlClient): Promise<{ fixed: number } | null> {
  return sql.transaction(async (tx) => {
    const seen = await importMarkValue(tx, MATCHED_FOLLOWERS_RECOUNT);
    if (seen === null) return null;
    await tx.exec('LOCK TABLE fc_matched_followers, lens_matched_followers IN SHARE ROW EXCLUSIVE MODE');
    let fixed = 0;
    for (const [table, key, type, defined] of [
      ['fc_matched_followers', 'fid', 'int', countedPerKeySql(MATCHED_FOLLOWERS_COUNTERS.farcaster)],
      ['lens_matched_followers', 'profile_id', 'text', countedPerKeySql(MATCHED_FOLLOWERS_COUNTERS.lens)],
    ] as const) {
      const [{ n }] = await tx.query<{ n: number }>(`
        WITH defined AS (${defined}),
        wrong AS (
          SELECT coalesce(d.id, t.${key}) AS id, coalesce(d.n, 0) AS n FROM defined d FULL JOIN ${table} t ON t.${key} = d.id
          WHERE d.n IS DISTINCT FROM t.n),
        upserted AS (INSERT INTO ${table} AS t (${key}, n) SELECT id::${type}, n FROM wrong WHERE n <> 0
          ON CONFLICT (${key}) DO UPDATE SET n = EXCLUDED.n RETURNING 1),
        deleted AS (DELETE FROM ${table} t USING wrong w WHERE t.${key} = w.id AND w.n = 0 RETURNING 1)
        SELECT (SELECT count(*) FROM upserted) + (SELECT count(*) FROM deleted) AS n`);
      fixed += Number(n);
    }
    // An import that marked them again meanwhile is recounted by the next refresh.
    await clearImportMark(tx, MATCHED_FOLLOWERS_RECOUNT, seen);
    if (fixed > 0) await tx.query(BUMP_DATA_VERSION_SQL);
    return { fixed };
  });
}
