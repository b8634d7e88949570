// The node double's state: the CRDT sets a Snapchain shard keeps per fid, and per shard the log
// of HubEvents cut into blocks the way Snapchain numbers them.
import { createHash } from 'node:crypto';
import {
  type HubEvent,
  HubEventType,
  KEY_REMOVE_SIGNATURE_TYPE_CUSTODY,
  type Message,
  MessageType,
  type OnChainEvent,
  OnChainEventType,
  type UserNameProof,
  bytesCompare,
  getFarcasterTime,
} from '@farcaster/hub-nodejs';
import { channelSlotOf } from './channel-messages';

/** Snapchain: `event_id = block_number << 14 | seq` (SEQUENCE_BITS = 14). */
export const SEQUENCE_BITS = 14;
export const SEQ_SPAN = 2 ** SEQUENCE_BITS;

export function eventId(blockNumber: number, seq: number): number {
  // Multiplication, not <<, so ids past 2^31 (block 131072 onwards) stay right.
  return blockNumber * SEQ_SPAN + seq;
}

export function blockOfEventId(id: number): number {
  return Math.floor(id / SEQ_SPAN);
}

export interface NodeStoreOptions {
  numShards?: number;
  /** Seal the open block of every shard `submit` touched, so its events are visible at once. */
  autoSeal?: boolean;
  /**
   * Where BLOCK_CONFIRMED sits in its block. Snapchain (engine.rs commit_and_emit_events) gives it
   * seq 0 and emits it before the block's other events; 'last' gives it the block's last seq.
   */
  blockConfirmed?: 'first' | 'last';
  /** Block timestamps, in Farcaster seconds (Snapchain's ShardHeader.timestamp). */
  clock?: () => number;
}

type SealListener = (shard: number, events: HubEvent[]) => void;

interface ShardLog {
  events: HubEvent[]; // sealed, ascending id
  pending: HubEvent[]; // the open block
  lastBlock: number; // 0 = nothing sealed yet
  lastBlockTimestamp: number;
}

const REMOVES = new Set<MessageType>([
  MessageType.CAST_REMOVE,
  MessageType.LINK_REMOVE,
  MessageType.REACTION_REMOVE,
  MessageType.VERIFICATION_REMOVE,
]);

/**
 * Messages shard 0 orders (Snapchain's block engine) and every data shard then merges again from its
 * block events: each user shard emits their events (storage lends, keys).
 */
const SHARD_ZERO_TYPES = new Set<MessageType>([MessageType.LEND_STORAGE, MessageType.KEY_ADD, MessageType.KEY_REMOVE]);

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

/** Messages that compete for the same slot share a key (an add and its remove, a re-add, ...). */
export function conflictKey(m: Message): string {
  const d = m.data;
  if (!d) throw new Error('message without data');
  switch (d.type) {
    case MessageType.CAST_ADD:
      return `cast:${hex(m.hash)}`;
    case MessageType.CAST_REMOVE:
      return `cast:${hex(d.castRemoveBody!.targetHash)}`;
    case MessageType.LINK_ADD:
    case MessageType.LINK_REMOVE:
      return `link:${d.linkBody!.type}:${d.linkBody!.targetFid}`;
    case MessageType.LINK_COMPACT_STATE:
      return `linkcompact:${d.linkCompactStateBody!.type}`;
    case MessageType.REACTION_ADD:
    case MessageType.REACTION_REMOVE: {
      const b = d.reactionBody!;
      const target = b.targetCastId ? `${b.targetCastId.fid}:${hex(b.targetCastId.hash)}` : `url:${b.targetUrl}`;
      return `reaction:${b.type}:${target}`;
    }
    case MessageType.VERIFICATION_ADD_ETH_ADDRESS:
      return `verification:${hex(d.verificationAddAddressBody!.address)}`;
    case MessageType.VERIFICATION_REMOVE:
      return `verification:${hex(d.verificationRemoveBody!.address)}`;
    case MessageType.USER_DATA_ADD:
      return `userdata:${d.userDataBody!.type}`;
    case MessageType.USERNAME_PROOF:
      return `usernameproof:${hex(d.usernameProofBody!.name)}`;
    case MessageType.LEND_STORAGE:
      // One lend per lender and borrower, whatever its unit type (storage_lend_store.rs make_add_key).
      return `lend:${d.lendStorageBody!.toFid}`;
    case MessageType.KEY_ADD:
      return `key:${hex(d.keyAddBody!.key)}`;
    case MessageType.KEY_REMOVE:
      return `key:${hex(d.keyRemoveBody!.key)}`;
    default:
      // A type the double has no conflict rule for (one newer than the package): each message its own slot.
      return `type${d.type}:${hex(m.hash)}`;
  }
}

