// Events the sync has no rule for, from the node double: messages of type numbers no version knows, and a signer added on chain whose
// event carries a field of a newer protocol. Each is kept as its bytes came over the wire, counted per
// type in the status, /readyz, /metrics and the CLI's line, and the events after them still apply.
import { HubEvent, HubEventType, type Message, type MessageType } from '@farcaster/hub-nodejs';
import { gql } from 'graphql-request';
import { statusLine } from '../../src/cli/commands/sync.command';
import { replayUnhandled } from '../../src/sync/replay-unhandled';
import { channelIdOf, channelPin } from '../helpers/hub-double/channel-messages';
import { farcasterSeconds, signerAddEvent } from '../helpers/hub-double/message-factory';
import { parsePrometheus } from '../helpers/prometheus-text';
import { LiveRig } from '../helpers/sync-rig';
import { waitForEqual } from '../helpers/sync-wait';
import { startTestServer, type TestServer } from '../helpers/test-server';

let server: TestServer;
let rig: LiveRig;

beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });
beforeEach(async () => { rig = await new LiveRig(server).open(); });
afterEach(async () => { await rig.close(); });

/** A varint field 99 = 5, as protobuf writes it: a field no version of the package knows. */
const NEWER_FIELD = Buffer.from([0x98, 0x06, 0x05]);
const FUTURE_MESSAGE_TYPE = 42 as MessageType;
/** More type numbers no version knows (Snapchain's channel types 18 to 21 have their rules). */
const [UNKNOWN_A, UNKNOWN_B, UNKNOWN_C] = [40 as MessageType, 41 as MessageType, 43 as MessageType];

/** `raw` as each driver hands bytea over (a Buffer from pg, a Uint8Array from PGlite). */
interface KeptRow { shard: number; event_id: string; type: string; raw: Uint8Array }

const hex = (b: Uint8Array) => `0x${Buffer.from(b).toString('hex')}`;

const kept = () => rig.sql.query<KeptRow>('SELECT shard, event_id::text, type, raw FROM sync_unhandled ORDER BY type');

const EXPECTED = { 'message:40': 1, 'message:42': 1, 'onchain:EVENT_TYPE_SIGNER': 1 };

