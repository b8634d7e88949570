// Snapshot, then live: `sync --from-dump DIR` imports a hub replicator's export of
// what the node held at the dump's time, then follows the node from that time less
// the overlap. Its tables must come out as those of a database that followed the
// same node from the start: nothing after the dump lost, nothing the overlap replays
// counted twice. A node that pruned the events since the dump's time refuses it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ReactionType, UserDataType, type Message, type OnChainEvent } from '@farcaster/hub-nodejs';
import { runCli } from '../../src/cli/main';
import { fromFarcasterSeconds } from '../../src/sync/hub-messages';
import { SyncEngine } from '../../src/sync/sync-engine';
import { farcasterSeconds, fnameProof, idRegisterEvent } from '../helpers/hub-double/message-factory';
import { writeReplicatorDump } from '../helpers/replicator-dump';
import { testConfig } from '../helpers/serve-app';
import { LiveRig, forgetSync } from '../helpers/sync-rig';
import { silentLog, waitForEqual } from '../helpers/sync-wait';
import { startTestServer, type TestServer } from '../helpers/test-server';

const T0 = farcasterSeconds(new Date('2025-06-01T10:00:00Z'));
const MINUTE = 60;
const castId = (m: Message) => ({ fid: m.data!.fid, hash: m.hash });

/** What both databases must hold alike: removes compare as removed (the replicator's remove time is its own). */
const TABLES = {
  fc_user: 'SELECT fid, custody_address FROM fc_user ORDER BY fid',
  fc_link: 'SELECT fid, target_fid, timestamp, deleted_at IS NOT NULL AS deleted FROM fc_link ORDER BY fid, target_fid',
  fc_cast: 'SELECT hash, fid, parent_hash, text, timestamp, deleted_at IS NOT NULL AS deleted FROM fc_cast ORDER BY hash',
  fc_reaction: 'SELECT fid, reaction_type, target_hash, timestamp, deleted_at IS NOT NULL AS deleted FROM fc_reaction ORDER BY fid, reaction_type, target_hash',
  fc_user_data: 'SELECT fid, type, value FROM fc_user_data WHERE deleted_at IS NULL ORDER BY fid, type',
  fc_profile_counts: `SELECT fid, followers, following, posts, likes_received, recasts_received, replies_received FROM fc_profile_counts
    WHERE followers + following + posts + likes_received + recasts_received + replies_received > 0 ORDER BY fid`,
  fc_cast_counts: 'SELECT hash, likes, recasts, replies FROM fc_cast_counts WHERE likes + recasts + replies > 0 ORDER BY hash',
} as const;

async function tables(s: TestServer): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const [name, text] of Object.entries(TABLES)) out[name] = await s.testDb.db.sql.query(text);
  return out;
}

