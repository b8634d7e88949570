// Builds the one statement that merges a staging chunk into its target:
//   INSERT … SELECT DISTINCT ON (key) … ON CONFLICT (key) DO UPDATE … WHERE …
// DISTINCT ON keeps one row per key (ON CONFLICT cannot touch a row twice in one
// statement): the newest version, then the last line read. The WHERE keeps an older
// dump from overwriting a newer one and skips rows that would not change, so a
// re-import rewrites nothing.
//
// The statement also answers what it did, for the import report (see MergeCounts).
// `xmax = 0` on a returned row tells an insert from an update. Every part of one
// statement reads the same snapshot, taken before the insert, so a probe of the
// target sees the rows as they were before this chunk: a key whose stored row was
// written by an earlier chunk of this run (its xmin is one of their transactions)
// is a duplicate within the import, not a new or replaced row.
import type { MergeSpec } from './table-spec';

const q = (name: string) => `"${name}"`;

/** What one chunk's merge answers; all counts are of distinct keys of the chunk. */
export interface MergeCounts {
  /** Distinct keys in the chunk (its rows minus the duplicates DISTINCT ON dropped). */
  keys: number;
  /** Keys not in the target before: inserted. */
  stored: number;
  /** Keys whose row from before this run was replaced. */
  updated: number;
  /** Keys whose stored row an earlier chunk of this run wrote (replaced again or not). */
  again: number;
  /** This chunk's transaction id, for the next chunks' probe. */
  xid: string;
}

function insertSql(spec: MergeSpec, stage: string, returning: string): string {
  const key = spec.key.map(q);
  const sKey = spec.key.map((k) => `s.${q(k)}`);
  const order = [...sKey, ...(spec.version ? [`${spec.version('s')} DESC NULLS LAST`] : []), 's.line DESC'];
  const select = spec.columns.map((c) => spec.select?.[c] ?? `s.${q(c)}`);
  const nonKey = spec.columns.filter((c) => !spec.key.includes(c));
  const setExpr = (c: string) => spec.update?.[c] ?? `EXCLUDED.${q(c)}`;

  const conflict = nonKey.length === 0 ? 'DO NOTHING' : [
    `DO UPDATE SET ${nonKey.map((c) => `${q(c)} = ${setExpr(c)}`).join(', ')}`,
    `WHERE ${[
      ...(spec.version ? [`${spec.version('EXCLUDED')} >= ${spec.version('t')}`] : []),
      `(${nonKey.map((c) => `t.${q(c)}`).join(', ')}) IS DISTINCT FROM (${nonKey.map(setExpr).join(', ')})`,
    ].join(' AND ')}`,
  ].join('\n');

  return [
    `INSERT INTO ${q(spec.target)} AS t (${spec.columns.map(q).join(', ')})`,
    `SELECT DISTINCT ON (${sKey.join(', ')}) ${select.join(', ')}`,
    `FROM ${q(stage)} s ${spec.joins ?? ''}`,
    `ORDER BY ${order.join(', ')}`,
    `ON CONFLICT (${key.join(', ')}) ${conflict}`,
    `RETURNING ${returning}`,
  ].join('\n');
}

/**
 * The merge of one chunk, answering one row of MergeCounts. With `afterEarlierChunks`,
 * `$1` is the xid[] of this table's earlier chunks in this run; the first chunk has
 * none, so it skips the probe (and a table that fits in one chunk never pays for it).
 * Only keys the merge did not insert are probed: an inserted key had no stored row.
 */
export function mergeSql(spec: MergeSpec, stage: string, afterEarlierChunks: boolean): string {
  const same = (a: string, b: string) => spec.key.map((k) => `${a}.${q(k)} = ${b}.${q(k)}`).join(' AND ');
  // A correlated EXISTS in a select list or an aggregate's FILTER stays a per-key index
  // probe (in a WHERE it could become a semi-join hashing the whole target).
  const writtenThisRun = (alias: string) => (afterEarlierChunks
    ? `EXISTS (SELECT 1 FROM ${q(spec.target)} o WHERE ${same('o', alias)} AND o.xmin = ANY($1::xid[]))`
    : 'false');
  const returning = `${spec.key.map((k) => `t.${q(k)}`).join(', ')}, (t.xmax = 0) AS inserted`;
  return [
    `WITH ${spec.with ? `${spec.with(q(stage))},` : ''}`,
    `merged AS (${insertSql(spec, stage, returning)}),`,
    // Keys the merge left alone: the stored row is newer or the same (from before this run, or from an earlier chunk).
    `untouched AS (SELECT k.* FROM (SELECT DISTINCT ${spec.key.map(q).join(', ')} FROM ${q(stage)}) k
      WHERE NOT EXISTS (SELECT 1 FROM merged m WHERE ${same('m', 'k')}))`,
    'SELECT (m.written + u.keys)::int AS keys, m.stored::int AS stored, (m.replaced - m.again)::int AS updated,',
    '  (m.again + u.again)::int AS again, pg_current_xact_id()::xid::text AS xid FROM',
    `  (SELECT count(*) AS written, count(*) FILTER (WHERE inserted) AS stored, count(*) FILTER (WHERE NOT inserted) AS replaced,
      count(*) FILTER (WHERE NOT inserted AND ${writtenThisRun('m')}) AS again FROM merged m) m,`,
    `  (SELECT count(*) AS keys, count(*) FILTER (WHERE ${writtenThisRun('k')}) AS again FROM untouched k) u`,
  ].join('\n');
}
