// Applies one batch of blocks' ops in one transaction: the rows, their undo copies,
// the cursor (last block and hash) and the batch's record. Rows that a v3 dump also
// states go through the importer's own specs (mapRow, then its merge statement over a
// staging table), so a row written here and one imported from the same fact are equal
// and merge as the importer merges them. What a dump cannot state (an unfollow, a
// deletion, an unassigned username, a new owner) is an update of those rows.
import type { SqlClient } from '../db/sql-client';
import { csvLine } from '../importer/copy-csv';
import { mergeSql } from '../importer/merge-sql';
import { SourceRow } from '../importer/source-row';
import { Ignored, type TableSpec } from '../importer/table-spec';
import { UNKNOWN_AUTHOR, v3Actions, v3Posts } from '../importer/specs/lens-v3-posts';
import { v3Accounts, v3Follows, v3Usernames } from '../importer/specs/lens-v3';
import { resolveCollects } from '../importer/collect-usd';
import { lockCollectCategories, rebuildCollectCategories } from '../repositories/collect-categories.sql';
import { rebuildCollectCreators } from '../repositories/collect-creators.sql';
import { LENS_COUNTS_STALE, setImportMark } from '../repositories/live-state.repository';
import { BUMP_DATA_VERSION_SQL } from '../repositories/protocols.sql';
import type { LensOp } from './lens-ops';
import { journal, pruneJournal } from './undo-journal';

export interface BatchRange {
  from: bigint;
  to: bigint;
  toHash: string;
  toTime: string | null;
  /** The hash of block from - 1 (the cursor's before the batch); null before block 0. */
  parentHash: string | null;
}

type Op<K extends LensOp['kind']> = Extract<LensOp, { kind: K }>;

/** A dump row as the spec reads it: columns by name. */
function sourceRow(record: Record<string, string | null>): SourceRow {
  const names = Object.keys(record);
  const row = new SourceRow(new Map(names.map((n, i) => [n, i])));
  row.cells = names.map((n) => record[n] ?? '');
  return row;
}

function tupleOf(spec: TableSpec, record: Record<string, string | null>): unknown[] {
  const tuple = spec.mapRow(sourceRow(record));
  if (tuple instanceof Ignored) throw new Error(`${spec.target}: a live row the importer would ignore (${tuple.reason})`);
  return tuple;
}

/** The last op per key, in chain order: within a batch only the newest state of a key counts. */
function lastBy<T extends LensOp>(ops: readonly T[], key: (op: T) => string): T[] {
  const last = new Map<string, T>();
  for (const op of ops) { last.delete(key(op)); last.set(key(op), op); }
  return [...last.values()];
}

const q = (c: string) => `"${c}"`;
/** An account column resolved as the importer resolves it: a migrated account is its v2 profile. */
const viaLink = (expr: string, alias: string) => `COALESCE(${alias}.profile_id, ${expr})`;
const link = (expr: string, alias: string) => `LEFT JOIN lens_profile_link ${alias} ON ${alias}.account_address = ${expr}`;

/** Stages tuples in a table shaped like the spec's target, for its merge statement. */
async function stage(tx: SqlClient, spec: TableSpec, tuples: readonly unknown[][]): Promise<string> {
  const name = `_lens_live_${spec.target}`;
  await tx.exec(`CREATE TEMP TABLE ${q(name)} (LIKE ${q(spec.target)}, line integer NOT NULL) ON COMMIT DROP`);
  await tx.copyCsv(name, [...spec.columns, 'line'], `${tuples.map((t, i) => `${csvLine(t)},${i}`).join('\n')}\n`);
  return name;
}

/** The keys a staged spec will write, resolved as its merge resolves them. */
const stagedKeys = (spec: TableSpec, stageName: string) =>
  `SELECT DISTINCT ${spec.key.map((c) => `${spec.select?.[c] ?? `s.${q(c)}`} AS ${q(c)}`).join(', ')} FROM ${q(stageName)} s ${spec.joins ?? ''}`;

interface Staged { spec: TableSpec; tuples: unknown[][] }

export interface AppliedCounts { rows: number }

