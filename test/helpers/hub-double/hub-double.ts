// A local stand-in for a Snapchain node: a real gRPC server speaking the package's HubService,
// backed by NodeStore, with the faults a sync client has to survive (stalls, dropped streams,
// failing calls, a missing API key) switchable from a test.
import {
  type EventsRequest,
  type FidRequest,
  type FidTimestampRequest,
  type FidsRequest,
  HubEvent,
  type HubServiceServer,
  HubServiceService,
  type LinksByFidRequest,
  type Message,
  MessageType,
  type OnChainEvent,
  type OnChainEventRequest,
  OnChainEventType,
  type ReactionsByFidRequest,
  ServerCredentials,
  type SignerInfo,
  SignerSource,
  type SignersByFidRequest,
  type SubscribeRequest,
  type UserNameProof,
  decodeGaslessSignedKeyRequestMetadata,
  getServer,
  status,
} from '@farcaster/hub-nodejs';
import type { Metadata, Server, ServerUnaryCall, ServerWritableStream, sendUnaryData } from '@grpc/grpc-js';
import { NodeStore, type NodeStoreOptions } from './node-store';
import { channelRegisterWire } from './channel-messages';

export type HubMethod = keyof typeof HubServiceService;

export interface HubDoubleOptions extends NodeStoreOptions {
  /** Seal a block on every shard this often (empty ones too), like a live chain; off by default. */
  blockIntervalMs?: number;
}

const DEFAULT_PAGE_SIZE = 1000;

class RpcError extends Error {
  constructor(
    readonly code: status,
    readonly details: string,
  ) {
    super(details);
  }
}

interface Paging {
  pageSize?: number | undefined;
  pageToken?: Uint8Array | undefined;
  reverse?: boolean | undefined;
}

/**
 * Node-style paging over items ordered by a byte key: the token is the last key returned (opaque
 * to callers), and a full page always carries one, even when nothing follows.
 */
function paginate<T>(items: T[], key: (t: T) => Buffer, req: Paging): { items: T[]; nextPageToken?: Uint8Array } {
  const keyed = items.map((t) => ({ k: key(t), t })).sort((a, b) => Buffer.compare(a.k, b.k));
  if (req.reverse) keyed.reverse();
  const token = req.pageToken && req.pageToken.length > 0 ? Buffer.from(req.pageToken) : undefined;
  const after = token ? keyed.filter(({ k }) => (req.reverse ? Buffer.compare(k, token) < 0 : Buffer.compare(k, token) > 0)) : keyed;
  const size = req.pageSize && req.pageSize > 0 ? req.pageSize : DEFAULT_PAGE_SIZE;
  const page = after.slice(0, size);
  return { items: page.map((p) => p.t), nextPageToken: page.length === size ? new Uint8Array(page[size - 1].k) : undefined };
}

function u64(n: number): Buffer {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(n));
  return b;
}

/** Stores iterate messages in timestamp-then-hash order (the node's tsHash key). */
function tsHashKey(m: Message): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(m.data!.timestamp);
  return Buffer.concat([b, Buffer.from(m.hash)]);
}

interface Subscriber {
  call: ServerWritableStream<SubscribeRequest, HubEvent>;
  shard: number;
  types: Set<number>;
  cursor: number; // index into the shard's sealed events
  closed: boolean;
  pumping: boolean;
  awaitingDrain: boolean;
  timer?: NodeJS.Timeout;
  rateStart: number;
  rateSent: number;
  idle: boolean;
  /** This stream alone sends nothing more (a stuck connection); see stallOpenStreams. */
  frozen: boolean;
}