/** Does `incoming` replace `existing` in their shared slot? The node's merge order. */
export function incomingWins(existing: Message, incoming: Message): boolean {
  if (bytesCompare(existing.hash, incoming.hash) === 0) return false;
  const et = existing.data!.type;
  const it = incoming.data!.type;
  // A cast remove is final: it beats its add whatever the timestamps, and no add comes back.
  if (et === MessageType.CAST_REMOVE && it === MessageType.CAST_ADD) return false;
  if (et === MessageType.CAST_ADD && it === MessageType.CAST_REMOVE) return true;
  const ets = existing.data!.timestamp;
  const its = incoming.data!.timestamp;
  if (its !== ets) return its > ets;
  const er = REMOVES.has(et);
  const ir = REMOVES.has(it);
  if (er !== ir) return ir;
  return bytesCompare(incoming.hash, existing.hash) > 0;
}

export class NodeStore {
  readonly numShards: number;
  readonly autoSeal: boolean;
  readonly blockConfirmed: 'first' | 'last';
  private readonly clock: () => number;
  private readonly shards = new Map<number, ShardLog>();
  private readonly fids = new Map<number, Map<string, Message>>();
  private readonly fnames = new Map<string, UserNameProof>();
  private readonly onChainByFid = new Map<number, OnChainEvent[]>();
  /** Per fid, the highest user nonce a KEY_ADD or custody KEY_REMOVE merged with. */
  private readonly userNonces = new Map<number, number>();
  private readonly listeners = new Set<SealListener>();
  /** Channel slots (by channel, not by author): the message holding each. */
  private readonly channelSlots = new Map<string, Message>();

  constructor(o: NodeStoreOptions = {}) {
    this.numShards = o.numShards ?? 2;
    this.autoSeal = o.autoSeal ?? true;
    this.blockConfirmed = o.blockConfirmed ?? 'first';
    this.clock = o.clock ?? (() => getFarcasterTime()._unsafeUnwrap());
    for (let s = 1; s <= this.numShards; s++) this.shards.set(s, { events: [], pending: [], lastBlock: 0, lastBlockTimestamp: 0 });
  }

  shardOf(fid: number): number {
    return 1 + (fid % this.numShards);
  }

