// Keeps fc_profile_counts, fc_cast_counts, fc_engagement_pair and fc_follower_day current inside a sync transaction.
// The counters are described once (src/repositories/farcaster-counters.ts, and
// followerDaysSql of live-counters.ts for fc_follower_day) and rebuilt from that
// description (src/analytics/farcaster-live.sql.ts); here the
// same descriptions are evaluated over only the rows a batch changed, once
// before its writes and once after, and the difference is added. Every counted
// pair (a like and its cast, a reply and its parent, a quote and the quoted
// cast) is evaluated exactly once: by the first of its rows, in the order its
// description lists them, that the batch changed.
import type { SqlClient } from '../db/sql-client';
import { FARCASTER } from '../domain/protocols';
import { followerDaysSql } from '../repositories/live-counters';
import {
  CHANGED_ROWS, FARCASTER_LIVE_COUNTERS, LIVE_COUNT_TABLES, type ChangedRows, type CountedRows, type CounterColumn, type LiveCountTable,
} from '../repositories/farcaster-counters';

/** Keys of the rows a batch changes. */
export interface ChangedKeys {
  links: { fid: number; target: number }[];
  reactions: { fid: number; type: number; hash: string }[];
  casts: string[];
}

/** A kind of changed keys as the statement takes them: one array per key column (CHANGED_ROWS). */
const KEY_COLUMNS: { [K in ChangedRows]: (keys: ChangedKeys[K]) => unknown[][] } = {
  links: (k) => [k.map((x) => x.fid), k.map((x) => x.target)],
  reactions: (k) => [k.map((x) => x.fid), k.map((x) => x.type), k.map((x) => x.hash)],
  casts: (k) => [k],
};
const KINDS = Object.keys(CHANGED_ROWS) as ChangedRows[];

export const COUNTERS = LIVE_COUNT_TABLES.fc_profile_counts.columns;
export type Counts = Record<CounterColumn<'fc_profile_counts'>, number>;

/** What a cast was given by others, as fc_cast_counts keeps it. */
export const CAST_COUNTERS = LIVE_COUNT_TABLES.fc_cast_counts.columns;
export type CastCounts = Record<CounterColumn<'fc_cast_counts'>, number>;

const TABLES = Object.keys(LIVE_COUNT_TABLES) as LiveCountTable[];
/** The statement's column for a counter column of a table (key columns keep their names: no two tables share one). */
const counterAlias = (table: LiveCountTable, column: string) => `t${TABLES.indexOf(table)}_${column}`;
const changedCte = (kind: ChangedRows) => `changed_${kind}`;
const sameKey = (kind: ChangedRows, a: string, b: string) => CHANGED_ROWS[kind].columns.map((c) => `${a}.${c} = ${b}.${c}`).join(' AND ');

/**
 * The rows of one pass over `rows` for the pairs its `driver`-th changed alias
 * names: per pair, one row per distinct key a counter of each table gives it
 * (a follow moves two fids' counters, so two rows), with every table's key
 * columns (NULL where that row has no key of the table) and a 0/1 per counter.
 */