describe('live sync: events without a rule are kept, not dropped', () => {
  it('each is stored raw with its shard and id, counted per type everywhere, and the stream goes on past them', async () => {
    const { double, f, answers: a } = rig;
    const engine = await rig.engine();
    await rig.register(301, 302);
    const t0 = farcasterSeconds() - 100;
    const channel = await f.futureMessage(301, UNKNOWN_A, { at: t0 });
    const future = await f.futureMessage(301, FUTURE_MESSAGE_TYPE, { at: t0 + 1 });
    double.submit([channel, future]);
    const signerEvent = signerAddEvent({ fid: 301 });
    const added = double.event(301, { type: HubEventType.MERGE_ON_CHAIN_EVENT, mergeOnChainEventBody: { onChainEvent: signerEvent } }, NEWER_FIELD);
    // A cast after them: it is stored, so nothing before it held the stream.
    double.submit([await f.castAdd(301, 'after the unknown', { at: t0 + 2 })]);
    await waitForEqual('301\'s posts', async () => (await a.user(301)).stats.posts, 1);

    const rows = await kept();
    expect(Object.fromEntries(rows.map((r) => [r.type, 1]))).toEqual(EXPECTED);
    const byType = new Map(rows.map((r) => [r.type, r]));

    // The bytes are the node's: they decode to the same message, with its hash and signature.
    const channelEvent = HubEvent.decode(byType.get('message:40')!.raw);
    expect(Buffer.from(channelEvent.mergeMessageBody!.message!.hash)).toEqual(Buffer.from(channel.hash));
    expect(Buffer.from(channelEvent.mergeMessageBody!.message!.signature)).toEqual(Buffer.from(channel.signature));
    expect(channelEvent.mergeMessageBody!.message!.data).toMatchObject({ type: UNKNOWN_A, fid: 301, timestamp: t0 });
    expect(Buffer.from(HubEvent.decode(byType.get('message:42')!.raw).mergeMessageBody!.message!.hash)).toEqual(Buffer.from(future.hash));
    // A field the package's decoder drops is still there, and the row is keyed by the event's place.
    const signerRow = byType.get('onchain:EVENT_TYPE_SIGNER')!;
    expect(Buffer.from(signerRow.raw.subarray(-NEWER_FIELD.length))).toEqual(NEWER_FIELD);
    expect(Buffer.from(HubEvent.encode(HubEvent.decode(signerRow.raw)).finish()).length).toBe(signerRow.raw.length - NEWER_FIELD.length);
    expect({ shard: signerRow.shard, id: Number(signerRow.event_id) }).toEqual({ shard: added.shardIndex, id: added.id });
    expect(Buffer.from(HubEvent.decode(signerRow.raw).mergeOnChainEventBody!.onChainEvent!.signerEventBody!.key)).toEqual(Buffer.from(signerEvent.signerEventBody!.key));

    expect(engine.status.data.unhandled).toEqual(EXPECTED);
    await waitForEqual('/readyz sync.unhandled', async () => (await server.rest('/readyz', { key: null })).body.sync?.unhandled, EXPECTED);
    const metrics = parsePrometheus(await (await fetch(`${server.baseUrl}/metrics`)).text());
    for (const [type, n] of Object.entries(EXPECTED)) expect(metrics.value('sga_sync_unhandled_events', { type })).toBe(n);
    expect(statusLine(engine.status.refresh())).toContain('kept raw, no rule: message:40 1, message:42 1, onchain:EVENT_TYPE_SIGNER 1');
  });

  it('a restart counts what was kept before it; an event the node sends twice is kept once', async () => {
    const { double, f, answers: a } = rig;
    const first = await rig.engine();
    await rig.register(311);
    double.submit([await f.futureMessage(311, UNKNOWN_B)]);
    await waitForEqual('kept', async () => (await kept()).length, 1);
    await rig.stopEngine(first);

    double.duplicateDelivery(true);
    const second = await rig.engine();
    expect(second.status.data.unhandled).toEqual({ 'message:41': 1 });
    // Another message (a second later), not the first again.
    double.submit([await f.futureMessage(311, UNKNOWN_B, { at: farcasterSeconds() + 1 }), await f.castAdd(311, 'later')]);
    await waitForEqual('311\'s posts', async () => (await a.user(311)).stats.posts, 1);
    expect((await kept()).map((r) => r.type)).toEqual(['message:41', 'message:41']);
    expect(second.status.data.unhandled).toEqual({ 'message:41': 2 });
  });

  it('a replay applies the kept events whose type now has a rule, in order, and removes only them', async () => {
    const { f, answers: a } = rig;
    await rig.engine();
    await rig.register(321);
    const t0 = farcasterSeconds() - 100;
    // As an earlier version would have kept them: a cast and its remove it could not read, a lend (a type
    // with a rule since), and a type still without a rule.
    const cast = await f.castAdd(321, 'kept, then read', { at: t0 });
    const second = await f.castAdd(321, 'kept and removed', { at: t0 + 1 });
    const removal = await f.castRemove(321, second.hash, { at: t0 + 2 });
    const lend = await f.lendStorage(321, 301, 2, { at: t0 });
    const unknown = await f.futureMessage(321, UNKNOWN_C, { at: t0 });
    // A channel pin kept by a version before channels had their rules.
    const channelId = channelIdOf('kept-channel');
    const castHash = new Uint8Array(20).fill(7);
    const pin = await channelPin(f, 321, channelId, castHash, { at: t0 });
    const event = (id: number, message: Message) => HubEvent.encode(HubEvent.create({
      type: HubEventType.MERGE_MESSAGE, id, blockNumber: 1, shardIndex: 1, mergeMessageBody: { message, deletedMessages: [] },
    })).finish();
    const rows = [[10, 'message:CAST_ADD', cast], [11, 'message:CAST_ADD', second], [12, 'message:43', unknown], [13, 'message:CAST_REMOVE', removal],
      [14, 'message:LEND_STORAGE', lend], [15, 'message:20', pin]] as const;
    for (const [id, type, message] of rows) {
      await rig.sql.query(`INSERT INTO sync_unhandled (shard, event_id, block_number, type, raw, received_at) VALUES (1, $1, 1, $2, decode($3, 'hex'), now())`,
        [id, type, Buffer.from(event(id, message)).toString('hex')]);
    }

    expect(await replayUnhandled(rig.sql, 2))
      .toEqual({ applied: { 'message:CAST_ADD': 2, 'message:CAST_REMOVE': 1, 'message:LEND_STORAGE': 1, 'message:20': 1 }, kept: { 'message:43': 1 } });
    expect(await rig.sql.query('SELECT channel_id, cast_hash, by_fid, event_order::int AS event_order FROM fc_channel_pin WHERE channel_id = $1', [hex(channelId)]))
      .toEqual([{ channel_id: hex(channelId), cast_hash: hex(castHash), by_fid: 321, event_order: 15 }]);
    expect((await a.user(321)).stats.posts).toBe(1);
    expect((await a.rest('/api/farcaster/casts/321')).casts.map((c: { text: string }) => c.text)).toEqual(['kept, then read']);
    const LENT = gql`query { farcasterUser(fid: 321) { storage { unitTypes { unitType lent } } } }`;
    expect((await server.gql.request<{ farcasterUser: { storage: { unitTypes: unknown[] } } }>(LENT)).farcasterUser.storage.unitTypes).toEqual([
      { unitType: 'UNIT_TYPE_LEGACY', lent: 0 }, { unitType: 'UNIT_TYPE_2024', lent: 0 }, { unitType: 'UNIT_TYPE_2025', lent: 2 },
    ]);
    expect((await kept()).map((r) => r.type)).toEqual(['message:43']);
    expect(await replayUnhandled(rig.sql)).toEqual({ applied: {}, kept: { 'message:43': 1 } });
  });
});
