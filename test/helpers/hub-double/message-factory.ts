// Real, signed Farcaster messages for the node double, built with the package's own builders so
// hashes, dataBytes and signatures are exactly what a Snapchain node would hand out.
import { randomBytes } from 'node:crypto';
import {
  type CastAddMessage,
  type CastId,
  type CastRemoveMessage,
  CastType,
  FarcasterNetwork,
  type HubResult,
  IdRegisterEventType,
  type KeyAddMessage,
  type KeyRemoveMessage,
  type LinkAddMessage,
  type LinkCompactStateMessage,
  type LinkRemoveMessage,
  type Message,
  MessageType,
  NobleEd25519Signer,
  type OnChainEvent,
  OnChainEventType,
  Protocol,
  type ReactionAddMessage,
  type ReactionRemoveMessage,
  type ReactionType,
  SignerEventType,
  StorageUnitType,
  TierType,
  type UserDataAddMessage,
  type UserDataType,
  type UserNameProof,
  UserNameType,
  type UsernameProofMessage,
  type VerificationAddAddressMessage,
  type VerificationRemoveMessage,
  type VerificationAddressClaimSolana,
  ViemLocalEip712Signer,
  bytesToHexString,
  ed25519,
  hexStringToBytes,
  makeCastAdd,
  makeCastRemove,
  makeKeyAdd,
  makeKeyAddBody,
  makeKeyRemove,
  makeKeyRemoveBody,
  makeKeyRemoveBodySelfRevoke,
  makeLinkAdd,
  makeLinkCompactState,
  makeLendStorage,
  makeLinkRemove,
  makeMessage,
  makeReactionAdd,
  makeReactionRemove,
  makeUserDataAdd,
  makeUserNameProofClaim,
  makeUsernameProof,
  makeVerificationAddEthAddress,
  makeVerificationAddressClaim,
  makeVerificationRemove,
  recreateSolanaClaimMessage,
  toFarcasterTime,
} from '@farcaster/hub-nodejs';
// viem ships with @farcaster/core (its EIP-712 signers are built on it), so Ethereum claims and
// fname proofs carry real secp256k1 signatures rather than filler.
import { privateKeyToAccount } from 'viem/accounts';

const FARCASTER_EPOCH_S = 1609459200;

/** A JS Date, or a timestamp already in Farcaster seconds (since 2021-01-01 UTC). */
export type When = Date | number;

export function farcasterSeconds(when?: When): number {
  if (when === undefined) return unwrap(toFarcasterTime(Date.now()));
  if (when instanceof Date) return unwrap(toFarcasterTime(when.getTime()));
  return when;
}

export function unixSeconds(when?: When): number {
  if (when === undefined) return Math.floor(Date.now() / 1000);
  if (when instanceof Date) return Math.floor(when.getTime() / 1000);
  return when + FARCASTER_EPOCH_S;
}

function unwrap<T>(r: HubResult<T>): T {
  if (r.isErr()) throw new Error(`${r.error.errCode}: ${r.error.message}`);
  return r.value;
}

function ethAccount() {
  return privateKeyToAccount(bytesToHexString(randomBytes(32))._unsafeUnwrap());
}

type Opts = { at?: When };

export class MessageFactory {
  readonly network: FarcasterNetwork;
  private readonly signers = new Map<number, { signer: NobleEd25519Signer; key: Uint8Array }>();
  private readonly custody = new Map<number, ReturnType<typeof ethAccount>>();
  /** Per fid, the last user nonce its custody signed (a KEY_ADD or a custody KEY_REMOVE must use a higher one). */
  private readonly userNonces = new Map<number, number>();

  constructor(network: FarcasterNetwork = FarcasterNetwork.MAINNET) {
    this.network = network;
  }

  /** The fid's current app key; made on first use. */
  async signerOf(fid: number): Promise<{ signer: NobleEd25519Signer; key: Uint8Array }> {
    let s = this.signers.get(fid);
    if (!s) s = await this.rotateSigner(fid);
    return s;
  }

  /** Gives the fid a fresh app key (after a revoke, later messages must come from another key). */
  async rotateSigner(fid: number): Promise<{ signer: NobleEd25519Signer; key: Uint8Array }> {
    const signer = new NobleEd25519Signer(ed25519Key());
    const s = { signer, key: unwrap(await signer.getSignerKey()) };
    this.signers.set(fid, s);
    return s;
  }

  private data(fid: number, at?: When) {
    return { fid, network: this.network, timestamp: farcasterSeconds(at) };
  }

  /** LEND_STORAGE: `fid` lends `units` of its storage (2025 units unless said) to `toFid`; 0 units takes a lend back. */
  async lendStorage(fid: number, toFid: number, units: number, o: Opts & { unitType?: StorageUnitType } = {}): Promise<Message> {
    const { signer } = await this.signerOf(fid);
    return unwrap(await makeLendStorage({ toFid, numUnits: units, unitType: o.unitType ?? StorageUnitType.UNIT_TYPE_2025 }, this.data(fid, o.at), signer));
  }

