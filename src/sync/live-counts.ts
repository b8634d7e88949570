// Keeps fc_profile_counts, fc_cast_counts and fc_follower_day current inside a sync transaction.
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

/**
 * Every counted pair the changed rows are part of, as one row each: the fid
 * whose counter it moves and, for what a cast was given (a like, recast,
 * reply or quote), that cast's hash. Summed per fid (fc_profile_counts) and
 * per hash (fc_cast_counts) in one pass (grouping sets).
 */
const CONTRIBUTIONS = `
  WITH lk AS (SELECT * FROM unnest($1::int[], $2::int[]) AS k(fid, target_fid)),
  rk AS (SELECT * FROM unnest($3::int[], $4::int[], $5::text[]) AS k(fid, reaction_type, target_hash)),
  ck AS (SELECT DISTINCT unnest($6::text[]) AS hash),
  live_links AS (
    SELECT l.fid, l.target_fid FROM fc_link l JOIN lk ON lk.fid = l.fid AND lk.target_fid = l.target_fid
    WHERE l.deleted_at IS NULL AND l.fid <> l.target_fid),
  changed_reactions AS (
    SELECT c.fid AS author, c.hash, r.reaction_type FROM fc_reaction r
    JOIN rk ON rk.fid = r.fid AND rk.reaction_type = r.reaction_type AND rk.target_hash = r.target_hash
    JOIN fc_cast c ON c.hash = r.target_hash
    WHERE r.deleted_at IS NULL AND c.deleted_at IS NULL AND r.fid <> c.fid),
  reactions_to_changed AS (
    SELECT c.fid AS author, c.hash, r.reaction_type FROM ck JOIN fc_cast c ON c.hash = ck.hash JOIN fc_reaction r ON r.target_hash = c.hash
    WHERE r.deleted_at IS NULL AND c.deleted_at IS NULL AND r.fid <> c.fid
      AND NOT EXISTS (SELECT 1 FROM rk WHERE rk.fid = r.fid AND rk.reaction_type = r.reaction_type AND rk.target_hash = r.target_hash)),
  posts AS (SELECT c.fid FROM ck JOIN fc_cast c ON c.hash = ck.hash WHERE c.deleted_at IS NULL AND c.parent_hash IS NULL),
  replies AS (
    SELECT p.fid, p.hash FROM ck JOIN fc_cast c ON c.hash = ck.hash JOIN fc_cast p ON p.hash = c.parent_hash
    WHERE c.deleted_at IS NULL AND p.deleted_at IS NULL AND c.fid <> p.fid
    UNION ALL
    SELECT p.fid, p.hash FROM ck JOIN fc_cast p ON p.hash = ck.hash JOIN fc_cast c ON c.parent_hash = p.hash
    WHERE c.deleted_at IS NULL AND p.deleted_at IS NULL AND c.fid <> p.fid AND NOT EXISTS (SELECT 1 FROM ck k2 WHERE k2.hash = c.hash)),
  quotes AS (
    SELECT q.fid, q.hash FROM ck JOIN fc_cast c ON c.hash = ck.hash JOIN fc_cast q ON q.hash = c.quoted_hash
    WHERE c.deleted_at IS NULL AND q.deleted_at IS NULL AND c.fid <> q.fid
    UNION ALL
    SELECT q.fid, q.hash FROM ck JOIN fc_cast q ON q.hash = ck.hash JOIN fc_cast c ON c.quoted_hash = q.hash
    WHERE c.deleted_at IS NULL AND q.deleted_at IS NULL AND c.fid <> q.fid AND NOT EXISTS (SELECT 1 FROM ck k2 WHERE k2.hash = c.hash))
  SELECT GROUPING(hash) = 0 AS per_cast, fid, hash, sum(a)::int AS followers, sum(b)::int AS following, sum(p)::int AS posts,
    sum(l)::int AS likes_received, sum(r)::int AS recasts_received, sum(re)::int AS replies_received, sum(q)::int AS quotes_received
  FROM (
    SELECT target_fid AS fid, NULL::text AS hash, 1 AS a, 0 AS b, 0 AS p, 0 AS l, 0 AS r, 0 AS re, 0 AS q FROM live_links
    UNION ALL SELECT fid, NULL, 0, 1, 0, 0, 0, 0, 0 FROM live_links
    UNION ALL SELECT author, hash, 0, 0, 0, (reaction_type = 1)::int, (reaction_type = 2)::int, 0, 0 FROM changed_reactions
    UNION ALL SELECT author, hash, 0, 0, 0, (reaction_type = 1)::int, (reaction_type = 2)::int, 0, 0 FROM reactions_to_changed
    UNION ALL SELECT fid, NULL, 0, 0, 1, 0, 0, 0, 0 FROM posts
    UNION ALL SELECT fid, hash, 0, 0, 0, 0, 0, 1, 0 FROM replies
    UNION ALL SELECT fid, hash, 0, 0, 0, 0, 0, 0, 1 FROM quotes
  ) x GROUP BY GROUPING SETS ((fid), (hash))
  HAVING GROUPING(hash) = 1 OR hash IS NOT NULL`;

