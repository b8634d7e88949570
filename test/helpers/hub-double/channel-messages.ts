// Snapchain's channel messages (types 18 to 21) and CHANNEL_REGISTER on-chain events, built as the
// network builds them. @farcaster/hub-nodejs 0.17 cannot encode their bodies, so the MessageData is
// written here field by field from Snapchain's proto/definitions/message.proto, hashed with BLAKE3
// (20 bytes) and signed by the fid's Ed25519 app key, as any message is; the message carries those
// bytes as data_bytes. Nothing here reads the service's own decoders, so a test checks one against the other.
import { randomBytes } from 'node:crypto';
import { HashScheme, HubEvent, MessageData, OnChainEvent, SignatureScheme, type Message, type OnChainEventType } from '@farcaster/hub-nodejs';
import { blake3 } from '@noble/hashes/blake3';
import { keccak_256 } from '@noble/hashes/sha3';
import { Writer } from 'protobufjs/minimal';
import { farcasterSeconds, unixSeconds, type MessageFactory, type When } from './message-factory';

export const CHANNEL_UPDATE = 18;
export const CHANNEL_MEMBER = 19;
export const CHANNEL_PIN = 20;
export const CHANNEL_MODERATE = 21;

/** ChannelMemberAction. */
export const MemberAction = { ADD_MEMBER: 1, REMOVE_MEMBER: 2, ADD_MODERATOR: 3, REMOVE_MODERATOR: 4, BAN: 5, UNBAN: 6 } as const;
/** ChannelModerateAction. */
export const ModerateAction = { HIDE: 1, UNHIDE: 2 } as const;
/** ChannelRegisterEventType. */
export const RegisterType = { REGISTER: 1, RENEW: 2, TRANSFER: 3 } as const;

/** keccak256 of the channel key: the label, ERC-721 tokenId and channel_id. */
export const channelIdOf = (key: string): Uint8Array => keccak_256(new TextEncoder().encode(key));

const LEN = 2;
const tag = (w: Writer, field: number, wire: number) => w.uint32((field << 3) | wire);

export interface ChannelUpdateFields {
  name?: string; description?: string; imageUrl?: string; header?: string; rules?: string; castingMode?: number; membershipMode?: number;
}

/** Which slot a channel message takes on the node (channel_store.rs slot_key): messages of one slot replace each other. */
const SLOTS = new WeakMap<Message, string>();
export const channelSlotOf = (m: Message): string | undefined => SLOTS.get(m);

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

async function channelMessage(f: MessageFactory, fid: number, type: number, bodyField: number, body: Uint8Array, slot: string, at?: When): Promise<Message> {
  const w = Writer.create();
  tag(w, 1, 0).int32(type);
  tag(w, 2, 0).uint64(fid);
  tag(w, 3, 0).uint32(farcasterSeconds(at));
  tag(w, 4, 0).int32(f.network);
  tag(w, bodyField, LEN).bytes(body);
  const dataBytes = w.finish();
  const hash = blake3(dataBytes, { dkLen: 20 });
  const { signer, key } = await f.signerOf(fid);
  const signature = await signer.signMessageHash(hash);
  if (signature.isErr()) throw new Error(signature.error.message);
  const message: Message = {
    // What the package reads of the data (type, fid, time); the body is in dataBytes only.
    data: MessageData.decode(dataBytes), hash, hashScheme: HashScheme.BLAKE3, signature: signature.value,
    signatureScheme: SignatureScheme.ED25519, signer: key, dataBytes,
  };
  SLOTS.set(message, slot);
  return message;
}

/** CHANNEL_UPDATE: the channel's whole configuration (fields left out are unset). */
export function channelUpdate(f: MessageFactory, fid: number, channelId: Uint8Array, fields: ChannelUpdateFields, o: { at?: When } = {}): Promise<Message> {
  const w = Writer.create();
  tag(w, 1, LEN).bytes(channelId);
  const texts: [number, string | undefined][] = [[2, fields.name], [3, fields.description], [4, fields.imageUrl], [5, fields.header], [6, fields.rules]];
  for (const [n, v] of texts) if (v !== undefined) tag(w, n, LEN).string(v);
  if (fields.castingMode !== undefined) tag(w, 7, 0).int32(fields.castingMode);
  if (fields.membershipMode !== undefined) tag(w, 8, 0).int32(fields.membershipMode);
  return channelMessage(f, fid, CHANNEL_UPDATE, 21, w.finish(), `update:${hex(channelId)}`, o.at);
}

