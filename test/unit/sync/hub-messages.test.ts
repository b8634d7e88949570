// Messages and hub events built and signed with @farcaster/hub-nodejs's own builders,
// decoded into ops: every field, and the values the importer would store for the same
// fact read from a hub replicator dump.
import { randomBytes } from 'crypto';
import {
  FarcasterNetwork, HubEvent, HubEventType, IdRegisterEventType, Message, MessageType, NobleEd25519Signer,
  OnChainEventType, Protocol, ReactionType, UserDataType, UserNameType, ViemLocalEip712Signer,
  SignerSource, StorageUnitType, bytesToBase58, ed25519, getFarcasterTime, makeCastAdd, makeKeyAdd, makeKeyAddBody, makeKeyRemove, makeKeyRemoveBody,
  makeKeyRemoveBodySelfRevoke, makeLendStorage, makeMessage, makeCastRemove, makeLinkAdd, makeLinkCompactState, makeLinkRemove,
  makeReactionAdd, makeReactionRemove, makeUserDataAdd, makeUsernameProof, makeVerificationAddEthAddress,
  makeVerificationAddressClaim, makeVerificationRemove, recreateSolanaClaimMessage,
  type HubAsyncResult, type OnChainEvent, type UserNameProof, type VerificationAddressClaimSolana,
} from '@farcaster/hub-nodejs';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { castEmbeds } from '../../../src/importer/specs/cast-embeds';
import { eventTime, fromFarcasterSeconds, keyOpsOfSigner, opsOfEvent, opsOfMessage, unhandledTypeOf } from '../../../src/sync/hub-messages';
import type { CastAddOp } from '../../../src/sync/sync-ops';