  onSeal(listener: SealListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // ---- writes ----

  /** Merges each message in order; returns the events produced (ids set once their block seals). */
  submit(messages: Message[]): HubEvent[] {
    const out: HubEvent[] = [];
    const touched = new Set<number>();
    for (const m of messages) {
      const fid = m.data!.fid;
      const channelSlot = channelSlotOf(m);
      if (channelSlot !== undefined) {
        const deleted = this.mergeChannelSlot(channelSlot, m);
        if (!deleted) continue;
        for (const shard of this.shards.keys()) {
          out.push(this.append(shard, { type: HubEventType.MERGE_MESSAGE, mergeMessageBody: { message: m, deletedMessages: deleted } }));
          touched.add(shard);
        }
        continue;
      }
      const set = this.setOf(fid);
      const key = conflictKey(m);
      const existing = set.get(key);
      const isKey = m.data!.type === MessageType.KEY_ADD || m.data!.type === MessageType.KEY_REMOVE;
      const deletedMessages = isKey ? this.mergeKey(m, existing) : this.mergeOrdered(m, existing);
      if (!deletedMessages) continue;
      set.set(key, m);
      const shards = SHARD_ZERO_TYPES.has(m.data!.type) ? [...this.shards.keys()] : [this.shardOf(fid)];
      for (const shard of shards) {
        out.push(this.append(shard, { type: HubEventType.MERGE_MESSAGE, mergeMessageBody: { message: m, deletedMessages } }));
        touched.add(shard);
      }
      // A lend of 0 units takes a lend back: the lend store prunes it as it merges (StorageLendStore::merge).
      if (m.data!.type === MessageType.LEND_STORAGE && m.data!.lendStorageBody!.numUnits === 0) {
        set.delete(key);
        for (const shard of shards) out.push(this.append(shard, { type: HubEventType.PRUNE_MESSAGE, pruneMessageBody: { message: m } }));
      }
    }
    this.maybeSeal(touched);
    return out;
  }

  /**
   * A channel message's merge (channel_store.rs merge_slot): shard 0's order is the only order, so the
   * message merged now replaces its slot's incumbent whatever their timestamps; the same message again is
   * a duplicate. Shard 0 then fans it out to every data shard. Authority (owner, moderators) and the
   * membership mode are shard 0's admission checks, which the double leaves to the test: it merges what it is given.
   */
  private mergeChannelSlot(slot: string, m: Message): Message[] | null {
    const existing = this.channelSlots.get(slot);
    if (existing && bytesCompare(existing.hash, m.hash) === 0) return null;
    this.channelSlots.set(slot, m);
    return existing ? [existing] : [];
  }

  /** The ordinary merge: by timestamp, then remove over add, then hash. The messages it displaced, or null when it loses. */
  private mergeOrdered(m: Message, existing: Message | undefined): Message[] | null {
    if (existing && !incomingWins(existing, m)) return null;
    // Snapchain drops deleted messages from compact-state merges (they could be unbounded).
    return existing && m.data!.type !== MessageType.LINK_COMPACT_STATE ? [existing] : [];
  }

  /**
   * A key's merge (gasless_key_merge.rs): in the order given (shard 0's), not by timestamp. A KEY_ADD
   * needs a user nonce above the fid's, and replaces the key's add (scopes, ttl); a KEY_REMOVE needs the
   * key to be added, and a custody remove a higher user nonce too (a self-revocation is signed by the key
   * instead). Each names the add it replaced or deleted. Null when the node would refuse it.
   */
  private mergeKey(m: Message, existing: Message | undefined): Message[] | null {
    const d = m.data!;
    const added = existing?.data!.type === MessageType.KEY_ADD ? existing : undefined;
    const nonceOk = (nonce: number) => nonce > (this.userNonces.get(d.fid) ?? 0);
    if (d.type === MessageType.KEY_ADD) {
      if (!nonceOk(d.keyAddBody!.nonce)) return null;
      this.userNonces.set(d.fid, d.keyAddBody!.nonce);
      return added ? [added] : [];
    }
    const body = d.keyRemoveBody!;
    if (!added) return null;
    if (body.signatureType === KEY_REMOVE_SIGNATURE_TYPE_CUSTODY) {
      if (!nonceOk(body.nonce)) return null;
      this.userNonces.set(d.fid, body.nonce);
    } else if (bytesCompare(m.signer, body.key) !== 0) {
      return null;
    }
    return [added];
  }

  /** The node pruned `message` (storage limits): it leaves the store with a PRUNE_MESSAGE event. */
  prune(message: Message): HubEvent {
    const fid = message.data!.fid;
    const set = this.setOf(fid);
    const key = conflictKey(message);
    const stored = set.get(key);
    if (!stored || bytesCompare(stored.hash, message.hash) !== 0) throw new Error('prune: message is not in the store');
    set.delete(key);
    const ev = this.append(this.shardOf(fid), { type: HubEventType.PRUNE_MESSAGE, pruneMessageBody: { message } });
    this.maybeSeal([this.shardOf(fid)]);
    return ev;
  }

  /**
   * The fid's app key was removed on chain: every message it signed leaves with a REVOKE_MESSAGE
   * event. What those messages had replaced stays gone (the node kept no copy of it).
   * Without `signerKey`, every key of the fid is revoked.
   */
  revokeSigner(fid: number, signerKey?: Uint8Array): HubEvent[] {
    const set = this.setOf(fid);
    const out: HubEvent[] = [];
    for (const [key, m] of [...set]) {
      if (signerKey && bytesCompare(m.signer, signerKey) !== 0) continue;
      // The node revokes no lend or key (Stores::revoke_messages leaves those stores out).
      if (SHARD_ZERO_TYPES.has(m.data!.type)) continue;
      set.delete(key);
      out.push(this.append(this.shardOf(fid), { type: HubEventType.REVOKE_MESSAGE, revokeMessageBody: { message: m } }));
    }
    this.maybeSeal([this.shardOf(fid)]);
    return out;
  }

  /** An fname proof from the fname server; a name moving to another fid reports the old proof. */
  usernameProof(proof: UserNameProof): HubEvent | undefined {
    const name = hex(proof.name);
    const existing = this.fnames.get(name);
    if (existing && proof.timestamp < existing.timestamp) return undefined;
    if (existing && bytesCompare(existing.signature, proof.signature) === 0) return undefined;
    if (proof.fid === 0) this.fnames.delete(name);
    else this.fnames.set(name, proof);
    // A release (fid 0) is reported on the shard of the fid that loses the name.
    const shard = this.shardOf(proof.fid === 0 && existing ? existing.fid : proof.fid);
    const ev = this.append(shard, {
      type: HubEventType.MERGE_USERNAME_PROOF,
      mergeUsernameProofBody: {
        usernameProof: proof,
        deletedUsernameProof: existing,
        usernameProofMessage: undefined,
        deletedUsernameProofMessage: undefined,
      },
    });
    this.maybeSeal([shard]);
    return ev;
  }

  onChain(event: OnChainEvent): HubEvent {
    const list = this.onChainByFid.get(event.fid) ?? [];
    list.push(event);
    this.onChainByFid.set(event.fid, list);
    const shard = this.shardOf(event.fid);
    const ev = this.append(shard, { type: HubEventType.MERGE_ON_CHAIN_EVENT, mergeOnChainEventBody: { onChainEvent: event } });
    this.maybeSeal([shard]);
    return ev;
  }

  /** A channel registry event: shard 0 merges it and fans it out to every data shard (block_engine.rs). */
  channelRegister(event: OnChainEvent): HubEvent[] {
    const out = [...this.shards.keys()].map((shard) => this.append(shard, { type: HubEventType.MERGE_ON_CHAIN_EVENT, mergeOnChainEventBody: { onChainEvent: event } }));
    this.maybeSeal(this.shards.keys());
    return out;
  }

  /** Appends an event of any type and body as the node would for `fid` (one the package may not know). */
  event(fid: number, body: Omit<HubEvent, 'id' | 'blockNumber' | 'shardIndex' | 'timestamp'>): HubEvent {
    const shard = this.shardOf(fid);
    const ev = this.append(shard, body);
    this.maybeSeal([shard]);
    return ev;
  }

  /**
   * Appends already-built events as sealed blocks, without merging them into the message sets
   * (a benchmark's history: `templates` are reused round-robin, only ids and block fields change).
   */
  preload(shard: number, templates: HubEvent[], count = templates.length, eventsPerBlock = 500): void {
    const log = this.log(shard);
    if (log.pending.length > 0) this.seal(shard);
    if (eventsPerBlock < 1 || eventsPerBlock >= SEQ_SPAN - 1) throw new Error('eventsPerBlock out of range');
    const sealedFrom = log.events.length;
    const ts = this.clock();
    let i = 0;
    while (i < count) {
      const block = ++log.lastBlock;
      const n = Math.min(eventsPerBlock, count - i);
      const events: HubEvent[] = [];
      for (let seq = 1; seq <= n; seq++, i++) {
        const t = templates[i % templates.length];
        events.push({ ...t, id: eventId(block, seq), blockNumber: block, shardIndex: shard, timestamp: ts });
      }
      const confirmed = this.blockConfirmedEvent(shard, block, ts, n, this.blockConfirmed === 'first' ? 0 : n + 1, events);
      if (this.blockConfirmed === 'first') log.events.push(confirmed);
      for (const e of events) log.events.push(e);
      if (this.blockConfirmed === 'last') log.events.push(confirmed);
    }
    log.lastBlockTimestamp = ts;
    this.emit(shard, log.events.slice(sealedFrom));
  }

  /** Closes the open block of `shard` (every shard without one), even an empty one, as Snapchain does. */
  seal(shard?: number): void {
    if (shard === undefined) {
      for (const s of this.shards.keys()) this.seal(s);
      return;
    }
    const log = this.log(shard);
    const block = log.lastBlock + 1;
    const ts = Math.max(this.clock(), log.lastBlockTimestamp);
    const events = log.pending.splice(0);
    const first = this.blockConfirmed === 'first';
    const confirmed = this.blockConfirmedEvent(shard, block, ts, events.length, first ? 0 : events.length + 1, events);
    events.forEach((e, i) => {
      e.id = eventId(block, i + 1);
      e.blockNumber = block;
      e.shardIndex = shard;
      e.timestamp = ts;
    });
    const sealed = first ? [confirmed, ...events] : [...events, confirmed];
    for (const e of sealed) log.events.push(e);
    log.lastBlock = block;
    log.lastBlockTimestamp = ts;
    this.emit(shard, sealed);
  }

  // ---- reads ----

  sealedEvents(shard: number): readonly HubEvent[] {
    return this.log(shard).events;
  }

  /** Forgets the shard's events of blocks before `block`, as a node prunes events past its retention (prune_events_util). */
  pruneEventsBefore(shard: number, block: number): void {
    const log = this.log(shard);
    log.events = log.events.filter((e) => blockOfEventId(e.id) >= block);
  }

  lastBlock(shard: number): number {
    return this.log(shard).lastBlock;
  }

  lastBlockTimestamp(shard: number): number {
    return this.log(shard).lastBlockTimestamp;
  }

  messages(fid: number, types?: MessageType[]): Message[] {
    const all = [...(this.fids.get(fid)?.values() ?? [])];
    return types ? all.filter((m) => types.includes(m.data!.type)) : all;
  }

  messageCount(shard: number): number {
    let n = 0;
    for (const [fid, set] of this.fids) if (this.shardOf(fid) === shard) n += set.size;
    return n;
  }

  /** Fids with an IdRegistry registration, the node's notion of "exists". */
  registeredFids(shard: number): number[] {
    const out: number[] = [];
    for (const [fid, events] of this.onChainByFid) {
      if (this.shardOf(fid) === shard && events.some((e) => e.type === OnChainEventType.EVENT_TYPE_ID_REGISTER)) out.push(fid);
    }
    return out.sort((a, b) => a - b);
  }

  onChainEvents(fid: number, type: OnChainEventType): OnChainEvent[] {
    return (this.onChainByFid.get(fid) ?? []).filter((e) => e.type === type);
  }

  fnameProofs(fid: number): UserNameProof[] {
    return [...this.fnames.values()].filter((p) => p.fid === fid);
  }

  // ---- internals ----

  private setOf(fid: number): Map<string, Message> {
    let set = this.fids.get(fid);
    if (!set) this.fids.set(fid, (set = new Map()));
    return set;
  }

  private log(shard: number): ShardLog {
    const log = this.shards.get(shard);
    if (!log) throw new Error(`no shard ${shard}`);
    return log;
  }

  private append(shard: number, body: Omit<HubEvent, 'id' | 'blockNumber' | 'shardIndex' | 'timestamp'>): HubEvent {
    const log = this.log(shard);
    // Seq is 14 bits and BLOCK_CONFIRMED takes one: a full block is closed first, as a node would.
    if (log.pending.length >= SEQ_SPAN - 2) this.seal(shard);
    const ev: HubEvent = { ...body, id: 0, blockNumber: 0, shardIndex: shard, timestamp: 0 };
    log.pending.push(ev);
    return ev;
  }

  private maybeSeal(shards: Iterable<number>): void {
    if (!this.autoSeal) return;
    for (const s of shards) this.seal(s);
  }

  private blockConfirmedEvent(shard: number, block: number, ts: number, n: number, seq: number, events: HubEvent[] = []): HubEvent {
    const counts: { [k: number]: number } = { [HubEventType.BLOCK_CONFIRMED]: 1 };
    for (const e of events) counts[e.type] = (counts[e.type] ?? 0) + 1;
    return {
      type: HubEventType.BLOCK_CONFIRMED,
      id: eventId(block, seq),
      blockNumber: block,
      shardIndex: shard,
      timestamp: ts,
      blockConfirmedBody: {
        blockNumber: block,
        shardIndex: shard,
        timestamp: ts,
        blockHash: createHash('sha256').update(`${shard}:${block}`).digest(),
        totalEvents: n + 1, // Snapchain counts BLOCK_CONFIRMED itself
        eventCountsByType: counts,
        maxBlockEventSeqnum: 0,
      },
    };
  }

  private emit(shard: number, events: HubEvent[]): void {
    for (const l of this.listeners) l(shard, events);
  }
}
