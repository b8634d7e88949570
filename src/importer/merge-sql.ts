// Builds the one statement that merges a staging chunk into its target:
//   INSERT … SELECT DISTINCT ON (key) … ON CONFLICT (key) DO UPDATE … WHERE …
// DISTINCT ON keeps one row per key (ON CONFLICT cannot touch a row twice in one
// statement): the newest version, then the last line read. The WHERE keeps an older
// dump from overwriting a newer one and skips rows that would not change, so a
// re-import rewrites nothing.
import type { MergeSpec } from './table-spec';

const q = (name: string) => `"${name}"`;

export function mergeSql(spec: MergeSpec, stage: string): string {
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
    ...(spec.with ? [`WITH ${spec.with(q(stage))}`] : []),
    `INSERT INTO ${q(spec.target)} AS t (${spec.columns.map(q).join(', ')})`,
    `SELECT DISTINCT ON (${sKey.join(', ')}) ${select.join(', ')}`,
    `FROM ${q(stage)} s ${spec.joins ?? ''}`,
    `ORDER BY ${order.join(', ')}`,
    `ON CONFLICT (${key.join(', ')}) ${conflict}`,
  ].join('\n');
}