export class HubDouble {
  readonly store: NodeStore;
  private readonly blockIntervalMs?: number;
  private server?: Server;
  private blockTimer?: NodeJS.Timeout;
  private readonly subscribers = new Set<Subscriber>();
  private readonly trailing = new WeakMap<HubEvent, Buffer>();
  /** Events whose bytes the package cannot encode: how each is written on the wire (read when sent, once its id is set). */
  private readonly wire = new WeakMap<HubEvent, (e: HubEvent) => Buffer>();
  private readonly stalled = new Set<number>();
  private allStalled = false;
  private readonly failures = new Map<string, { code: status; times: number }>();
  private duplicate = false;
  private readonly losses: { match: (e: HubEvent) => boolean; times: number; lost: Map<HubEvent, number> }[] = [];
  private apiKey?: string;
  private rate: number | 'max' = 'max';
  private readonly callCounts = new Map<string, number>();
  private opened = 0;

  constructor(o: HubDoubleOptions = {}) {
    this.store = new NodeStore(o);
    this.blockIntervalMs = o.blockIntervalMs;
    this.store.onSeal((shard) => {
      for (const s of this.subscribers) if (s.shard === shard) this.pump(s);
    });
  }

  // ---- lifecycle ----

  async start(): Promise<string> {
    const server = getServer();
    // Events are written as the package encodes them, then any bytes a test gave them: fields of a newer protocol.
    const service = {
      ...HubServiceService,
      subscribe: {
        ...HubServiceService.subscribe,
        responseSerialize: (e: HubEvent) => this.wire.get(e)?.(e) ?? Buffer.concat([HubEvent.encode(e).finish(), this.trailing.get(e) ?? Buffer.alloc(0)]),
      },
    };
    server.addService(service, this.implementation());
    const port = await new Promise<number>((resolve, reject) =>
      server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
    );
    this.server = server;
    if (this.blockIntervalMs) this.blockTimer = setInterval(() => this.store.seal(), this.blockIntervalMs);
    return `127.0.0.1:${port}`;
  }

  stop(): Promise<void> {
    if (this.blockTimer) clearInterval(this.blockTimer);
    for (const s of this.subscribers) this.close(s);
    // forceShutdown: open subscribe streams would otherwise keep tryShutdown waiting forever.
    this.server?.forceShutdown();
    this.server = undefined;
    return Promise.resolve();
  }

  // ---- state (delegates, so a test needs only the double) ----

  submit(messages: Message[]): HubEvent[] {
    return this.store.submit(messages);
  }

  /** Closes the open block of one shard or of all of them. */
  seal(shard?: number): void {
    this.store.seal(shard);
  }

  tick(): void {
    this.store.seal();
  }

  preload(shard: number, templates: HubEvent[], count?: number, eventsPerBlock?: number): void {
    this.store.preload(shard, templates, count, eventsPerBlock);
  }

  prune(message: Message): HubEvent {
    return this.store.prune(message);
  }

  revokeSigner(fid: number, signerKey?: Uint8Array): HubEvent[] {
    return this.store.revokeSigner(fid, signerKey);
  }

  usernameProof(proof: UserNameProof): HubEvent | undefined {
    return this.store.usernameProof(proof);
  }

  onChain(event: OnChainEvent): HubEvent {
    return this.store.onChain(event);
  }

  /** A channel registry event (`body`: its ChannelRegisterBody's bytes), on every user shard. */
  channelRegister(event: OnChainEvent, body: Uint8Array): HubEvent[] {
    const events = this.store.channelRegister(event);
    for (const ev of events) this.wire.set(ev, (e) => channelRegisterWire(e, body));
    return events;
  }

  /**
   * An event of any type for `fid`'s shard; `trailing` is appended to its encoding on the wire (protobuf
   * fields this package does not know, as a newer node would send them).
   */
  event(fid: number, body: Omit<HubEvent, 'id' | 'blockNumber' | 'shardIndex' | 'timestamp'>, trailing?: Buffer): HubEvent {
    const ev = this.store.event(fid, body);
    if (trailing) this.trailing.set(ev, trailing);
    return ev;
  }

  // ---- fault and test controls ----

  /** Subscribe streams (of one shard, or all) stay open but send nothing; blocks keep sealing. */
  stall(shard?: number): void {
    if (shard === undefined) this.allStalled = true;
    else this.stalled.add(shard);
  }

