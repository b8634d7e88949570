// A node that already holds history: the first start records the heads, backfills
// every fid while the live streams run, and the answers end exactly at the node's
// state. Then a database made to differ from the node, kind by kind, is reconciled
// back to it, and a second reconcile finds nothing left to repair.
import { MessageType, ReactionType, UserDataType } from '@farcaster/hub-nodejs';
import { rebuildFarcasterLive } from '../../src/analytics/farcaster-live.sql';
import { SyncEngine } from '../../src/sync/sync-engine';
import { fnameProof, farcasterSeconds, idRegisterEvent } from '../helpers/hub-double/message-factory';
import { LiveRig } from '../helpers/sync-rig';
import { silentLog, waitForEqual, waitUntil } from '../helpers/sync-wait';
import { startTestServer, type TestServer } from '../helpers/test-server';

let server: TestServer;
let rig: LiveRig;

beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });
beforeEach(async () => { rig = await new LiveRig(server).open(); });
afterEach(async () => { await rig.close(); });

const castId = (m: { hash: Uint8Array; data: { fid: number } }) => ({ fid: m.data.fid, hash: m.hash });
const hex = (b: Uint8Array) => `0x${Buffer.from(b).toString('hex')}`;
const T0 = farcasterSeconds(new Date('2025-02-03T10:00:00Z'));
const at = (s: number) => ({ at: T0 + s });

/** Who the node says `fid` follows: its live follow adds (the double keeps one winner per target). */
function nodeFollowing(rig: LiveRig, fid: number): number[] {
  return rig.double.store.messages(fid, [MessageType.LINK_ADD])
    .filter((m) => m.data!.linkBody!.type === 'follow').map((m) => m.data!.linkBody!.targetFid!).sort((a, b) => a - b);
}

function nodeFollowers(rig: LiveRig, fid: number, among: number[]): number[] {
  return among.filter((f) => nodeFollowing(rig, f).includes(fid));
}

async function restFids(rig: LiveRig, path: string): Promise<number[]> {
  return (await rig.answers.rest<{ users: { fid: number }[] }>(path)).users.map((u) => u.fid).sort((a, b) => a - b);
}

/** The answers a test compares with the node: REST lists and the GraphQL profile. */
async function view(rig: LiveRig, fid: number) {
  const u = await rig.answers.user(fid);
  return {
    followers: await restFids(rig, `/api/farcaster/followers/${fid}`),
    following: await restFids(rig, `/api/farcaster/following/${fid}`),
    stats: u.stats, likesCount: u.likesCount, username: u.username, displayName: u.metadata.displayName,
    verifications: u.verifications.map((v) => v.address).sort(),
    casts: u.casts.edges.map((e) => e.node).sort((a, b) => a.hash.localeCompare(b.hash)),
  };
}

/**
 * An engine whose hub answers one read only when `release()` is called: the read
 * goes to the node at once (so it sees the node as it was then) and its answer is
 * held, the way a slow backfill page arrives after newer live events.
 */
function engineWithHeldRead(rig: LiveRig, method: string, fid: number) {
  const engine = new SyncEngine(rig.sql, rig.options({ backfill: 'auto', backfillConcurrency: 2 }), silentLog);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => { release = resolve; });
  let held = false;
  const call = engine.hub.call.bind(engine.hub);
  (engine.hub as { call: unknown }).call = async (m: any, req: any) => {
    const answer = call(m, req);
    if (m === method && req.fid === fid && !req.pageToken?.length) { held = true; await gate; }
    return answer;
  };
  return { engine, release, wasHeld: () => held };
}