function passSql(rows: CountedRows, driver: number, has: Record<ChangedRows, boolean>): string[] {
  const { alias, rows: kind } = rows.changedBy[driver];
  const earlier = rows.changedBy.slice(0, driver).filter((d) => has[d.rows])
    .map((d) => ` AND NOT EXISTS (SELECT 1 FROM ${changedCte(d.rows)} x WHERE ${sameKey(d.rows, 'x', d.alias)})`).join('');
  const from = `FROM ${rows.from} JOIN ${changedCte(kind)} k ON ${sameKey(kind, 'k', alias)} WHERE ${rows.counts}${earlier}`;
  const counters = FARCASTER_LIVE_COUNTERS.filter((c) => c.rows === rows);
  const keysOf = (table: LiveCountTable) => [...new Set(counters.filter((c) => c.table === table).map((c) => c.key.join(', ')))];
  const emissions = Math.max(...TABLES.map((t) => keysOf(t).length));
  return Array.from({ length: emissions }, (_, e) => {
    const columns = TABLES.flatMap((table) => {
      const { key, types, columns: counted } = LIVE_COUNT_TABLES[table];
      const chosen = keysOf(table)[e];
      const mine = counters.filter((c) => c.table === table && c.key.join(', ') === chosen);
      const keyExprs = chosen === undefined ? key.map(() => 'NULL') : mine[0].key;
      return [
        ...key.map((k: string, i) => `(${keyExprs[i]})::${types[i]} AS ${k}`),
        ...counted.map((col: string) => {
          const of = mine.filter((c) => c.column === col);
          return `${of.length ? of.map((c) => (c.where ? `(${c.where})::int` : '1')).join(' + ') : '0'} AS ${counterAlias(table, col)}`;
        }),
      ];
    });
    return `SELECT ${columns.join(', ')} ${from}`;
  });
}

/**
 * Every counted pair the changed rows are part of, summed per key of each
 * counter table in one pass (grouping sets, one per table); a key whose
 * pairs count nothing in its table gets no row.
 *
 * The statement holds only the passes for the kinds of keys a batch has: most
 * batches change one kind (a run of follows, say), and an embedded store plans
 * the whole text on every call.
 */
export function contributionsSql(has: Record<ChangedRows, boolean>): string {
  let n = 0;
  const param = (type: string) => `$${++n}::${type}[]`;
  const ctes = KINDS.filter((k) => has[k]).map((k) => `${changedCte(k)} AS (SELECT DISTINCT * FROM unnest(${
    CHANGED_ROWS[k].types.map(param).join(', ')}) AS k(${CHANGED_ROWS[k].columns.join(', ')}))`);
  const passes = [...new Set(FARCASTER_LIVE_COUNTERS.map((c) => c.rows))]
    .flatMap((rows) => rows.changedBy.flatMap((d, i) => (has[d.rows] ? passSql(rows, i, has) : [])));
  const sets = TABLES.map((t) => `(${LIVE_COUNT_TABLES[t].key.join(', ')})`);
  const first = (t: LiveCountTable) => LIVE_COUNT_TABLES[t].key[0];
  // A key whose rows count nothing (a recast for the likes' pairs) gets no row. OFFSET 0 keeps
  // the union a subquery: Postgres before 18 pulls a lone pass up into the grouping and then
  // mistakes its constant key columns (a pair's kind) in the HAVING, losing that set's rows.
  const counted = (t: LiveCountTable) => LIVE_COUNT_TABLES[t].columns.map((c: string) => `sum(${counterAlias(t, c)})`).join(' + ');
  return `
  WITH ${ctes.join(',\n  ')}
  SELECT ${TABLES.map((t, i) => `GROUPING(${first(t)}) = 0 AS in_t${i}`).join(', ')}, ${TABLES.flatMap((t) => LIVE_COUNT_TABLES[t].key).join(', ')},
    ${TABLES.flatMap((t) => LIVE_COUNT_TABLES[t].columns.map((c: string) => `sum(${counterAlias(t, c)})::int AS ${counterAlias(t, c)}`)).join(', ')}
  FROM (${passes.join('\n    UNION ALL ')}
    OFFSET 0) x GROUP BY GROUPING SETS (${sets.join(', ')})
  HAVING CASE ${TABLES.map((t) => `WHEN GROUPING(${first(t)}) = 0 THEN ${first(t)} IS NOT NULL AND ${counted(t)} > 0`).join(' ')} END`;
}

/** The statement for each combination of key kinds, built once. */
const CONTRIBUTIONS = new Map<string, string>();

type Row = Record<string, number | string | boolean | null>;

/** What changed rows contribute: per fid to its counters, per cast to what it was given, per engaging pair to its count. */
export interface Contributions { profiles: Map<number, Counts>; casts: Map<string, CastCounts>; pairs: Map<string, { n: number }> }

