// Keeps fc_profile_counts, fc_cast_counts, fc_engagement_pair and fc_follower_day current inside a sync transaction.
// The counters are defined by the rebuild (src/analytics/farcaster-live.sql.ts);
// here the same definitions are evaluated over only the rows a batch changed,
// once before its writes and once after, and the difference is added. Every
// counted pair (a like and its cast, a reply and its parent, a quote and the
// quoted cast) is evaluated exactly once: by the changed row when that row
// changed, else by the changed cast it points at.
import type { SqlClient } from '../db/sql-client';

/** Keys of the rows a batch changes. */
export interface ChangedKeys {
  links: { fid: number; target: number }[];
  reactions: { fid: number; type: number; hash: string }[];
  casts: string[];
}

export const COUNTERS = ['followers', 'following', 'posts', 'likes_received', 'recasts_received', 'replies_received', 'quotes_received'] as const;
export type Counts = Record<(typeof COUNTERS)[number], number>;

/** One part of the union: a row per counted pair, 1 in the counters it moves (a: followers, b: following, p: posts, l/r/re/q: likes, recasts, replies, quotes received). */
const PART_COLUMNS = ['a', 'b', 'p', 'l', 'r', 're', 'q'] as const;
type PartCounts = Partial<Record<(typeof PART_COLUMNS)[number], string>>;
/**
 * `fid` is whose counter the pair moves (for what a cast was given: the cast's
 * author); an engagement (a like, reply or quote) also names its `actor` and
 * `kind` (0 likes, 1 replies, 2 quotes), for fc_engagement_pair.
 */
const part = (fid: string, hash: string, from: string, set: PartCounts, engagement?: { actor: string; kind: string }) =>
  `SELECT ${fid} AS fid, ${hash}::text AS hash, ${engagement?.actor ?? 'NULL'}::int AS actor, ${engagement?.kind ?? 'NULL'}::int AS kind, ${
    PART_COLUMNS.map((c) => `${set[c] ?? '0'} AS ${c}`).join(', ')} FROM ${from}`;
const REACTION_COUNTS = { l: '(reaction_type = 1)::int', r: '(reaction_type = 2)::int' };
/** A like is an engagement of kind 0; a recast is none (the lists have likes, replies and quotes). */
const REACTION_ENGAGEMENT = { actor: 'actor', kind: 'CASE WHEN reaction_type = 1 THEN 0 END' };

/**
 * Every counted pair the changed rows are part of, as one row each: the fid
 * whose counter it moves and, for what a cast was given (a like, recast,
 * reply or quote), that cast's hash and who gave it. Summed per fid
 * (fc_profile_counts), per hash (fc_cast_counts) and per author, kind and
 * actor (fc_engagement_pair) in one pass (grouping sets).
 *
 * The statement holds only the parts for the kinds of keys a batch has: most
 * batches change one kind (a run of follows, say), and an embedded store plans
 * the whole text on every call (a third of its writer's time went to this
 * statement with every part in it).
 */
