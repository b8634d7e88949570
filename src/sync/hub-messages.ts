// What a Snapchain message or hub event does to the fc_* tables. Every value comes
// out as the importer stores the same fact read from a hub replicator dump, so a
// row written by the live sync and one imported from a dump compare equal.
import {
  FARCASTER_EPOCH, HubEventType, IdRegisterEventType, KEY_REMOVE_SIGNATURE_TYPE_CUSTODY, MessageData, MessageType, OnChainEventType, Protocol,
  ReactionType, SignerSource, bytesToUtf8String, fromFarcasterTime,
  type CastAddBody, type HubEvent, type KeyAddBody, type KeyRemoveBody, type Message, type OnChainEvent, type SignerInfo, type UserNameProof,
} from '@farcaster/hub-nodejs';
import { castEmbeds } from '../importer/specs/cast-embeds';
import { verifiedAddress } from '../importer/specs/farcaster-values';
import { channelIdOfFollowTarget } from './channel-follow-target';
import {
  CHANNEL_REGISTER_EVENT_TYPE, channelBodyOfData, channelRegisterOfHubEvent, isChannelMessageType, messageDataOfHubEvent, type ChannelMessageBody,
} from './channel-wire';
import type { AnyOp, CastAddOp, ChannelMemberState, ChannelRegisterOp, FnameOp, KeyAddOp, KeyRemoveOp, RetractOp, StorageRentOp, SyncOp, TierPurchaseOp, UserOp } from './sync-ops';

// Only follows are stored; other link types (the protocol allows any ≤ 8 chars) are not.
const FOLLOW = 'follow';

