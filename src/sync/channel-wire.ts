// Snapchain's channel bodies read from the wire. @farcaster/hub-nodejs 0.17 predates them: its
// decoder skips MessageData fields 21-24 and OnChainEvent field 16, so they are read here from the
// bytes the node signed (a message's data_bytes) or sent (the HubEvent as received), each field by
// its number in Snapchain's proto/definitions/message.proto and onchain_event.proto.
import { Reader } from 'protobufjs/minimal';

/** MessageType numbers Snapchain gives the channel messages (message.proto). */
export const CHANNEL_MESSAGE_TYPES = { update: 18, member: 19, pin: 20, moderate: 21 } as const;
/** OnChainEventType.EVENT_TYPE_CHANNEL_REGISTER (onchain_event.proto). */
export const CHANNEL_REGISTER_EVENT_TYPE = 6;

export const isChannelMessageType = (type: number) => type >= CHANNEL_MESSAGE_TYPES.update && type <= CHANNEL_MESSAGE_TYPES.moderate;

/** ChannelUpdateBody: every optional field as sent (undefined when absent: the node's fold reads absent as unset). */
export interface ChannelUpdateBody {
  channelId: Uint8Array; name?: string; description?: string; imageUrl?: string; header?: string; rules?: string;
  castingMode?: number; membershipMode?: number;
}
/** ChannelMemberBody: `action` is ChannelMemberAction (1 add member … 6 unban). */
export interface ChannelMemberBody { channelId: Uint8Array; fid: number; action: number }
/** ChannelPinBody: an empty `castHash` unpins. */
export interface ChannelPinBody { channelId: Uint8Array; castHash: Uint8Array }
/** ChannelModerateBody: `action` is ChannelModerateAction (1 hide, 2 unhide). */
export interface ChannelModerateBody { channelId: Uint8Array; castHash: Uint8Array; action: number }

export type ChannelMessageBody =
  | { type: 18; body: ChannelUpdateBody } | { type: 19; body: ChannelMemberBody }
  | { type: 20; body: ChannelPinBody } | { type: 21; body: ChannelModerateBody };

/** ChannelRegisterBody; `eventType` 1 register, 2 renew, 3 transfer. */
export interface ChannelRegisterBody { channelKey: string; expiry: number; ownerAddress: Uint8Array; eventType: number; label: Uint8Array }

/** The fields of one protobuf message, in wire order; a repeated or re-sent field appears once per occurrence. */
function fields(bytes: Uint8Array, read: (r: Reader, field: number, wireType: number) => boolean): void {
  const r = Reader.create(bytes);
  while (r.pos < r.len) {
    const tag = r.uint32();
    if (!read(r, tag >>> 3, tag & 7)) r.skipType(tag & 7);
  }
}

/** A uint64 as a number: fids and unix seconds stay far below 2^53. */
const u64 = (r: Reader) => {
  const v = r.uint64();
  return typeof v === 'number' ? v : (v.high >>> 0) * 2 ** 32 + (v.low >>> 0);
};

const LEN = 2;
const VARINT = 0;

/** A channel message's body from its MessageData bytes, or null when the type is not a channel type or its body is missing. */
export function channelBodyOfData(dataBytes: Uint8Array): ChannelMessageBody | null {
  const got: { type: number; body: Uint8Array | null } = { type: 0, body: null };
  fields(dataBytes, (r, f, w) => {
    if (f === 1 && w === VARINT) { got.type = r.int32(); return true; }
    // channel_update_body = 21 … channel_moderate_body = 24: the oneof's last occurrence wins.
    if (f >= 21 && f <= 24 && w === LEN) { got.body = r.bytes(); return true; }
    return false;
  });
  const { type, body } = got;
  if (!body || !isChannelMessageType(type)) return null;
  switch (type) {
    case 18: return { type, body: updateBody(body) };
    case 19: return { type, body: memberBody(body) };
    case 20: return { type, body: pinBody(body) };
    default: return { type: 21, body: moderateBody(body) };
  }
}

