// The node double, driven only through the real hub-nodejs client over a real socket.
import {
  type ClientReadableStream,
  type HubEvent,
  HubEventType,
  type HubRpcClient,
  type Message,
  Metadata,
  MessageType,
  OnChainEventType,
  Protocol,
  ReactionType,
  type ServiceError,
  UserDataType,
  getFarcasterTime,
  getInsecureHubRpcClient,
  status,
} from '@farcaster/hub-nodejs';
import { HubDouble } from '../helpers/hub-double/hub-double';
import { MessageFactory, farcasterSeconds, fnameProof, idRegisterEvent } from '../helpers/hub-double/message-factory';
import { SEQ_SPAN, eventId } from '../helpers/hub-double/node-store';

const f = new MessageFactory();
const ALL_TYPES = [
  HubEventType.MERGE_MESSAGE,
  HubEventType.PRUNE_MESSAGE,
  HubEventType.REVOKE_MESSAGE,
  HubEventType.MERGE_USERNAME_PROOF,
  HubEventType.MERGE_ON_CHAIN_EVENT,
  HubEventType.BLOCK_CONFIRMED,
];

let double: HubDouble;
let client: HubRpcClient;
const streams: ClientReadableStream<HubEvent>[] = [];

beforeAll(async () => {
  double = new HubDouble({ numShards: 2 });
  client = getInsecureHubRpcClient(await double.start());
});

afterAll(async () => {
  for (const s of streams) s.cancel();
  client.$.close();
  await double.stop();
});

/**
 * Opens a subscription and, unless it is meant to fail, waits until the server holds it: the
 * client's stream exists before the server has seen the call, and a live-only subscription
 * misses what is sealed before that (as on a real node).
 */
async function open(c: HubRpcClient, req: { eventTypes: HubEventType[]; fromId?: number; shardIndex?: number }, md?: Metadata) {
  const s = (await c.subscribe(req, md ?? new Metadata()))._unsafeUnwrap();
  streams.push(s);
  return s;
}

async function openLive(c: HubRpcClient, req: { eventTypes: HubEventType[]; fromId?: number; shardIndex?: number }, md?: Metadata) {
  const before = double.streamsOpened;
  const s = await open(c, req, md);
  const deadline = Date.now() + 3000;
  while (double.streamsOpened === before) {
    if (Date.now() > deadline) throw new Error('the server never saw the subscription');
    await new Promise((r) => setTimeout(r, 5));
  }
  return s;
}

/** Collects `n` events, failing after `ms` with what arrived. */
function take(s: ClientReadableStream<HubEvent>, n: number, ms = 3000): Promise<HubEvent[]> {
  return new Promise((resolve, reject) => {
    const got: HubEvent[] = [];
    const onData = (e: HubEvent) => {
      got.push(e);
      if (got.length === n) done(() => resolve(got));
    };
    const timer = setTimeout(() => done(() => reject(new Error(`got ${got.length}/${n} events: ${got.map((e) => e.type).join(',')}`))), ms);
    const done = (fn: () => void) => {
      clearTimeout(timer);
      s.off('data', onData);
      fn();
    };
    s.on('data', onData);
  });
}

/** Everything the stream delivers during `ms`. */
function during(s: ClientReadableStream<HubEvent>, ms: number): Promise<HubEvent[]> {
  const got: HubEvent[] = [];
  const onData = (e: HubEvent) => got.push(e);
  s.on('data', onData);
  return new Promise((resolve) =>
    setTimeout(() => {
      s.off('data', onData);
      resolve(got);
    }, ms),
  );
}

function streamError(s: ClientReadableStream<HubEvent>, ms = 3000): Promise<ServiceError> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no stream error')), ms);
    s.once('error', (e: ServiceError) => {
      clearTimeout(timer);
      resolve(e);
    });
  });
}

/** The promisified client keeps only the message, so status codes are read off the raw client. */
function rawGetInfoCode(c: HubRpcClient, md = new Metadata()): Promise<number> {
  return new Promise((resolve) => c.$.getInfo({}, md, (err) => resolve(err ? err.code : status.OK)));
}