function contributionsSql(has: { links: boolean; reactions: boolean; casts: boolean }): string {
  const ctes: string[] = [];
  const parts: string[] = [];
  let n = 0;
  const param = (type: string) => `$${++n}::${type}`;
  if (has.links) {
    ctes.push(`lk AS (SELECT * FROM unnest(${param('int[]')}, ${param('int[]')}) AS k(fid, target_fid))`, `live_links AS (
    SELECT l.fid, l.target_fid FROM fc_link l JOIN lk ON lk.fid = l.fid AND lk.target_fid = l.target_fid
    WHERE l.deleted_at IS NULL AND l.fid <> l.target_fid)`);
    parts.push(part('target_fid', 'NULL', 'live_links', { a: '1' }), part('fid', 'NULL', 'live_links', { b: '1' }));
  }
  if (has.reactions) {
    ctes.push(`rk AS (SELECT * FROM unnest(${param('int[]')}, ${param('int[]')}, ${param('text[]')}) AS k(fid, reaction_type, target_hash))`,
      `changed_reactions AS (
    SELECT c.fid AS author, c.hash, r.reaction_type, r.fid AS actor FROM fc_reaction r
    JOIN rk ON rk.fid = r.fid AND rk.reaction_type = r.reaction_type AND rk.target_hash = r.target_hash
    JOIN fc_cast c ON c.hash = r.target_hash
    WHERE r.deleted_at IS NULL AND c.deleted_at IS NULL AND r.fid <> c.fid)`);
    parts.push(part('author', 'hash', 'changed_reactions', REACTION_COUNTS, REACTION_ENGAGEMENT));
  }
  if (has.casts) {
    // A reaction to a changed cast is counted here unless the reaction changed too (then changed_reactions has it).
    const notChangedReaction = has.reactions
      ? 'AND NOT EXISTS (SELECT 1 FROM rk WHERE rk.fid = r.fid AND rk.reaction_type = r.reaction_type AND rk.target_hash = r.target_hash)' : '';
    ctes.push(`ck AS (SELECT DISTINCT unnest(${param('text[]')}) AS hash)`, `reactions_to_changed AS (
    SELECT c.fid AS author, c.hash, r.reaction_type, r.fid AS actor FROM ck JOIN fc_cast c ON c.hash = ck.hash JOIN fc_reaction r ON r.target_hash = c.hash
    WHERE r.deleted_at IS NULL AND c.deleted_at IS NULL AND r.fid <> c.fid ${notChangedReaction})`,
    'posts AS (SELECT c.fid FROM ck JOIN fc_cast c ON c.hash = ck.hash WHERE c.deleted_at IS NULL AND c.parent_hash IS NULL)', `replies AS (
    SELECT p.fid, p.hash, c.fid AS actor FROM ck JOIN fc_cast c ON c.hash = ck.hash JOIN fc_cast p ON p.hash = c.parent_hash
    WHERE c.deleted_at IS NULL AND p.deleted_at IS NULL AND c.fid <> p.fid
    UNION ALL
    SELECT p.fid, p.hash, c.fid FROM ck JOIN fc_cast p ON p.hash = ck.hash JOIN fc_cast c ON c.parent_hash = p.hash
    WHERE c.deleted_at IS NULL AND p.deleted_at IS NULL AND c.fid <> p.fid AND NOT EXISTS (SELECT 1 FROM ck k2 WHERE k2.hash = c.hash))`, `quotes AS (
    SELECT q.fid, q.hash, c.fid AS actor FROM ck JOIN fc_cast c ON c.hash = ck.hash JOIN fc_cast q ON q.hash = c.quoted_hash
    WHERE c.deleted_at IS NULL AND q.deleted_at IS NULL AND c.fid <> q.fid
    UNION ALL
    SELECT q.fid, q.hash, c.fid FROM ck JOIN fc_cast q ON q.hash = ck.hash JOIN fc_cast c ON c.quoted_hash = q.hash
    WHERE c.deleted_at IS NULL AND q.deleted_at IS NULL AND c.fid <> q.fid AND NOT EXISTS (SELECT 1 FROM ck k2 WHERE k2.hash = c.hash))`);
    parts.push(part('author', 'hash', 'reactions_to_changed', REACTION_COUNTS, REACTION_ENGAGEMENT), part('fid', 'NULL', 'posts', { p: '1' }),
      part('fid', 'hash', 'replies', { re: '1' }, { actor: 'actor', kind: '1' }), part('fid', 'hash', 'quotes', { q: '1' }, { actor: 'actor', kind: '2' }));
  }
  return `
  WITH ${ctes.join(',\n  ')}
  SELECT GROUPING(hash) = 0 AS per_cast, GROUPING(actor) = 0 AS per_pair, fid, hash, actor, kind, count(*)::int AS n,
    sum(a)::int AS followers, sum(b)::int AS following, sum(p)::int AS posts,
    sum(l)::int AS likes_received, sum(r)::int AS recasts_received, sum(re)::int AS replies_received, sum(q)::int AS quotes_received
  FROM (${parts.join('\n    UNION ALL ')}
  ) x GROUP BY GROUPING SETS ((fid), (hash), (fid, kind, actor))
  HAVING CASE WHEN GROUPING(hash) = 0 THEN hash IS NOT NULL WHEN GROUPING(actor) = 0 THEN kind IS NOT NULL ELSE true END`;
}

/** The statement for each combination of key kinds, built once. */
const CONTRIBUTIONS = new Map<string, string>();

type Row = { per_cast: boolean; per_pair: boolean; fid: number | null; hash: string | null; actor: number | null; kind: number | null; n: number } & Counts;

/** What a cast was given by others, as fc_cast_counts keeps it. */
export const CAST_COUNTERS = ['likes', 'recasts', 'replies', 'quotes'] as const;
export type CastCounts = Record<(typeof CAST_COUNTERS)[number], number>;

/** Key of an engaging pair in Contributions.pairs: `${author}|${kind}|${actor}`. */
const pairKey = (author: number, kind: number, actor: number) => `${author}|${kind}|${actor}`;