function updateBody(bytes: Uint8Array): ChannelUpdateBody {
  const b: ChannelUpdateBody = { channelId: new Uint8Array() };
  fields(bytes, (r, f, w) => {
    if (w === LEN) {
      if (f === 1) b.channelId = r.bytes();
      else if (f === 2) b.name = r.string();
      else if (f === 3) b.description = r.string();
      else if (f === 4) b.imageUrl = r.string();
      else if (f === 5) b.header = r.string();
      else if (f === 6) b.rules = r.string();
      else return false;
      return true;
    }
    if (w === VARINT && f === 7) { b.castingMode = r.int32(); return true; }
    if (w === VARINT && f === 8) { b.membershipMode = r.int32(); return true; }
    return false;
  });
  return b;
}

function memberBody(bytes: Uint8Array): ChannelMemberBody {
  const b: ChannelMemberBody = { channelId: new Uint8Array(), fid: 0, action: 0 };
  fields(bytes, (r, f, w) => {
    if (f === 1 && w === LEN) b.channelId = r.bytes();
    else if (f === 2 && w === VARINT) b.fid = u64(r);
    else if (f === 3 && w === VARINT) b.action = r.int32();
    else return false;
    return true;
  });
  return b;
}

function pinBody(bytes: Uint8Array): ChannelPinBody {
  const b: ChannelPinBody = { channelId: new Uint8Array(), castHash: new Uint8Array() };
  fields(bytes, (r, f, w) => {
    if (f === 1 && w === LEN) b.channelId = r.bytes();
    else if (f === 2 && w === LEN) b.castHash = r.bytes();
    else return false;
    return true;
  });
  return b;
}

function moderateBody(bytes: Uint8Array): ChannelModerateBody {
  const b: ChannelModerateBody = { channelId: new Uint8Array(), castHash: new Uint8Array(), action: 0 };
  fields(bytes, (r, f, w) => {
    if (f === 1 && w === LEN) b.channelId = r.bytes();
    else if (f === 2 && w === LEN) b.castHash = r.bytes();
    else if (f === 3 && w === VARINT) b.action = r.int32();
    else return false;
    return true;
  });
  return b;
}

export function channelRegisterBody(bytes: Uint8Array): ChannelRegisterBody {
  const b: ChannelRegisterBody = { channelKey: '', expiry: 0, ownerAddress: new Uint8Array(), eventType: 0, label: new Uint8Array() };
  fields(bytes, (r, f, w) => {
    if (f === 1 && w === LEN) b.channelKey = r.string();
    else if (f === 2 && w === VARINT) b.expiry = u64(r);
    else if (f === 3 && w === LEN) b.ownerAddress = r.bytes();
    else if (f === 4 && w === VARINT) b.eventType = r.int32();
    else if (f === 5 && w === LEN) b.label = r.bytes();
    else return false;
    return true;
  });
  return b;
}

/** The embedded message bytes of field `field` (the last occurrence), or null. */
function embedded(bytes: Uint8Array, field: number): Uint8Array | null {
  const got: { bytes: Uint8Array | null } = { bytes: null };
  fields(bytes, (r, f, w) => {
    if (f === field && w === LEN) { got.bytes = r.bytes(); return true; }
    return false;
  });
  return got.bytes;
}

/**
 * The ChannelRegisterBody of a HubEvent's on-chain event, from the event's bytes as received:
 * HubEvent.merge_on_chain_event_body (11) → on_chain_event (1) → channel_register_event_body (16).
 */
export function channelRegisterOfHubEvent(raw: Uint8Array): ChannelRegisterBody | null {
  const body = embedded(raw, 11);
  const onChain = body && embedded(body, 1);
  const register = onChain && embedded(onChain, 16);
  return register ? channelRegisterBody(register) : null;
}

/**
 * The MessageData bytes of a HubEvent's message, from the event's bytes as received: its body
 * (merge 3, prune 4, revoke 5) → message (1) → data_bytes (7), else the data (1) as encoded.
 */
export function messageDataOfHubEvent(raw: Uint8Array): Uint8Array | null {
  for (const bodyField of [3, 4, 5]) {
    const body = embedded(raw, bodyField);
    const message = body && embedded(body, 1);
    if (!message) continue;
    const dataBytes = embedded(message, 7);
    if (dataBytes && dataBytes.length) return dataBytes;
    return embedded(message, 1);
  }
  return null;
}