const FARCASTER_EPOCH_MS = Date.UTC(2021, 0, 1);
const fcDate = (seconds: number) => new Date(FARCASTER_EPOCH_MS + seconds * 1000);
const hexOf = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString('hex')}`;
const utf8 = (text: string) => new TextEncoder().encode(text);

const FID = 1234;
const T = 120_000_000; // Farcaster seconds: 2024-10-20T...
const signer = new NobleEd25519Signer(new Uint8Array(randomBytes(32)));
const opts = (timestamp = T, fid = FID) => ({ fid, network: FarcasterNetwork.MAINNET, timestamp });

async function ok<T>(result: HubAsyncResult<T>): Promise<T> {
  const r = await result;
  if (r.isErr()) throw r.error;
  return r.value;
}

const castBody = {
  text: '', embeds: [], embedsDeprecated: [], mentions: [], mentionsPositions: [], type: 0,
  parentCastId: undefined, parentUrl: undefined,
};

describe('fromFarcasterSeconds and eventTime', () => {
  it('when Farcaster seconds are converted, then they count from 2021-01-01 UTC', () => {
    expect(fromFarcasterSeconds(0).toISOString()).toBe('2021-01-01T00:00:00.000Z');
    expect(fromFarcasterSeconds(T)).toEqual(fcDate(T));
  });

  it('when an event carries its block time in Farcaster seconds, unix seconds or unix ms, then each gives the same instant', () => {
    const at = fcDate(T);
    expect(eventTime({ timestamp: T })).toEqual(at);
    expect(eventTime({ timestamp: at.getTime() / 1000 })).toEqual(at);
    expect(eventTime({ timestamp: at.getTime() })).toEqual(at);
  });

  it('when an event carries no time, then there is none', () => {
    expect(eventTime({ timestamp: 0 })).toBeNull();
  });
});

describe('opsOfMessage: casts', () => {
  const quoted = { fid: 3, hash: new Uint8Array(randomBytes(20)) };
  const parent = { fid: 77, hash: new Uint8Array(randomBytes(20)) };

  it('when a reply embeds a URL and quotes a cast, then every column is as the importer stores it', async () => {
    const message = await ok(makeCastAdd({
      ...castBody, text: 'gm  and ', mentions: [5, 6], mentionsPositions: [3, 8],
      embeds: [{ url: 'https://example.com/a' }, { castId: quoted }], parentCastId: parent,
    }, opts(), signer));
    const [op] = opsOfMessage(message) as CastAddOp[];
    expect(op).toEqual({
      kind: 'castAdd', hash: hexOf(message.hash), fid: FID, ts: fcDate(T),
      parentFid: 77, parentHash: hexOf(parent.hash), parentUrl: null,
      // Mentions are not spliced into the text: the replicator stores it as sent.
      text: 'gm  and ', mentions: [5, 6],
      embeds: JSON.stringify([{ url: 'https://example.com/a' }, { castId: { fid: 3, hash: hexOf(quoted.hash) } }]),
      quotedHash: hexOf(quoted.hash), quotedFid: 3,
    });
    expect(op.hash).toMatch(/^0x[0-9a-f]{40}$/);
  });

  it('when a cast has the replicator’s embeds text for it, then both give the same embeds, quote and quoted fid', async () => {
    const message = await ok(makeCastAdd({
      ...castBody, text: 'look', embeds: [{ castId: quoted }, { url: 'https://example.com/b' }],
    }, opts(), signer));
    const [op] = opsOfMessage(message) as CastAddOp[];
    // The replicator's `embeds` column for this cast (processors/cast.ts writes castId hashes with bytesToHex).
    const replicatorText = `[{"castId":{"fid":3,"hash":"${hexOf(quoted.hash)}"}},{"url":"https://example.com/b"}]`;
    const imported = castEmbeds(replicatorText);
    expect(imported).not.toBeNull();
    expect(op.embeds).toBe(imported?.json);
    expect(op.quotedHash).toBe(imported?.quotedHash);
    expect(op.quotedFid).toBe(imported?.quotedFid);
  });

  it('when a cast is posted in a channel (parent URL) with no embeds, then it has that parent and the importer’s empty embeds', async () => {
    const message = await ok(makeCastAdd({ ...castBody, text: 'hello channel', parentUrl: 'https://warpcast.com/~/channel/dev' }, opts(), signer));
    expect(opsOfMessage(message)).toEqual([{
      kind: 'castAdd', hash: hexOf(message.hash), fid: FID, ts: fcDate(T),
      parentFid: null, parentHash: null, parentUrl: 'https://warpcast.com/~/channel/dev',
      text: 'hello channel', embeds: castEmbeds('[]')?.json, mentions: [], quotedHash: null, quotedFid: null,
    }]);
  });

  it('when a message arrives with only its dataBytes (Snapchain keeps them), then it decodes the same', async () => {
    const message = await ok(makeCastAdd({ ...castBody, text: 'bytes only' }, opts(), signer));
    const bare = Message.create({ ...message, data: undefined });
    expect(bare.data).toBeUndefined();
    expect(opsOfMessage(bare)).toEqual(opsOfMessage(message));
  });

  it('when a cast is removed, then the remove names the removed cast’s hash', async () => {
    const add = await ok(makeCastAdd({ ...castBody, text: 'oops' }, opts(), signer));
    const remove = await ok(makeCastRemove({ targetHash: add.hash }, opts(T + 60), signer));
    expect(opsOfMessage(remove)).toEqual([{ kind: 'castRemove', fid: FID, hash: (opsOfMessage(add)[0] as CastAddOp).hash, ts: fcDate(T + 60) }]);
  });
});

describe('opsOfMessage: reactions and links', () => {
  const target = { fid: 9, hash: new Uint8Array(randomBytes(20)) };

  it('when a cast is liked, recast and unliked, then each is a reaction on that cast', async () => {
    const like = await ok(makeReactionAdd({ type: ReactionType.LIKE, targetCastId: target }, opts(), signer));
    const recast = await ok(makeReactionAdd({ type: ReactionType.RECAST, targetCastId: target }, opts(T + 1), signer));
    const unlike = await ok(makeReactionRemove({ type: ReactionType.LIKE, targetCastId: target }, opts(T + 2), signer));
    const base = { kind: 'reaction', fid: FID, targetHash: hexOf(target.hash), targetFid: 9 };
    expect(opsOfMessage(like)).toEqual([{ ...base, type: 1, ts: fcDate(T), remove: false }]);
    expect(opsOfMessage(recast)).toEqual([{ ...base, type: 2, ts: fcDate(T + 1), remove: false }]);
    expect(opsOfMessage(unlike)).toEqual([{ ...base, type: 1, ts: fcDate(T + 2), remove: true }]);
  });

  it('when a URL is liked or the like removed, then nothing is stored', async () => {
    const like = await ok(makeReactionAdd({ type: ReactionType.LIKE, targetUrl: 'https://example.com' }, opts(), signer));
    const unlike = await ok(makeReactionRemove({ type: ReactionType.LIKE, targetUrl: 'https://example.com' }, opts(), signer));
    expect(like.data?.reactionBody?.targetUrl).toBe('https://example.com');
    expect(opsOfMessage(like)).toEqual([]);
    expect(opsOfMessage(unlike)).toEqual([]);
  });

  it('when a fid follows and unfollows, then each is a link with the message’s time', async () => {
    const follow = await ok(makeLinkAdd({ type: 'follow', targetFid: 42 }, opts(), signer));
    const unfollow = await ok(makeLinkRemove({ type: 'follow', targetFid: 42 }, opts(T + 5), signer));
    expect(opsOfMessage(follow)).toEqual([{ kind: 'link', fid: FID, target: 42, ts: fcDate(T), remove: false }]);
    expect(opsOfMessage(unfollow)).toEqual([{ kind: 'link', fid: FID, target: 42, ts: fcDate(T + 5), remove: true }]);
  });

  it('when a link is not a follow, then nothing is stored', async () => {
    const link = await ok(makeLinkAdd({ type: 'block', targetFid: 42 }, opts(), signer));
    expect(link.data?.type).toBe(MessageType.LINK_ADD);
    expect(opsOfMessage(link)).toEqual([]);
    const unlink = await ok(makeLinkRemove({ type: 'block', targetFid: 42 }, opts(), signer));
    expect(opsOfMessage(unlink)).toEqual([]);
  });

  it('when follows are compacted, then the state lists every followed fid; other types give nothing', async () => {
    const state = await ok(makeLinkCompactState({ type: 'follow', targetFids: [3, 5, 8] }, opts(), signer));
    expect(opsOfMessage(state)).toEqual([{ kind: 'linkCompact', fid: FID, targets: [3, 5, 8], ts: fcDate(T) }]);
    const other = await ok(makeLinkCompactState({ type: 'block', targetFids: [3] }, opts(), signer));
    expect(opsOfMessage(other)).toEqual([]);
  });
});

describe('opsOfMessage: user data, verifications, username proofs', () => {
  it('when a user sets a display name and a bio, then each is its type number and text as given', async () => {
    const display = await ok(makeUserDataAdd({ type: UserDataType.DISPLAY, value: 'Alice ✨' }, opts(), signer));
    const bio = await ok(makeUserDataAdd({ type: UserDataType.BIO, value: 'builds things' }, opts(T + 1), signer));
    expect(opsOfMessage(display)).toEqual([{ kind: 'userData', fid: FID, type: 2, value: 'Alice ✨', ts: fcDate(T) }]);
    expect(opsOfMessage(bio)).toEqual([{ kind: 'userData', fid: FID, type: 3, value: 'builds things', ts: fcDate(T + 1) }]);
  });

  it('when an Ethereum address is verified with a real claim signature and later removed, then it is lowercase 0x hex', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const eth = new ViemLocalEip712Signer(account);
    const address = await ok(eth.getSignerKey());
    const blockHash = new Uint8Array(randomBytes(32));
    const claim = makeVerificationAddressClaim(FID, address, FarcasterNetwork.MAINNET, blockHash, Protocol.ETHEREUM)._unsafeUnwrap();
    const claimSignature = await ok(eth.signVerificationEthAddressClaim(claim));
    const add = await ok(makeVerificationAddEthAddress({
      address, claimSignature, blockHash, verificationType: 0, chainId: 0, protocol: Protocol.ETHEREUM,
    }, opts(), signer));
    const remove = await ok(makeVerificationRemove({ address, protocol: Protocol.ETHEREUM }, opts(T + 9), signer));
    const lower = account.address.toLowerCase();
    expect(account.address).not.toBe(lower); // viem writes the checksummed (mixed-case) form
    expect(opsOfMessage(add)).toEqual([{ kind: 'verification', fid: FID, address: lower, protocol: 'ethereum', ts: fcDate(T), remove: false }]);
    expect(opsOfMessage(remove)).toEqual([{ kind: 'verification', fid: FID, address: lower, protocol: 'ethereum', ts: fcDate(T + 9), remove: true }]);
  });

  it('when a Solana address is verified (by its protocol) and later removed, then it is base58', async () => {
    const key = new Uint8Array(randomBytes(32));
    const address = await ok(ed25519.getPublicKey(key));
    const blockHash = new Uint8Array(randomBytes(32));
    const claim = makeVerificationAddressClaim(FID, address, FarcasterNetwork.MAINNET, blockHash, Protocol.SOLANA)._unsafeUnwrap();
    const claimSignature = await ok(ed25519.signMessageHash(recreateSolanaClaimMessage(claim as VerificationAddressClaimSolana, address), key));
    // The verification message type is still VERIFICATION_ADD_ETH_ADDRESS; only the body's protocol says Solana.
    const add = await ok(makeVerificationAddEthAddress({
      address, claimSignature, blockHash, verificationType: 0, chainId: 0, protocol: Protocol.SOLANA,
    }, opts(), signer));
    expect(add.data?.type).toBe(MessageType.VERIFICATION_ADD_ETH_ADDRESS);
    const remove = await ok(makeVerificationRemove({ address, protocol: Protocol.SOLANA }, opts(T + 3), signer));
    const base58 = bytesToBase58(address)._unsafeUnwrap();
    expect(opsOfMessage(add)).toEqual([{ kind: 'verification', fid: FID, address: base58, protocol: 'solana', ts: fcDate(T), remove: false }]);
    expect(opsOfMessage(remove)).toEqual([{ kind: 'verification', fid: FID, address: base58, protocol: 'solana', ts: fcDate(T + 3), remove: true }]);
  });

  it('when an ENS username proof message is decoded, then the name is held by its fid from the proof’s (unix) time', async () => {
    const unixSeconds = Math.floor(fcDate(T).getTime() / 1000);
    const message = await ok(makeUsernameProof({
      timestamp: unixSeconds, name: utf8('alice.eth'), owner: new Uint8Array(randomBytes(20)),
      signature: new Uint8Array(randomBytes(65)), fid: FID, type: UserNameType.USERNAME_TYPE_ENS_L1,
    }, opts(), signer));
    expect(opsOfMessage(message)).toEqual([{ kind: 'fname', fid: FID, fname: 'alice.eth', ts: fcDate(T), remove: false }]);
  });
});

const proof = (fid: number, name: string, unixSeconds: number): UserNameProof => ({
  timestamp: unixSeconds, name: utf8(name), owner: new Uint8Array(randomBytes(20)), signature: new Uint8Array(randomBytes(65)),
  fid, type: UserNameType.USERNAME_TYPE_FNAME,
});

describe('opsOfEvent', () => {
  const BLOCK_T = T + 3600;

  it('when a message is merged, then its ops come out and displaced messages add nothing', async () => {
    const follow = await ok(makeLinkAdd({ type: 'follow', targetFid: 42 }, opts(), signer));
    const older = await ok(makeLinkRemove({ type: 'follow', targetFid: 42 }, opts(T - 10), signer));
    const event = HubEvent.create({
      type: HubEventType.MERGE_MESSAGE, id: 1, timestamp: BLOCK_T,
      mergeMessageBody: { message: follow, deletedMessages: [older] },
    });
    expect(opsOfEvent(event)).toEqual(opsOfMessage(follow));
    expect(opsOfEvent(event)).toHaveLength(1);
  });

  it('when messages are pruned or revoked, then each op is retracted at the block’s time with the reason', async () => {
    const cast = await ok(makeCastAdd({ ...castBody, text: 'old' }, opts(), signer));
    const like = await ok(makeReactionAdd({ type: ReactionType.LIKE, targetCastId: { fid: 9, hash: new Uint8Array(randomBytes(20)) } }, opts(), signer));
    const pruned = opsOfEvent(HubEvent.create({ type: HubEventType.PRUNE_MESSAGE, id: 2, timestamp: BLOCK_T, pruneMessageBody: { message: cast } }));
    const revoked = opsOfEvent(HubEvent.create({ type: HubEventType.REVOKE_MESSAGE, id: 3, timestamp: BLOCK_T, revokeMessageBody: { message: like } }));
    expect(pruned).toEqual([{ kind: 'retract', op: opsOfMessage(cast)[0], at: fcDate(BLOCK_T), reason: 'prune' }]);
    expect(revoked).toEqual([{ kind: 'retract', op: opsOfMessage(like)[0], at: fcDate(BLOCK_T), reason: 'revoke' }]);
  });

  it('when a pruned message is one no table stores, then nothing is retracted', async () => {
    const block = await ok(makeLinkAdd({ type: 'block', targetFid: 42 }, opts(), signer));
    expect(opsOfEvent(HubEvent.create({ type: HubEventType.PRUNE_MESSAGE, id: 2, timestamp: BLOCK_T, pruneMessageBody: { message: block } }))).toEqual([]);
  });

  it('when an fname is registered, then its fid holds it from the proof’s time', () => {
    const unix = Math.floor(fcDate(T).getTime() / 1000);
    const event = HubEvent.create({
      type: HubEventType.MERGE_USERNAME_PROOF, id: 4, timestamp: BLOCK_T,
      mergeUsernameProofBody: { usernameProof: proof(FID, 'alice', unix) },
    });
    expect(opsOfEvent(event)).toEqual([{ kind: 'fname', fid: FID, fname: 'alice', ts: fcDate(T), remove: false }]);
  });

  it('when an fname is transferred, then the new fid holds it and the old holder’s ends at the transfer', () => {
    const before = Math.floor(fcDate(T).getTime() / 1000);
    const transfer = before + 86_400;
    const event = HubEvent.create({
      type: HubEventType.MERGE_USERNAME_PROOF, id: 5, timestamp: BLOCK_T,
      mergeUsernameProofBody: { usernameProof: proof(555, 'alice', transfer), deletedUsernameProof: proof(FID, 'alice', before) },
    });
    expect(opsOfEvent(event)).toEqual([
      { kind: 'fname', fid: 555, fname: 'alice', ts: new Date(transfer * 1000), remove: false },
      { kind: 'fname', fid: FID, fname: 'alice', ts: new Date(transfer * 1000), remove: true },
    ]);
  });

  it('when an fid renews its own fname proof, then it only holds it (nothing ends)', () => {
    const before = Math.floor(fcDate(T).getTime() / 1000);
    const event = HubEvent.create({
      type: HubEventType.MERGE_USERNAME_PROOF, id: 6, timestamp: BLOCK_T,
      mergeUsernameProofBody: { usernameProof: proof(FID, 'alice', before + 10), deletedUsernameProof: proof(FID, 'alice', before) },
    });
    expect(opsOfEvent(event)).toEqual([{ kind: 'fname', fid: FID, fname: 'alice', ts: new Date((before + 10) * 1000), remove: false }]);
  });

  it('when an fname is released (a proof to fid 0), then the holder’s ends and fid 0 holds nothing', () => {
    const before = Math.floor(fcDate(T).getTime() / 1000);
    const released = before + 500;
    const event = HubEvent.create({
      type: HubEventType.MERGE_USERNAME_PROOF, id: 7, timestamp: BLOCK_T,
      mergeUsernameProofBody: { usernameProof: proof(0, 'alice', released), deletedUsernameProof: proof(FID, 'alice', before) },
    });
    expect(opsOfEvent(event)).toEqual([{ kind: 'fname', fid: FID, fname: 'alice', ts: new Date(released * 1000), remove: true }]);
  });

  it('when an ENS proof is pruned or revoked (Snapchain sends only the deleted proof), then it ends at the block’s time', () => {
    const before = Math.floor(fcDate(T).getTime() / 1000);
    const event = HubEvent.create({
      type: HubEventType.MERGE_USERNAME_PROOF, id: 8, timestamp: BLOCK_T,
      mergeUsernameProofBody: { deletedUsernameProof: { ...proof(FID, 'alice.eth', before), type: UserNameType.USERNAME_TYPE_ENS_L1 } },
    });
    expect(opsOfEvent(event)).toEqual([{ kind: 'fname', fid: FID, fname: 'alice.eth', ts: fcDate(BLOCK_T), remove: true }]);
  });

  const chainEvent = (eventType: IdRegisterEventType, to: Uint8Array, blockTimestamp: number): OnChainEvent => ({
    type: OnChainEventType.EVENT_TYPE_ID_REGISTER, chainId: 10, blockNumber: 111_000_000, blockHash: new Uint8Array(randomBytes(32)),
    blockTimestamp, transactionHash: new Uint8Array(randomBytes(32)), logIndex: 4, fid: 900_001, txIndex: 2, version: 2,
    idRegisterEventBody: { to, eventType, from: new Uint8Array(20), recoveryAddress: new Uint8Array(randomBytes(20)) },
  });

  it('when an fid is registered on chain, then it is registered at the block time with custody `to`', () => {
    const to = new Uint8Array(randomBytes(20));
    const blockUnix = 1_717_000_000;
    const event = HubEvent.create({
      type: HubEventType.MERGE_ON_CHAIN_EVENT, id: 9, timestamp: BLOCK_T,
      mergeOnChainEventBody: { onChainEvent: chainEvent(IdRegisterEventType.REGISTER, to, blockUnix) },
    });
    expect(opsOfEvent(event)).toEqual([{ kind: 'user', fid: 900_001, registeredAt: new Date(blockUnix * 1000), custody: hexOf(to) }]);
  });

  it('when an fid is transferred, then only its custody changes; a recovery change or a signer event gives nothing', () => {
    const to = new Uint8Array(randomBytes(20));
    const merge = (e: OnChainEvent) => HubEvent.create({ type: HubEventType.MERGE_ON_CHAIN_EVENT, id: 10, timestamp: BLOCK_T, mergeOnChainEventBody: { onChainEvent: e } });
    expect(opsOfEvent(merge(chainEvent(IdRegisterEventType.TRANSFER, to, 1_717_000_100))))
      .toEqual([{ kind: 'user', fid: 900_001, registeredAt: null, custody: hexOf(to) }]);
    expect(opsOfEvent(merge(chainEvent(IdRegisterEventType.CHANGE_RECOVERY, to, 1_717_000_200)))).toEqual([]);
    const signerEvent: OnChainEvent = { ...chainEvent(IdRegisterEventType.REGISTER, to, 1_717_000_300), type: OnChainEventType.EVENT_TYPE_SIGNER, idRegisterEventBody: undefined };
    expect(opsOfEvent(merge(signerEvent))).toEqual([]);
  });

  it('when a block is confirmed or a merge fails, then nothing changes', async () => {
    const cast = await ok(makeCastAdd({ ...castBody, text: 'failed' }, opts(), signer));
    expect(opsOfEvent(HubEvent.create({ type: HubEventType.BLOCK_CONFIRMED, id: 11, timestamp: BLOCK_T, blockConfirmedBody: { blockNumber: 5 } }))).toEqual([]);
    expect(opsOfEvent(HubEvent.create({ type: HubEventType.MERGE_FAILURE, id: 12, timestamp: BLOCK_T, mergeFailure: { message: cast, code: 'bad_request', reason: 'x' } }))).toEqual([]);
  });

  describe('unhandledTypeOf', () => {
    const merge = (message: Message) => HubEvent.create({ type: HubEventType.MERGE_MESSAGE, id: 20, timestamp: BLOCK_T, mergeMessageBody: { message, deletedMessages: [] } });
    const onChain = (e: OnChainEvent) => HubEvent.create({ type: HubEventType.MERGE_ON_CHAIN_EVENT, id: 21, timestamp: BLOCK_T, mergeOnChainEventBody: { onChainEvent: e } });

    it('when every part of an event has a rule (even one storing nothing), then it names nothing', async () => {
      const cast = await ok(makeCastAdd({ ...castBody, text: 'read' }, opts(), signer));
      const block = await ok(makeLinkAdd({ type: 'block', targetFid: 42 }, opts(), signer));
      const now = Math.floor((Date.now() - FARCASTER_EPOCH_MS) / 1000);
      const lend = await ok(makeLendStorage({ toFid: 7, numUnits: 1, unitType: StorageUnitType.UNIT_TYPE_2025 }, opts(now), signer));
      expect(unhandledTypeOf(merge(cast))).toBeNull();
      expect(unhandledTypeOf(merge(block))).toBeNull();
      expect(unhandledTypeOf(merge(lend))).toBeNull();
      expect(unhandledTypeOf(onChain({ ...chainEvent(IdRegisterEventType.REGISTER, new Uint8Array(20), 1_717_000_000), type: OnChainEventType.EVENT_TYPE_STORAGE_RENT,
        idRegisterEventBody: undefined, storageRentEventBody: { payer: new Uint8Array(20), units: 1, expiry: 1_748_536_000 } }))).toBeNull();
      expect(unhandledTypeOf(onChain(chainEvent(IdRegisterEventType.REGISTER, new Uint8Array(20), 1_717_000_000)))).toBeNull();
      expect(unhandledTypeOf(HubEvent.create({ type: HubEventType.BLOCK_CONFIRMED, id: 22, blockConfirmedBody: { blockNumber: 5 } }))).toBeNull();
      expect(unhandledTypeOf(HubEvent.create({ type: HubEventType.MERGE_USERNAME_PROOF, id: 23, mergeUsernameProofBody: {} }))).toBeNull();
    });

    it('when a message, an on-chain event or an event has a type without a rule, then it is named by type, or by number when the package does not know it', async () => {
      // Type numbers no version of the package knows (Snapchain's channel types 18 to 21 have their rules).
      const channel = await ok(makeMessage({ ...opts(), type: 40 as MessageType }, signer));
      const future = await ok(makeMessage({ ...opts(), type: 42 as MessageType }, signer));
      expect(unhandledTypeOf(merge(channel))).toBe('message:40');
      expect(unhandledTypeOf(merge(future))).toBe('message:42');
      expect(unhandledTypeOf(HubEvent.create({ type: HubEventType.PRUNE_MESSAGE, id: 24, pruneMessageBody: { message: channel } }))).toBe('message:40');
      expect(unhandledTypeOf(HubEvent.create({ type: HubEventType.REVOKE_MESSAGE, id: 25, revokeMessageBody: { message: future } }))).toBe('message:42');
      const signerEvent: OnChainEvent = { ...chainEvent(IdRegisterEventType.REGISTER, new Uint8Array(20), 1_717_000_300), type: OnChainEventType.EVENT_TYPE_SIGNER, idRegisterEventBody: undefined };
      expect(unhandledTypeOf(onChain(signerEvent))).toBe('onchain:EVENT_TYPE_SIGNER');
      expect(unhandledTypeOf(onChain({ ...signerEvent, type: 9 as OnChainEventType }))).toBe('onchain:9');
      expect(unhandledTypeOf(HubEvent.create({ type: HubEventType.MERGE_FAILURE, id: 26 }))).toBe('event:MERGE_FAILURE');
      expect(unhandledTypeOf(HubEvent.create({ type: 77 as HubEventType, id: 27 }))).toBe('event:77');
    });

    it('when a message\'s bytes do not decode, then it is named as such', async () => {
      const cast = await ok(makeCastAdd({ ...castBody, text: 'garbled' }, opts(), signer));
      const garbled = { ...cast, data: undefined, dataBytes: new Uint8Array([0xff, 0xff, 0xff]) };
      expect(unhandledTypeOf(merge(garbled))).toBe('message:UNDECODABLE');
    });
  });
});

describe('opsOfMessage and opsOfEvent: storage and keys', () => {
  const BLOCK_T = T + 3600;
  const custody = new ViemLocalEip712Signer(privateKeyToAccount(generatePrivateKey()));
  // The builders refuse a custody deadline already past, and a lend more than ten minutes old.
  const now = () => getFarcasterTime()._unsafeUnwrap();
  const merge = (message: Message, deletedMessages: Message[] = []) =>
    HubEvent.create({ type: HubEventType.MERGE_MESSAGE, id: 30, timestamp: BLOCK_T, mergeMessageBody: { message, deletedMessages } });
  const newKey = async () => { const k = new NobleEd25519Signer(new Uint8Array(randomBytes(32))); return { signer: k, key: await ok(k.getSignerKey()) }; };
  const keyAdd = async (key: { signer: NobleEd25519Signer; key: Uint8Array }, nonce: number, at = T) => ok(makeKeyAdd(await ok(makeKeyAddBody({
    fid: BigInt(FID), key: key.key, scopes: [MessageType.CAST_ADD, MessageType.LINK_ADD], ttl: 86_400, nonce, deadline: now() + 3600,
  }, custody)), opts(at), key.signer));

  it('when a fid lends storage, then the op names lender, borrower, units, unit type, hash and time', async () => {
    const lend = await ok(makeLendStorage({ toFid: 77, numUnits: 5, unitType: StorageUnitType.UNIT_TYPE_LEGACY }, opts(now()), signer));
    expect(opsOfMessage(lend)).toEqual([{ kind: 'storageLend', fid: FID, toFid: 77, units: 5, unitType: 0, hash: hexOf(lend.hash), ts: fcDate(now()) }]);
  });

  it('when storage is rented on chain, then units, payer and expiry are as the event gives them, at the block\'s time', () => {
    const payer = new Uint8Array(randomBytes(20));
    const rent: OnChainEvent = {
      type: OnChainEventType.EVENT_TYPE_STORAGE_RENT, chainId: 10, blockNumber: 130_000_001, blockHash: new Uint8Array(randomBytes(32)),
      blockTimestamp: 1_760_000_000, transactionHash: new Uint8Array(randomBytes(32)), logIndex: 7, fid: FID, txIndex: 0, version: 2,
      storageRentEventBody: { payer, units: 3, expiry: 1_791_536_000 },
    };
    expect(opsOfEvent(HubEvent.create({ type: HubEventType.MERGE_ON_CHAIN_EVENT, id: 31, timestamp: BLOCK_T, mergeOnChainEventBody: { onChainEvent: rent } }))).toEqual([{
      kind: 'storageRent', fid: FID, units: 3, expiry: new Date(1_791_536_000_000), payer: hexOf(payer), rentedAt: new Date(1_760_000_000_000),
      blockNumber: 130_000_001, logIndex: 7,
    }]);
  });

  it('when a key is added, then the op has the key, its nonce, scopes and ttl, at the message\'s time', async () => {
    const k = await newKey();
    expect(opsOfMessage(await keyAdd(k, 3))).toEqual([{ kind: 'keyAdd', fid: FID, key: hexOf(k.key), nonce: 3, scopes: [1, 5], ttl: 86_400, ts: fcDate(T) }]);
  });

  it('when a key\'s remove names the add it deleted, then that add is the one it ends, by custody or by the key itself', async () => {
    const k = await newKey();
    const add = await keyAdd(k, 3);
    const byCustody = await ok(makeKeyRemove(await ok(makeKeyRemoveBody({ fid: BigInt(FID), key: k.key, nonce: 9, deadline: now() + 3600 }, custody)), opts(T + 5), signer));
    const bySelf = await ok(makeKeyRemove(makeKeyRemoveBodySelfRevoke({ key: k.key, nonce: 1, deadline: now() + 3600 })._unsafeUnwrap(), opts(T + 6), k.signer));
    const removed = { kind: 'keyAdd', fid: FID, key: hexOf(k.key), nonce: 3, scopes: [1, 5], ttl: 86_400, ts: fcDate(T) };
    expect(opsOfEvent(merge(byCustody, [add]))).toEqual([{ kind: 'keyRemove', fid: FID, key: hexOf(k.key), addNonce: 3, removed, ts: fcDate(T + 5) }]);
    expect(opsOfEvent(merge(bySelf, [add]))).toEqual([{ kind: 'keyRemove', fid: FID, key: hexOf(k.key), addNonce: 3, removed, ts: fcDate(T + 6) }]);
  });

  it('when a key\'s remove comes without the add it deleted, then a custody remove ends the adds before its nonce and a self-revocation gives nothing', async () => {
    const k = await newKey();
    const byCustody = await ok(makeKeyRemove(await ok(makeKeyRemoveBody({ fid: BigInt(FID), key: k.key, nonce: 9, deadline: now() + 3600 }, custody)), opts(T + 5), signer));
    const bySelf = await ok(makeKeyRemove(makeKeyRemoveBodySelfRevoke({ key: k.key, nonce: 1, deadline: now() + 3600 })._unsafeUnwrap(), opts(T + 6), k.signer));
    expect(opsOfMessage(byCustody)).toEqual([{ kind: 'keyRemove', fid: FID, key: hexOf(k.key), addNonce: 8, removed: null, ts: fcDate(T + 5) }]);
    expect(opsOfMessage(bySelf)).toEqual([]);
    expect(unhandledTypeOf(merge(bySelf))).toBeNull();
  });

  it('when the node lists a fid\'s signers, then a key added by message is its add (unix seconds), and a key on chain is not the sync\'s', () => {
    const key = new Uint8Array(randomBytes(32));
    const offChain = { source: SignerSource.OFFCHAIN, key, keyType: 1, fid: FID, addedAt: 1_760_000_000, ttl: 600, scopes: [1], nonce: 4 };
    expect(keyOpsOfSigner(FID, offChain)).toEqual([{ kind: 'keyAdd', fid: FID, key: hexOf(key), nonce: 4, scopes: [1], ttl: 600, ts: new Date(1_760_000_000_000) }]);
    expect(keyOpsOfSigner(FID, { source: SignerSource.ONCHAIN, key, keyType: 1, fid: FID, addedAt: 1_760_000_000, scopes: [] })).toEqual([]);
  });
});