/** CHANNEL_MEMBER: `action` on `member`'s membership. */
export function channelMember(f: MessageFactory, fid: number, channelId: Uint8Array, member: number, action: number, o: { at?: When } = {}): Promise<Message> {
  const w = Writer.create();
  tag(w, 1, LEN).bytes(channelId);
  tag(w, 2, 0).uint64(member);
  tag(w, 3, 0).int32(action);
  return channelMessage(f, fid, CHANNEL_MEMBER, 22, w.finish(), `member:${hex(channelId)}:${member}`, o.at);
}

/** CHANNEL_PIN: the channel's one pin (an empty hash unpins). */
export function channelPin(f: MessageFactory, fid: number, channelId: Uint8Array, castHash: Uint8Array, o: { at?: When } = {}): Promise<Message> {
  const w = Writer.create();
  tag(w, 1, LEN).bytes(channelId);
  if (castHash.length) tag(w, 2, LEN).bytes(castHash);
  return channelMessage(f, fid, CHANNEL_PIN, 23, w.finish(), `pin:${hex(channelId)}`, o.at);
}

/** CHANNEL_MODERATE: hide or show again a cast in the channel. */
export function channelModerate(f: MessageFactory, fid: number, channelId: Uint8Array, castHash: Uint8Array, action: number, o: { at?: When } = {}): Promise<Message> {
  const w = Writer.create();
  tag(w, 1, LEN).bytes(channelId);
  tag(w, 2, LEN).bytes(castHash);
  tag(w, 3, 0).int32(action);
  return channelMessage(f, fid, CHANNEL_MODERATE, 24, w.finish(), `moderate:${hex(channelId)}:${hex(castHash)}`, o.at);
}

/** `expiry`: absolute unix seconds (or a Date), as the registry emits it. */
export interface ChannelRegisterFields { channelKey: string; eventType: number; owner?: Uint8Array; expiry?: number | Date; label?: Uint8Array }

/** A ChannelRegisterBody as encoded on the wire (OnChainEvent field 16). */
export function channelRegisterBodyBytes(b: ChannelRegisterFields): Uint8Array {
  const w = Writer.create();
  if (b.eventType !== RegisterType.TRANSFER) tag(w, 1, LEN).string(b.channelKey);
  if (b.expiry !== undefined) tag(w, 2, 0).uint64(b.expiry instanceof Date ? Math.floor(b.expiry.getTime() / 1000) : b.expiry);
  if (b.owner) tag(w, 3, LEN).bytes(b.owner);
  tag(w, 4, 0).int32(b.eventType);
  tag(w, 5, LEN).bytes(b.label ?? channelIdOf(b.channelKey));
  return w.finish();
}

let nextBlock = 9_000_000;

/** A CHANNEL_REGISTER on-chain event of the registry (on Sepolia, its block of its own unless given); fid 0: no fid's. */
export function channelRegisterEvent(p: { at?: When; blockNumber?: number; logIndex?: number }): OnChainEvent {
  return {
    type: 6 as OnChainEventType, chainId: 11155111, blockNumber: p.blockNumber ?? nextBlock++, blockHash: new Uint8Array(randomBytes(32)),
    blockTimestamp: unixSeconds(p.at), transactionHash: new Uint8Array(randomBytes(32)), logIndex: p.logIndex ?? 0, fid: 0, txIndex: 0, version: 2,
  };
}

/**
 * A MERGE_ON_CHAIN_EVENT's bytes with the channel register body inside the on-chain event, where the
 * package's encoder cannot put it: the event without its body, then field 11 written by hand.
 */
export function channelRegisterWire(e: HubEvent, body: Uint8Array): Buffer {
  const onChain = e.mergeOnChainEventBody!.onChainEvent!;
  const onChainBytes = OnChainEvent.encode(onChain).finish();
  const withBody = Buffer.concat([onChainBytes, tag(Writer.create(), 16, LEN).bytes(body).finish()]);
  const mid = tag(Writer.create(), 1, LEN).bytes(withBody).finish();
  const outer = tag(Writer.create(), 11, LEN).bytes(mid).finish();
  return Buffer.concat([HubEvent.encode({ ...e, mergeOnChainEventBody: undefined }).finish(), outer]);
}