describe('backfill then live', () => {
  it('a node with history: heads recorded, every fid backfilled, events during the backfill applied live, answers equal to the node', async () => {
    const { double, f } = rig;
    const [ada, bo, cy, di, ed] = [3001, 3002, 3003, 3004, 3005];
    const everyone = [ada, bo, cy, di, ed];
    for (const fid of everyone) double.onChain(idRegisterEvent({ fid }));
    const c1 = await f.castAdd(ada, 'history', at(10));
    const c2 = await f.castAdd(ada, 'second post', at(11));
    const reply = await f.castAdd(bo, 'a reply', { ...at(12), parent: castId(c1) });
    const verification = await f.verificationAddEth(ada, at(20));
    double.submit([
      await f.linkAdd(ada, bo, at(1)), await f.linkAdd(ada, cy, at(2)), await f.linkAdd(bo, ada, at(3)),
      await f.linkAdd(di, ada, at(4)), await f.linkRemove(di, ada, at(5)),
      c1, c2, reply,
      await f.reactionAdd(cy, ReactionType.LIKE, castId(c1), at(13)), await f.reactionAdd(bo, ReactionType.RECAST, castId(c1), at(14)),
      await f.userDataAdd(ada, UserDataType.DISPLAY, 'Ada', at(15)), verification,
    ]);
    double.usernameProof(await fnameProof({ name: 'ada', fid: ada, at: new Date('2025-02-03T09:00:00Z') }));
    double.seal();
    const heads = rig.nodeHeads();

    // Ada's follows are read by the backfill now, but their answer is held until after the live events below.
    const { engine, release, wasHeld } = engineWithHeldRead(rig, 'getAllLinkMessagesByFid', ada);
    try {
      await engine.start();
      const started = await rig.cursors();
      // A fresh database starts each shard just before the node's newest block (replayed: it merges idempotently
      // with the backfill's reads), so nothing between the heads and the backfill is missed. That block's first
      // events may already be stored when the cursor is read, so the cursor is compared as a block.
      const blockOf = (id: number) => Math.floor((id + 1) / 16384);
      expect(Object.fromEntries(Object.entries(started).map(([s, id]) => [s, blockOf(id)])))
        .toEqual(Object.fromEntries(Object.entries(heads).map(([s]) => [s, double.store.lastBlock(Number(s))])));
      await waitUntil('the held read of ada\'s follows', () => wasHeld(), (h) => h);

      double.submit([
        await f.linkRemove(ada, cy, at(30)), await f.linkAdd(cy, ada, at(31)), await f.linkAdd(ed, ada, at(32)),
        await f.reactionAdd(ed, ReactionType.LIKE, castId(c2), at(33)), await f.reactionRemove(cy, ReactionType.LIKE, castId(c1), at(34)),
        await f.userDataAdd(ada, UserDataType.DISPLAY, 'Ada L.', at(35)),
        await f.castRemove(ada, c2.hash, at(36)),
      ]);
      await waitForEqual('the live events applied during the backfill', async () => (await rig.answers.user(ada)).metadata.displayName, 'Ada L.');
      expect(engine.status.data.backfill.state).toBe('running');

      release();
      await waitForEqual('the backfill done', () => engine.status.data.backfill.state, 'done', { timeoutMs: 10_000 });
      await engine.flushed();

      expect((await rig.sql.query<{ fid: number }>('SELECT fid FROM sync_backfill ORDER BY fid')).map((r) => r.fid)).toEqual(everyone);
      expect(await rig.sql.query(`SELECT value FROM app_meta WHERE key = 'sync_backfill'`)).toEqual([{ value: 'done' }]);
      const c1Hash = hex(c1.hash);
      // The held page said ada followed cy (at 2); the unfollow at 30 came live before it and stays.
      expect(await view(rig, ada)).toEqual({
        followers: [bo, cy, ed], following: [bo],
        stats: { followers: 3, following: 1, posts: 1 }, likesCount: 0, username: 'ada', displayName: 'Ada L.',
        verifications: [hex(verification.data.verificationAddAddressBody.address)],
        casts: [{ hash: c1Hash, likes: 0, recasts: 1, replies: 1, quotes: 0 }],
      });
      for (const fid of everyone) {
        const v = await view(rig, fid);
        expect([fid, v.following, v.followers]).toEqual([fid, nodeFollowing(rig, fid), nodeFollowers(rig, fid, everyone)]);
      }
      expect((await view(rig, di)).stats).toEqual({ followers: 0, following: 0, posts: 0 });
      expect({ state: engine.status.data.state, backfill: engine.status.data.backfill }).toEqual({
        state: 'live', backfill: { state: 'done', fidsDone: everyone.length, fidsTotal: everyone.length, messages: expect.any(Number) } });
    } finally {
      release();
      await engine.stop();
    }
  });

  it('runBackfill([fid]) on demand repairs that fid\'s rows and leaves every other fid as it was', async () => {
    const { double, f } = rig;
    const [star, fanA, fanB] = [3101, 3102, 3103];
    for (const fid of [star, fanA, fanB]) double.onChain(idRegisterEvent({ fid }));
    double.submit([await f.linkAdd(fanA, star, at(1)), await f.linkAdd(fanB, star, at(2))]);
    const engine = await rig.engine({ backfill: 'auto' });
    await waitForEqual('both follows backfilled', () => rig.answers.followersTotal(star), 2);

    // Both follows lost from the database; the counters rebuilt so they agree with the damaged rows.
    await rig.sql.query('DELETE FROM fc_link WHERE target_fid = $1', [star]);
    await rebuildFarcasterLive(rig.sql);
    expect(await rig.answers.followersTotal(star)).toBe(0);

    expect(await engine.runBackfill([fanA], false)).toEqual({ fids: 1, messages: 1 });
    expect(await restFids(rig, `/api/farcaster/followers/${star}`)).toEqual([fanA]);
    expect((await rig.answers.user(star)).stats.followers).toBe(1);
    expect((await rig.answers.user(fanB)).stats.following).toBe(0);
  });
});