/** A row's counters of one table. */
const countersIn = <T extends LiveCountTable>(row: Row, table: T) =>
  Object.fromEntries(LIVE_COUNT_TABLES[table].columns.map((c: string) => [c, row[counterAlias(table, c)] as number])) as Record<CounterColumn<T>, number>;

/** What the changed rows contribute to each fid's counters, each cast's and each engaging pair's, as the tables stand now. */
export async function contributions(tx: SqlClient, keys: ChangedKeys): Promise<Contributions> {
  const out: Contributions = { profiles: new Map(), casts: new Map(), pairs: new Map() };
  const has = { links: keys.links.length > 0, reactions: keys.reactions.length > 0, casts: keys.casts.length > 0 };
  if (!KINDS.some((k) => has[k])) return out;
  const id = KINDS.map((k) => +has[k]).join('');
  let text = CONTRIBUTIONS.get(id);
  if (!text) CONTRIBUTIONS.set(id, (text = contributionsSql(has)));
  // In KINDS order, as the statement numbers them.
  const rows = await tx.query<Row>(text, [
    ...(has.links ? KEY_COLUMNS.links(keys.links) : []),
    ...(has.reactions ? KEY_COLUMNS.reactions(keys.reactions) : []),
    ...(has.casts ? KEY_COLUMNS.casts(keys.casts) : []),
  ]);
  for (const row of rows) {
    if (row[`in_t${TABLES.indexOf('fc_profile_counts')}`]) out.profiles.set(row.fid as number, countersIn(row, 'fc_profile_counts'));
    else if (row[`in_t${TABLES.indexOf('fc_cast_counts')}`]) out.casts.set(row.hash as string, countersIn(row, 'fc_cast_counts'));
    else out.pairs.set(pairKey(row.author as number, row.kind as number, row.actor as number), countersIn(row, 'fc_engagement_pair'));
  }
  return out;
}

/** Key of an engaging pair in Contributions.pairs: `${author}|${kind}|${actor}`. */
const pairKey = (author: number, kind: number, actor: number) => `${author}|${kind}|${actor}`;

/** How a table of counters is keyed: its key columns, their SQL types, and a map key's values for them. */
interface TableKey<K> { table: string; columns: readonly string[]; types: readonly string[]; values(id: K): unknown[] }

const keyOf = <K>(table: LiveCountTable, values: (id: K) => unknown[]): TableKey<K> =>
  ({ table, columns: LIVE_COUNT_TABLES[table].key, types: LIVE_COUNT_TABLES[table].types, values });
const PROFILE_KEY = keyOf<number>('fc_profile_counts', (fid) => [fid]);
const CAST_KEY = keyOf<string>('fc_cast_counts', (hash) => [hash]);
const PAIR_KEY = keyOf<string>('fc_engagement_pair', (key) => key.split('|').map(Number));
const PAIR_COUNTERS = LIVE_COUNT_TABLES.fc_engagement_pair.columns;

/** Adds after − before to each row of `key.table`; rows that fall to all zeros go (the rebuild writes none). */
async function applyDifference<K, C extends string>(tx: SqlClient, key: TableKey<K>, counters: readonly C[],
  before: Map<K, Record<C, number>>, after: Map<K, Record<C, number>>): Promise<void> {
  const ids = [...new Set([...before.keys(), ...after.keys()])];
  const changed = ids.map((id) => ({ id, d: counters.map((c) => (after.get(id)?.[c] ?? 0) - (before.get(id)?.[c] ?? 0)) }))
    .filter((x) => x.d.some((v) => v !== 0));
  if (!changed.length) return;
  const keyValues = changed.map((x) => key.values(x.id));
  const keyColumns = key.columns.map((_, i) => keyValues.map((v) => v[i]));
  const counterColumns = counters.map((_, i) => changed.map((x) => x.d[i]));
  const keyParams = key.types.map((type, i) => `$${i + 1}::${type}[]`);
  await tx.query(`
    INSERT INTO ${key.table} AS t (${key.columns.join(', ')}, ${counters.join(', ')})
    SELECT * FROM unnest(${[...keyParams, ...counters.map((_, i) => `$${keyParams.length + i + 1}::int[]`)].join(', ')})
    ON CONFLICT (${key.columns.join(', ')}) DO UPDATE SET ${counters.map((c) => `${c} = t.${c} + EXCLUDED.${c}`).join(', ')}`,
  [...keyColumns, ...counterColumns]);
  await tx.query(`
    DELETE FROM ${key.table} t USING unnest(${keyParams.join(', ')}) AS k(${key.columns.join(', ')})
    WHERE ${key.columns.map((c) => `t.${c} = k.${c}`).join(' AND ')} AND ${counters.map((c) => `t.${c} = 0`).join(' AND ')}`,
  keyColumns);
}

