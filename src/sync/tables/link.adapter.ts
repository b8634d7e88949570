// fc_link: a follow per (fid, target_fid), merged as an add/remove pair. A
// follow its fid's compact state lists stays when its own add is pruned or
// revoked, as on the node.
import { mergeTimed, restoreTimed } from '../merge-rules';
import { innerOps, type TableAdapter } from './adapter';
import { linkKey, type LinkRow } from './rows';
import { timeValue, type TableSpec } from './table-sql';

const spec: TableSpec<LinkRow> = {
  table: 'fc_link', key: ['fid', 'target_fid'],
  columns: [
    { name: 'fid', type: 'int', value: (r) => r.fid },
    { name: 'target_fid', type: 'int', value: (r) => r.target_fid },
    { name: 'timestamp', type: 'timestamptz', value: timeValue((r) => r.timestamp) },
    { name: 'deleted_at', type: 'timestamptz', value: timeValue((r) => r.deleted_at) },
  ],
};

export const linkAdapter: TableAdapter<'links', 'link'> = {
  slot: 'links', spec, keyOf: (r) => linkKey(r.fid, r.target_fid),
  selectors(ops) {
    const links = innerOps(ops, 'link');
    // A compact state ends the follows of its fid that it does not list: all of them are read.
    return [
      { columns: ['fid', 'target_fid'], values: [links.map((o) => o.fid), links.map((o) => o.target)] },
      { columns: ['fid'], values: [innerOps(ops, 'linkCompact').map((o) => o.fid)] },
    ];
  },
  rules: {
    link: {
      merge(b, o, retract) {
        const key = linkKey(o.fid, o.target);
        // The node keeps a follow its compact state lists when the follow's own add is pruned or revoked.
        if (retract && !o.remove && b.compacts.current(String(o.fid))?.targets.includes(o.target)) return;
        const times = mergeTimed(b.links.current(key), o.ts, o.remove, retract?.at ?? null);
        if (times) b.links.set(key, { fid: o.fid, target_fid: o.target, ...times });
      },
      restore(b, o) {
        const key = linkKey(o.fid, o.target);
        b.links.set(key, { fid: o.fid, target_fid: o.target, ...restoreTimed(b.links.current(key), o.ts, o.remove) });
      },
    },
  },
};
