// Storage and keys from the node double, live and by backfill, against answers worked out by hand from
// Snapchain's rules: rents on chain (one ended, the others of each unit type), lends (one replaced by a
// later lend of another unit type, one taken back by a lend of 0 units, one to a fid that also rents),
// and keys added by message (removed by custody and by the key itself, re-added, re-scoped). The node
// merges lends and keys on shard 0 and every user shard emits them again: the sync sees each twice.
import { MessageType, StorageUnitType } from '@farcaster/hub-nodejs';
import { gql } from 'graphql-request';
import { farcasterSeconds, idRegisterEvent, storageRentEvent } from '../helpers/hub-double/message-factory';
import { LiveRig } from '../helpers/sync-rig';
import { waitForEqual, waitUntil } from '../helpers/sync-wait';
import { startTestServer, type TestServer } from '../helpers/test-server';

let server: TestServer;
let rig: LiveRig;
/** The instant the answers are read at: the rents' ends are fixed dates, so the answers are those of a fixed now. */
const NOW = new Date('2026-12-01T00:00:00Z');

beforeAll(async () => { server = await startTestServer({ clock: () => NOW }); });
afterAll(async () => { await server.close(); });
beforeEach(async () => { rig = await new LiveRig(server).open(); });
afterEach(async () => { await rig.close(); });

/** The four fids of a test: each test has its own, as the tables outlive a test. */
interface Fids { A: number; B: number; C: number; D: number }
const fidsFrom = (first: number): Fids => ({ A: first, B: first + 1, C: first + 2, D: first + 3 });
const DAY_MS = 86_400_000;
const hex = (b: Uint8Array) => `0x${Buffer.from(b).toString('hex')}`;

interface UnitsAnswer { unitType: string; units: number; rented: number; lent: number; borrowed: number }
interface StorageAnswer { units: number; unitTypes: UnitsAnswer[]; limits: Record<string, number> }
interface UserAnswer { fid: number; activeKeys: number; storage: StorageAnswer }

const STORAGE = gql`query ($fids: [Int!]!) { farcasterUsers(fids: $fids) {
  fid activeKeys
  storage { units unitTypes { unitType units rented lent borrowed } limits { casts links reactions userData verifications usernameProofs storageLends } }
} }`;
const answers = async ({ A, B, C, D }: Fids) => (await server.gql.request<{ farcasterUsers: UserAnswer[] }>(STORAGE, { fids: [A, B, C, D] })).farcasterUsers;

/** Per unit type (legacy, 2024, 2025): [units, rented, lent, borrowed]. */
const unitTypes = (legacy: number[], y2024: number[], y2025: number[]): UnitsAnswer[] =>
  ([['UNIT_TYPE_LEGACY', legacy], ['UNIT_TYPE_2024', y2024], ['UNIT_TYPE_2025', y2025]] as const)
    .map(([unitType, [units, rented, lent, borrowed]]) => ({ unitType, units, rented, lent, borrowed }));
const limits = (casts: number, links: number, userData: number, verifications: number, usernameProofs: number, storageLends: number) =>
  ({ casts, links, reactions: links, userData, verifications, usernameProofs, storageLends });
const NOTHING = { units: 0, unitTypes: unitTypes([0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]), limits: limits(0, 0, 0, 0, 0, 0) };

// Worked by hand. Per unit, the node allows (legacy / 2024 / 2025): casts 5000 / 2000 / 100, links and
// reactions 2500 / 1000 / 200, user data 50 / 50 / 25, verifications 25 / 25 / 5, username proofs 5 / 5 / 2,
// and one lend per unit rented. Since engine version 18, units rented before its start count one year longer.
const expected = ({ A, B, C, D }: Fids): UserAnswer[] => [
  // Rented: legacy 1000 (its 5 units of 2021 ended after 4 years), 2024 2, 2025 3 + 1000. Lent: 3 legacy
  // to B (the lend that replaced 5 of 2025), 4 of 2025 to D (10 to C were taken back). Counted: 997, 2, 999.
  {
    fid: A, activeKeys: 1, storage: {
      units: 997 + 2 + 999,
      unitTypes: unitTypes([997, 1000, 3, 0], [2, 2, 0, 0], [999, 1003, 4, 0]),
      limits: limits(997 * 5000 + 2 * 2000 + 999 * 100, 997 * 2500 + 2 * 1000 + 999 * 200, 997 * 50 + 2 * 50 + 999 * 25,
        997 * 25 + 2 * 25 + 999 * 5, 997 * 5 + 2 * 5 + 999 * 2, 1000 + 2 + 1003),
    },
  },
  // No rent: its units are what it borrows alone; it cannot lend borrowed units. Its one key was removed.
  { fid: B, activeKeys: 0, storage: { units: 3, unitTypes: unitTypes([3, 0, 0, 3], [0, 0, 0, 0], [0, 0, 0, 0]), limits: limits(15_000, 7_500, 150, 75, 15, 0) } },
  // The lend to C was taken back. Of its three keys one was removed by custody and added again, one revoked itself.
  { fid: C, activeKeys: 2, storage: NOTHING },
  // One 2024 unit rented, four 2025 units borrowed.
  {
    fid: D, activeKeys: 0,
    storage: { units: 5, unitTypes: unitTypes([0, 0, 0, 0], [1, 1, 0, 0], [4, 0, 0, 4]), limits: limits(2000 + 4 * 100, 1000 + 4 * 200, 50 + 4 * 25, 25 + 4 * 5, 5 + 4 * 2, 1) },
  },
];

/** The fids registered on chain, each with its factory's custody address (the one its key messages are authorized by). */
function register({ A, B, C, D }: Fids): void {
  for (const fid of [A, B, C, D]) rig.double.onChain(idRegisterEvent({ fid, to: rig.f.custodyAddress(fid) }));
}