  /** The fid's custody address (what its registration should name, idRegisterEvent's `to`): made on first use. */
  custodyAddress(fid: number): Uint8Array {
    return unwrap(hexStringToBytes(this.custodyOf(fid).address));
  }

  private custodyOf(fid: number) {
    let account = this.custody.get(fid);
    if (!account) this.custody.set(fid, (account = ethAccount()));
    return account;
  }

  private nextUserNonce(fid: number, nonce?: number): number {
    const next = nonce ?? (this.userNonces.get(fid) ?? 0) + 1;
    this.userNonces.set(fid, Math.max(next, this.userNonces.get(fid) ?? 0));
    return next;
  }

  /**
   * KEY_ADD: a fresh Ed25519 key (or `key` again: a re-add) for `fid`, authorized by the fid's custody
   * address (EIP-712, with the fid itself as the requesting app) and signed by the key it adds, as the
   * node requires. Uses the fid's next user nonce unless given one.
   */
  async keyAdd(fid: number, o: Opts & { scopes?: MessageType[]; ttl?: number; nonce?: number; key?: NobleEd25519Signer } = {}): Promise<{ message: KeyAddMessage; key: NobleEd25519Signer }> {
    const key = o.key ?? new NobleEd25519Signer(ed25519Key());
    const publicKey = unwrap(await key.getSignerKey());
    const data = this.data(fid, o.at);
    const body = unwrap(await makeKeyAddBody({
      fid: BigInt(fid), key: publicKey, scopes: o.scopes ?? [MessageType.CAST_ADD, MessageType.REACTION_ADD], ttl: o.ttl ?? 30 * 86_400,
      nonce: this.nextUserNonce(fid, o.nonce), deadline: deadlineAfter(data.timestamp),
    }, new ViemLocalEip712Signer(this.custodyOf(fid))));
    return { message: unwrap(await makeKeyAdd(body, data, key)), key };
  }

  /**
   * KEY_REMOVE of `key` from `fid`: by the fid's custody address (its next user nonce), or, with `self`,
   * by the key itself (signing the message; `nonce` is then the requesting app's nonce).
   */
  async keyRemove(fid: number, key: NobleEd25519Signer, o: Opts & { self?: boolean; nonce?: number } = {}): Promise<KeyRemoveMessage> {
    const publicKey = unwrap(await key.getSignerKey());
    const data = this.data(fid, o.at);
    const deadline = deadlineAfter(data.timestamp);
    if (o.self) return unwrap(await makeKeyRemove(unwrap(makeKeyRemoveBodySelfRevoke({ key: publicKey, nonce: o.nonce ?? 1, deadline })), data, key));
    const body = unwrap(await makeKeyRemoveBody({ fid: BigInt(fid), key: publicKey, nonce: this.nextUserNonce(fid, o.nonce), deadline },
      new ViemLocalEip712Signer(this.custodyOf(fid))));
    return unwrap(await makeKeyRemove(body, data, (await this.signerOf(fid)).signer));
  }

  /** A message of a type number no version of this package knows, signed and hashed as any message is. */
  async futureMessage(fid: number, type: number, o: Opts = {}): Promise<Message> {
    const { signer } = await this.signerOf(fid);
    return unwrap(await makeMessage({ ...this.data(fid, o.at), type }, signer));
  }

  async linkAdd(fid: number, targetFid: number, o: Opts & { type?: string } = {}): Promise<LinkAddMessage> {
    const { signer } = await this.signerOf(fid);
    return unwrap(await makeLinkAdd({ type: o.type ?? 'follow', targetFid }, this.data(fid, o.at), signer));
  }

  async linkRemove(fid: number, targetFid: number, o: Opts & { type?: string } = {}): Promise<LinkRemoveMessage> {
    const { signer } = await this.signerOf(fid);
    return unwrap(await makeLinkRemove({ type: o.type ?? 'follow', targetFid }, this.data(fid, o.at), signer));
  }

  async linkCompactState(fid: number, targetFids: number[], o: Opts & { type?: string } = {}): Promise<LinkCompactStateMessage> {
    const { signer } = await this.signerOf(fid);
    return unwrap(await makeLinkCompactState({ type: o.type ?? 'follow', targetFids }, this.data(fid, o.at), signer));
  }

