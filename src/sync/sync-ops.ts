// What one Farcaster message (or on-chain event, or username proof) does to the
// stored tables, independent of how it arrived: a live event, a backfill page or
// a reconcile read. The writer (apply-ops.ts) merges ops by the protocol's rules.
//
// Times are JS Dates (UTC). Hashes and addresses are lowercase 0x hex, Solana
// addresses base58, exactly as the importer stores them.

/** A follow (link type "follow"); `remove` is an unfollow. Other link types are not stored. */
export interface LinkOp { kind: 'link'; fid: number; target: number; ts: Date; remove: boolean }

/**
 * A link compact state: the complete set of fids `fid` follows at `ts`
 * (it replaces pruned link adds). Follows not in it and older than it end.
 */
export interface LinkCompactOp { kind: 'linkCompact'; fid: number; targets: number[]; ts: Date }

/** A like (1) or recast (2) of a cast. Reactions to URLs are not stored. */
export interface ReactionOp {
  kind: 'reaction'; fid: number; type: 1 | 2; targetHash: string; targetFid: number; ts: Date; remove: boolean;
}

/** A cast, with the columns fc_cast stores (embeds as normalised JSON text, like the importer). */
export interface CastAddOp {
  kind: 'castAdd'; hash: string; fid: number; ts: Date;
  parentFid: number | null; parentHash: string | null; parentUrl: string | null;
  text: string; embeds: string | null; mentions: number[]; quotedHash: string | null; quotedFid: number | null;
}

/** A cast removed by its author. Removes always win over the add of the same hash. */
export interface CastRemoveOp { kind: 'castRemove'; fid: number; hash: string; ts: Date }

/** A user data value (type = the protocol's UserDataType number); the newest per (fid, type) wins. */
export interface UserDataOp { kind: 'userData'; fid: number; type: number; value: string; ts: Date }

/** A verified address (ethereum 0x hex or solana base58); `remove` ends it. */
export interface VerificationOp {
  kind: 'verification'; fid: number; address: string; protocol: 'ethereum' | 'solana'; ts: Date; remove: boolean;
}

/** An fname or ENS name held by `fid` from `ts`; `remove` ends it (a transfer ends the old holder's). */
export interface FnameOp { kind: 'fname'; fid: number; fname: string; ts: Date; remove: boolean }

/** A fid registered or transferred on chain. */
export interface UserOp { kind: 'user'; fid: number; registeredAt: Date | null; custody: string | null }

/** A tier bought on chain for `forDays` days (tierType 1: Pro), at its block's time; keyed by its place on chain. */
export interface TierPurchaseOp { kind: 'tierPurchase'; fid: number; tierType: number; forDays: number; purchasedAt: Date; blockNumber: number; logIndex: number }

/** Storage rented on chain for `fid` (`expiry` as the event gives it), at its block's time; keyed by its place on chain. */
export interface StorageRentOp {
  kind: 'storageRent'; fid: number; units: number; expiry: Date; payer: string; rentedAt: Date; blockNumber: number; logIndex: number;
}

/**
 * `fid` lends `units` of storage of `unitType` (the protocol's StorageUnitType number) to `toFid`. The
 * newest lend per (fid, toFid) holds, by timestamp then hash; 0 units lends nothing.
 */
export interface StorageLendOp { kind: 'storageLend'; fid: number; toFid: number; units: number; unitType: number; hash: string; ts: Date }

/** A key (Ed25519, 0x hex) added to `fid` by message, allowed to sign the message types `scopes`; `nonce` is the fid's user nonce. */
export interface KeyAddOp { kind: 'keyAdd'; fid: number; key: string; nonce: number; scopes: number[]; ttl: number; ts: Date }

/**
 * A key removed from `fid` by message at `ts`: it ends the add of nonce `addNonce` and every earlier
 * one (not a later re-add). `removed` is that add when the node named it, so a remove that arrives
 * first still stores what it ended.
 */
export interface KeyRemoveOp { kind: 'keyRemove'; fid: number; key: string; addNonce: number; removed: KeyAddOp | null; ts: Date }

/**
 * A channel registry event on chain (Snapchain's CHANNEL_REGISTER on-chain event): `eventType` 1 register,
 * 2 renew, 3 transfer. Kept as merged, keyed by its place on chain; who owns the channel is the fold of a
 * label's events in chain order (src/repositories/channel-registry.ts).
 */
export interface ChannelRegisterOp {
  kind: 'channelRegister'; label: string; channelKey: string; eventType: number; owner: string | null; expiry: Date | null;
  blockNumber: number; txIndex: number; logIndex: number; at: Date;
}

/**
 * What a channel message (Snapchain's types 18 to 21) sets in its slot. Shard 0 orders them and each data
 * shard merges them again in that order: `order` is the message's event id on the shard the sync reads them
 * from, and the later one replaces the slot whatever the message timestamps (channel_store.rs merge_slot).
 */
interface ChannelSlotOp { channelId: string; fid: number; hash: string; ts: Date; order: number }

/** A ChannelUpdate: the channel's whole configuration (modes folded: absent or 0 is the restrictive one). */
export interface ChannelUpdateOp extends ChannelSlotOp {
  kind: 'channelUpdate'; name: string | null; description: string | null; imageUrl: string | null; header: string | null; rules: string | null;
  castingMode: number; membershipMode: number;
}

/** A ChannelMember: `member`'s state in the channel after it ('member', 'moderator', 'removed', 'banned'). */
export interface ChannelMemberOp extends ChannelSlotOp { kind: 'channelMember'; member: number; state: ChannelMemberState }
export type ChannelMemberState = 'member' | 'moderator' | 'removed' | 'banned';

/** A ChannelPin: the channel's one pinned cast (null: unpinned). */
export interface ChannelPinOp extends ChannelSlotOp { kind: 'channelPin'; castHash: string | null }

/** A ChannelModerate: the cast `castHash` hidden in the channel, or shown again. */
export interface ChannelModerateOp extends ChannelSlotOp { kind: 'channelModerate'; castHash: string; hidden: boolean }

/** A channel follow (a LIKE of the channel's CAIP-19 id); `remove` is an unfollow. Merged as a reaction. */
export interface ChannelFollowOp { kind: 'channelFollow'; fid: number; channelId: string; ts: Date; remove: boolean }

export type SyncOp = LinkOp | LinkCompactOp | ReactionOp | CastAddOp | CastRemoveOp | UserDataOp | VerificationOp | FnameOp | UserOp | TierPurchaseOp
  | StorageRentOp | StorageLendOp | KeyAddOp | KeyRemoveOp
  | ChannelRegisterOp | ChannelUpdateOp | ChannelMemberOp | ChannelPinOp | ChannelModerateOp | ChannelFollowOp;

/**
 * A message that stopped counting: pruned (storage limit) or revoked (its
 * signer was removed). It takes away what `op` added if `op` is still what the
 * store holds for its key; it never brings back what `op` had replaced.
 */
export interface RetractOp { kind: 'retract'; op: SyncOp; at: Date; reason: 'prune' | 'revoke' }

/**
 * The node's own message for a key, found by a reconcile: the stored row is set
 * to what it says, whatever the row holds. The merge rules trust the stored
 * times, and a lost or wrongly stored event can have made those times wrong
 * (a remove the node no longer holds outranks the add it does hold).
 */
export interface RestoreOp { kind: 'restore'; op: SyncOp }

export type AnyOp = SyncOp | RetractOp | RestoreOp;