const hex = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString('hex')}`;

/** A Farcaster timestamp (seconds since 2021-01-01 UTC, as in MessageData.timestamp) as a Date. */
export function fromFarcasterSeconds(n: number): Date {
  // fromFarcasterTime cannot fail (it only adds the epoch); the fallback is its own formula.
  return new Date(fromFarcasterTime(n).unwrapOr(n * 1000 + FARCASTER_EPOCH));
}

// Below this a number of seconds cannot be unix time of anything Farcaster (the
// protocol starts at its epoch), so it is Farcaster time; Farcaster time itself stays
// below it until 2072. Unix ms of any date since 2001 are above 1e12.
const FARCASTER_EPOCH_UNIX_SECONDS = FARCASTER_EPOCH / 1000;
const UNIX_MS_FLOOR = 1e12;

/**
 * When the block holding the event was made, or null when the event carries no
 * time (0: the field is unset, as on events a node stored before it recorded block
 * context on them).
 *
 * Snapchain copies the shard block header's timestamp into HubEvent.timestamp
 * (src/storage/store/engine.rs: `event.timestamp = header.timestamp`; the header's is
 * FarcasterTime::to_u64(), seconds since the Farcaster epoch, src/core/util.rs), the
 * unit @farcaster/core's extractTimestampFromEvent assumes. The unit is still decided
 * by magnitude so that a node writing unix seconds or ms would not shift times by 51
 * years: < 1,609,459,200 Farcaster seconds, < 1e12 unix seconds, else unix ms.
 */
export function eventTime(event: Pick<HubEvent, 'timestamp'>): Date | null {
  const n = Number(event.timestamp);
  if (!Number.isFinite(n) || n <= 0) return null;
  if (n < FARCASTER_EPOCH_UNIX_SECONDS) return fromFarcasterSeconds(n);
  if (n < UNIX_MS_FLOOR) return new Date(n * 1000);
  return new Date(n);
}

/** The message's data: decoded from dataBytes when the sender left `data` out (Snapchain keeps dataBytes). */
function dataOf(message: Message): MessageData | null {
  if (message.data) return message.data;
  if (message.dataBytes && message.dataBytes.length > 0) {
    try { return MessageData.decode(message.dataBytes); } catch { return null; }
  }
  return null;
}

/** What one message does to the tables; [] for messages no table stores. */
export function opsOfMessage(message: Message): SyncOp[] {
  const data = dataOf(message);
  return (data && readMessage(message, data)) ?? [];
}

/**
 * What a message's rule gives ([] for one that stores nothing, as a URL's reaction), or null when its type has no rule.
 * `deleted`: what the node's merge of it displaced (a KEY_REMOVE's event names the add it deleted).
 */
function readMessage(message: Message, data: MessageData, deleted: readonly Message[] = []): SyncOp[] | null {
  const { fid } = data;
  const ts = fromFarcasterSeconds(data.timestamp);
  switch (data.type) {
    case MessageType.CAST_ADD:
      return data.castAddBody ? [castAdd(hex(message.hash), fid, ts, data.castAddBody)] : [];
    case MessageType.CAST_REMOVE:
      return data.castRemoveBody ? [{ kind: 'castRemove', fid, hash: hex(data.castRemoveBody.targetHash), ts }] : [];
    case MessageType.REACTION_ADD:
    case MessageType.REACTION_REMOVE: {
      const body = data.reactionBody;
      const remove = data.type === MessageType.REACTION_REMOVE;
      // A like of a channel's CAIP-19 id is a channel follow, and only a like (reaction_store.rs
      // follow_channel_id: a recast of the same id must not end the like's follow).
      if (body?.targetUrl && body.type === ReactionType.LIKE) {
        const channelId = channelIdOfFollowTarget(body.targetUrl);
        return channelId ? [{ kind: 'channelFollow', fid, channelId, ts, remove }] : [];
      }
      // Other reactions to a URL have no cast to count against.
      const target = body?.targetCastId;
      if (!body || !target || (body.type !== ReactionType.LIKE && body.type !== ReactionType.RECAST)) return [];
      return [{
        kind: 'reaction', fid, type: body.type, targetHash: hex(target.hash), targetFid: target.fid, ts, remove,
      }];
    }
    case MessageType.LINK_ADD:
    case MessageType.LINK_REMOVE: {
      const body = data.linkBody;
      if (!body || body.type !== FOLLOW || !body.targetFid) return [];
      // data.timestamp, not displayTimestamp: the replicator's `timestamp` column is the message's.
      return [{ kind: 'link', fid, target: body.targetFid, ts, remove: data.type === MessageType.LINK_REMOVE }];
    }
    case MessageType.LINK_COMPACT_STATE: {
      const body = data.linkCompactStateBody;
      if (!body || body.type !== FOLLOW) return [];
      return [{ kind: 'linkCompact', fid, targets: [...body.targetFids], ts }];
    }
    case MessageType.USER_DATA_ADD:
      return data.userDataBody ? [{ kind: 'userData', fid, type: data.userDataBody.type, value: data.userDataBody.value, ts }] : [];
    case MessageType.VERIFICATION_ADD_ETH_ADDRESS:
    case MessageType.VERIFICATION_REMOVE: {
      const body = data.type === MessageType.VERIFICATION_ADD_ETH_ADDRESS ? data.verificationAddAddressBody : data.verificationRemoveBody;
      if (!body) return [];
      const verified = address(body.address, body.protocol);
      if (!verified) return [];
      return [{ kind: 'verification', fid, ...verified, ts, remove: data.type === MessageType.VERIFICATION_REMOVE }];
    }
    case MessageType.USERNAME_PROOF: {
      const proof = data.usernameProofBody;
      const op = proof && proof.fid !== 0 ? fnameOp(proof, proof.fid, proofTime(proof), false) : null;
      return op ? [op] : [];
    }
    case MessageType.LEND_STORAGE: {
      const body = data.lendStorageBody;
      return body ? [{ kind: 'storageLend', fid, toFid: body.toFid, units: body.numUnits, unitType: body.unitType, hash: hex(message.hash), ts }] : [];
    }
    case MessageType.KEY_ADD:
      return data.keyAddBody ? [keyAddOp(fid, data.keyAddBody, ts)] : [];
    case MessageType.KEY_REMOVE: {
      const op = data.keyRemoveBody ? keyRemoveOp(fid, data.keyRemoveBody, ts, deleted) : null;
      return op ? [op] : [];
    }
    default:
      return null;
  }
}

/** An enum value by its name, or its number when this package does not know it. */
const named = (names: Record<number, string>, n: number) => names[n] ?? String(n);

/**
 * What one hub event does to the tables, and what in it the sync has no rule for, by its type
 * (`unhandled`): `event:<type>`, `message:<type>` or `onchain:<type>` (a name, or the number of a type
 * this package does not know); null when every part of it has a rule. One reading, so a message's bytes
 * are decoded once. BLOCK_CONFIRMED changes no table and has its rule: it moves the cursor and the lag.
 */
export function readEvent(event: HubEvent, raw?: Uint8Array): EventReading {
  const wire = { event, raw };
  switch (event.type) {
    case HubEventType.MERGE_MESSAGE:
      // What the merge displaced matters to a key's remove only (which add it ended); the writer merges the rest by state.
      return messageReading(wire, event.mergeMessageBody?.message, (ops) => ops, event.mergeMessageBody?.deletedMessages);
    case HubEventType.PRUNE_MESSAGE:
      return messageReading(wire, event.pruneMessageBody?.message, retractsOf(event, 'prune'));
    case HubEventType.REVOKE_MESSAGE:
      return messageReading(wire, event.revokeMessageBody?.message, retractsOf(event, 'revoke'));
    case HubEventType.MERGE_USERNAME_PROOF:
      return { ops: usernameProofOps(event), unhandled: null };
    case HubEventType.MERGE_ON_CHAIN_EVENT: {
      const chainEvent = event.mergeOnChainEventBody?.onChainEvent;
      const ops = chainEvent ? ((chainEvent.type as number) === CHANNEL_REGISTER_EVENT_TYPE ? channelRegisterOps(chainEvent, raw) : onChainOps(chainEvent)) : [];
      return ops ? { ops, unhandled: null } : { ops: [], unhandled: `onchain:${named(OnChainEventType, chainEvent!.type)}` };
    }
    case HubEventType.BLOCK_CONFIRMED:
      return { ops: [], unhandled: null };
    default:
      return { ops: [], unhandled: `event:${named(HubEventType, event.type)}` };
  }
}

export interface EventReading { ops: AnyOp[]; unhandled: string | null }

/** What one hub event does to the tables (`raw`: its bytes as received, for the fields the package drops). */
export const opsOfEvent = (event: HubEvent, raw?: Uint8Array): AnyOp[] => readEvent(event, raw).ops;

/** What in an event the sync has no rule for (readEvent's `unhandled`). */
export const unhandledTypeOf = (event: HubEvent, raw?: Uint8Array): string | null => readEvent(event, raw).unhandled;

/** An event as decoded and, when known, as received. */
interface WireEvent { event: HubEvent; raw: Uint8Array | undefined }

/** A merged, pruned or revoked message: `toOps` makes the event's ops from what the message's rule gives. */
function messageReading(
  wire: WireEvent, message: Message | undefined, toOps: (ops: SyncOp[], data: MessageData) => AnyOp[], deleted: readonly Message[] = [],
): EventReading {
  if (!message) return { ops: [], unhandled: null };
  const data = dataOf(message);
  if (!data) return { ops: [], unhandled: 'message:UNDECODABLE' };
  const ops = isChannelMessageType(data.type) ? channelMessageOps(wire, message, data) : readMessage(message, data, deleted);
  return ops ? { ops: toOps(ops, data), unhandled: null } : { ops: [], unhandled: `message:${named(MessageType, data.type)}` };
}

function castAdd(hash: string, fid: number, ts: Date, body: CastAddBody): CastAddOp {
  const embeds = castEmbeds(JSON.stringify(replicatorEmbeds(body)));
  return {
    kind: 'castAdd', hash, fid, ts,
    // The replicator writes `parentCastId?.fid || null`; the importer reads 0 as no parent.
    parentFid: body.parentCastId?.fid || null,
    parentHash: body.parentCastId ? hex(body.parentCastId.hash) : null,
    parentUrl: body.parentUrl || null,
    text: body.text,
    embeds: embeds?.json ?? null,
    mentions: [...body.mentions],
    quotedHash: embeds?.quotedHash ?? null,
    quotedFid: embeds?.quotedFid ?? null,
  };
}

/**
 * The embeds as the hub replicator writes its `embeds` column: old casts' string
 * embeds as urls, otherwise each castId (hash as 0x hex) or url in order. An embed
 * with neither (the replicator refuses the cast) is left out.
 */
type ReplicatorEmbed = { url: string } | { castId: { fid: number; hash: string } };

function replicatorEmbeds(body: CastAddBody): ReplicatorEmbed[] {
  if (body.embedsDeprecated?.length) return body.embedsDeprecated.map((url) => ({ url }));
  return body.embeds.flatMap((e): ReplicatorEmbed[] => {
    if (e.castId) return [{ castId: { fid: e.castId.fid, hash: hex(e.castId.hash) } }];
    if (e.url) return [{ url: e.url }];
    return [];
  });
}

/** Through the importer's own reader, so a dump's hex bytes and a message's bytes store the same text. */
function address(bytes: Uint8Array, protocol: Protocol): { address: string; protocol: 'ethereum' | 'solana' } | null {
  const given = protocol === Protocol.ETHEREUM ? 'ethereum' : protocol === Protocol.SOLANA ? 'solana' : null;
  if (!given) return null;
  return verifiedAddress(hex(bytes), given);
}

/** A pruned or revoked message's ops taken back, at the block's time. */
function retractsOf(event: HubEvent, reason: RetractOp['reason']) {
  return (ops: SyncOp[], data: MessageData): RetractOp[] => {
    // Without an event time the message's own time is the only bound there is.
    const at = eventTime(event) ?? fromFarcasterSeconds(data.timestamp);
    return ops.map((op) => ({ kind: 'retract', op, at, reason }));
  };
}

function keyAddOp(fid: number, body: KeyAddBody, ts: Date): KeyAddOp {
  return { kind: 'keyAdd', fid, key: hex(body.key), nonce: body.nonce, scopes: [...body.scopes], ttl: body.ttl, ts };
}

/**
 * A KEY_REMOVE: it ended the add its merge event names (the node deletes the key's record and sends
 * that record's message). Without it, a custody-signed remove still has its place: it used the fid's
 * next user nonce, so it ended the add of the nonce before it and every earlier one. A self-revocation
 * uses another namespace of nonces (the requesting app's), so without the add it ended it cannot be
 * placed and gives nothing.
 */
function keyRemoveOp(fid: number, body: KeyRemoveBody, ts: Date, deleted: readonly Message[]): KeyRemoveOp | null {
  const key = hex(body.key);
  for (const m of deleted) {
    const d = dataOf(m);
    if (d?.type === MessageType.KEY_ADD && d.keyAddBody && hex(d.keyAddBody.key) === key) {
      const removed = keyAddOp(d.fid, d.keyAddBody, fromFarcasterSeconds(d.timestamp));
      return { kind: 'keyRemove', fid, key, addNonce: removed.nonce, removed, ts };
    }
  }
  if (body.signatureType !== KEY_REMOVE_SIGNATURE_TYPE_CUSTODY) return null;
  return { kind: 'keyRemove', fid, key, addNonce: body.nonce - 1, removed: null, ts };
}

/**
 * A key the node holds for `fid` by message, as its signer reads give it (GetSignersByFid): the add it
 * holds, with its time in unix seconds. Keys on chain are not the sync's (their events have no rule).
 */
export function keyOpsOfSigner(fid: number, signer: SignerInfo): KeyAddOp[] {
  if (signer.source !== SignerSource.OFFCHAIN || signer.nonce === undefined) return [];
  return [{
    kind: 'keyAdd', fid, key: hex(signer.key), nonce: signer.nonce, scopes: [...signer.scopes], ttl: signer.ttl ?? 0,
    ts: new Date((signer.addedAt ?? 0) * 1000),
  }];
}

// Fname and ENS proofs carry unix seconds (an ENS proof message is only valid when
// its proof time equals the message's Farcaster time), not Farcaster time.
const proofTime = (proof: UserNameProof) => new Date(proof.timestamp * 1000);

function fnameOp(proof: UserNameProof, fid: number, ts: Date, remove: boolean): FnameOp | null {
  const name = bytesToUtf8String(proof.name);
  if (name.isErr() || name.value === '') return null;
  return { kind: 'fname', fid, fname: name.value, ts, remove };
}

/**
 * A proof merged: the name is held by its fid from the proof's time. The proof it
 * replaced ends when it named another fid or another name; a proof to fid 0 is a
 * release (nobody holds the name after), and an event with no new proof is an ENS
 * proof pruned or revoked (Snapchain reports those as MERGE_USERNAME_PROOF).
 */
function usernameProofOps(event: HubEvent): FnameOp[] {
  const body = event.mergeUsernameProofBody;
  if (!body) return [];
  const added = body.usernameProof;
  const deleted = body.deletedUsernameProof;
  const ops: Array<FnameOp | null> = [];
  if (added && added.fid !== 0) ops.push(fnameOp(added, added.fid, proofTime(added), false));
  if (deleted && deleted.fid !== 0) {
    const sameHolding = added && added.fid === deleted.fid && Buffer.compare(added.name, deleted.name) === 0;
    if (!sameHolding) {
      const ends = added ? proofTime(added) : eventTime(event) ?? proofTime(deleted);
      ops.push(fnameOp(deleted, deleted.fid, ends, true));
    }
  }
  return ops.filter((op): op is FnameOp => op !== null);
}

/** ID_REGISTER register and transfer, TIER_PURCHASE and STORAGE_RENT; null for the other on-chain event types, which have no rule. */
function onChainOps(chainEvent: OnChainEvent): (UserOp | TierPurchaseOp | StorageRentOp)[] | null {
  const rent = chainEvent.storageRentEventBody;
  if (chainEvent.type === OnChainEventType.EVENT_TYPE_STORAGE_RENT) {
    return rent ? [{
      kind: 'storageRent', fid: chainEvent.fid, units: rent.units, expiry: new Date(rent.expiry * 1000), payer: hex(rent.payer),
      // The chain's block time, unix seconds: what the node reads the units' type and end from.
      rentedAt: new Date(chainEvent.blockTimestamp * 1000), blockNumber: chainEvent.blockNumber, logIndex: chainEvent.logIndex,
    }] : [];
  }
  const purchase = chainEvent.tierPurchaseEventBody;
  if (chainEvent.type === OnChainEventType.EVENT_TYPE_TIER_PURCHASE) {
    return purchase ? [{
      kind: 'tierPurchase', fid: chainEvent.fid, tierType: purchase.tierType, forDays: purchase.forDays,
      // The chain's block time, unix seconds: what the node extends a subscription from.
      purchasedAt: new Date(chainEvent.blockTimestamp * 1000), blockNumber: chainEvent.blockNumber, logIndex: chainEvent.logIndex,
    }] : [];
  }
  if (chainEvent.type !== OnChainEventType.EVENT_TYPE_ID_REGISTER) return null;
  const body = chainEvent.idRegisterEventBody;
  if (!body) return [];
  // An empty `to` leaves the stored custody as it is (the importer's COALESCE) rather than
  // writing the zero address the replicator would.
  const custody = body.to.length > 0 ? hex(body.to) : null;
  switch (body.eventType) {
    case IdRegisterEventType.REGISTER:
      // OnChainEvent.blockTimestamp is the chain's: unix seconds.
      return [{ kind: 'user', fid: chainEvent.fid, registeredAt: new Date(chainEvent.blockTimestamp * 1000), custody }];
    case IdRegisterEventType.TRANSFER:
      return [{ kind: 'user', fid: chainEvent.fid, registeredAt: null, custody }];
    default:
      return [];
  }
}

/**
 * The shard whose copy of the channel messages the sync applies. Shard 0 orders them and every data shard
 * merges each again, in that order, from shard 0's block events (block_engine.rs, engine.rs
 * handle_block_event): one shard's event ids are that order, and the copies on the others would repeat it
 * under ids that cannot be compared with these. Shard 1 is on every network.
 */
export const CHANNEL_MESSAGE_SHARD = 1;

const CHANNEL_ID_BYTES = 32;
const CAST_HASH_BYTES = 20;

/**
 * ChannelMemberAction to the state it leaves (channel_store.rs member_state_for_message): add member and
 * remove moderator leave a member, add moderator a moderator, remove member and unban no membership, ban a ban.
 */
const MEMBER_STATES: Record<number, ChannelMemberState> = { 1: 'member', 2: 'removed', 3: 'moderator', 4: 'member', 5: 'banned', 6: 'removed' };

/**
 * A channel message's op. Authority (owner, moderators) and membership policy are shard 0's admission
 * checks; a data shard merges what shard 0 admitted without evaluating them again (channel_store.rs
 * merge_slot), and so does this copy. What merge_slot itself refuses (a channel id not 32 bytes, an
 * action or mode it cannot read, a cast hash of the wrong width) stores nothing.
 */
function channelMessageOps(wire: WireEvent, message: Message, data: MessageData): SyncOp[] {
  if (wire.event.shardIndex !== CHANNEL_MESSAGE_SHARD) return [];
  const bytes = message.dataBytes && message.dataBytes.length > 0 ? message.dataBytes : wire.raw ? messageDataOfHubEvent(wire.raw) : null;
  const read = bytes ? channelBodyOfData(bytes) : null;
  if (!read || read.body.channelId.length !== CHANNEL_ID_BYTES) return [];
  const slot = { channelId: hex(read.body.channelId), fid: data.fid, hash: hex(message.hash), ts: fromFarcasterSeconds(data.timestamp), order: wire.event.id };
  const op = channelSlotOp(read, slot);
  return op ? [op] : [];
}

type Slot = { channelId: string; fid: number; hash: string; ts: Date; order: number };

/** channel_store.rs fold_channel_modes: absent or NONE folds to the restrictive mode; a value it does not know is refused. */
const foldMode = (mode: number | undefined, restrictive: number, max: number): number | null =>
  mode === undefined || mode === 0 ? restrictive : mode > 0 && mode <= max ? mode : null;

function channelSlotOp(read: ChannelMessageBody, slot: Slot): SyncOp | null {
  switch (read.type) {
    case 18: {
      const b = read.body;
      // CastingMode: MEMBERS_ONLY (2) of EVERYONE, MEMBERS_ONLY, RECOMMENDED; MembershipMode: APPROVAL (2) of OPEN, APPROVAL.
      const castingMode = foldMode(b.castingMode, 2, 3);
      const membershipMode = foldMode(b.membershipMode, 2, 2);
      if (castingMode === null || membershipMode === null) return null;
      // Whole replace: what the update leaves out is unset, never the superseded update's.
      return {
        kind: 'channelUpdate', ...slot, name: b.name ?? null, description: b.description ?? null, imageUrl: b.imageUrl ?? null,
        header: b.header ?? null, rules: b.rules ?? null, castingMode, membershipMode,
      };
    }
    case 19: {
      const state = MEMBER_STATES[read.body.action];
      // The slot key holds the target fid as a u32.
      if (!state || read.body.fid > 0xffffffff) return null;
      return { kind: 'channelMember', ...slot, member: read.body.fid, state };
    }
    case 20: {
      const hash = read.body.castHash;
      if (hash.length !== 0 && hash.length !== CAST_HASH_BYTES) return null;
      return { kind: 'channelPin', ...slot, castHash: hash.length ? hex(hash) : null };
    }
    case 21: {
      const { castHash, action } = read.body;
      if (castHash.length !== CAST_HASH_BYTES || (action !== 1 && action !== 2)) return null;
      return { kind: 'channelModerate', ...slot, castHash: hex(castHash), hidden: action === 1 };
    }
  }
}

/**
 * A CHANNEL_REGISTER event: kept as it is (the node stores the raw event whatever its body says), from
 * the event's bytes (the package drops field 16). Without them (an event built from a read) nothing can
 * be read of it. Event types it does not know, and empty labels, build no index on the node: nothing here.
 */
function channelRegisterOps(chainEvent: OnChainEvent, raw: Uint8Array | undefined): ChannelRegisterOp[] {
  const body = raw ? channelRegisterOfHubEvent(raw) : null;
  if (!body || body.label.length === 0 || body.eventType < 1 || body.eventType > 3) return [];
  return [{
    kind: 'channelRegister', label: hex(body.label), channelKey: body.channelKey, eventType: body.eventType,
    owner: body.ownerAddress.length ? hex(body.ownerAddress) : null,
    // Absolute unix seconds; 0 on a transfer.
    expiry: body.expiry > 0 ? new Date(body.expiry * 1000) : null,
    blockNumber: chainEvent.blockNumber, txIndex: chainEvent.txIndex, logIndex: chainEvent.logIndex, at: new Date(chainEvent.blockTimestamp * 1000),
  }];
}