  /**
   * The streams open now stay open but send nothing, while new subscriptions stream as usual: a
   * stuck connection rather than a stuck node, so a client that reconnects catches up.
   */
  stallOpenStreams(): void {
    for (const s of this.subscribers) s.frozen = true;
  }

  unstall(): void {
    this.allStalled = false;
    this.stalled.clear();
    for (const s of this.subscribers) this.pump(s);
  }

  /** The next `times` calls of `method` (unary or subscribe) fail with `code`. */
  failNext(method: HubMethod, code: status, times = 1): void {
    this.failures.set(method, { code, times });
  }

  /** Ends every open subscribe stream with UNAVAILABLE, as a node restart would. */
  dropStreams(): void {
    for (const s of [...this.subscribers]) {
      this.close(s);
      s.call.emit('error', { code: status.UNAVAILABLE, details: 'node restarting' });
    }
  }

  duplicateDelivery(on: boolean): void {
    this.duplicate = on;
  }

  /**
   * Streams leave out the events `match` picks, the first `times` times each is due to a stream, as a
   * lossy relay would; they stay in the log, so a later stream from before them may get them.
   */
  loseOnStream(match: (e: HubEvent) => boolean, times = 1): void {
    this.losses.push({ match, times, lost: new Map() });
  }

  /** Calls without metadata `x-api-key: key` fail UNAUTHENTICATED; undefined lifts the rule. */
  requireApiKey(key: string | undefined): void {
    this.apiKey = key;
  }

  /** Events per second to each subscriber, or 'max' (as fast as the socket drains). */
  streamRate(eventsPerSecond: number | 'max'): void {
    this.rate = eventsPerSecond;
    for (const s of this.subscribers) {
      s.rateStart = Date.now();
      s.rateSent = 0;
      this.pump(s);
    }
  }

  calls(method: HubMethod): number {
    return this.callCounts.get(method) ?? 0;
  }

  get openStreams(): number {
    return this.subscribers.size;
  }

  /** Subscribe streams accepted since start (reconnects show up here). */
  get streamsOpened(): number {
    return this.opened;
  }

  // ---- gRPC ----