  async castAdd(
    fid: number,
    text: string,
    o: Opts & {
      parent?: CastId; parentUrl?: string; mentions?: number[]; mentionsPositions?: number[]; embedUrls?: string[]; quote?: CastId;
      /** The embeds in this order, instead of the quote and then the urls. */
      embeds?: ({ url: string } | { castId: CastId })[];
      /** LONG_CAST and TEN_K_CAST allow longer texts. */
      type?: CastType;
    } = {},
  ): Promise<CastAddMessage> {
    const { signer } = await this.signerOf(fid);
    const body = {
      text,
      type: o.type ?? CastType.CAST,
      embedsDeprecated: [],
      mentions: o.mentions ?? [],
      mentionsPositions: o.mentionsPositions ?? (o.mentions ?? []).map(() => 0),
      // A quote is a cast embedding the quoted cast's id.
      embeds: o.embeds ?? [...(o.quote ? [{ castId: o.quote }] : []), ...(o.embedUrls ?? []).map((url) => ({ url }))],
      parentCastId: o.parent,
      parentUrl: o.parentUrl,
    };
    return unwrap(await makeCastAdd(body, this.data(fid, o.at), signer));
  }

  async castRemove(fid: number, targetHash: Uint8Array, o: Opts = {}): Promise<CastRemoveMessage> {
    const { signer } = await this.signerOf(fid);
    return unwrap(await makeCastRemove({ targetHash }, this.data(fid, o.at), signer));
  }

  async reactionAdd(fid: number, type: ReactionType, target: CastId | string, o: Opts = {}): Promise<ReactionAddMessage> {
    const { signer } = await this.signerOf(fid);
    return unwrap(await makeReactionAdd(reactionBody(type, target), this.data(fid, o.at), signer));
  }

  async reactionRemove(fid: number, type: ReactionType, target: CastId | string, o: Opts = {}): Promise<ReactionRemoveMessage> {
    const { signer } = await this.signerOf(fid);
    return unwrap(await makeReactionRemove(reactionBody(type, target), this.data(fid, o.at), signer));
  }

  async userDataAdd(fid: number, type: UserDataType, value: string, o: Opts = {}): Promise<UserDataAddMessage> {
    const { signer } = await this.signerOf(fid);
    return unwrap(await makeUserDataAdd({ type, value }, this.data(fid, o.at), signer));
  }

  /**
   * An EOA verification with a genuine EIP-712 claim signature from a fresh Ethereum key (the
   * builder checks it). Returns the address too so a later remove can name it.
   */
  async verificationAddEth(fid: number, o: Opts & { blockHash?: Uint8Array } = {}): Promise<VerificationAddAddressMessage> {
    const { signer } = await this.signerOf(fid);
    const account = ethAccount();
    const address = unwrap(hexStringToBytes(account.address));
    const blockHash = o.blockHash ?? new Uint8Array(randomBytes(32));
    const claim = unwrap(makeVerificationAddressClaim(fid, address, this.network, blockHash, Protocol.ETHEREUM));
    const claimSignature = unwrap(await new ViemLocalEip712Signer(account).signVerificationEthAddressClaim(claim));
    const body = { address, claimSignature, blockHash, verificationType: 0, chainId: 0, protocol: Protocol.ETHEREUM };
    return unwrap(await makeVerificationAddEthAddress(body, this.data(fid, o.at), signer));
  }

  /** A Solana verification: the 32-byte address is an Ed25519 key that really signs the claim. */
  async verificationAddSolana(fid: number, o: Opts & { blockHash?: Uint8Array } = {}): Promise<VerificationAddAddressMessage> {
    const { signer } = await this.signerOf(fid);
    const solKey = ed25519Key();
    const address = unwrap(await ed25519.getPublicKey(solKey));
    const blockHash = o.blockHash ?? new Uint8Array(randomBytes(32));
    const claim = unwrap(makeVerificationAddressClaim(fid, address, this.network, blockHash, Protocol.SOLANA));
    const claimMessage = recreateSolanaClaimMessage(claim as VerificationAddressClaimSolana, address);
    // signMessageHash is a plain Ed25519 signature over the given bytes, which is what Solana wallets produce.
    const claimSignature = unwrap(await ed25519.signMessageHash(claimMessage, solKey));
    const body = { address, claimSignature, blockHash, verificationType: 0, chainId: 0, protocol: Protocol.SOLANA };
    return unwrap(await makeVerificationAddEthAddress(body, this.data(fid, o.at), signer));
  }

  async verificationRemove(fid: number, address: Uint8Array, protocol: Protocol, o: Opts = {}): Promise<VerificationRemoveMessage> {
    const { signer } = await this.signerOf(fid);
    return unwrap(await makeVerificationRemove({ address, protocol }, this.data(fid, o.at), signer));
  }

