// The undo journal of the Lens sync: before a batch writes, the rows it may change are
// copied (per table and key, the row as it was, or null for none) under the batch's last
// block; undoing the batch deletes what is there now and puts the copies back. That is
// how the rows of blocks a reorg orphaned are taken back, whatever the ops were.
import type { SqlClient } from '../db/sql-client';

const q = (c: string) => `"${c}"`;

/**
 * Copies the rows of `target` whose keys `keysSql` selects (columns named as the key;
 * its parameters start at $2, $1 being the batch's last block). A key copied earlier in
 * the batch keeps its first copy: the row as it was before the batch.
 */
export async function journal(tx: SqlClient, toBlock: bigint, target: string, key: readonly string[], keysSql: string, params: unknown[] = []): Promise<void> {
  await tx.query(`INSERT INTO lens_sync_undo (to_block, target, key, prior)
    SELECT $1, '${target}', jsonb_build_array(${key.map((c) => `k.${q(c)}`).join(', ')})::text, to_jsonb(t)
    FROM (${keysSql}) k LEFT JOIN ${q(target)} t ON ${key.map((c) => `t.${q(c)} = k.${q(c)}`).join(' AND ')}
    ON CONFLICT DO NOTHING`, [String(toBlock), ...params]);
}

/** The tables the journal may name, with their keys (all text columns). */
export const JOURNALED: Readonly<Record<string, readonly string[]>> = {
  lens_profile: ['profile_id'],
  lens_handle: ['profile_id'],
  lens_follow: ['profile_id', 'follower_profile_id'],
  lens_publication: ['publication_id'],
  lens_act: ['act_id'],
};

/** Undoes the batches ending after `block`, newest first; answers the first block undone (null: none). */
export async function undoAfter(tx: SqlClient, block: bigint): Promise<bigint | null> {
  const batches = await tx.query<{ to_block: string; from_block: string }>(
    'SELECT to_block::text, from_block::text FROM lens_sync_batch WHERE to_block > $1 ORDER BY to_block DESC', [String(block)]);
  for (const b of batches) {
    for (const [target, key] of Object.entries(JOURNALED)) {
      const keyOf = key.map((c, i) => `(u.key::jsonb ->> ${i}) AS ${q(c)}`).join(', ');
      const of = `FROM lens_sync_undo u WHERE u.to_block = $1 AND u.target = '${target}'`;
      await tx.query(`DELETE FROM ${q(target)} t USING (SELECT ${keyOf} ${of}) k WHERE ${key.map((c) => `t.${q(c)} = k.${q(c)}`).join(' AND ')}`, [b.to_block]);
      await tx.query(`INSERT INTO ${q(target)} SELECT (jsonb_populate_record(NULL::${q(target)}, u.prior)).* ${of} AND u.prior IS NOT NULL`, [b.to_block]);
    }
    await tx.query('DELETE FROM lens_sync_undo WHERE to_block = $1', [b.to_block]);
    await tx.query('DELETE FROM lens_sync_batch WHERE to_block = $1', [b.to_block]);
  }
  return batches.length ? BigInt(batches[batches.length - 1].from_block) : null;
}

/** Forgets the batches (and their copies) that ended `keepBlocks` or more before `block`: past the undo window. */
export async function pruneJournal(tx: SqlClient, block: bigint, keepBlocks: number): Promise<void> {
  const before = String(block - BigInt(keepBlocks));
  await tx.query('DELETE FROM lens_sync_undo WHERE to_block < $1', [before]);
  await tx.query('DELETE FROM lens_sync_batch WHERE to_block < $1', [before]);
}