  private implementation(): HubServiceServer {
    const impl: Record<string, unknown> = {};
    for (const name of Object.keys(HubServiceService) as HubMethod[]) {
      impl[name] = HubServiceService[name].responseStream
        ? (call: ServerWritableStream<unknown, unknown>) => {
            this.count(name);
            call.emit('error', { code: status.UNIMPLEMENTED, details: `${name} is not implemented by the hub double` });
          }
        : this.unary(name, () => {
            throw new RpcError(status.UNIMPLEMENTED, `${name} is not implemented by the hub double`);
          });
    }
    const s = this.store;
    const all = (types: MessageType[]) => (req: FidTimestampRequest) => {
      const inRange = s
        .messages(req.fid, types)
        .filter((m) => (req.startTimestamp === undefined || m.data!.timestamp >= req.startTimestamp) && (req.stopTimestamp === undefined || m.data!.timestamp <= req.stopTimestamp));
      const p = paginate(inRange, tsHashKey, req);
      return { messages: p.items, nextPageToken: p.nextPageToken };
    };
    const adds = (req: FidRequest, types: MessageType[], keep: (m: Message) => boolean = () => true) => {
      const p = paginate(s.messages(req.fid, types).filter(keep), tsHashKey, req);
      return { messages: p.items, nextPageToken: p.nextPageToken };
    };
    const implemented: Partial<HubServiceServer> = {
      getInfo: this.unary('getInfo', () => {
        const shardInfos = [];
        const now = this.nowFarcaster();
        let numMessages = 0;
        let numFidRegistrations = 0;
        for (let shard = 1; shard <= s.numShards; shard++) {
          const messages = s.messageCount(shard);
          const fids = s.registeredFids(shard).length;
          numMessages += messages;
          numFidRegistrations += fids;
          shardInfos.push({
            shardId: shard,
            maxHeight: s.lastBlock(shard),
            numMessages: messages,
            numFidRegistrations: fids,
            approxSize: 0,
            blockDelay: s.lastBlock(shard) ? Math.max(0, now - s.lastBlockTimestamp(shard)) : 0,
            mempoolSize: 0,
            numOnchainEvents: 0,
          });
        }
        return {
          version: 'hub-double',
          dbStats: { numMessages, numFidRegistrations, approxSize: 0 },
          peerId: 'hub-double',
          numShards: s.numShards,
          shardInfos,
          nextEngineVersionTimestamp: 0,
        };
      }),
      getFids: this.unary('getFids', (req: FidsRequest) => {
        this.checkShard(req.shardId);
        const p = paginate(s.registeredFids(req.shardId), u64, req);
        return { fids: p.items, nextPageToken: p.nextPageToken };
      }),
      subscribe: (call) => this.subscribe(call),
      getEvents: this.unary('getEvents', (req: EventsRequest) => {
        const shard = req.shardIndex ?? 0;
        this.checkShard(shard);
        const events = s.sealedEvents(shard).filter((e) => e.id >= req.startId && (req.stopId === undefined || req.stopId === 0 || e.id < req.stopId));
        const p = paginate(events, (e) => u64(e.id), req);
        return { events: p.items, nextPageToken: p.nextPageToken };
      }),
      getAllCastMessagesByFid: this.unary('getAllCastMessagesByFid', all([MessageType.CAST_ADD, MessageType.CAST_REMOVE])),
      getAllReactionMessagesByFid: this.unary('getAllReactionMessagesByFid', all([MessageType.REACTION_ADD, MessageType.REACTION_REMOVE])),
      getAllLinkMessagesByFid: this.unary('getAllLinkMessagesByFid', all([MessageType.LINK_ADD, MessageType.LINK_REMOVE, MessageType.LINK_COMPACT_STATE])),
      getAllUserDataMessagesByFid: this.unary('getAllUserDataMessagesByFid', all([MessageType.USER_DATA_ADD])),
      getAllVerificationMessagesByFid: this.unary('getAllVerificationMessagesByFid', all([MessageType.VERIFICATION_ADD_ETH_ADDRESS, MessageType.VERIFICATION_REMOVE])),
      // The lend store holds the lends a fid gives (none of 0 units: those are pruned as they merge).
      getAllLendStorageMessagesByFid: this.unary('getAllLendStorageMessagesByFid', all([MessageType.LEND_STORAGE])),
      getSignersByFid: this.unary('getSignersByFid', (req: SignersByFidRequest) => {
        const p = paginate(signersOf(s, req.fid), (k) => Buffer.from(k.key), req);
        return {
          signers: p.items, nextPageToken: p.nextPageToken, gaslessSignerCount: s.messages(req.fid, [MessageType.KEY_ADD]).length,
          gaslessSignerLimit: 1000, currentUserNonce: 0, requesterFidNonces: {},
        };
      }),
      getCastsByFid: this.unary('getCastsByFid', (req: FidRequest) => adds(req, [MessageType.CAST_ADD])),
      getLinksByFid: this.unary('getLinksByFid', (req: LinksByFidRequest) =>
        adds(req, [MessageType.LINK_ADD], (m) => req.linkType === undefined || req.linkType === '' || m.data!.linkBody!.type === req.linkType),
      ),
      getReactionsByFid: this.unary('getReactionsByFid', (req: ReactionsByFidRequest) =>
        adds(req, [MessageType.REACTION_ADD], (m) => !req.reactionType || m.data!.reactionBody!.type === req.reactionType),
      ),
      getLinkCompactStateMessageByFid: this.unary('getLinkCompactStateMessageByFid', (req: FidRequest) => adds(req, [MessageType.LINK_COMPACT_STATE])),
      getUserNameProofsByFid: this.unary('getUserNameProofsByFid', (req: FidRequest) => ({
        proofs: [...s.fnameProofs(req.fid), ...s.messages(req.fid, [MessageType.USERNAME_PROOF]).map((m) => m.data!.usernameProofBody!)],
      })),
      getIdRegistryOnChainEvent: this.unary('getIdRegistryOnChainEvent', (req: FidRequest) => {
        const events = s.onChainEvents(req.fid, OnChainEventType.EVENT_TYPE_ID_REGISTER);
        if (events.length === 0) throw new RpcError(status.NOT_FOUND, `no id registration for fid ${req.fid}`);
        return events[events.length - 1];
      }),
      getOnChainEvents: this.unary('getOnChainEvents', (req: OnChainEventRequest) => {
        const p = paginate(s.onChainEvents(req.fid, req.eventType), (e) => Buffer.concat([u64(e.blockNumber), u64(e.logIndex)]), req);
        return { events: p.items, nextPageToken: p.nextPageToken };
      }),
    };
    return { ...impl, ...implemented } as HubServiceServer;
  }