/** What changed rows contribute: per fid to its counters, per cast to what it was given, per engaging pair to its count. */
export interface Contributions { profiles: Map<number, Counts>; casts: Map<string, CastCounts>; pairs: Map<string, { n: number }> }

/** What the changed rows contribute to each fid's counters, each cast's and each engaging pair's, as the tables stand now. */
export async function contributions(tx: SqlClient, keys: ChangedKeys): Promise<Contributions> {
  const out: Contributions = { profiles: new Map(), casts: new Map(), pairs: new Map() };
  if (!keys.links.length && !keys.reactions.length && !keys.casts.length) return out;
  const has = { links: keys.links.length > 0, reactions: keys.reactions.length > 0, casts: keys.casts.length > 0 };
  const id = `${+has.links}${+has.reactions}${+has.casts}`;
  let text = CONTRIBUTIONS.get(id);
  if (!text) CONTRIBUTIONS.set(id, (text = contributionsSql(has)));
  const rows = await tx.query<Row>(text, [
    ...(has.links ? [keys.links.map((k) => k.fid), keys.links.map((k) => k.target)] : []),
    ...(has.reactions ? [keys.reactions.map((k) => k.fid), keys.reactions.map((k) => k.type), keys.reactions.map((k) => k.hash)] : []),
    ...(has.casts ? [keys.casts] : []),
  ]);
  for (const { per_cast: perCast, per_pair: perPair, fid, hash, actor, kind, n, ...counts } of rows) {
    if (perPair) {
      out.pairs.set(pairKey(fid!, kind!, actor!), { n });
    } else if (perCast) {
      out.casts.set(hash!, { likes: counts.likes_received, recasts: counts.recasts_received, replies: counts.replies_received, quotes: counts.quotes_received });
    } else {
      out.profiles.set(fid!, counts);
    }
  }
  return out;
}

/** How a table of counters is keyed: its key columns, their SQL types, and a map key's values for them. */
interface TableKey<K> { table: string; columns: readonly string[]; types: readonly string[]; values(id: K): unknown[] }

const PROFILE_KEY: TableKey<number> = { table: 'fc_profile_counts', columns: ['fid'], types: ['int'], values: (fid) => [fid] };
const CAST_KEY: TableKey<string> = { table: 'fc_cast_counts', columns: ['hash'], types: ['text'], values: (hash) => [hash] };
const PAIR_KEY: TableKey<string> = {
  table: 'fc_engagement_pair', columns: ['author', 'kind', 'actor'], types: ['int', 'int', 'int'], values: (key) => key.split('|').map(Number),
};
const PAIR_COUNTERS = ['n'] as const;

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

/** A follow row as fc_follower_day counts it: +1 on its day, −1 on its unfollow's day (self-follows never). */
export interface FollowState { fid: number; target: number; timestamp: Date; deleted_at: Date | null }

const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/** Adds the daily follower changes of follow rows going from `before` to `after` (undefined = no row). */
export async function applyDailyDifference(tx: SqlClient, changes: { before?: FollowState; after?: FollowState }[]): Promise<void> {
  const delta = new Map<string, number>();
  const add = (row: FollowState | undefined, sign: number) => {
    if (!row || row.fid === row.target) return;
    const bump = (day: string, v: number) => { const k = `${row.target}|${day}`; delta.set(k, (delta.get(k) ?? 0) + v * sign); };
    bump(utcDay(row.timestamp), 1);
    if (row.deleted_at) bump(utcDay(row.deleted_at), -1);
  };
  for (const c of changes) { add(c.before, -1); add(c.after, 1); }
  const entries = [...delta].filter(([, v]) => v !== 0).map(([k, v]) => { const [fid, day] = k.split('|'); return { fid: Number(fid), day, v }; });
  if (!entries.length) return;
  const fids = entries.map((e) => e.fid);
  const days = entries.map((e) => e.day);
  await tx.query(`
    INSERT INTO fc_follower_day AS t (fid, day, delta) SELECT * FROM unnest($1::int[], $2::date[], $3::int[])
    ON CONFLICT (fid, day) DO UPDATE SET delta = t.delta + EXCLUDED.delta`, [fids, days, entries.map((e) => e.v)]);
  await tx.query(`
    DELETE FROM fc_follower_day t USING unnest($1::int[], $2::date[]) AS k(fid, day)
    WHERE t.fid = k.fid AND t.day = k.day AND t.delta = 0`, [fids, days]);
}
