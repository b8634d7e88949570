// fc_channel_update, fc_channel_member, fc_channel_pin, fc_channel_moderation: one row per slot of
// Snapchain's channel stores (src/storage/store/account/channel_store.rs): a channel's configuration,
// a (channel, fid)'s membership, a channel's pin, a (channel, cast)'s moderation. Unlike every other
// store, a slot compares no timestamps or hashes: shard 0's consensus order is the total order and the
// message merged latest replaces the slot's incumbent whatever it holds (merge_slot). `event_order` is
// where the message stands in that order (its event id on the one shard the sync reads them from), so
// a copy delivered twice or late changes nothing. Slot messages have no remove type and the node keeps
// no older incumbent, so a prune or revoke of one leaves the row: nothing older could come back.
import type { ChannelMemberOp, ChannelModerateOp, ChannelPinOp, ChannelUpdateOp } from '../sync-ops';
import { innerOps, type OpRule, type TableAdapter } from './adapter';
import { pairKey, type BatchRows, type ChannelMemberRow, type ChannelModerationRow, type ChannelPinRow, type ChannelUpdateRow, type TableRows } from './rows';
import { timeValue, type ColumnSpec, type TableSpec } from './table-sql';

type SlotRow = { by_fid: number; hash: string; timestamp: Date; event_order: number | string };

const slotColumns = <R extends SlotRow>(): ColumnSpec<R>[] => [
  { name: 'by_fid', type: 'int', value: (r) => r.by_fid },
  { name: 'hash', type: 'text', value: (r) => r.hash },
  { name: 'timestamp', type: 'timestamptz', value: timeValue((r) => r.timestamp) },
  { name: 'event_order', type: 'bigint', value: (r) => r.event_order },
];

type SlotOp = ChannelUpdateOp | ChannelMemberOp | ChannelPinOp | ChannelModerateOp;
const slotOf = (o: SlotOp) => ({ channel_id: o.channelId, by_fid: o.fid, hash: o.hash, timestamp: o.ts, event_order: o.order });

/**
 * The slot rule: the op replaces the row when it stands later in shard 0's order. A restore (not used:
 * the node's channel reads are not in the package) would be the same.
 */
function slotRule<O extends SlotOp, R extends SlotRow>(rows: (b: BatchRows) => TableRows<R>, key: (o: O) => string, row: (o: O) => R): OpRule<O['kind']> {
  return {
    merge(b, o, retract) {
      if (retract) return;
      const op = o as unknown as O;
      const current = rows(b).current(key(op));
      // A stored bigint comes back as text.
      if (!current || op.order > Number(current.event_order)) rows(b).set(key(op), row(op));
    },
  };
}

const updateSpec: TableSpec<ChannelUpdateRow> = {
  table: 'fc_channel_update', key: ['channel_id'],
  columns: [
    { name: 'channel_id', type: 'text', value: (r) => r.channel_id },
    { name: 'name', type: 'text', value: (r) => r.name },
    { name: 'description', type: 'text', value: (r) => r.description },
    { name: 'image_url', type: 'text', value: (r) => r.image_url },
    { name: 'header', type: 'text', value: (r) => r.header },
    { name: 'rules', type: 'text', value: (r) => r.rules },
    { name: 'casting_mode', type: 'int', value: (r) => r.casting_mode },
    { name: 'membership_mode', type: 'int', value: (r) => r.membership_mode },
    ...slotColumns<ChannelUpdateRow>(),
  ],
};

export const channelUpdateAdapter: TableAdapter<'channelUpdates', 'channelUpdate'> = {
  slot: 'channelUpdates', spec: updateSpec, keyOf: (r) => r.channel_id,
  selectors: (ops) => [{ columns: ['channel_id'], values: [innerOps(ops, 'channelUpdate').map((o) => o.channelId)] }],
  rules: {
    // Whole replace: the row is the new update's fields, none kept from the one it supersedes.
    channelUpdate: slotRule<ChannelUpdateOp, ChannelUpdateRow>((b) => b.channelUpdates, (o) => o.channelId, (o) => ({
      ...slotOf(o), name: o.name, description: o.description, image_url: o.imageUrl, header: o.header, rules: o.rules,
      casting_mode: o.castingMode, membership_mode: o.membershipMode,
    })),
  },
};