const hashes = (ms: Message[]) => ms.map((m) => Buffer.from(m.hash).toString('hex'));
const merged = (e: HubEvent) => e.mergeMessageBody!.message!;

describe('HubDouble over gRPC', () => {
  test('getInfo reports shards, sealed height and stored messages; event timestamps are Farcaster seconds', async () => {
    const before = (await client.getInfo({}))._unsafeUnwrap();
    expect(before.numShards).toBe(2);
    expect(before.shardInfos.map((s) => s.shardId)).toEqual([1, 2]);

    const [ev] = double.submit([await f.linkAdd(100, 1)]); // fid 100 lives on shard 1 + 100 % 2 = 1
    const after = (await client.getInfo({}))._unsafeUnwrap();
    const shard1 = after.shardInfos.find((s) => s.shardId === 1)!;
    expect(shard1.maxHeight).toBe(before.shardInfos[0].maxHeight + 1);
    expect(shard1.numMessages).toBe(before.shardInfos[0].numMessages + 1);
    expect(after.shardInfos[1].maxHeight).toBe(before.shardInfos[1].maxHeight);
    expect(ev.shardIndex).toBe(1);
    expect(ev.blockNumber).toBe(shard1.maxHeight);
    expect(Math.abs(ev.timestamp - getFarcasterTime()._unsafeUnwrap())).toBeLessThanOrEqual(2);
  });

  test('getFids pages per shard; a full page carries a token even when nothing follows', async () => {
    const fresh = new HubDouble({ numShards: 2 });
    const c = getInsecureHubRpcClient(await fresh.start());
    try {
      for (const fid of [8, 2, 6, 4, 3]) fresh.store.onChain(idRegisterEvent({ fid }));
      const p1 = (await c.getFids({ shardId: 1, pageSize: 2 }))._unsafeUnwrap();
      expect(p1.fids).toEqual([2, 4]);
      const p2 = (await c.getFids({ shardId: 1, pageSize: 2, pageToken: p1.nextPageToken }))._unsafeUnwrap();
      expect(p2.fids).toEqual([6, 8]);
      expect(p2.nextPageToken).toBeDefined();
      const p3 = (await c.getFids({ shardId: 1, pageSize: 2, pageToken: p2.nextPageToken }))._unsafeUnwrap();
      expect(p3.fids).toEqual([]);
      expect(p3.nextPageToken).toBeUndefined();
      expect((await c.getFids({ shardId: 1, reverse: true }))._unsafeUnwrap().fids).toEqual([8, 6, 4, 2]);
      const s2 = (await c.getFids({ shardId: 2 }))._unsafeUnwrap();
      expect(s2).toEqual({ fids: [3], nextPageToken: undefined });
      expect((await c.getFids({ shardId: 3 })).isErr()).toBe(true);
      expect((await c.getIdRegistryOnChainEvent({ fid: 6 }))._unsafeUnwrap().idRegisterEventBody!.to).toHaveLength(20);
      expect((await c.getIdRegistryOnChainEvent({ fid: 7 })).isErr()).toBe(true);
      const onChain = (await c.getOnChainEvents({ fid: 6, eventType: OnChainEventType.EVENT_TYPE_ID_REGISTER }))._unsafeUnwrap();
      expect(onChain.events.map((e) => e.fid)).toEqual([6]);
    } finally {
      c.$.close();
      await fresh.stop();
    }
  });

  test('subscribe replays one shard from fromId inclusive, filters by type, then goes live', async () => {
    const evs = double.submit([await f.linkAdd(200, 1), await f.linkAdd(200, 2), await f.linkAdd(201, 3)]);
    const shard1 = evs.filter((e) => e.shardIndex === 1);
    expect(shard1).toHaveLength(2);
    expect(evs[2].shardIndex).toBe(2);
    // autoSeal gave each submit's shard one block: BLOCK_CONFIRMED takes seq 0, the merges 1 and 2.
    expect(shard1.map((e) => e.id % SEQ_SPAN)).toEqual([1, 2]);
    expect(shard1[0].id).toBe(eventId(shard1[0].blockNumber, 1));

    const s = await open(client, { eventTypes: [HubEventType.MERGE_MESSAGE], fromId: shard1[1].id, shardIndex: 1 });
    const [first] = await take(s, 1);
    expect(first.id).toBe(shard1[1].id); // inclusive
    expect(merged(first).data!.linkBody!.targetFid).toBe(2);
    expect(first.shardIndex).toBe(1);

    const live = double.submit([await f.linkAdd(200, 4), await f.linkAdd(201, 5)]); // the second is on shard 2
    const [next] = await take(s, 1);
    expect(next.id).toBe(live[0].id);
    expect(await during(s, 150)).toEqual([]);

    const blocks = await open(client, { eventTypes: [HubEventType.BLOCK_CONFIRMED], fromId: shard1[0].id - 1, shardIndex: 1 });
    const [bc] = await take(blocks, 1);
    expect(bc.id).toBe(eventId(shard1[0].blockNumber, 0));
    expect(bc.blockConfirmedBody).toMatchObject({ blockNumber: shard1[0].blockNumber, shardIndex: 1, totalEvents: 3 });
    expect(bc.blockConfirmedBody!.timestamp).toBe(bc.timestamp);
  });

  test("blockConfirmed 'last' closes each block with BLOCK_CONFIRMED instead of opening it", async () => {
    const last = new HubDouble({ numShards: 2, blockConfirmed: 'last' });
    const c = getInsecureHubRpcClient(await last.start());
    try {
      last.submit([await f.linkAdd(10, 1), await f.linkAdd(10, 2)]);
      const s = (await c.subscribe({ eventTypes: ALL_TYPES, fromId: 0, shardIndex: 1 }))._unsafeUnwrap();
      const got = await take(s, 3);
      expect(got.map((e) => [e.type, e.id])).toEqual([
        [HubEventType.MERGE_MESSAGE, eventId(1, 1)],
        [HubEventType.MERGE_MESSAGE, eventId(1, 2)],
        [HubEventType.BLOCK_CONFIRMED, eventId(1, 3)],
      ]);
      expect(got[2].blockConfirmedBody!.eventCountsByType).toEqual({ [HubEventType.MERGE_MESSAGE]: 2, [HubEventType.BLOCK_CONFIRMED]: 1 });
      s.cancel();
    } finally {
      c.$.close();
      await last.stop();
    }
  });

  test('subscribe: an empty type list streams nothing, no fromId means only new events, shardIndex is required', async () => {
    const empty = await openLive(client, { eventTypes: [], fromId: 0, shardIndex: 1 });
    const fresh = await openLive(client, { eventTypes: [HubEventType.MERGE_MESSAGE], shardIndex: 1 });
    const emptyGot = during(empty, 400);
    const [ev] = double.submit([await f.linkAdd(300, 9)]);
    const [got] = await take(fresh, 1);
    expect(got.id).toBe(ev.id); // nothing older than the subscription came first
    expect(await emptyGot).toEqual([]);

    const noShard = await open(client, { eventTypes: [HubEventType.MERGE_MESSAGE] });
    expect((await streamError(noShard)).code).toBe(status.INVALID_ARGUMENT);
    const shardZero = await open(client, { eventTypes: [HubEventType.MERGE_MESSAGE], shardIndex: 0 });
    expect((await streamError(shardZero)).code).toBe(status.INVALID_ARGUMENT);
  });

  test('getAll*ByFid returns adds and removes by timestamp, pages with a full-page token, honours the time range', async () => {
    const fid = 402;
    const t0 = farcasterSeconds() - 100;
    const casts = [];
    for (let i = 0; i < 4; i++) casts.push(await f.castAdd(fid, `cast ${i}`, { at: t0 + i }));
    const remove = await f.castRemove(fid, casts[3].hash, { at: t0 + 10 });
    double.submit([...casts, remove]);

    const p1 = (await client.getAllCastMessagesByFid({ fid, pageSize: 2 }))._unsafeUnwrap();
    expect(hashes(p1.messages)).toEqual(hashes(casts.slice(0, 2)));
    const p2 = (await client.getAllCastMessagesByFid({ fid, pageSize: 2, pageToken: p1.nextPageToken }))._unsafeUnwrap();
    expect(hashes(p2.messages)).toEqual(hashes([casts[2], remove])); // the remove replaced cast 3
    expect(p2.nextPageToken).toBeDefined();
    const p3 = (await client.getAllCastMessagesByFid({ fid, pageSize: 2, pageToken: p2.nextPageToken }))._unsafeUnwrap();
    expect(p3).toEqual({ messages: [], nextPageToken: undefined });

    const ranged = (await client.getAllCastMessagesByFid({ fid, startTimestamp: t0 + 1, stopTimestamp: t0 + 2 }))._unsafeUnwrap();
    expect(hashes(ranged.messages)).toEqual(hashes(casts.slice(1, 3)));
    const addsOnly = (await client.getCastsByFid({ fid }))._unsafeUnwrap();
    expect(hashes(addsOnly.messages)).toEqual(hashes(casts.slice(0, 3)));

    const target = { fid, hash: casts[0].hash };
    const like = await f.reactionAdd(fid, ReactionType.LIKE, target);
    const recast = await f.reactionAdd(fid, ReactionType.RECAST, target);
    const eth = await f.verificationAddEth(fid);
    const sol = await f.verificationAddSolana(fid);
    const solRemove = await f.verificationRemove(fid, sol.data.verificationAddAddressBody.address, Protocol.SOLANA, { at: sol.data.timestamp + 1 });
    double.submit([like, recast, eth, sol, solRemove, await f.userDataAdd(fid, UserDataType.BIO, 'hello')]);
    expect((await client.getAllReactionMessagesByFid({ fid }))._unsafeUnwrap().messages).toHaveLength(2);
    const likes = (await client.getReactionsByFid({ fid, reactionType: ReactionType.LIKE }))._unsafeUnwrap();
    expect(hashes(likes.messages)).toEqual(hashes([like]));
    const verifications = (await client.getAllVerificationMessagesByFid({ fid }))._unsafeUnwrap().messages;
    expect(verifications.map((m) => m.data!.type).sort()).toEqual([MessageType.VERIFICATION_ADD_ETH_ADDRESS, MessageType.VERIFICATION_REMOVE]);
    expect((await client.getAllUserDataMessagesByFid({ fid }))._unsafeUnwrap().messages[0].data!.userDataBody!.value).toBe('hello');
  });

  test('merge rules: re-follow lists the unfollow it replaced; at equal timestamps the remove wins; cast removes are final', async () => {
    const fid = 500;
    const s = await openLive(client, { eventTypes: [HubEventType.MERGE_MESSAGE], shardIndex: double.store.shardOf(fid) });
    const t = farcasterSeconds() - 50;
    const follow = await f.linkAdd(fid, 7, { at: t });
    const unfollow = await f.linkRemove(fid, 7, { at: t + 1 });
    const refollow = await f.linkAdd(fid, 7, { at: t + 2 });
    const stale = await f.linkAdd(fid, 7, { at: t + 1 }); // older than what is stored: loses, no event
    expect(double.submit([follow, unfollow, refollow, stale])).toHaveLength(3);
    const [e1, e2, e3] = await take(s, 3);
    expect(hashes([merged(e1)])).toEqual(hashes([follow]));
    expect(hashes(e2.mergeMessageBody!.deletedMessages)).toEqual(hashes([follow]));
    expect(hashes(e3.mergeMessageBody!.deletedMessages)).toEqual(hashes([unfollow]));

    const sameAdd = await f.linkAdd(fid, 8, { at: t });
    const sameRemove = await f.linkRemove(fid, 8, { at: t });
    expect(double.submit([sameRemove, sameAdd])).toHaveLength(1); // the add loses to the remove
    const [e4] = await take(s, 1);
    expect(merged(e4).data!.type).toBe(MessageType.LINK_REMOVE);
    const links = (await client.getLinksByFid({ fid }))._unsafeUnwrap().messages;
    expect(links.map((m) => m.data!.linkBody!.targetFid)).toEqual([7]);

    const cast = await f.castAdd(fid, 'gone soon', { at: t + 5 });
    const castRemove = await f.castRemove(fid, cast.hash, { at: t }); // earlier than the add, still wins
    expect(double.submit([cast, castRemove, cast])).toHaveLength(2);
    const [, e6] = await take(s, 2);
    expect(hashes(e6.mergeMessageBody!.deletedMessages)).toEqual(hashes([cast]));

    const bioOld = await f.userDataAdd(fid, UserDataType.BIO, 'old', { at: t });
    const bioNew = await f.userDataAdd(fid, UserDataType.BIO, 'new', { at: t + 1 });
    double.submit([bioNew, bioOld]);
    const [bio] = await take(s, 1);
    expect(merged(bio).data!.userDataBody!.value).toBe('new');
    expect(await during(s, 100)).toEqual([]);
  });

  test('prune and revoke leave the store with their events; a revoked remove does not bring the add back', async () => {
    const fid = 602;
    const s = await openLive(client, { eventTypes: [HubEventType.PRUNE_MESSAGE, HubEventType.REVOKE_MESSAGE], shardIndex: double.store.shardOf(fid) });
    const t = farcasterSeconds() - 50;
    const old = await f.castAdd(fid, 'old', { at: t });
    const follow = await f.linkAdd(fid, 9, { at: t });
    const unfollow = await f.linkRemove(fid, 9, { at: t + 1 });
    double.submit([old, follow, unfollow]);
    const revokedKey = (await f.signerOf(fid)).key;
    await f.rotateSigner(fid);
    const kept = await f.castAdd(fid, 'new key', { at: t + 2 });
    double.submit([kept]);

    double.prune(old);
    const [pruned] = await take(s, 1);
    expect(pruned.type).toBe(HubEventType.PRUNE_MESSAGE);
    expect(hashes([pruned.pruneMessageBody!.message!])).toEqual(hashes([old]));

    double.revokeSigner(fid, revokedKey);
    const [revoked] = await take(s, 1);
    expect(hashes([revoked.revokeMessageBody!.message!])).toEqual(hashes([unfollow]));
    expect((await client.getAllLinkMessagesByFid({ fid }))._unsafeUnwrap().messages).toEqual([]);
    expect(hashes((await client.getAllCastMessagesByFid({ fid }))._unsafeUnwrap().messages)).toEqual(hashes([kept]));
  });

  test('fname proofs and on-chain events are merged and served', async () => {
    const s = await openLive(client, { eventTypes: [HubEventType.MERGE_USERNAME_PROOF, HubEventType.MERGE_ON_CHAIN_EVENT], shardIndex: 1 });
    double.onChain(idRegisterEvent({ fid: 700 }));
    const first = await fnameProof({ name: 'moving', fid: 700, at: new Date(Date.now() - 60_000) });
    double.usernameProof(first);
    const moved = await fnameProof({ name: 'moving', fid: 702 });
    double.usernameProof(moved);
    const [reg, p1, p2] = await take(s, 3);
    expect(reg.mergeOnChainEventBody!.onChainEvent!.type).toBe(OnChainEventType.EVENT_TYPE_ID_REGISTER);
    expect(p1.mergeUsernameProofBody!.deletedUsernameProof).toBeUndefined();
    expect(p2.mergeUsernameProofBody!.usernameProof!.fid).toBe(702);
    expect(p2.mergeUsernameProofBody!.deletedUsernameProof!.fid).toBe(700);
    expect((await client.getUserNameProofsByFid({ fid: 700 }))._unsafeUnwrap().proofs).toEqual([]);
    const proofs = (await client.getUserNameProofsByFid({ fid: 702 }))._unsafeUnwrap().proofs;
    expect(Buffer.from(proofs[0].name).toString()).toBe('moving');
  });

  test('stall: the stream goes quiet for a second while getInfo shows blocks sealing, then catches up', async () => {
    const live = new HubDouble({ numShards: 2, blockIntervalMs: 50 });
    const c = getInsecureHubRpcClient(await live.start());
    try {
      const s = (await c.subscribe({ eventTypes: [HubEventType.BLOCK_CONFIRMED], shardIndex: 2 }))._unsafeUnwrap();
      await take(s, 1);
      live.stall(2);
      await new Promise((r) => setTimeout(r, 100)); // let writes already on the wire arrive
      const h0 = (await c.getInfo({}))._unsafeUnwrap().shardInfos[1].maxHeight;
      expect(await during(s, 1000)).toEqual([]);
      const h1 = (await c.getInfo({}))._unsafeUnwrap().shardInfos[1].maxHeight;
      expect(h1).toBeGreaterThan(h0 + 5);
      live.unstall();
      const [resumed] = await take(s, 1);
      expect(resumed.blockNumber).toBeLessThanOrEqual(h0 + 1); // the backlog, not a jump to the head
      s.cancel();
    } finally {
      c.$.close();
      await live.stop();
    }
  });

  test('failNext fails the next calls with the given status, subscribe included', async () => {
    double.failNext('getInfo', status.UNAVAILABLE, 2);
    expect(await rawGetInfoCode(client)).toBe(status.UNAVAILABLE);
    expect((await client.getInfo({})).isErr()).toBe(true);
    expect(await rawGetInfoCode(client)).toBe(status.OK);

    double.failNext('subscribe', status.RESOURCE_EXHAUSTED);
    const s = await open(client, { eventTypes: [HubEventType.MERGE_MESSAGE], shardIndex: 1 });
    expect((await streamError(s)).code).toBe(status.RESOURCE_EXHAUSTED);
    expect(await new Promise((r) => client.$.getBlocks({ startBlockNumber: 0 }).once('error', (e: ServiceError) => r(e.code)))).toBe(status.UNIMPLEMENTED);
  });

  test('dropStreams ends every open stream with an error; counters show the reconnect', async () => {
    const before = double.streamsOpened;
    const a = await openLive(client, { eventTypes: [HubEventType.MERGE_MESSAGE], shardIndex: 1 });
    const b = await openLive(client, { eventTypes: [HubEventType.MERGE_MESSAGE], shardIndex: 2 });
    expect(double.openStreams).toBeGreaterThanOrEqual(2);
    const errors = Promise.all([streamError(a), streamError(b)]);
    double.dropStreams();
    expect((await errors).map((e) => e.code)).toEqual([status.UNAVAILABLE, status.UNAVAILABLE]);
    expect(double.openStreams).toBe(0);

    const again = await openLive(client, { eventTypes: [HubEventType.MERGE_MESSAGE], shardIndex: 1 });
    const [ev] = double.submit([await f.linkAdd(800, 1)]);
    expect((await take(again, 1))[0].id).toBe(ev.id);
    expect(double.streamsOpened).toBe(before + 3);
    expect(double.calls('subscribe')).toBeGreaterThanOrEqual(double.streamsOpened);
  });

  test('requireApiKey rejects calls without x-api-key', async () => {
    double.requireApiKey('sekret');
    try {
      expect(await rawGetInfoCode(client)).toBe(status.UNAUTHENTICATED);
      const wrong = new Metadata();
      wrong.set('x-api-key', 'nope');
      expect(await rawGetInfoCode(client, wrong)).toBe(status.UNAUTHENTICATED);
      const right = new Metadata();
      right.set('x-api-key', 'sekret');
      expect(await rawGetInfoCode(client, right)).toBe(status.OK);
      const s = await open(client, { eventTypes: [HubEventType.MERGE_MESSAGE], shardIndex: 1 });
      expect((await streamError(s)).code).toBe(status.UNAUTHENTICATED);
      const ok = await openLive(client, { eventTypes: [HubEventType.MERGE_MESSAGE], shardIndex: 1 }, right);
      const [ev] = double.submit([await f.linkAdd(900, 1)]);
      expect((await take(ok, 1))[0].id).toBe(ev.id);
    } finally {
      double.requireApiKey(undefined);
    }
  });

  test('preloaded history streams in order at the set rate, ids past 2^31 intact, duplicates when asked', async () => {
    const bench = new HubDouble({ numShards: 2 });
    const c = getInsecureHubRpcClient(await bench.start());
    try {
      const link = await f.linkAdd(3, 4);
      const template: HubEvent = { type: HubEventType.MERGE_MESSAGE, id: 0, mergeMessageBody: { message: link, deletedMessages: [] }, blockNumber: 0, shardIndex: 0, timestamp: 0 };
      bench.preload(2, [template], 140_000, 1); // one merge per block: block 140000 is past 2^31 / 2^14
      const lastId = eventId(140_000, 1);
      expect(lastId).toBeGreaterThan(2 ** 31);
      const tail = (await c.subscribe({ eventTypes: [HubEventType.MERGE_MESSAGE], fromId: eventId(139_998, 0), shardIndex: 2 }))._unsafeUnwrap();
      expect((await take(tail, 3)).map((e) => e.id)).toEqual([eventId(139_998, 1), eventId(139_999, 1), lastId]);
      tail.cancel();

      bench.streamRate(200);
      const paced = (await c.subscribe({ eventTypes: [HubEventType.MERGE_MESSAGE], fromId: 0, shardIndex: 2 }))._unsafeUnwrap();
      const inHalfSecond = (await during(paced, 500)).length;
      expect(inHalfSecond).toBeGreaterThan(60);
      expect(inHalfSecond).toBeLessThan(140);
      paced.cancel();

      bench.streamRate('max');
      bench.duplicateDelivery(true);
      const dup = (await c.subscribe({ eventTypes: [HubEventType.MERGE_MESSAGE], fromId: lastId, shardIndex: 2 }))._unsafeUnwrap();
      expect((await take(dup, 2)).map((e) => e.id)).toEqual([lastId, lastId]);
      dup.cancel();
    } finally {
      c.$.close();
      await bench.stop();
    }
  });

  test('lends and keys are shard 0\'s: every user shard emits them, a 0-unit lend is pruned as it merges, keys merge by nonce', async () => {
    const t = farcasterSeconds();
    const lends = double.submit([await f.lendStorage(700, 701, 3, { at: t - 2 }), await f.lendStorage(700, 701, 0, { at: t - 1 })]);
    expect(lends.map((e) => [e.type, e.shardIndex])).toEqual([
      [HubEventType.MERGE_MESSAGE, 1], [HubEventType.MERGE_MESSAGE, 2],
      [HubEventType.MERGE_MESSAGE, 1], [HubEventType.MERGE_MESSAGE, 2], [HubEventType.PRUNE_MESSAGE, 1], [HubEventType.PRUNE_MESSAGE, 2],
    ]);
    // The 0-unit lend replaced the first (the same pair, whatever the units), then left with its prune.
    expect(lends[2].mergeMessageBody!.deletedMessages.map((m) => m.data!.lendStorageBody!.numUnits)).toEqual([3]);
    expect((await client.getAllLendStorageMessagesByFid({ fid: 700 }))._unsafeUnwrap().messages).toEqual([]);

    const key = await f.keyAdd(702, { at: t });
    const again = await f.keyAdd(702, { at: t, key: key.key, nonce: 1 });
    const added = double.submit([key.message, again.message]);
    expect(added.map((e) => e.shardIndex)).toEqual([1, 2]); // the second add reuses nonce 1: refused
    const removed = double.submit([await f.keyRemove(702, key.key, { at: t, nonce: 2 })]);
    expect(removed.map((e) => merged(e).data!.type)).toEqual([MessageType.KEY_REMOVE, MessageType.KEY_REMOVE]);
    expect(removed[0].mergeMessageBody!.deletedMessages).toEqual([key.message]);
    expect((await client.getSignersByFid({ fid: 702, requesterFids: [] }))._unsafeUnwrap().signers).toEqual([]);
    const readded = (await f.keyAdd(702, { at: t, key: key.key, nonce: 3 })).message;
    expect(double.submit([readded])[0].mergeMessageBody!.deletedMessages).toEqual([]);
    const [signer] = (await client.getSignersByFid({ fid: 702, requesterFids: [] }))._unsafeUnwrap().signers;
    expect({ ...signer, key: Buffer.from(signer.key) }).toMatchObject({ key: Buffer.from(readded.data.keyAddBody.key), nonce: 3, requestFid: 702, addedAt: t + 1_609_459_200 });
  });
});
