// Snapchain's channels on chain from the node double, against answers worked out by hand from the node's
// rules: the registry's register, renew and transfer folded in chain order (onchain_event_store.rs);
// channel messages merged in shard 0's order, the latest replacing its slot whatever the timestamps
// (channel_store.rs merge_slot): a configuration replaced whole, members added, removed and banned, a
// moderator, a pin replaced, a cast hidden then shown again; and channel follows, likes of the channel's
// CAIP-19 id merged as reactions (reaction_store.rs, channel_uri.rs). The double emits each channel message
// and registry event on every user shard, as the node's data shards replay shard 0's.
import { ReactionType } from '@farcaster/hub-nodejs';
import { gql } from 'graphql-request';
import { refreshAnalytics } from '../../src/analytics/refresh';
import { channelFollowTarget } from '../../src/sync/channel-follow-target';
import { foldRegistry, registryByIds, type RegisterEventRow } from '../../src/repositories/onchain-channels.repository';
import {
  MemberAction, ModerateAction, RegisterType, channelIdOf, channelMember, channelModerate, channelPin, channelRegisterBodyBytes,
  channelRegisterEvent, channelUpdate,
} from '../helpers/hub-double/channel-messages';
import { farcasterSeconds, idRegisterEvent } from '../helpers/hub-double/message-factory';
import { LiveRig } from '../helpers/sync-rig';
import { waitForEqual } from '../helpers/sync-wait';
import { startTestServer, type TestServer } from '../helpers/test-server';

let server: TestServer;
let rig: LiveRig;

beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });
beforeEach(async () => { rig = await new LiveRig(server).open(); });
afterEach(async () => { await rig.close(); });

const hex = (b: Uint8Array) => `0x${Buffer.from(b).toString('hex')}`;
const address = (n: number) => new Uint8Array(20).fill(n);
const castHash = (n: number) => new Uint8Array(20).fill(n);
const unix = (s: number) => new Date(s * 1000);

/** The rows of one channel, as stored. */
async function stored(channelId: string) {
  const q = <T>(sql: string) => rig.sql.query<T>(sql, [channelId]);
  return {
    update: await q('SELECT name, description, image_url, header, rules, casting_mode, membership_mode, by_fid FROM fc_channel_update WHERE channel_id = $1'),
    members: await q('SELECT fid, state, by_fid FROM fc_channel_member WHERE channel_id = $1 ORDER BY fid'),
    pin: await q('SELECT cast_hash, by_fid FROM fc_channel_pin WHERE channel_id = $1'),
    moderation: await q('SELECT cast_hash, state FROM fc_channel_moderation WHERE channel_id = $1 ORDER BY cast_hash'),
    follows: await q('SELECT fid, deleted_at IS NULL AS live FROM fc_channel_follow WHERE channel_id = $1 ORDER BY fid'),
  };
}