  private unary<Req, Res>(name: HubMethod, fn: (req: Req) => Res) {
    return (call: ServerUnaryCall<Req, Res>, callback: sendUnaryData<Res>) => {
      this.count(name);
      try {
        this.gate(name, call.metadata);
        callback(null, fn(call.request));
      } catch (e) {
        const err = e instanceof RpcError ? e : new RpcError(status.INTERNAL, String(e));
        callback({ code: err.code, details: err.details, name: 'RpcError', message: err.details });
      }
    };
  }

  /** Auth first, then any injected failure; throws RpcError. */
  private gate(name: HubMethod, metadata: Metadata): void {
    if (this.apiKey !== undefined && metadata.get('x-api-key')[0] !== this.apiKey) {
      throw new RpcError(status.UNAUTHENTICATED, 'missing or wrong x-api-key');
    }
    const f = this.failures.get(name);
    if (f && f.times > 0) {
      f.times -= 1;
      if (f.times === 0) this.failures.delete(name);
      throw new RpcError(f.code, `${status[f.code]} injected by the hub double`);
    }
  }

  private subscribe(call: ServerWritableStream<SubscribeRequest, HubEvent>): void {
    this.count('subscribe');
    const req = call.request;
    try {
      this.gate('subscribe', call.metadata);
      // Stricter than Snapchain, which streams every shard when shardIndex is absent.
      if (!req.shardIndex) throw new RpcError(status.INVALID_ARGUMENT, 'shardIndex is required');
      this.checkShard(req.shardIndex);
    } catch (e) {
      const err = e as RpcError;
      call.emit('error', { code: err.code, details: err.details });
      return;
    }
    const events = this.store.sealedEvents(req.shardIndex);
    const sub: Subscriber = {
      call,
      shard: req.shardIndex,
      // Snapchain keeps an event only if its type is listed, so an empty list streams nothing.
      types: new Set(req.eventTypes),
      cursor: req.fromId === undefined ? events.length : firstIndexAtOrAfter(events, req.fromId),
      closed: false,
      pumping: false,
      awaitingDrain: false,
      rateStart: Date.now(),
      rateSent: 0,
      idle: false,
      frozen: false,
    };
    this.subscribers.add(sub);
    this.opened += 1;
    const end = () => this.close(sub);
    call.on('cancelled', end);
    call.on('close', end);
    call.on('finish', end);
    this.pump(sub);
  }