/** What the node holds at the end, in the order it merged it; the keys of C by name, for the stored rows. */
async function scenario({ A, B, C, D }: Fids, t0: number) {
  const { double, f } = rig;
  const now = NOW.getTime();
  for (const [fid, units, at] of [
    [A, 5, new Date('2021-03-01T00:00:00Z')], [A, 1000, new Date('2024-08-28T12:00:00Z')], [A, 2, new Date('2025-07-01T00:00:00Z')],
    [A, 3, new Date('2026-01-15T00:00:00Z')], [A, 1000, new Date(now - DAY_MS)], [D, 1, new Date('2025-03-01T00:00:00Z')],
  ] as const) double.onChain(storageRentEvent({ fid, units, at }));

  double.submit([
    await f.lendStorage(A, B, 5, { at: t0 }),
    await f.lendStorage(A, B, 3, { at: t0 + 1, unitType: StorageUnitType.UNIT_TYPE_LEGACY }),
    await f.lendStorage(A, C, 10, { at: t0 + 2 }),
    await f.lendStorage(A, C, 0, { at: t0 + 3 }),
    await f.lendStorage(A, D, 4, { at: t0 + 4 }),
  ]);

  const k1 = await f.keyAdd(C, { at: t0 });
  const k2 = await f.keyAdd(C, { at: t0 + 1 });
  const k3 = await f.keyAdd(C, { at: t0 + 2 });
  const kA = await f.keyAdd(A, { at: t0 });
  const kB = await f.keyAdd(B, { at: t0 });
  double.submit([k1.message, k2.message, k3.message, kA.message, kB.message]);
  double.submit([
    await f.keyRemove(C, k1.key, { at: t0 + 3 }),
    await f.keyRemove(C, k2.key, { at: t0 + 4, self: true }),
    (await f.keyAdd(C, { at: t0 + 5, key: k3.key, scopes: [MessageType.CAST_ADD, MessageType.LINK_ADD, MessageType.USER_DATA_ADD], ttl: 7 * 86_400 })).message,
    (await f.keyAdd(C, { at: t0 + 6, key: k1.key })).message,
    await f.keyRemove(B, kB.key, { at: t0 + 1 }),
  ]);
  return { k1: hex(k1.message.data.keyAddBody.key), k2: hex(k2.message.data.keyAddBody.key), k3: hex(k3.message.data.keyAddBody.key) };
}

describe('storage and keys', () => {
  it('live: units per unit type, store limits and active keys are the node\'s, and C\'s keys are stored with their nonces and times', async () => {
    const fids = fidsFrom(601);
    const engine = await rig.engine();
    register(fids);
    await waitUntil('the fids known', async () => (await answers(fids)).length, (n) => n === 4);
    const t0 = farcasterSeconds() - 60;
    const keys = await scenario(fids, t0);
    // Every event stored (an answer met on the way, between a key's remove and its re-add, is not the end).
    await waitForEqual('the cursors at the node\'s heads', () => rig.cursors(), rig.nodeHeads());
    await engine.flushed();
    expect(await answers(fids)).toEqual(expected(fids));

    const at = (s: number) => new Date((s + 1_609_459_200) * 1000);
    const rows = await rig.sql.query<Record<string, unknown>>(`
      SELECT key, nonce::int AS nonce, scopes, ttl, added_at, removed_nonce::int AS removed_nonce, removed_at FROM fc_gasless_key WHERE fid = $1 ORDER BY nonce`, [fids.C]);
    expect(rows).toEqual([
      // Removed by its holder: its add of nonce 2 deleted.
      { key: keys.k2, nonce: 2, scopes: [1, 3], ttl: 30 * 86_400, added_at: at(t0 + 1), removed_nonce: 2, removed_at: at(t0 + 4) },
      // Re-scoped by a second add (nonce 5), never removed.
      { key: keys.k3, nonce: 5, scopes: [1, 5, 11], ttl: 7 * 86_400, added_at: at(t0 + 5), removed_nonce: null, removed_at: null },
      // Removed by custody (its add of nonce 1 deleted), then added again (nonce 6): active.
      { key: keys.k1, nonce: 6, scopes: [1, 3], ttl: 30 * 86_400, added_at: at(t0 + 6), removed_nonce: 1, removed_at: at(t0 + 3) },
    ]);
    // The lend of 0 units was pruned as it merged: its row ended, the lend it replaced does not come back.
    expect(await rig.sql.query(`SELECT to_fid, num_units, deleted_at IS NOT NULL AS ended FROM fc_storage_lend WHERE fid = $1 ORDER BY to_fid`, [fids.A]))
      .toEqual([{ to_fid: fids.B, num_units: 3, ended: false }, { to_fid: fids.C, num_units: 0, ended: true }, { to_fid: fids.D, num_units: 4, ended: false }]);
  });

  it('backfill: the node\'s rents, lends and keys read per fid give the same answers, and a reconcile finds nothing to repair', async () => {
    const fids = fidsFrom(611);
    register(fids);
    await scenario(fids, farcasterSeconds() - 60);
    const engine = await rig.engine({ backfill: 'auto' });
    await waitForEqual('the backfill done', () => engine.status.data.backfill.state, 'done', { timeoutMs: 10_000 });
    await engine.flushed();
    expect(await answers(fids)).toEqual(expected(fids));
    expect(await engine.reconcileNow(Object.values(fids))).toEqual({ links: 0, casts: 0, reactions: 0, verifications: 0, userData: 0 });
    expect(await answers(fids)).toEqual(expected(fids));
  });
});