describe('channels on chain', () => {
  it('live: the registry, the configuration, members, the pin, moderation and follows are the node\'s', async () => {
    const engine = await rig.engine();
    const { double, f } = rig;
    const [OWNER, MOD, M1, M2, BANNED, OTHER] = [401, 402, 403, 404, 405, 406];
    const key = 'onchain-dev';
    const id = channelIdOf(key);
    const t0 = farcasterSeconds() - 100;

    // The registry: registered by address 0x11…, renewed, then transferred to 0x22… (the transfer names no key).
    const reg = (eventType: number, block: number, fields: { owner?: Uint8Array; expiry?: number }) =>
      double.channelRegister(channelRegisterEvent({ blockNumber: block, at: unix(1_780_000_000 + block) }),
        channelRegisterBodyBytes({ channelKey: key, eventType, ...fields }));
    reg(RegisterType.REGISTER, 100, { owner: address(0x11), expiry: 1_800_000_000 });
    reg(RegisterType.RENEW, 101, { expiry: 1_830_000_000 });
    reg(RegisterType.TRANSFER, 102, { owner: address(0x22) });

    double.submit([
      // The first configuration, then a second one merged later though dated earlier: the later in shard 0's
      // order wins, and whole: what it leaves out is unset, the modes fold to MEMBERS_ONLY and APPROVAL.
      await channelUpdate(f, OWNER, id, { name: 'Dev', description: 'first', imageUrl: 'https://i/1.png', rules: 'be kind', castingMode: 1, membershipMode: 1 }, { at: t0 + 10 }),
      await channelUpdate(f, OWNER, id, { name: 'Dev on chain' }, { at: t0 + 5 }),
      // Members: a moderator, two members of whom one is removed, and a ban of a member.
      await channelMember(f, OWNER, id, MOD, MemberAction.ADD_MODERATOR, { at: t0 }),
      await channelMember(f, OWNER, id, M1, MemberAction.ADD_MEMBER, { at: t0 + 1 }),
      await channelMember(f, M2, id, M2, MemberAction.ADD_MEMBER, { at: t0 + 2 }),
      await channelMember(f, BANNED, id, BANNED, MemberAction.ADD_MEMBER, { at: t0 + 3 }),
      await channelMember(f, MOD, id, M1, MemberAction.REMOVE_MEMBER, { at: t0 + 4 }),
      await channelMember(f, MOD, id, BANNED, MemberAction.BAN, { at: t0 + 5 }),
      // The pin replaced by the moderator's; a cast hidden and shown again, another hidden.
      await channelPin(f, OWNER, id, castHash(1), { at: t0 + 6 }),
      await channelPin(f, MOD, id, castHash(2), { at: t0 + 7 }),
      await channelModerate(f, MOD, id, castHash(3), ModerateAction.HIDE, { at: t0 + 8 }),
      await channelModerate(f, OWNER, id, castHash(3), ModerateAction.UNHIDE, { at: t0 + 9 }),
      await channelModerate(f, MOD, id, castHash(4), ModerateAction.HIDE, { at: t0 + 9 }),
    ]);
    const target = channelFollowTarget(hex(id));
    double.submit([
      // Follows: three likes of the channel's id, one undone later; a recast of it and a like of another
      // spelling of it (a lowercase contract) are reactions to a URL, not follows.
      await f.reactionAdd(M1, ReactionType.LIKE, target, { at: t0 }),
      await f.reactionAdd(M2, ReactionType.LIKE, target, { at: t0 }),
      await f.reactionAdd(BANNED, ReactionType.LIKE, target, { at: t0 }),
      await f.reactionRemove(BANNED, ReactionType.LIKE, target, { at: t0 + 1 }),
      await f.reactionAdd(OTHER, ReactionType.RECAST, target, { at: t0 }),
      await f.reactionAdd(OTHER, ReactionType.LIKE, target.replace(/erc721:0x[0-9a-fA-F]{40}/, (m) => m.toLowerCase()), { at: t0 }),
    ]);
    await waitForEqual('the cursors at the node\'s heads', () => rig.cursors(), rig.nodeHeads());
    await engine.flushed();

    expect(await stored(hex(id))).toEqual({
      update: [{ name: 'Dev on chain', description: null, image_url: null, header: null, rules: null, casting_mode: 2, membership_mode: 2, by_fid: OWNER }],
      members: [
        { fid: MOD, state: 'moderator', by_fid: OWNER }, { fid: M1, state: 'removed', by_fid: MOD },
        { fid: M2, state: 'member', by_fid: M2 }, { fid: BANNED, state: 'banned', by_fid: MOD },
      ],
      pin: [{ cast_hash: hex(castHash(2)), by_fid: MOD }],
      moderation: [{ cast_hash: hex(castHash(3)), state: 'visible' }, { cast_hash: hex(castHash(4)), state: 'hidden' }],
      follows: [{ fid: M1, live: true }, { fid: M2, live: true }, { fid: BANNED, live: false }],
    });
    // Each registry event came on both shards and is kept once.
    expect(await rig.sql.query('SELECT event_type FROM fc_channel_register WHERE label = $1 ORDER BY block_number', [hex(id)]))
      .toEqual([{ event_type: 1 }, { event_type: 2 }, { event_type: 3 }]);
    expect((await registryByIds(server.testDb.db, [hex(id)])).get(hex(id))).toEqual({
      channelKey: key, owner: hex(address(0x22)), expiry: unix(1_830_000_000),
      registeredAt: unix(1_780_000_100), renewedAt: unix(1_780_000_101), transferredAt: unix(1_780_000_102),
    });
    // Nothing was kept as unhandled.
    expect(await rig.sql.query('SELECT type FROM sync_unhandled')).toEqual([]);

    // The analytics' channel of the same name (a cast under its Warpcast URL) links to it.
    await rig.register(OWNER);
    double.submit([await f.castAdd(OWNER, 'gm', { at: t0, parentUrl: `https://warpcast.com/~/channel/${key}` })]);
    await waitForEqual('the cast stored', async () => (await rig.sql.query('SELECT 1 FROM fc_cast WHERE fid = $1', [OWNER])).length, 1);
    await engine.flushed();
    await refreshAnalytics(server.testDb.db, { protocols: ['farcaster'] });
    const ONCHAIN = gql`query ($id: String!) { farcasterChannel(id: $id) { nativeId onchain {
      channelId channelKey owner expiry registeredAt renewedAt transferredAt name description imageUrl header rules castingMode membershipMode
      membersCount moderators followersCount pinnedCastHash } } }`;
    const answer = await server.gql.request<{ farcasterChannel: { nativeId: string; onchain: unknown } }>(ONCHAIN, { id: key });
    const iso = (d: Date) => d.toISOString();
    expect(answer.farcasterChannel).toEqual({
      nativeId: key,
      onchain: {
        channelId: hex(id), channelKey: key, owner: hex(address(0x22)), expiry: iso(unix(1_830_000_000)), registeredAt: iso(unix(1_780_000_100)),
        renewedAt: iso(unix(1_780_000_101)), transferredAt: iso(unix(1_780_000_102)), name: 'Dev on chain', description: null, imageUrl: null,
        header: null, rules: null, castingMode: 'MEMBERS_ONLY', membershipMode: 'APPROVAL', membersCount: 2, moderators: [MOD], followersCount: 2,
        pinnedCastHash: hex(castHash(2)),
      },
    });
    // The REST face answers the same.
    const rest = await server.rest(`/api/v2/farcaster/channel/${key}/onchain`);
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual({ id: key, onchain: answer.farcasterChannel.onchain });
  });

  it('a copy delivered again or late changes nothing: the slot holds the message latest in shard 0\'s order', async () => {
    const engine = await rig.engine();
    const { double, f } = rig;
    double.duplicateDelivery(true);
    const id = channelIdOf('onchain-order');
    const t0 = farcasterSeconds() - 100;
    double.submit([
      await channelMember(f, 411, id, 412, MemberAction.ADD_MODERATOR, { at: t0 + 9 }),
      await channelMember(f, 411, id, 412, MemberAction.REMOVE_MODERATOR, { at: t0 }),
      await channelPin(f, 411, id, castHash(9), { at: t0 }),
      await channelPin(f, 411, id, new Uint8Array(), { at: t0 - 50 }),
    ]);
    await waitForEqual('the cursors at the node\'s heads', () => rig.cursors(), rig.nodeHeads());
    await engine.flushed();
    const s = await stored(hex(id));
    // Removing the moderator role leaves a member; the empty pin unpinned.
    expect(s.members).toEqual([{ fid: 412, state: 'member', by_fid: 411 }]);
    expect(s.pin).toEqual([{ cast_hash: null, by_fid: 411 }]);
  });
});

