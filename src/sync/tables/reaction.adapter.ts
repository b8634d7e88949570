// fc_reaction: a like or recast per (fid, reaction_type, target_hash), merged
// as an add/remove pair.
import { mergeTimed, restoreTimed } from '../merge-rules';
import { innerOps, type TableAdapter } from './adapter';
import { reactionKey, type ReactionRow } from './rows';
import { timeValue, type TableSpec } from './table-sql';

const spec: TableSpec<ReactionRow> = {
  table: 'fc_reaction', key: ['fid', 'reaction_type', 'target_hash'],
  columns: [
    { name: 'fid', type: 'int', value: (r) => r.fid },
    { name: 'reaction_type', type: 'int', value: (r) => r.reaction_type },
    { name: 'target_hash', type: 'text', value: (r) => r.target_hash },
    { name: 'target_fid', type: 'int', value: (r) => r.target_fid },
    { name: 'timestamp', type: 'timestamptz', value: timeValue((r) => r.timestamp) },
    { name: 'deleted_at', type: 'timestamptz', value: timeValue((r) => r.deleted_at) },
  ],
};

export const reactionAdapter: TableAdapter<'reactions', 'reaction'> = {
  slot: 'reactions', spec, keyOf: (r) => reactionKey(r.fid, r.reaction_type, r.target_hash),
  selectors(ops) {
    const r = innerOps(ops, 'reaction');
    return [{ columns: ['fid', 'reaction_type', 'target_hash'], values: [r.map((o) => o.fid), r.map((o) => o.type), r.map((o) => o.targetHash)] }];
  },
  rules: {
    reaction: {
      merge(b, o, retract) {
        const key = reactionKey(o.fid, o.type, o.targetHash);
        const row = b.reactions.current(key);
        const times = mergeTimed(row, o.ts, o.remove, retract?.at ?? null);
        // A retract ends the stored row as it is (a reconcile names only its key and time).
        if (times) {
          b.reactions.set(key, retract && row ? { ...row, ...times }
            : { fid: o.fid, reaction_type: o.type, target_hash: o.targetHash, target_fid: o.targetFid, ...times });
        }
      },
      restore(b, o) {
        const key = reactionKey(o.fid, o.type, o.targetHash);
        const row = b.reactions.current(key);
        b.reactions.set(key, { fid: o.fid, reaction_type: o.type, target_hash: o.targetHash, target_fid: row?.target_fid ?? o.targetFid, ...restoreTimed(row, o.ts, o.remove) });
      },
    },
  },
};