describe('sync --from-dump: a dump, then the node from its time', () => {
  let reference: TestServer;
  let target: TestServer;
  let rig: LiveRig;
  let referenceEngine: SyncEngine;
  let dir: string;
  let now = T0;
  let dumpTime: Date;
  const [one, two, three, four] = [5001, 5002, 5003, 5004];

  const cli = async (argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const config = testConfig({ HUB_URL: rig.url, SYNC_HEAD_POLL_MS: 100, SYNC_RECONCILE_PER_SECOND: 1000, SYNC_STALL_MS: 2000 });
    const code = await runCli(argv, { out: (l) => out.push(l), err: (l) => err.push(l) }, { db: target.testDb.db, config });
    return { code, out, err };
  };

  beforeAll(async () => {
    [reference, target] = await Promise.all([startTestServer(), startTestServer()]);
    rig = await new LiveRig(reference, { clock: () => now }).open();
    await forgetSync(target.testDb.db.sql);
    referenceEngine = new SyncEngine(reference.testDb.db.sql, rig.options(), silentLog);
    await referenceEngine.start();
    const f = rig.f;
    /** Each batch is merged in its own block, made `minutes` after T0 (the node's clock). */
    const merge = (minutes: number, messages: Message[]) => { now = T0 + minutes * MINUTE; rig.double.submit(messages); };

    const chain: OnChainEvent[] = [one, two, three, four].map((fid, i) => idRegisterEvent({ fid, at: new Date(Date.UTC(2025, 4, 1 + i)) }));
    now = T0 - 60 * MINUTE;
    for (const e of chain) rig.double.onChain(e);
    const proofs = [await fnameProof({ name: 'dumpone', fid: one, at: new Date('2025-06-01T09:00:00Z') })];
    for (const p of proofs) rig.double.usernameProof(p);

    // Before the dump: two hours of blocks, every ten minutes.
    const c1 = await f.castAdd(one, 'before the dump', { at: T0 });
    const before: Message[][] = [
      [await f.linkAdd(two, one, { at: T0 }), c1],
      [await f.linkAdd(three, one, { at: T0 + 10 * MINUTE }), await f.userDataAdd(one, UserDataType.DISPLAY, 'One', { at: T0 + 10 * MINUTE })],
      [await f.reactionAdd(two, ReactionType.LIKE, castId(c1), { at: T0 + 20 * MINUTE })],
      [await f.linkAdd(one, two, { at: T0 + 30 * MINUTE })],
    ];
    // Within the overlap (the last hour before the dump): replayed, and already in the dump.
    const c2 = await f.castAdd(two, 'an hour before the dump', { at: T0 + 70 * MINUTE });
    before.push(
      [c2, await f.reactionAdd(three, ReactionType.RECAST, castId(c1), { at: T0 + 80 * MINUTE })],
      [await f.reactionAdd(one, ReactionType.LIKE, castId(c2), { at: T0 + 110 * MINUTE }), await f.linkAdd(four, two, { at: T0 + 110 * MINUTE }),
        await f.castAdd(four, 'as the dump is made', { at: T0 + 110 * MINUTE })],
    );
    [0, 10, 20, 30, 80, 110].forEach((m, i) => merge(m, before[i]));

    // After the dump (made at T0 + 110 min): removes of what it holds, new facts, and a like dated before the
    // dump that the node merged only after it (clients set their messages' times).
    const c3 = await f.castAdd(three, 'after the dump', { at: T0 + 130 * MINUTE });
    merge(130, [await f.linkRemove(two, one, { at: T0 + 130 * MINUTE }), c3]);
    merge(140, [await f.reactionAdd(four, ReactionType.LIKE, castId(c1), { at: T0 + 105 * MINUTE }), await f.castRemove(two, c2.hash, { at: T0 + 140 * MINUTE })]);
    merge(150, [await f.linkAdd(four, one, { at: T0 + 150 * MINUTE }), await f.reactionAdd(one, ReactionType.LIKE, castId(c3), { at: T0 + 150 * MINUTE })]);

    dir = mkdtempSync(path.join(tmpdir(), 'fc-from-dump-'));
    writeReplicatorDump(dir, chain, before.flat(), proofs);
    dumpTime = fromFarcasterSeconds(T0 + 110 * MINUTE);
    await waitForEqual('the reference at the node\'s heads', async () => {
      const rows = await reference.testDb.db.sql.query<{ shard: number; event_id: string }>('SELECT shard, event_id::text FROM sync_cursor ORDER BY shard');
      return Object.fromEntries(rows.map((r) => [r.shard, Number(r.event_id)]));
    }, rig.nodeHeads(), { timeoutMs: 10_000 });
  }, 60_000);

  afterAll(async () => {
    await referenceEngine?.stop();
    await rig?.close();
    await Promise.all([reference?.close(), target?.close()]);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('when a database starts from the dump, then it ends with every table as one that followed the node from the start', async () => {
    const r = await cli(['sync', '--from-dump', dir, '--once', '--skip-classify']);
    // The import's and the refresh's progress go to stderr; a failure's reason would be the last line.
    expect([r.code, r.err.at(-1)]).toEqual([0, expect.stringMatching(/^refresh /)]);
    const since = new Date(dumpTime.getTime() - 60 * 60_000);
    expect(r.out).toContain(`dump time ${dumpTime.toISOString()}: following the node from ${since.toISOString()}`);
    // Each shard replays from its first block made at or after that instant.
    const expected = [1, 2].map((shard) => {
      const first = rig.double.store.sealedEvents(shard).find((e) => fromFarcasterSeconds(e.timestamp) >= since)!;
      return `shard ${shard} from block ${first.blockNumber} (${fromFarcasterSeconds(first.timestamp).toISOString()})`;
    });
    expect(r.out).toContain(`replaying ${expected.join(', ')}`);
    expect(r.out).toContain('caught up with the node; reconciled a sample of fids: no differences');
    const [a, b] = [await tables(reference), await tables(target)];
    for (const name of Object.keys(TABLES)) expect([name, b[name]]).toEqual([name, a[name]]);
    // Not vacuous: the facts after the dump are there, the overlap's not twice.
    expect(a.fc_profile_counts).toContainEqual(expect.objectContaining({ fid: one, followers: 2 }));
    expect(a.fc_cast_counts).toContainEqual(expect.objectContaining({ likes: 2, recasts: 1 }));
  });

  it('when the database already follows a node, then --from-dump is refused and its cursors stay', async () => {
    const cursors = await target.testDb.db.sql.query('SELECT shard, event_id FROM sync_cursor ORDER BY shard');
    const r = await cli(['sync', '--from-dump', dir, '--once']);
    expect(r.code).toBe(2);
    expect(r.err.join('\n')).toMatch(/already follows a node/);
    expect(await target.testDb.db.sql.query('SELECT shard, event_id FROM sync_cursor ORDER BY shard')).toEqual(cursors);
  });

  it('when the node pruned the events since the dump\'s time, then the run fails saying so and stores no cursor', async () => {
    await forgetSync(target.testDb.db.sql);
    const lastBlock = rig.double.store.lastBlock(1);
    rig.double.store.pruneEventsBefore(1, lastBlock);
    const r = await cli(['sync', '--from-dump', dir, '--once', '--skip-classify', '--skip-refresh']);
    expect(r.code).toBe(1);
    expect(r.err.join('\n')).toMatch(/holds shard 1's events from .* the events between cannot be replayed/);
    expect(await target.testDb.db.sql.query('SELECT shard FROM sync_cursor')).toEqual([]);
  });

  it('when no node is named, then a usage error before anything is imported', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(['sync', '--from-dump', dir], { out: (l) => out.push(l), err: (l) => err.push(l) },
      { db: target.testDb.db, config: testConfig({ HUB_URL: undefined }) });
    expect([code, out]).toEqual([2, []]);
    expect(err.join('\n')).toMatch(/--from-dump follows the node at HUB_URL/);
  });

  it('when the overlap is not a whole number of minutes, then a usage error', async () => {
    const r = await cli(['sync', '--from-dump', dir, '--overlap-minutes', 'ten']);
    expect(r.code).toBe(2);
    expect(r.err.join('\n')).toMatch(/--overlap-minutes must be a whole number/);
  });
});