describe('channel follows by backfill', () => {
  it('the node\'s follows read per fid (reactions) are stored, and a reconcile finds nothing to repair', async () => {
    const { double, f } = rig;
    const [A, B] = [421, 422];
    const id = hex(channelIdOf('onchain-backfill'));
    const target = channelFollowTarget(id);
    const t0 = farcasterSeconds() - 100;
    for (const fid of [A, B]) double.onChain(idRegisterEvent({ fid }));
    double.submit([
      await f.reactionAdd(A, ReactionType.LIKE, target, { at: t0 }),
      await f.reactionAdd(B, ReactionType.LIKE, target, { at: t0 }),
      await f.reactionRemove(B, ReactionType.LIKE, target, { at: t0 + 1 }),
    ]);
    const engine = await rig.engine({ backfill: 'auto' });
    await waitForEqual('the backfill done', () => engine.status.data.backfill.state, 'done', { timeoutMs: 10_000 });
    await engine.flushed();
    const follows = () => rig.sql.query('SELECT fid, deleted_at IS NULL AS live FROM fc_channel_follow WHERE channel_id = $1 ORDER BY fid', [id]);
    expect(await follows()).toEqual([{ fid: A, live: true }, { fid: B, live: false }]);
    expect(await engine.reconcileNow([A, B])).toEqual({ links: 0, casts: 0, reactions: 0, verifications: 0, userData: 0 });
    expect(await follows()).toEqual([{ fid: A, live: true }, { fid: B, live: false }]);
  });
});

describe('the registry fold', () => {
  const label = (key: string) => hex(channelIdOf(key));
  const ev = (e: Partial<RegisterEventRow> & { event_type: number; block_number: number }): RegisterEventRow => ({
    label: label('x'), tx_index: 0, log_index: 0, channel_key: 'x', owner_address: null, expiry: null, block_time: unix(e.block_number), ...e,
  });
  const owner = (n: number) => hex(address(n));

  it('when events are stored out of chain order, then the fold is the chain order\'s', () => {
    const events = [
      ev({ event_type: 3, block_number: 3, channel_key: '', owner_address: owner(2) }),
      ev({ event_type: 1, block_number: 1, owner_address: owner(1), expiry: unix(10) }),
      ev({ event_type: 2, block_number: 2, expiry: unix(20) }),
    ];
    expect(foldRegistry(events)).toEqual({ channelKey: 'x', owner: owner(2), expiry: unix(20), registeredAt: unix(1), renewedAt: unix(2), transferredAt: unix(3) });
  });

  it('when a register\'s key does not hash to its label, or a renew or transfer comes before any register, then the node skips it', () => {
    expect(foldRegistry([ev({ event_type: 1, block_number: 1, channel_key: 'y', owner_address: owner(1) })])).toBeNull();
    expect(foldRegistry([ev({ event_type: 3, block_number: 1, owner_address: owner(2) }), ev({ event_type: 2, block_number: 2, expiry: unix(5) })])).toBeNull();
    expect(foldRegistry([ev({ event_type: 1, block_number: 1, owner_address: 'not an address' })])).toBeNull();
  });
});
