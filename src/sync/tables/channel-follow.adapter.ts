// fc_channel_follow: a channel follow per (fid, channel_id). A follow is a reaction (a LIKE of the
// channel's CAIP-19 id) and the node merges it as one: the later message wins, a remove at the same
// time wins (reaction_store.rs). The canonical spelling makes (fid, channel) one reaction key.
import { mergeTimed, restoreTimed } from '../merge-rules';
import { innerOps, type TableAdapter } from './adapter';
import { pairKey, type ChannelFollowRow } from './rows';
import { timeValue, type TableSpec } from './table-sql';

const spec: TableSpec<ChannelFollowRow> = {
  table: 'fc_channel_follow', key: ['fid', 'channel_id'],
  columns: [
    { name: 'fid', type: 'int', value: (r) => r.fid },
    { name: 'channel_id', type: 'text', value: (r) => r.channel_id },
    { name: 'timestamp', type: 'timestamptz', value: timeValue((r) => r.timestamp) },
    { name: 'deleted_at', type: 'timestamptz', value: timeValue((r) => r.deleted_at) },
  ],
};

export const channelFollowAdapter: TableAdapter<'channelFollows', 'channelFollow'> = {
  slot: 'channelFollows', spec, keyOf: (r) => pairKey(r.fid, r.channel_id),
  selectors(ops) {
    const f = innerOps(ops, 'channelFollow');
    return [{ columns: ['fid', 'channel_id'], values: [f.map((o) => o.fid), f.map((o) => o.channelId)] }];
  },
  rules: {
    channelFollow: {
      merge(b, o, retract) {
        const key = pairKey(o.fid, o.channelId);
        const times = mergeTimed(b.channelFollows.current(key), o.ts, o.remove, retract?.at ?? null);
        if (times) b.channelFollows.set(key, { fid: o.fid, channel_id: o.channelId, ...times });
      },
      restore(b, o) {
        const key = pairKey(o.fid, o.channelId);
        b.channelFollows.set(key, { fid: o.fid, channel_id: o.channelId, ...restoreTimed(b.channelFollows.current(key), o.ts, o.remove) });
      },
    },
  },
};
