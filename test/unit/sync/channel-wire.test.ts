// Snapchain's channel bodies, read from bytes written here by hand (tag, length, value, per field number
// of message.proto and onchain_event.proto), and the ops the events give.
import { HubEvent, HubEventType, ReactionType, type Message } from '@farcaster/hub-nodejs';
import { channelFollowTarget, channelIdOfFollowTarget } from '../../../src/sync/channel-follow-target';
import { channelBodyOfData, channelRegisterOfHubEvent, messageDataOfHubEvent } from '../../../src/sync/channel-wire';
import { opsOfMessage, readEvent } from '../../../src/sync/hub-messages';
import { MessageFactory } from '../../helpers/hub-double/message-factory';

const ID = Buffer.alloc(32, 0xab);
const HASH = Buffer.alloc(20, 0xcd);
const hex = (b: Uint8Array) => `0x${Buffer.from(b).toString('hex')}`;

/** A base-128 varint, low groups first, as protobuf writes tags, lengths and integers. */
const v128 = (n: number): number[] => (n < 0x80 ? [n] : [(n % 0x80) | 0x80, ...v128(Math.floor(n / 0x80))]);
/** A length-delimited field. */
const len = (field: number, bytes: Uint8Array | string) => {
  const b = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : Buffer.from(bytes);
  return Buffer.concat([Buffer.from([...v128((field << 3) | 2), ...v128(b.length)]), b]);
};
/** A varint field. */
const varint = (field: number, n: number) => Buffer.from([...v128(field << 3), ...v128(n)]);
/** MessageData: type 1, fid 2, timestamp 3, network 4, then the body. */
const data = (type: number, body: Buffer) => Buffer.concat([varint(1, type), varint(2, 7), varint(3, 100), varint(4, 1), body]);

describe('channel bodies from MessageData bytes', () => {
  it('when a ChannelUpdate leaves fields out, then they read as absent, not empty', () => {
    const body = Buffer.concat([len(1, ID), len(2, 'Dev'), len(6, 'be kind'), varint(8, 1)]);
    expect(channelBodyOfData(data(18, len(21, body)))).toEqual({
      type: 18, body: { channelId: ID, name: 'Dev', rules: 'be kind', membershipMode: 1 },
    });
  });

  it('when a ChannelMember, ChannelPin or ChannelModerate is read, then every field is the one written', () => {
    expect(channelBodyOfData(data(19, len(22, Buffer.concat([len(1, ID), varint(2, 99), varint(3, 5)])))))
      .toEqual({ type: 19, body: { channelId: ID, fid: 99, action: 5 } });
    expect(channelBodyOfData(data(20, len(23, Buffer.concat([len(1, ID), len(2, HASH)])))))
      .toEqual({ type: 20, body: { channelId: ID, castHash: HASH } });
    expect(channelBodyOfData(data(20, len(23, len(1, ID)))))
      .toEqual({ type: 20, body: { channelId: ID, castHash: new Uint8Array() } });
    expect(channelBodyOfData(data(21, len(24, Buffer.concat([len(1, ID), len(2, HASH), varint(3, 2)])))))
      .toEqual({ type: 21, body: { channelId: ID, castHash: HASH, action: 2 } });
  });

  it('when the type is not a channel type or the body is missing, then there is none', () => {
    expect(channelBodyOfData(data(1, len(5, 'a cast body')))).toBeNull();
    expect(channelBodyOfData(data(19, Buffer.alloc(0)))).toBeNull();
  });
});

describe('channel register bodies and messages from HubEvent bytes', () => {
  const register = Buffer.concat([len(1, 'dev'), varint(2, 1_000_000_000), len(3, Buffer.alloc(20, 0x11)), varint(4, 1), len(5, ID)]);
  /** HubEvent { type 9 (MERGE_ON_CHAIN_EVENT), merge_on_chain_event_body 11 { on_chain_event 1 { type 6, block 3, fid 8, body 16 } } }. */
  const onChain = Buffer.concat([varint(1, 6), varint(3, 42), varint(7, 3), varint(8, 0), len(16, register)]);
  const raw = Buffer.concat([varint(1, 9), len(11, len(1, onChain)), Buffer.from([14 << 3, 1])]);

  it('when the event carries a ChannelRegisterBody, then it is read whole', () => {
    // The field tags past 15 and the expiry are multi-byte varints.
    expect([...len(16, '')]).toEqual([0x82, 0x01, 0x00]);
    expect([...varint(2, 1_000_000_000)]).toEqual([0x10, 0x80, 0x94, 0xeb, 0xdc, 0x03]);
    expect(channelRegisterOfHubEvent(raw)).toEqual({
      channelKey: 'dev', expiry: 1_000_000_000, ownerAddress: Buffer.alloc(20, 0x11), eventType: 1, label: ID,
    });
  });

  it('when the package decodes the same bytes, then it drops the body, and readEvent reads it from the bytes', () => {
    const event = HubEvent.decode(raw);
    expect(event.mergeOnChainEventBody?.onChainEvent?.type).toBe(6);
    expect(readEvent(event, raw)).toEqual({
      unhandled: null,
      ops: [{
        kind: 'channelRegister', label: hex(ID), channelKey: 'dev', eventType: 1, owner: hex(Buffer.alloc(20, 0x11)),
        expiry: new Date(1_000_000_000_000), blockNumber: 42, txIndex: 0, logIndex: 3, at: new Date(0),
      }],
    });
    // Without the bytes nothing can be read of it, and it is not unhandled either.
    expect(readEvent(event)).toEqual({ ops: [], unhandled: null });
  });

  it('when a message has no data_bytes, then its MessageData is read from the event\'s bytes', () => {
    const dataBytes = data(20, len(23, Buffer.concat([len(1, ID), len(2, HASH)])));
    const message = Buffer.concat([len(1, dataBytes), len(2, HASH)]);
    expect(Buffer.from(messageDataOfHubEvent(Buffer.concat([varint(1, 1), len(3, len(1, message))]))!)).toEqual(dataBytes);
    const withBytes = Buffer.concat([len(1, data(20, Buffer.alloc(0))), len(7, dataBytes)]);
    expect(Buffer.from(messageDataOfHubEvent(Buffer.concat([varint(1, 2), len(4, len(1, withBytes))]))!)).toEqual(dataBytes);
  });
});

