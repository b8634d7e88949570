// The writer's rules for storage lends and keys on the real tables: every order the node's events can
// come in (shards have no order between them, and each user shard emits lends and keys again) leaves the
// rows the node's own order leaves.
import { applyOps } from '../../src/sync/apply-ops';
import type { AnyOp, KeyAddOp, StorageLendOp } from '../../src/sync/sync-ops';
import { bothDatabases, type TestDatabase } from '../helpers/test-database';

const T = (second: number) => new Date(Date.UTC(2026, 11, 1) + second * 1000);
const hash = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;
const KEY = `0x${'ab'.repeat(32)}`;

const lend = (units: number, unitType: number, second: number, n: number): StorageLendOp =>
  ({ kind: 'storageLend', fid: 1, toFid: 2, units, unitType, hash: hash(n), ts: T(second) });
const keyAdd = (nonce: number, second: number, scopes = [1]): KeyAddOp => ({ kind: 'keyAdd', fid: 7, key: KEY, nonce, scopes, ttl: 3600, ts: T(second) });
const keyRemove = (removed: KeyAddOp, second: number): AnyOp => ({ kind: 'keyRemove', fid: 7, key: KEY, addNonce: removed.nonce, removed, ts: T(second) });
const pruned = (op: StorageLendOp): AnyOp => ({ kind: 'retract', op, at: op.ts, reason: 'prune' });

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

describe.each(bothDatabases())('sync writer, lends and keys, on %s', (_name, open) => {
  let t: TestDatabase;
  const reset = () => t.db.sql.exec('TRUNCATE fc_storage_lend, fc_gasless_key');
  const lends = () => t.db.sql.query('SELECT fid, to_fid, num_units, unit_type, timestamp, hash, deleted_at FROM fc_storage_lend ORDER BY fid, to_fid');
  const keys = () => t.db.sql.query(`
    SELECT fid, key, nonce::int AS nonce, scopes, ttl, added_at, removed_nonce::int AS removed_nonce, removed_at FROM fc_gasless_key ORDER BY fid, key`);
  /** The rows after each order of `ops`, one batch per op, each op delivered twice (as two shards would). */
  const afterEachOrder = async (ops: readonly AnyOp[], rows: () => Promise<unknown>) => {
    const seen: unknown[] = [];
    for (const order of permutations(ops)) {
      await reset();
      for (const op of [...order, ...order]) await applyOps(t.db.sql, [op]);
      seen.push(await rows());
    }
    return seen;
  };

  beforeAll(async () => { t = await open(); });
  afterAll(async () => { await t.close(); });
  beforeEach(reset);

  it('when lends of one pair arrive in any order, then the newest holds whatever its unit type, a tie goes to the greater hash', async () => {
    const ops = [lend(5, 2, 10, 9), lend(3, 0, 11, 1), lend(4, 1, 11, 2)];
    const seen = await afterEachOrder(ops, lends);
    expect(seen[0]).toEqual([{ fid: 1, to_fid: 2, num_units: 4, unit_type: 1, timestamp: T(11), hash: hash(2), deleted_at: null }]);
    expect(new Set(seen.map((r) => JSON.stringify(r))).size).toBe(1);
  });

  it('when a lend is taken back (0 units, pruned as it merges), then the row ends and neither the lend it replaced nor its own copy brings it back', async () => {
    const first = lend(5, 2, 10, 1);
    const back = lend(0, 2, 12, 2);
    const inOrder = [first, back, pruned(back)];
    // The prune follows its merge in the shard that emits both; the earlier lend may come before or after them.
    for (const order of [inOrder, [back, pruned(back), first], [back, pruned(back), back, first]]) {
      await reset();
      for (const op of order) await applyOps(t.db.sql, [op]);
      expect(await lends()).toEqual([{ fid: 1, to_fid: 2, num_units: 0, unit_type: 2, timestamp: T(12), hash: hash(2), deleted_at: T(12) }]);
    }
  });

  it('when a key\'s adds and removes arrive in any order, then the highest nonce holds its add and the key is removed only if a remove deleted that add', async () => {
    const add1 = keyAdd(1, 100);
    const add3 = keyAdd(3, 50, [1, 5]); // a later nonce with an earlier time: the nonce decides
    const seen = await afterEachOrder([add1, keyRemove(add1, 120), add3], keys);
    expect(seen[0]).toEqual([{ fid: 7, key: KEY, nonce: 3, scopes: [1, 5], ttl: 3600, added_at: T(50), removed_nonce: 1, removed_at: T(120) }]);
    expect(new Set(seen.map((r) => JSON.stringify(r))).size).toBe(1);

    const removedLast = await afterEachOrder([add1, add3, keyRemove(add3, 130)], keys);
    expect(removedLast[0]).toEqual([{ fid: 7, key: KEY, nonce: 3, scopes: [1, 5], ttl: 3600, added_at: T(50), removed_nonce: 3, removed_at: T(130) }]);
    expect(new Set(removedLast.map((r) => JSON.stringify(r))).size).toBe(1);
  });

  it('when a custody remove comes without the add it deleted, then it ends the adds before its nonce and a later add stays active', async () => {
    const remove: AnyOp = { kind: 'keyRemove', fid: 7, key: KEY, addNonce: 4, removed: null, ts: T(200) };
    await applyOps(t.db.sql, [remove]);
    await applyOps(t.db.sql, [keyAdd(4, 150)]);
    expect((await keys()).map((r) => [r.nonce, r.removed_nonce])).toEqual([[4, 4]]);
    await applyOps(t.db.sql, [keyAdd(6, 210)]);
    expect((await keys()).map((r) => [r.nonce, r.removed_nonce, r.added_at])).toEqual([[6, 4, T(210)]]);
  });
});
