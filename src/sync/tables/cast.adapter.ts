// fc_cast: a cast per hash. Its content never changes; a remove wins over the
// add of its hash whatever the order, and a remove that comes first leaves a
// stand-in row that the cast's content fills in later. After the rows are
// stored, each cast's thread root is passed down to its replies.
import type { SqlClient } from '../../db/sql-client';
import type { CastAddOp, CastRemoveOp } from '../sync-ops';
import { innerOps, type TableAdapter } from './adapter';
import type { CastRow } from './rows';
import { intArrayValue, timeValue, type TableSpec } from './table-sql';

const spec: TableSpec<CastRow> = {
  table: 'fc_cast', key: ['hash'],
  columns: [
    { name: 'hash', type: 'text', value: (r) => r.hash },
    { name: 'fid', type: 'int', value: (r) => r.fid },
    { name: 'parent_fid', type: 'int', value: (r) => r.parent_fid },
    { name: 'parent_hash', type: 'text', value: (r) => r.parent_hash },
    { name: 'parent_url', type: 'text', value: (r) => r.parent_url },
    { name: 'text', type: 'text', value: (r) => r.text },
    { name: 'embeds', type: 'text', cast: 'jsonb', read: 'embeds::text', value: (r) => r.embeds },
    { name: 'mentions', type: 'text', cast: 'int[]', value: intArrayValue((r) => r.mentions) },
    { name: 'quoted_hash', type: 'text', value: (r) => r.quoted_hash },
    { name: 'quoted_fid', type: 'int', value: (r) => r.quoted_fid },
    { name: 'timestamp', type: 'timestamptz', value: timeValue((r) => r.timestamp) },
    { name: 'deleted_at', type: 'timestamptz', value: timeValue((r) => r.deleted_at) },
  ],
};

/** Levels of replies a late parent passes its thread root down in one batch. */
const MAX_THREAD_DEPTH = 256;

const castContent = (o: CastAddOp) => ({
  fid: o.fid, parent_fid: o.parentFid, parent_hash: o.parentHash, parent_url: o.parentUrl, text: o.text, embeds: o.embeds,
  mentions: o.mentions, quoted_hash: o.quotedHash, quoted_fid: o.quotedFid, timestamp: o.ts,
});

/**
 * The row a cast remove leaves when the cast was never seen: no content and the
 * remove's time. A cast the sync has seen always has embeds (at least "[]"), so
 * a cast added at the very time of its remove is not mistaken for one.
 */
const isCastStandIn = (r: CastRow): boolean =>
  r.deleted_at !== null && r.embeds === null && r.text === '' && r.timestamp.getTime() === r.deleted_at.getTime();

const removedCast = (o: CastRemoveOp, row: CastRow | undefined): CastRow => (row ? { ...row, deleted_at: o.ts }
  : { hash: o.hash, fid: o.fid, parent_fid: null, parent_hash: null, parent_url: null, text: '', embeds: null, mentions: [],
    quoted_hash: null, quoted_fid: null, timestamp: o.ts, deleted_at: o.ts });

/**
 * The thread root: a reply takes its parent's once the parent is stored. Shards deliver
 * in no common order, so a cast stored after its replies passes its root down to them,
 * level by level (an index probe on parent_hash per level; most casts have no replies
 * yet, so one probe), until a level changes nothing. Hashes make a cycle impossible on the
 * network; the walk is bounded anyway so that no stored data can make it endless.
 */
async function passThreadRoots(tx: SqlClient, casts: readonly CastRow[]): Promise<void> {
  const hashes = casts.map((r) => r.hash);
  await tx.query(`
    UPDATE fc_cast c SET root_parent_hash = coalesce(p.root_parent_hash, p.hash) FROM fc_cast p
    WHERE c.hash = ANY($1::text[]) AND p.hash = c.parent_hash AND c.root_parent_hash IS DISTINCT FROM coalesce(p.root_parent_hash, p.hash)`,
  [hashes]);
  for (let parents = hashes, level = 0; parents.length && level < MAX_THREAD_DEPTH; level++) {
    parents = (await tx.query<{ hash: string }>(`
      UPDATE fc_cast c SET root_parent_hash = coalesce(p.root_parent_hash, p.hash) FROM fc_cast p
      WHERE c.parent_hash = ANY($1::text[]) AND p.hash = c.parent_hash AND c.root_parent_hash IS DISTINCT FROM coalesce(p.root_parent_hash, p.hash)
      RETURNING c.hash`, [parents])).map((r) => r.hash);
  }
}

export const castAdapter: TableAdapter<'casts', 'castAdd' | 'castRemove'> = {
  slot: 'casts', spec, keyOf: (r) => r.hash,
  selectors: (ops) => [{ columns: ['hash'], values: [innerOps(ops, 'castAdd', 'castRemove').map((o) => o.hash)] }],
  rules: {
    castAdd: {
      merge(b, o, retract) {
        const row = b.casts.current(o.hash);
        if (retract) {
          if (row && row.deleted_at === null) b.casts.set(o.hash, { ...row, deleted_at: new Date(Math.max(retract.at.getTime(), row.timestamp.getTime())) });
          return;
        }
        // A cast's content never changes: a known cast (live or removed) is a duplicate; the
        // stand-in of a remove that came first gets its content and stays removed.
        if (row && (row.deleted_at === null || !isCastStandIn(row))) return;
        b.casts.set(o.hash, { hash: o.hash, ...castContent(o), deleted_at: row?.deleted_at ?? null });
      },
      restore: (b, o) => b.casts.set(o.hash, { hash: o.hash, ...castContent(o), deleted_at: null }),
    },
    castRemove: {
      merge(b, o, retract) {
        if (retract) return;
        const row = b.casts.current(o.hash);
        if (row?.deleted_at) {
          // Of two removes of one cast the node keeps the later; the stand-in of a remove
          // without its cast (timestamp = deleted_at) follows it.
          if (o.ts.getTime() <= row.deleted_at.getTime()) return;
          const standIn = isCastStandIn(row);
          b.casts.set(o.hash, { ...row, deleted_at: o.ts, timestamp: standIn ? o.ts : row.timestamp });
          return;
        }
        b.casts.set(o.hash, removedCast(o, row));
      },
      restore: (b, o) => b.casts.set(o.hash, removedCast(o, b.casts.current(o.hash))),
    },
  },
  afterWrite: passThreadRoots,
};