export async function applyBatch(tx: SqlClient, ops: readonly LensOp[], range: BatchRange, undoBlocks: number): Promise<AppliedCounts> {
  const of = <K extends LensOp['kind']>(kind: K) => ops.filter((o): o is Op<K> => o.kind === kind);
  const accounts = of('account');
  const owners = lastBy(of('owner'), (o) => o.account);
  const usernames = lastBy(of('username'), (o) => `${o.account} ${o.name}`);
  const followOps = of('follow');
  const follows = lastBy(followOps, (o) => `${o.followed} ${o.follower}`);
  // A pair whose last op is an unfollow still gets the follow it had in the batch, then ends.
  const followRows = follows.map((o) => (o.following ? o : followOps.filter((f) => f.following && f.followed === o.followed && f.follower === o.follower && f.seq < o.seq).pop()))
    .filter((o): o is Op<'follow'> => o !== undefined);
  const unfollows = follows.filter((o) => !o.following);
  const posts = of('post');
  const deleted = of('postDeleted');
  const acts = of('act');

  const staged: Staged[] = [
    { spec: v3Accounts, tuples: accounts.map((o) => tupleOf(v3Accounts, { address: o.account, owned_by: o.owner, timestamp: o.at })) },
    { spec: v3Usernames, tuples: usernames.filter((o) => o.assigned).map((o) => tupleOf(v3Usernames, { account: o.account, local_name: o.name })) },
    { spec: v3Follows, tuples: followRows.map((o) => tupleOf(v3Follows, { account_following: o.followed, account_follower: o.follower, timestamp: o.at })) },
    { spec: v3Posts, tuples: posts.map((o) => tupleOf(v3Posts, {
      id: o.id, account: o.author, post_types: JSON.stringify(o.postTypes), parent_post: o.parent, quoted_post: o.quoted, root_post: o.root,
      is_deleted: 'false', is_hidden_by_parent: 'false', timestamp: o.at,
    })) },
    // The v3 action row as v3Actions maps it, keyed by the log (the indexer's action id is not on chain).
    { spec: v3Actions, tuples: acts.map((o) => [o.actId, o.historyId, o.post, UNKNOWN_AUTHOR, o.actor, o.isCollect, o.at, null,
      o.currency, o.amount, null, null, o.amount, null, null, o.data]) },
  ].filter((s) => s.tuples.length > 0);

  const stages = new Map<TableSpec, string>();
  for (const s of staged) stages.set(s.spec, await stage(tx, s.spec, s.tuples));

  // Undo copies first, before any write of the batch: each key's row as it was.
  const to = range.to;
  for (const s of staged) await journal(tx, to, s.spec.target, s.spec.key, stagedKeys(s.spec, stages.get(s.spec) as string));
  const ownerKeys = `SELECT ${viaLink('a.addr', 'l')} AS profile_id FROM unnest($2::text[]) a(addr) ${link('a.addr', 'l')}`;
  if (owners.length) await journal(tx, to, 'lens_profile', ['profile_id'], ownerKeys, [owners.map((o) => o.account)]);
  const unassigned = usernames.filter((o) => !o.assigned);
  if (unassigned.length) await journal(tx, to, 'lens_handle', ['profile_id'], ownerKeys, [unassigned.map((o) => o.account)]);
  const unfollowSql = (from: number) => `SELECT ${viaLink('x.followed', 'l0')} AS profile_id, ${viaLink('x.follower', 'l1')} AS follower_profile_id,
      x.at::timestamptz AS at FROM unnest($${from}::text[], $${from + 1}::text[], $${from + 2}::text[]) x(followed, follower, at)
      ${link('x.followed', 'l0')} ${link('x.follower', 'l1')}`;
  const unfollowParams = [unfollows.map((o) => o.followed), unfollows.map((o) => o.follower), unfollows.map((o) => o.at)];
  if (unfollows.length) {
    await journal(tx, to, 'lens_follow', ['profile_id', 'follower_profile_id'], `SELECT profile_id, follower_profile_id FROM (${unfollowSql(2)}) u`, unfollowParams);
  }
  if (deleted.length) await journal(tx, to, 'lens_publication', ['publication_id'], 'SELECT unnest($2::text[]) AS publication_id', [deleted.map((o) => o.id)]);
  // Acts of the batch's posts may get their author (collected profile) below.
  const postIds = [...new Set([...posts.map((o) => o.id), ...acts.map((o) => o.post)])];
  if (posts.length) await journal(tx, to, 'lens_act', ['act_id'], 'SELECT act_id FROM lens_act WHERE publication_id = ANY($2::text[])', [posts.map((o) => o.id)]);

  let rows = 0;
  for (const s of staged) {
    const [merged] = await tx.query<{ keys: number }>(mergeSql(s.spec, stages.get(s.spec) as string, false));
    rows += merged?.keys ?? 0;
  }
  if (owners.length) {
    await tx.query(`UPDATE lens_profile p SET owned_by = x.owner FROM (SELECT ${viaLink('a.addr', 'l')} AS profile_id, a.owner
        FROM unnest($1::text[], $2::text[]) a(addr, owner) ${link('a.addr', 'l')}) x
      WHERE p.profile_id = x.profile_id AND p.owned_by IS DISTINCT FROM x.owner`, [owners.map((o) => o.account), owners.map((o) => o.owner)]);
  }
  if (unassigned.length) {
    await tx.query(`DELETE FROM lens_handle h USING (SELECT ${viaLink('a.addr', 'l')} AS profile_id, a.name
        FROM unnest($1::text[], $2::text[]) a(addr, name) ${link('a.addr', 'l')}) x
      WHERE h.profile_id = x.profile_id AND h.local_name = x.name`, [unassigned.map((o) => o.account), unassigned.map((o) => o.name)]);
  }
  if (unfollows.length) {
    // An unfollow ends the follow it follows; a follow stored from a later time (an import) stays.
    await tx.query(`UPDATE lens_follow f SET deleted_at = u.at FROM (${unfollowSql(1)}) u
      WHERE f.profile_id = u.profile_id AND f.follower_profile_id = u.follower_profile_id AND f.deleted_at IS NULL AND f."timestamp" <= u.at`, unfollowParams);
  }
  // A deleted post is stored hidden, as the importer stores a row with is_deleted.
  if (deleted.length) await tx.query('UPDATE lens_publication SET is_hidden = true WHERE publication_id = ANY($1::text[]) AND NOT is_hidden', [deleted.map((o) => o.id)]);
  rows += owners.length + unassigned.length + unfollows.length + deleted.length;

  // Collect sums are rebuilt whole, as the import rebuilds them: only when collects came in or got their author.
  if (postIds.length) await finishCollects(tx, postIds, acts.some((o) => o.isCollect));
  await storeCursor(tx, range, undoBlocks);
  if (ops.length) await setImportMark(tx, LENS_COUNTS_STALE);
  await tx.query(BUMP_DATA_VERSION_SQL);
  return { rows };
}