/** Adds after − before to fc_profile_counts, fc_cast_counts and fc_engagement_pair. */
export async function applyCountDifference(tx: SqlClient, before: Contributions, after: Contributions): Promise<void> {
  await applyDifference(tx, PROFILE_KEY, COUNTERS, before.profiles, after.profiles);
  await applyDifference(tx, CAST_KEY, CAST_COUNTERS, before.casts, after.casts);
  await applyDifference(tx, PAIR_KEY, PAIR_COUNTERS, before.pairs, after.pairs);
}

/** A follow row as fc_follower_day counts it (followerDaysSql states the rule). */
export interface FollowState { fid: number; target: number; timestamp: Date; deleted_at: Date | null }

/** Follow rows as a row set with fc_link's columns, from four array parameters starting at `$first`. */
const followRowsSql = (first: number) => {
  const { follower, followee } = FARCASTER.follows;
  return `unnest($${first}::int[], $${first + 1}::int[], $${first + 2}::timestamptz[], $${first + 3}::timestamptz[]) AS r(${follower}, ${followee}, timestamp, deleted_at)`;
};

/**
 * The daily net change of a batch's follows, by the refresh's own rule (followerDaysSql) evaluated over the rows
 * before and over them after, subtracted: (fid, day, delta) with no zero deltas.
 */
const DAILY_DIFFERENCE = `
  SELECT id, day, sum(delta)::int AS delta FROM (
    SELECT id, day, -delta AS delta FROM (${followerDaysSql(FARCASTER, undefined, followRowsSql(1))}) b
    UNION ALL
    SELECT id, day, delta FROM (${followerDaysSql(FARCASTER, undefined, followRowsSql(5))}) a) x
  GROUP BY id, day HAVING sum(delta) <> 0`;

const arraysOf = (rows: FollowState[]) => [rows.map((r) => r.fid), rows.map((r) => r.target), rows.map((r) => r.timestamp), rows.map((r) => r.deleted_at)];

/** Adds the daily follower changes of follow rows going from `before` to `after` (undefined = no row). */
export async function applyDailyDifference(tx: SqlClient, changes: { before?: FollowState; after?: FollowState }[]): Promise<void> {
  const before = changes.flatMap((c) => (c.before ? [c.before] : []));
  const after = changes.flatMap((c) => (c.after ? [c.after] : []));
  if (!before.length && !after.length) return;
  const changed = await tx.query<{ fid: number; day: string }>(`
    INSERT INTO fc_follower_day AS t (fid, day, delta) ${DAILY_DIFFERENCE}
    ON CONFLICT (fid, day) DO UPDATE SET delta = t.delta + EXCLUDED.delta
    RETURNING t.fid, t.day::text AS day`, [...arraysOf(before), ...arraysOf(after)]);
  if (!changed.length) return;
  await tx.query(`
    DELETE FROM fc_follower_day t USING unnest($1::int[], $2::date[]) AS k(fid, day)
    WHERE t.fid = k.fid AND t.day = k.day AND t.delta = 0`, [changed.map((r) => r.fid), changed.map((r) => r.day)]);
}
