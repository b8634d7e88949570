// The batch's view of the fc_* tables: per table, the stored rows of the keys
// the batch names (as locked) and the rows it leaves for the keys it changed.
// The merge rules read and write only this view; the writer stores `next`.

/** Stored rows by key as loaded, and the rows the batch leaves (only keys it changed). */
export class TableRows<R> {
  readonly loaded = new Map<string, R>();
  readonly next = new Map<string, R>();
  current(key: string): R | undefined { return this.next.get(key) ?? this.loaded.get(key); }
  set(key: string, row: R | null) { if (row) this.next.set(key, row); }
}

/** The times of a follow, reaction or verification row (merge-rules.ts). */
interface Timed { timestamp: Date; deleted_at: Date | null }

export interface LinkRow extends Timed { fid: number; target_fid: number }
export interface CompactRow { fid: number; timestamp: Date; targets: number[] }
export interface ReactionRow extends Timed { fid: number; reaction_type: number; target_hash: string; target_fid: number }
export interface CastRow {
  hash: string; fid: number; parent_fid: number | null; parent_hash: string | null; parent_url: string | null; text: string;
  embeds: string | null; mentions: number[]; quoted_hash: string | null; quoted_fid: number | null; timestamp: Date; deleted_at: Date | null;
}
export interface UserDataRow { fid: number; type: number; value: string; timestamp: Date; deleted_at: Date | null }
export interface VerificationRow extends Timed { fid: number; address: string; protocol: string }
export interface FnameRow { fid: number; fname: string; deleted_at: Date | null }
export interface UserRow { fid: number; registered_at: Date | null; custody_address: string | null }
export interface TierPurchaseRow { fid: number; block_number: number; log_index: number; tier_type: number; for_days: number; purchased_at: Date }
export interface StorageRentRow { fid: number; block_number: number; log_index: number; units: number; rented_at: Date; expiry: Date; payer: string }
export interface StorageLendRow { fid: number; to_fid: number; num_units: number; unit_type: number; timestamp: Date; hash: string; deleted_at: Date | null }
export interface GaslessKeyRow {
  fid: number; key: string; nonce: number; scopes: number[]; ttl: number; added_at: Date; removed_nonce: number | null; removed_at: Date | null;
}

export interface ChannelRegisterRow {
  label: string; block_number: number; log_index: number; tx_index: number; channel_key: string; event_type: number;
  owner_address: string | null; expiry: Date | null; block_time: Date;
}
/** What every channel slot row keeps of the message holding it: its author, hash, time and place in shard 0's order. */
interface ChannelSlotRow { channel_id: string; by_fid: number; hash: string; timestamp: Date; event_order: number }
export interface ChannelUpdateRow extends ChannelSlotRow {
  name: string | null; description: string | null; image_url: string | null; header: string | null; rules: string | null;
  casting_mode: number; membership_mode: number;
}
export interface ChannelMemberRow extends ChannelSlotRow { fid: number; state: string }
export interface ChannelPinRow extends ChannelSlotRow { cast_hash: string | null }
export interface ChannelModerationRow extends ChannelSlotRow { cast_hash: string; state: string }
export interface ChannelFollowRow extends Timed { fid: number; channel_id: string }

/** The row type of each slot: one slot per fc_* table the sync writes. */
interface RowTypes {
  links: LinkRow;
  compacts: CompactRow;
  reactions: ReactionRow;
  casts: CastRow;
  userData: UserDataRow;
  verifications: VerificationRow;
  fnames: FnameRow;
  users: UserRow;
  tierPurchases: TierPurchaseRow;
  storageRents: StorageRentRow;
  storageLends: StorageLendRow;
  gaslessKeys: GaslessKeyRow;
  channelRegisters: ChannelRegisterRow;
  channelUpdates: ChannelUpdateRow;
  channelMembers: ChannelMemberRow;
  channelPins: ChannelPinRow;
  channelModerations: ChannelModerationRow;
  channelFollows: ChannelFollowRow;
}
export type Slot = keyof RowTypes;
export type RowOf<S extends Slot> = RowTypes[S];
export type BatchRows = { [S in Slot]: TableRows<RowTypes[S]> };

export const emptyBatchRows = (): BatchRows => ({
  links: new TableRows(), compacts: new TableRows(), reactions: new TableRows(), casts: new TableRows(),
  userData: new TableRows(), verifications: new TableRows(), fnames: new TableRows(), users: new TableRows(), tierPurchases: new TableRows(),
  storageRents: new TableRows(), storageLends: new TableRows(), gaslessKeys: new TableRows(),
  channelRegisters: new TableRows(), channelUpdates: new TableRows(), channelMembers: new TableRows(), channelPins: new TableRows(),
  channelModerations: new TableRows(), channelFollows: new TableRows(),
});

export const linkKey = (fid: number, target: number) => `${fid}|${target}`;
export const reactionKey = (fid: number, type: number, hash: string) => `${fid}|${type}|${hash}`;
/** A key of two parts: (fid, type), (fid, address), (fid, fname), (fid, to_fid), (fid, key). */
export const pairKey = (fid: number, s: string | number) => `${fid}|${s}`;
/** An on-chain event's place: (fid, block, log index). A stored block number comes back as text from pg (bigint): both read alike. */
export const chainEventKey = (fid: number, block: number | string, logIndex: number) => `${fid}|${String(block)}|${logIndex}`;