type Row = { per_cast: boolean; fid: number | null; hash: string | null } & Counts;

/** What a cast was given by others, as fc_cast_counts keeps it. */
export const CAST_COUNTERS = ['likes', 'recasts', 'replies', 'quotes'] as const;
export type CastCounts = Record<(typeof CAST_COUNTERS)[number], number>;

/** What changed rows contribute: per fid to its counters, per cast to what it was given. */
export interface Contributions { profiles: Map<number, Counts>; casts: Map<string, CastCounts> }

/** What the changed rows contribute to each fid's counters and each cast's, as the tables stand now. */
export async function contributions(tx: SqlClient, keys: ChangedKeys): Promise<Contributions> {
  const out: Contributions = { profiles: new Map(), casts: new Map() };
  if (!keys.links.length && !keys.reactions.length && !keys.casts.length) return out;
  const rows = await tx.query<Row>(CONTRIBUTIONS, [
    keys.links.map((k) => k.fid), keys.links.map((k) => k.target),
    keys.reactions.map((k) => k.fid), keys.reactions.map((k) => k.type), keys.reactions.map((k) => k.hash),
    keys.casts,
  ]);
  for (const { per_cast: perCast, fid, hash, ...counts } of rows) {
    if (perCast) {
      out.casts.set(hash!, { likes: counts.likes_received, recasts: counts.recasts_received, replies: counts.replies_received, quotes: counts.quotes_received });
    } else {
      out.profiles.set(fid!, counts);
    }
  }
  return out;
}

/** Adds after − before to each row of `table` (keyed by `key` of `keyType`); rows that fall to all zeros go (the rebuild writes none). */
async function applyDifference<K extends string | number, C extends string>(tx: SqlClient, table: string, key: string, keyType: string,
  counters: readonly C[], before: Map<K, Record<C, number>>, after: Map<K, Record<C, number>>): Promise<void> {
  const ids = [...new Set([...before.keys(), ...after.keys()])];
  const changed = ids.map((id) => ({ id, d: counters.map((c) => (after.get(id)?.[c] ?? 0) - (before.get(id)?.[c] ?? 0)) }))
    .filter((x) => x.d.some((v) => v !== 0));
  if (!changed.length) return;
  const columns = counters.map((_, i) => changed.map((x) => x.d[i]));
  await tx.query(`
    INSERT INTO ${table} AS t (${key}, ${counters.join(', ')})
    SELECT * FROM unnest($1::${keyType}[], ${columns.map((_, i) => `$${i + 2}::int[]`).join(', ')})
    ON CONFLICT (${key}) DO UPDATE SET ${counters.map((c) => `${c} = t.${c} + EXCLUDED.${c}`).join(', ')}`,
  [changed.map((x) => x.id), ...columns]);
  await tx.query(`DELETE FROM ${table} WHERE ${key} = ANY($1::${keyType}[]) AND ${counters.map((c) => `${c} = 0`).join(' AND ')}`,
    [changed.map((x) => x.id)]);
}

/** Adds after − before to fc_profile_counts and fc_cast_counts. */
export async function applyCountDifference(tx: SqlClient, before: Contributions, after: Contributions): Promise<void> {
  await applyDifference(tx, 'fc_profile_counts', 'fid', 'int', COUNTERS, before.profiles, after.profiles);
  await applyDifference(tx, 'fc_cast_counts', 'hash', 'text', CAST_COUNTERS, before.casts, after.casts);
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
