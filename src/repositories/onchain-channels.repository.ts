// Snapchain's channels on chain as the sync stored them (docs/sync.md#channels-on-chain): the registry's
// fold, the winning configuration, members, moderators, the pin and followers, by channel key. A
// channel's key is its name in the registry and its id everywhere else is keccak256 of it, so the
// analytics' channels (keyed by the name in their parent URL) meet the registry where the names match.
import { keccak_256 } from '@noble/hashes/sha3';
import type { Database } from '../db/database';

/** The channel id (the registry label, the ERC-721 tokenId) of a channel key: 0x + 64 hex. */
export const channelIdOfKey = (key: string): string => `0x${Buffer.from(keccak_256(new TextEncoder().encode(key))).toString('hex')}`;

/** One registry event as stored (fc_channel_register). */
export interface RegisterEventRow {
  label: string; block_number: number | string; tx_index: number; log_index: number; channel_key: string; event_type: number;
  owner_address: string | null; expiry: Date | null; block_time: Date;
}

/** What the registry says of a channel: the node's ChannelOwner record, and when each kind of event last applied. */
export interface RegistryState {
  channelKey: string; owner: string; expiry: Date | null; registeredAt: Date; renewedAt: Date | null; transferredAt: Date | null;
}

const REGISTER = 1;
const RENEW = 2;
const TRANSFER = 3;
const isAddress = (a: string | null): a is string => a !== null && /^0x[0-9a-f]{40}$/.test(a);

/**
 * A label's events folded as the node folds them (onchain_event_store.rs
 * build_secondary_indices_for_channel_register), in chain order (block, transaction, log): a register
 * needs an owner address and keccak256(key) = label, and sets owner and expiry; a renew of a known
 * channel sets the expiry; a transfer of a known channel sets the owner. An event the node skips changes
 * nothing. The node applies them as they merge, which is chain order, so the fold of the stored set is its
 * record whatever order the sync stored them in.
 */
export function foldRegistry(events: readonly RegisterEventRow[]): RegistryState | null {
  const ordered = [...events].sort((a, b) => Number(a.block_number) - Number(b.block_number) || a.tx_index - b.tx_index || a.log_index - b.log_index);
  let state = null as RegistryState | null;
  for (const e of ordered) {
    if (e.event_type === REGISTER) {
      if (!isAddress(e.owner_address) || channelIdOfKey(e.channel_key) !== e.label) continue;
      state = { channelKey: e.channel_key, owner: e.owner_address, expiry: e.expiry, registeredAt: e.block_time, renewedAt: null, transferredAt: null };
    } else if (e.event_type === RENEW) {
      if (!state || channelIdOfKey(e.channel_key) !== e.label) continue;
      state = { ...state, expiry: e.expiry, renewedAt: e.block_time };
    } else if (e.event_type === TRANSFER) {
      if (!state || !isAddress(e.owner_address)) continue;
      state = { ...state, owner: e.owner_address, transferredAt: e.block_time };
    }
  }
  return state;
}

/** The registry's state of each channel id (those it knows). */
export async function registryByIds(db: Database, ids: readonly string[]): Promise<Map<string, RegistryState>> {
  const rows = await db.read<RegisterEventRow>(`
    SELECT label, block_number, tx_index, log_index, channel_key, event_type, owner_address, expiry, block_time
    FROM fc_channel_register WHERE label = ANY($1::text[])`, [...ids]);
  const byLabel = new Map<string, RegisterEventRow[]>();
  for (const r of rows) byLabel.set(r.label, [...(byLabel.get(r.label) ?? []), r]);
  const out = new Map<string, RegistryState>();
  for (const [label, events] of byLabel) {
    const state = foldRegistry(events);
    if (state) out.set(label, state);
  }
  return out;
}

export interface ChannelConfigRow {
  channel_id: string; name: string | null; description: string | null; image_url: string | null; header: string | null; rules: string | null;
  casting_mode: number; membership_mode: number; by_fid: number; timestamp: Date;
}

/** The winning CHANNEL_UPDATE of each channel id that has one. */
export function channelConfigsByIds(db: Database, ids: readonly string[]): Promise<ChannelConfigRow[]> {
  return db.read<ChannelConfigRow>(`
    SELECT channel_id, name, description, image_url, header, rules, casting_mode, membership_mode, by_fid, timestamp
    FROM fc_channel_update WHERE channel_id = ANY($1::text[])`, [...ids]);
}

export interface ChannelCountsRow { channel_id: string; members: number; moderators: number; followers: number; pinned_hash: string | null }

/** Per channel id: live members (members and moderators), moderators, live followers and the pinned cast. */
export function channelCountsByIds(db: Database, ids: readonly string[]): Promise<ChannelCountsRow[]> {
  return db.read<ChannelCountsRow>(`
    SELECT x.id AS channel_id,
      (SELECT count(*)::int FROM fc_channel_member m WHERE m.channel_id = x.id AND m.state IN ('member', 'moderator')) AS members,
      (SELECT count(*)::int FROM fc_channel_member m WHERE m.channel_id = x.id AND m.state = 'moderator') AS moderators,
      (SELECT count(*)::int FROM fc_channel_follow f WHERE f.channel_id = x.id AND f.deleted_at IS NULL) AS followers,
      (SELECT p.cast_hash FROM fc_channel_pin p WHERE p.channel_id = x.id) AS pinned_hash
    FROM unnest($1::text[]) AS x(id)`, [...ids]);
}

export interface ChannelModeratorRow { channel_id: string; fid: number }

/** The moderators of each channel id, by fid. */
export function channelModeratorsByIds(db: Database, ids: readonly string[]): Promise<ChannelModeratorRow[]> {
  return db.read<ChannelModeratorRow>(`
    SELECT channel_id, fid FROM fc_channel_member WHERE channel_id = ANY($1::text[]) AND state = 'moderator' ORDER BY channel_id, fid`, [...ids]);
}
