// fc_link_compact: a fid's complete follow set at a time (it stands for pruned
// follow adds). The newest state wins; it starts the follows it lists that are
// missing or ended, and ends the older live ones it does not list (fc_link).
import { mergeAdd } from '../merge-rules';
import { innerOps, type TableAdapter } from './adapter';
import { linkKey, type CompactRow } from './rows';
import { intArrayValue, timeValue, type TableSpec } from './table-sql';

const spec: TableSpec<CompactRow> = {
  table: 'fc_link_compact', key: ['fid'],
  columns: [
    { name: 'fid', type: 'int', value: (r) => r.fid },
    { name: 'timestamp', type: 'timestamptz', value: timeValue((r) => r.timestamp) },
    { name: 'targets', type: 'text', cast: 'int[]', value: intArrayValue((r) => r.targets) },
  ],
};

export const linkCompactAdapter: TableAdapter<'compacts', 'linkCompact'> = {
  slot: 'compacts', spec, keyOf: (r) => String(r.fid),
  selectors(ops) {
    // A pruned or revoked follow stays when its fid's compact state lists it: those states are read too.
    const retractedFollowFids = ops.flatMap((o) => (o.kind === 'retract' && o.op.kind === 'link' ? [o.op.fid] : []));
    return [{ columns: ['fid'], values: [[...innerOps(ops, 'linkCompact').map((o) => o.fid), ...retractedFollowFids]] }];
  },
  rules: {
    linkCompact: {
      // Fids' compact states have no stored time to distrust: a restore merges as usual.
      merge(b, o, retract) {
        const stored = b.compacts.current(String(o.fid));
        if (retract) {
          // A pruned compact state leaves the follows it listed, but no longer keeps them from a prune.
          if (stored && stored.timestamp.getTime() === o.ts.getTime()) b.compacts.set(String(o.fid), { ...stored, targets: [] });
          return;
        }
        if (stored && stored.timestamp.getTime() >= o.ts.getTime()) return; // an older state than the one stored
        b.compacts.set(String(o.fid), { fid: o.fid, timestamp: o.ts, targets: [...o.targets] });
        const listed = new Set(o.targets);
        for (const target of listed) {
          const key = linkKey(o.fid, target);
          const times = mergeAdd(b.links.current(key), o.ts);
          // A follow older than the compact state stays as it is; only missing or ended ones start at its time.
          if (times && !(b.links.current(key)?.deleted_at === null)) b.links.set(key, { fid: o.fid, target_fid: target, ...times });
        }
        const rows = new Map([...b.links.loaded, ...b.links.next]);
        for (const [key, row] of rows) {
          if (row.fid !== o.fid || listed.has(row.target_fid) || row.deleted_at !== null || row.timestamp.getTime() > o.ts.getTime()) continue;
          b.links.set(key, { ...row, deleted_at: o.ts });
        }
      },
    },
  },
};
