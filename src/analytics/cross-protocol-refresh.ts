// The cross-protocol ranking, stored after the protocols' refreshes: every
// matched (fid, Lens profile) pair ranked from both protocols' current
// generations, keyed by those two generations. It runs once per refresh, after
// every protocol it refreshed has published (so after whichever finished last),
// and reads the other protocol's current generation when only one was refreshed.
// Until it has run, readers compute the same ranking per request
// (repositories/cross-protocol.repository.ts), never a stored one of other generations.
import type { SqlClient } from '../db/sql-client';
import { CURRENT_GENERATIONS, rankedPairsSql } from '../repositories/cross-protocol.repository';

export interface CrossProtocolReport { fcGeneration: number; lensGeneration: number; persons: number; seconds: number }

const CURRENT = `SELECT fcg, lg FROM (${CURRENT_GENERATIONS}) g`;

/**
 * Writes the ranking of the current generations, then publishes it (the
 * generation row: the rows count from then on), then drops every other pair
 * of generations. The refresh lock is held: no generation flips meanwhile.
 */
export async function refreshCrossProtocolRank(sql: SqlClient): Promise<CrossProtocolReport> {
  const started = Date.now();
  const [{ fcg, lg }] = await sql.query<{ fcg: number | null; lg: number | null }>(CURRENT);
  // A protocol never refreshed has no state row, no generation: nothing to rank.
  if (fcg === null || lg === null) return { fcGeneration: fcg ?? 0, lensGeneration: lg ?? 0, persons: 0, seconds: 0 };
  const [fcGeneration, lensGeneration] = [fcg, lg];
  // Leftovers of a step that failed after writing rows.
  await sql.query('DELETE FROM cross_protocol_generation WHERE fc_generation = $1 AND lens_generation = $2', [fcGeneration, lensGeneration]);
  await sql.query('DELETE FROM cross_protocol_rank WHERE fc_generation = $1 AND lens_generation = $2', [fcGeneration, lensGeneration]);
  await sql.query(`
    INSERT INTO cross_protocol_rank (fc_generation, lens_generation, rank, fid, profile_id, farcaster_percentile, lens_percentile, combined)
    SELECT g.fcg, g.lg, r.rank, r.fid, r.profile_id, r.farcaster_percentile, r.lens_percentile, r.combined
    FROM (${CURRENT_GENERATIONS}) g, LATERAL (${rankedPairsSql('g')}) r`);
  await sql.exec('ANALYZE cross_protocol_rank');
  // Publishing moves no data version: an answer of these generations is the same whether it was computed
  // per request before this row or read from the stored rows after it (both from the same rows; a write
  // changing a match or a follow moves the version itself), so answers cached meanwhile stay right.
  const [{ persons }] = await sql.query<{ persons: number }>(`
    INSERT INTO cross_protocol_generation (fc_generation, lens_generation, persons)
    SELECT $1, $2, count(*)::int FROM cross_protocol_rank WHERE fc_generation = $1 AND lens_generation = $2
    RETURNING persons`, [fcGeneration, lensGeneration]);
  await sql.query('DELETE FROM cross_protocol_generation WHERE (fc_generation, lens_generation) <> ($1, $2)', [fcGeneration, lensGeneration]);
  await sql.query('DELETE FROM cross_protocol_rank WHERE (fc_generation, lens_generation) <> ($1, $2)', [fcGeneration, lensGeneration]);
  return { fcGeneration, lensGeneration, persons, seconds: (Date.now() - started) / 1000 };
}