describe('channel messages in events', () => {
  const pinData = data(20, len(23, Buffer.concat([len(1, ID), len(2, HASH)])));
  const message = { data: { type: 20, fid: 7, timestamp: 100, network: 1 }, hash: HASH, dataBytes: pinData } as unknown as Message;
  const merge = (shardIndex: number, id: number) => HubEvent.create({ type: HubEventType.MERGE_MESSAGE, id, shardIndex, mergeMessageBody: { message } });

  it('when shard 1 sends it, then it is the pin at its event\'s place; the copy on another shard gives nothing', () => {
    expect(readEvent(merge(1, 5000)).ops).toEqual([{
      kind: 'channelPin', channelId: hex(ID), fid: 7, hash: hex(HASH), ts: new Date((1_609_459_200 + 100) * 1000), order: 5000, castHash: hex(HASH),
    }]);
    expect(readEvent(merge(2, 5000))).toEqual({ ops: [], unhandled: null });
  });

  it('when a body is one the node refuses (channel id not 32 bytes, unknown action), then it stores nothing', () => {
    const short = { ...message, dataBytes: data(20, len(23, len(1, Buffer.alloc(31)))) } as Message;
    expect(readEvent(HubEvent.create({ type: HubEventType.MERGE_MESSAGE, id: 1, shardIndex: 1, mergeMessageBody: { message: short } })).ops).toEqual([]);
    const noAction = { ...message, data: { ...message.data!, type: 19 }, dataBytes: data(19, len(22, Buffer.concat([len(1, ID), varint(2, 9)]))) } as unknown as Message;
    expect(readEvent(HubEvent.create({ type: HubEventType.MERGE_MESSAGE, id: 2, shardIndex: 1, mergeMessageBody: { message: noAction } })).ops).toEqual([]);
  });
});

describe('channel follow targets (CAIP-19)', () => {
  const id = `0x${'00'.repeat(31)}2a`;
  const canonical = 'eip155:11155111/erc721:0x7Dd80C661dED9bFC8D4440224A0b39b345a91BE4/42';

  it('when the url is the canonical id of a registrar token, then it names the channel; channelFollowTarget writes that spelling', () => {
    expect(channelFollowTarget(id)).toBe(canonical);
    expect(channelIdOfFollowTarget(canonical)).toBe(id);
  });

  it('when any other spelling or collection is given, then it is not a follow', () => {
    for (const url of [
      canonical.replace('0x7Dd80C661dED9bFC8D4440224A0b39b345a91BE4', '0x7dd80c661ded9bfc8d4440224a0b39b345a91be4'),
      canonical.replace('/42', '/042'), canonical.replace('eip155:11155111', 'eip155:1'), canonical.replace('eip155', 'EIP155'),
      canonical.replace('erc721', 'erc1155'), `${canonical}/1`, `https://warpcast.com/~/channel/dev`,
      canonical.replace('/42', `/${(1n << 256n).toString()}`),
    ]) expect(channelIdOfFollowTarget(url)).toBeNull();
  });
});

describe('channel follows from reactions', () => {
  const f = new MessageFactory();
  const id = `0x${'00'.repeat(31)}07`;
  const target = channelFollowTarget(id);

  it('when a like or its remove targets the channel\'s id, then it is a follow or an unfollow of it', async () => {
    const at = new Date('2026-11-01T00:00:00Z');
    expect(opsOfMessage(await f.reactionAdd(5, ReactionType.LIKE, target, { at }))).toEqual([{ kind: 'channelFollow', fid: 5, channelId: id, ts: at, remove: false }]);
    expect(opsOfMessage(await f.reactionRemove(5, ReactionType.LIKE, target, { at }))).toEqual([{ kind: 'channelFollow', fid: 5, channelId: id, ts: at, remove: true }]);
  });

  it('when a recast targets it, or a like targets another URL, then it stores nothing', async () => {
    expect(opsOfMessage(await f.reactionAdd(5, ReactionType.RECAST, target))).toEqual([]);
    expect(opsOfMessage(await f.reactionAdd(5, ReactionType.LIKE, 'https://warpcast.com/~/channel/dev'))).toEqual([]);
  });
});