describe('reconcile', () => {
  it('a fid differing from the node in every kind: exact repairs per kind, answers equal to the node after, nothing to repair twice', async () => {
    const { double, f } = rig;
    const [me, a, b, c, d, e] = [3201, 3202, 3203, 3204, 3205, 3206];
    for (const fid of [me, a, b, c, d, e]) double.onChain(idRegisterEvent({ fid }));
    const theirs = await f.castAdd(a, 'liked by me', at(1));
    const mine = await f.castAdd(me, 'my post', at(2));
    const kept = await f.castAdd(me, 'my other post', at(3));
    const v1 = await f.verificationAddEth(me, at(4));
    const v2 = await f.verificationAddEth(me, at(5));
    double.submit([
      theirs, mine, kept, v1, v2,
      await f.linkAdd(me, a, at(10)), await f.linkAdd(me, b, at(11)), await f.linkAdd(me, c, at(12)),
      await f.reactionAdd(me, ReactionType.LIKE, castId(theirs), at(13)),
      await f.userDataAdd(me, UserDataType.DISPLAY, 'Me', at(14)),
    ]);
    const engine = await rig.engine({ backfill: 'auto' });
    await waitForEqual('the backfill done', () => engine.status.data.backfill.state, 'done', { timeoutMs: 10_000 });
    await engine.flushed();
    const before = await view(rig, me);

    const sql = rig.sql;
    await sql.query('DELETE FROM fc_link WHERE fid = $1 AND target_fid = $2', [me, a]);
    await sql.query(`INSERT INTO fc_link (fid, target_fid, timestamp) VALUES ($1, $2, '2025-02-03T10:00:20Z')`, [me, d]);
    // Removed at or after the node's add: by the merge rules alone the node's add never wins back.
    await sql.query(`UPDATE fc_link SET deleted_at = timestamp + interval '1 hour' WHERE fid = $1 AND target_fid = $2`, [me, c]);
    await sql.query(`UPDATE fc_reaction SET deleted_at = timestamp + interval '1 minute' WHERE fid = $1`, [me]);
    await sql.query('UPDATE fc_user_data SET value = $2 WHERE fid = $1 AND type = 2', [me, 'Not Me']);
    await sql.query('DELETE FROM fc_verification WHERE fid = $1 AND address = $2', [me, hex(v1.data.verificationAddAddressBody.address)]);
    await sql.query('DELETE FROM fc_cast WHERE hash = $1', [hex(mine.hash)]);
    await rebuildFarcasterLive(sql);
    expect(await view(rig, me)).not.toEqual(before);

    expect(await engine.reconcileNow([me])).toEqual({ links: 3, casts: 1, reactions: 1, verifications: 1, userData: 1 });
    const after = await view(rig, me);
    expect(after).toEqual(before);
    expect(after.following).toEqual(nodeFollowing(rig, me));
    expect({ likes: (await rig.answers.user(a)).likesCount, posts: after.stats.posts, name: after.displayName }).toEqual({ likes: 1, posts: 2, name: 'Me' });
    expect(await engine.reconcileNow([me])).toEqual({ links: 0, casts: 0, reactions: 0, verifications: 0, userData: 0 });
    expect(await view(rig, me)).toEqual(before);
  });

  it('a fid whose follows are a link compact state reconciles to zero repairs once in sync', async () => {
    const { double, f } = rig;
    const [me, a, b] = [3301, 3302, 3303];
    for (const fid of [me, a, b]) double.onChain(idRegisterEvent({ fid }));
    // a is followed before the compact state and listed by it; b is listed only by it. (A follow the
    // compact state drops is left out: the double keeps such an add, where a node deletes it.)
    const followA = await f.linkAdd(me, a, at(1));
    double.submit([followA, await f.linkCompactState(me, [a, b], at(5))]);
    const engine = await rig.engine({ backfill: 'auto' });
    await waitForEqual('the backfill done', () => engine.status.data.backfill.state, 'done', { timeoutMs: 10_000 });
    await engine.flushed();
    expect((await view(rig, me)).following).toEqual([a, b]);
    expect(await engine.reconcileNow([me])).toEqual({ links: 0, casts: 0, reactions: 0, verifications: 0, userData: 0 });
    expect((await view(rig, me)).following).toEqual([a, b]);
  });

  it('a follow whose add the node pruned while its compact state still lists it keeps counting', async () => {
    const { double, f } = rig;
    const [me, a, b] = [3401, 3402, 3403];
    for (const fid of [me, a, b]) double.onChain(idRegisterEvent({ fid }));
    const followA = await f.linkAdd(me, a, at(1));
    double.submit([followA, await f.linkCompactState(me, [a, b], at(5))]);
    const engine = await rig.engine({ backfill: 'auto' });
    await waitForEqual('the backfill done', () => engine.status.data.backfill.state, 'done', { timeoutMs: 10_000 });
    // Storage limits: the node drops the old add; the compact state is what says me follows a now.
    double.prune(followA);
    await engine.flushed();
    await waitForEqual('the prune event stored', async () => (await rig.cursors())[double.store.shardOf(me)],
      double.store.lastBlock(double.store.shardOf(me)) * 16384 + 1);
    expect({ following: (await view(rig, me)).following, node: double.store.messages(me, [MessageType.LINK_COMPACT_STATE]).length })
      .toEqual({ following: [a, b], node: 1 });
    expect(await engine.reconcileNow([me])).toEqual({ links: 0, casts: 0, reactions: 0, verifications: 0, userData: 0 });
  });
});