const memberSpec: TableSpec<ChannelMemberRow> = {
  table: 'fc_channel_member', key: ['channel_id', 'fid'],
  columns: [
    { name: 'channel_id', type: 'text', value: (r) => r.channel_id },
    { name: 'fid', type: 'int', value: (r) => r.fid },
    { name: 'state', type: 'text', value: (r) => r.state },
    ...slotColumns<ChannelMemberRow>(),
  ],
};

const memberKey = (channelId: string, fid: number) => pairKey(fid, channelId);

export const channelMemberAdapter: TableAdapter<'channelMembers', 'channelMember'> = {
  slot: 'channelMembers', spec: memberSpec, keyOf: (r) => memberKey(r.channel_id, r.fid),
  selectors(ops) {
    const m = innerOps(ops, 'channelMember');
    return [{ columns: ['channel_id', 'fid'], values: [m.map((o) => o.channelId), m.map((o) => o.member)] }];
  },
  rules: {
    channelMember: slotRule<ChannelMemberOp, ChannelMemberRow>((b) => b.channelMembers, (o) => memberKey(o.channelId, o.member),
      (o) => ({ ...slotOf(o), fid: o.member, state: o.state })),
  },
};

const pinSpec: TableSpec<ChannelPinRow> = {
  table: 'fc_channel_pin', key: ['channel_id'],
  columns: [
    { name: 'channel_id', type: 'text', value: (r) => r.channel_id },
    { name: 'cast_hash', type: 'text', value: (r) => r.cast_hash },
    ...slotColumns<ChannelPinRow>(),
  ],
};

export const channelPinAdapter: TableAdapter<'channelPins', 'channelPin'> = {
  slot: 'channelPins', spec: pinSpec, keyOf: (r) => r.channel_id,
  selectors: (ops) => [{ columns: ['channel_id'], values: [innerOps(ops, 'channelPin').map((o) => o.channelId)] }],
  rules: {
    channelPin: slotRule<ChannelPinOp, ChannelPinRow>((b) => b.channelPins, (o) => o.channelId, (o) => ({ ...slotOf(o), cast_hash: o.castHash })),
  },
};

const moderationSpec: TableSpec<ChannelModerationRow> = {
  table: 'fc_channel_moderation', key: ['channel_id', 'cast_hash'],
  columns: [
    { name: 'channel_id', type: 'text', value: (r) => r.channel_id },
    { name: 'cast_hash', type: 'text', value: (r) => r.cast_hash },
    { name: 'state', type: 'text', value: (r) => r.state },
    ...slotColumns<ChannelModerationRow>(),
  ],
};

const moderationKey = (channelId: string, castHash: string) => `${channelId}|${castHash}`;

export const channelModerationAdapter: TableAdapter<'channelModerations', 'channelModerate'> = {
  slot: 'channelModerations', spec: moderationSpec, keyOf: (r) => moderationKey(r.channel_id, r.cast_hash),
  selectors(ops) {
    const m = innerOps(ops, 'channelModerate');
    return [{ columns: ['channel_id', 'cast_hash'], values: [m.map((o) => o.channelId), m.map((o) => o.castHash)] }];
  },
  rules: {
    channelModerate: slotRule<ChannelModerateOp, ChannelModerationRow>((b) => b.channelModerations, (o) => moderationKey(o.channelId, o.castHash),
      (o) => ({ ...slotOf(o), cast_hash: o.castHash, state: o.hidden ? 'hidden' : 'visible' })),
  },
};