  private pump(sub: Subscriber): void {
    if (sub.pumping || sub.closed || sub.awaitingDrain || sub.timer) return;
    sub.pumping = true;
    try {
      const events = this.store.sealedEvents(sub.shard);
      while (!sub.closed) {
        if (this.allStalled || this.stalled.has(sub.shard) || sub.frozen) return;
        if (sub.cursor >= events.length) {
          sub.idle = true;
          return;
        }
        if (this.rate !== 'max') {
          const now = Date.now();
          if (sub.idle) {
            // A subscriber that was caught up earns no burst for the time it waited.
            sub.idle = false;
            sub.rateStart = now;
            sub.rateSent = 0;
          }
          const allowed = Math.floor(((now - sub.rateStart) * this.rate) / 1000) + 1 - sub.rateSent;
          if (allowed <= 0) {
            const wait = Math.max(1, Math.ceil(((sub.rateSent - Math.floor(((now - sub.rateStart) * this.rate) / 1000)) * 1000) / this.rate));
            sub.timer = setTimeout(() => {
              sub.timer = undefined;
              this.pump(sub);
            }, wait);
            return;
          }
        }
        sub.idle = false;
        const e = events[sub.cursor++];
        if (!sub.types.has(e.type)) continue;
        if (this.lost(e)) continue;
        sub.rateSent += 1;
        let ok = sub.call.write(e);
        if (this.duplicate) ok = sub.call.write(e) && ok;
        if (!ok) {
          sub.awaitingDrain = true;
          sub.call.once('drain', () => {
            sub.awaitingDrain = false;
            this.pump(sub);
          });
          return;
        }
      }
    } finally {
      sub.pumping = false;
    }
  }

  /** Whether a loss rule leaves this delivery of `e` out (and counts it). */
  private lost(e: HubEvent): boolean {
    for (const rule of this.losses) {
      const n = rule.lost.get(e) ?? 0;
      if (n < rule.times && rule.match(e)) { rule.lost.set(e, n + 1); return true; }
    }
    return false;
  }

  private close(sub: Subscriber): void {
    if (sub.closed) return;
    sub.closed = true;
    if (sub.timer) clearTimeout(sub.timer);
    this.subscribers.delete(sub);
  }

  private checkShard(shard: number): void {
    if (!Number.isInteger(shard) || shard < 1 || shard > this.store.numShards) {
      throw new RpcError(status.INVALID_ARGUMENT, `Invalid shard id ${shard}`);
    }
  }

  private count(name: HubMethod): void {
    this.callCounts.set(name, (this.callCounts.get(name) ?? 0) + 1);
  }

  private nowFarcaster(): number {
    return Math.floor(Date.now() / 1000) - 1609459200;
  }
}

/**
 * A fid's keys as the node's unified signer read lists them (server.rs signer_from_onchain_event,
 * signer_from_gasless_record): keys added on chain, and the keys its KEY_ADDs hold (times in unix seconds).
 */
function signersOf(s: NodeStore, fid: number): SignerInfo[] {
  const onChain = s.onChainEvents(fid, OnChainEventType.EVENT_TYPE_SIGNER).flatMap((e): SignerInfo[] => e.signerEventBody ? [{
    source: SignerSource.ONCHAIN, key: e.signerEventBody.key, keyType: e.signerEventBody.keyType, fid, addedAt: e.blockTimestamp, scopes: [], onchainEvent: e,
  }] : []);
  const byMessage = s.messages(fid, [MessageType.KEY_ADD]).map((m): SignerInfo => {
    const body = m.data!.keyAddBody!;
    const addedAt = m.data!.timestamp + 1609459200;
    const requestFid = decodeGaslessSignedKeyRequestMetadata(body.metadata).map((r) => Number(r.requestFid)).unwrapOr(fid);
    return {
      source: SignerSource.OFFCHAIN, key: body.key, keyType: body.keyType, fid, addedAt, lastUsedAt: addedAt, ttl: body.ttl,
      expiresAt: addedAt + body.ttl, scopes: body.scopes, requestFid, nonce: body.nonce,
    };
  });
  return [...onChain, ...byMessage];
}

/** Events are kept in id order, so the replay start is a binary search. */
function firstIndexAtOrAfter(events: readonly HubEvent[], id: number): number {
  let lo = 0;
  let hi = events.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (events[mid].id < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