/** As the import's finish (src/importer/finalize.ts) does for its collects: author, currency and USD, then the sums. */
export async function finishCollects(tx: SqlClient, postIds: readonly string[] | null, rebuild: boolean): Promise<void> {
  await lockCollectCategories(tx);
  const changed = await tx.query(`UPDATE lens_act a SET collected_profile_id = p.profile_id FROM lens_publication p
    WHERE p.publication_id = a.publication_id AND a.collected_profile_id <> p.profile_id
      ${postIds ? 'AND a.publication_id = ANY($1::text[])' : ''} RETURNING 1`, postIds ? [postIds] : []);
  if (!rebuild && changed.length === 0) return;
  await resolveCollects(tx);
  await rebuildCollectCategories(tx);
  await rebuildCollectCreators(tx);
}

async function storeCursor(tx: SqlClient, range: BatchRange, undoBlocks: number): Promise<void> {
  await tx.query(`INSERT INTO lens_sync_cursor (id, block_number, block_hash, block_time, updated_at) VALUES (1, $1, $2, $3, now())
    ON CONFLICT (id) DO UPDATE SET block_number = EXCLUDED.block_number, block_hash = EXCLUDED.block_hash,
      block_time = coalesce(EXCLUDED.block_time, lens_sync_cursor.block_time), updated_at = now()`,
  [String(range.to), range.toHash, range.toTime]);
  await tx.query(`INSERT INTO lens_sync_batch (to_block, from_block, to_hash, parent_hash, applied_at) VALUES ($1, $2, $3, $4, now())
    ON CONFLICT (to_block) DO UPDATE SET from_block = EXCLUDED.from_block, to_hash = EXCLUDED.to_hash, parent_hash = EXCLUDED.parent_hash,
      applied_at = now()`,
  [String(range.to), String(range.from), range.toHash, range.parentHash]);
  await pruneJournal(tx, range.to, undoBlocks);
  // Lens's data is as of the last block applied (an import may stand later).
  if (range.toTime) {
    await tx.query(`INSERT INTO protocol_state (protocol, as_of) VALUES ('lens', $1)
      ON CONFLICT (protocol) DO UPDATE SET as_of = GREATEST(protocol_state.as_of, EXCLUDED.as_of)`, [range.toTime]);
  }
}