  /**
   * An ENS username-proof message (the only proof kind that travels as a message; fnames are
   * `UserNameProof`s, see fnameProof). The proof's unix timestamp must equal the message's.
   */
  async usernameProofMessage(fid: number, name: string, o: Opts & { owner?: Uint8Array } = {}): Promise<UsernameProofMessage> {
    const { signer } = await this.signerOf(fid);
    const data = this.data(fid, o.at);
    const owner = o.owner ?? unwrap(hexStringToBytes(ethAccount().address));
    const body: UserNameProof = {
      timestamp: data.timestamp + FARCASTER_EPOCH_S,
      name: new TextEncoder().encode(name),
      owner,
      signature: new Uint8Array(randomBytes(65)),
      fid,
      type: UserNameType.USERNAME_TYPE_ENS_L1,
    };
    return unwrap(await makeUsernameProof(body, data, signer));
  }
}

/** The fname server's signing key: one per process, like the real server's. */
const fnameServer = ethAccount();

/** An fname proof as the fname server issues it; `timestamp` is unix seconds on the wire. */
export async function fnameProof(p: { name: string; fid: number; owner?: Uint8Array; at?: When }): Promise<UserNameProof> {
  const owner = p.owner ?? unwrap(hexStringToBytes(ethAccount().address));
  const timestamp = unixSeconds(p.at);
  const claim = makeUserNameProofClaim({ name: p.name, owner: unwrap(bytesToHexString(owner)), timestamp });
  const signature = unwrap(await new ViemLocalEip712Signer(fnameServer).signUserNameProofClaim(claim));
  return { timestamp, name: new TextEncoder().encode(p.name), owner, signature, fid: p.fid, type: UserNameType.USERNAME_TYPE_FNAME };
}

let nextChainBlock = 120_000_000;

/** An on-chain event of `fid` in a block of its own; `blockTimestamp` is unix seconds on the wire. */
function chainEvent(type: OnChainEventType, p: { fid: number; at?: When; blockNumber?: number; logIndex?: number }, chainId = 10): OnChainEvent {
  return {
    type,
    chainId,
    blockNumber: p.blockNumber ?? nextChainBlock++,
    blockHash: new Uint8Array(randomBytes(32)),
    blockTimestamp: unixSeconds(p.at),
    transactionHash: new Uint8Array(randomBytes(32)),
    logIndex: p.logIndex ?? 0,
    fid: p.fid,
    txIndex: 0,
    version: 2,
  };
}

/** A TierRegistry purchase (on Base): `forDays` of the Pro tier for `fid`, at the block's time `at`. */
export function tierPurchaseEvent(p: { fid: number; forDays: number; at?: When; logIndex?: number }): OnChainEvent {
  return {
    ...chainEvent(OnChainEventType.EVENT_TYPE_TIER_PURCHASE, p, 8453),
    tierPurchaseEventBody: { tierType: TierType.Pro, forDays: p.forDays, payer: unwrap(hexStringToBytes(ethAccount().address)) },
  };
}

/** A StorageRegistry `Rent` event: `units` of storage for `fid`, paid by a fresh address. */
export function storageRentEvent(p: { fid: number; units: number; at?: When }): OnChainEvent {
  return {
    ...chainEvent(OnChainEventType.EVENT_TYPE_STORAGE_RENT, p),
    storageRentEventBody: { payer: unwrap(hexStringToBytes(ethAccount().address)), units: p.units, expiry: unixSeconds(p.at) + 365 * 86_400 },
  };
}

/** A KeyRegistry `Add` event: an app key of `fid` added on chain. */
export function signerAddEvent(p: { fid: number; key?: Uint8Array; at?: When }): OnChainEvent {
  return {
    ...chainEvent(OnChainEventType.EVENT_TYPE_SIGNER, p),
    signerEventBody: { key: p.key ?? new Uint8Array(randomBytes(32)), keyType: 1, eventType: SignerEventType.ADD, metadata: new Uint8Array(randomBytes(64)), metadataType: 1 },
  };
}

/** An IdRegistry `Register` event. */
export function idRegisterEvent(p: { fid: number; to?: Uint8Array; recovery?: Uint8Array; at?: When; blockNumber?: number; logIndex?: number }): OnChainEvent {
  return {
    ...chainEvent(OnChainEventType.EVENT_TYPE_ID_REGISTER, p),
    idRegisterEventBody: {
      to: p.to ?? unwrap(hexStringToBytes(ethAccount().address)),
      eventType: IdRegisterEventType.REGISTER,
      from: new Uint8Array(20),
      recoveryAddress: p.recovery ?? new Uint8Array(20),
    },
  };
}

/** A custody authorization's deadline: an hour past the message's time, and never already past (the builders refuse that). */
function deadlineAfter(messageTimestamp: number): number {
  return Math.max(messageTimestamp, farcasterSeconds()) + 3600;
}

function ed25519Key(): Uint8Array {
  return new Uint8Array(randomBytes(32));
}

function reactionBody(type: ReactionType, target: CastId | string) {
  return typeof target === 'string' ? { type, targetUrl: target } : { type, targetCastId: target };
}
