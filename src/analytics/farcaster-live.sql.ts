// Farcaster's live counters (per fid, per cast and per engaging pair) and follower history, rebuilt whole from the base
// tables. The live sync keeps them current event by event (src/sync/live-counts.ts
// applies the same definitions to the rows an event changed); an import writes
// the base tables in bulk, so the refresh after it rebuilds them here.
import type { SqlClient } from '../db/sql-client';
import { FARCASTER, FC_USER_DATA as T } from '../domain/protocols';
import { clearFarcasterLiveStale, FARCASTER_LIVE_STALE, importMarkValue } from '../repositories/live-state.repository';
import { liveDailySql } from './follow-refresh.sql';

/**
 * Per fid: followers, following, live top-level casts, what others gave its
 * live casts, and its search names (live username and fnames, lower case,
 * as the triggers of fc_user_data and fc_fname keep them).
 */
const COUNTS = `
  INSERT INTO fc_profile_counts (fid, followers, following, posts, likes_received, recasts_received, replies_received, quotes_received, search_names)
  WITH followers AS (SELECT target_fid AS fid, count(*)::int AS n FROM fc_link WHERE deleted_at IS NULL AND fid <> target_fid GROUP BY 1),
  following AS (SELECT fid, count(*)::int AS n FROM fc_link WHERE deleted_at IS NULL AND fid <> target_fid GROUP BY 1),
  posts AS (SELECT fid, count(*)::int AS n FROM fc_cast WHERE deleted_at IS NULL AND parent_hash IS NULL GROUP BY 1),
  reactions AS (
    SELECT c.fid, count(*) FILTER (WHERE r.reaction_type = 1)::int AS likes, count(*) FILTER (WHERE r.reaction_type = 2)::int AS recasts
    FROM fc_reaction r JOIN fc_cast c ON c.hash = r.target_hash
    WHERE r.deleted_at IS NULL AND c.deleted_at IS NULL AND r.fid <> c.fid GROUP BY c.fid),
  replies AS (
    SELECT p.fid, count(*)::int AS n FROM fc_cast c JOIN fc_cast p ON p.hash = c.parent_hash
    WHERE c.deleted_at IS NULL AND p.deleted_at IS NULL AND c.fid <> p.fid GROUP BY p.fid),
  quotes AS (
    SELECT q.fid, count(*)::int AS n FROM fc_cast c JOIN fc_cast q ON q.hash = c.quoted_hash
    WHERE c.deleted_at IS NULL AND q.deleted_at IS NULL AND c.fid <> q.fid GROUP BY q.fid),
  ids AS (SELECT fid FROM followers UNION SELECT fid FROM following UNION SELECT fid FROM posts
    UNION SELECT fid FROM reactions UNION SELECT fid FROM replies UNION SELECT fid FROM quotes),
  names AS (
    SELECT fid, array_agg(DISTINCT name ORDER BY name) AS names FROM (
      SELECT fid, lower(value) AS name FROM fc_user_data WHERE type = ${T.username} AND deleted_at IS NULL
      UNION ALL
      SELECT fid, lower(fname) FROM fc_fname WHERE deleted_at IS NULL) n
    GROUP BY fid)
  SELECT i.fid, coalesce(fo.n, 0), coalesce(fg.n, 0), coalesce(po.n, 0), coalesce(r.likes, 0), coalesce(r.recasts, 0),
    coalesce(re.n, 0), coalesce(q.n, 0), coalesce(nm.names, ARRAY[]::text[])
  FROM ids i
  LEFT JOIN followers fo ON fo.fid = i.fid LEFT JOIN following fg ON fg.fid = i.fid LEFT JOIN posts po ON po.fid = i.fid
  LEFT JOIN reactions r ON r.fid = i.fid LEFT JOIN replies re ON re.fid = i.fid LEFT JOIN quotes q ON q.fid = i.fid
  LEFT JOIN names nm ON nm.fid = i.fid
  ORDER BY i.fid`;

/** Per live cast, what others gave it (the same pairs as the profile counters' likes … quotes); none, no row. */
const CAST_COUNTS = `
  INSERT INTO fc_cast_counts (hash, likes, recasts, replies, quotes)
  SELECT hash, sum(l)::int, sum(r)::int, sum(re)::int, sum(q)::int FROM (
    SELECT c.hash, (x.reaction_type = 1)::int AS l, (x.reaction_type = 2)::int AS r, 0 AS re, 0 AS q
    FROM fc_reaction x JOIN fc_cast c ON c.hash = x.target_hash
    WHERE x.deleted_at IS NULL AND c.deleted_at IS NULL AND x.fid <> c.fid
    UNION ALL
    SELECT p.hash, 0, 0, 1, 0 FROM fc_cast c JOIN fc_cast p ON p.hash = c.parent_hash
    WHERE c.deleted_at IS NULL AND p.deleted_at IS NULL AND c.fid <> p.fid
    UNION ALL
    SELECT q.hash, 0, 0, 0, 1 FROM fc_cast c JOIN fc_cast q ON q.hash = c.quoted_hash
    WHERE c.deleted_at IS NULL AND q.deleted_at IS NULL AND c.fid <> q.fid
  ) x GROUP BY hash HAVING sum(l) + sum(r) + sum(re) + sum(q) > 0 ORDER BY hash`;

/** Per author, kind (0 likes, 1 replies, 2 quotes) and actor: the actor's live interactions on the author's live casts. */
const ENGAGEMENT_PAIRS = `
  INSERT INTO fc_engagement_pair (author, kind, actor, n)
  SELECT author, kind, actor, count(*)::int FROM (
    SELECT c.fid AS author, 0 AS kind, r.fid AS actor FROM fc_reaction r JOIN fc_cast c ON c.hash = r.target_hash
    WHERE r.deleted_at IS NULL AND c.deleted_at IS NULL AND r.reaction_type = 1 AND r.fid <> c.fid
    UNION ALL
    SELECT p.fid, 1, c.fid FROM fc_cast c JOIN fc_cast p ON p.hash = c.parent_hash
    WHERE c.deleted_at IS NULL AND p.deleted_at IS NULL AND c.fid <> p.fid
    UNION ALL
    SELECT q.fid, 2, c.fid FROM fc_cast c JOIN fc_cast q ON q.hash = c.quoted_hash
    WHERE c.deleted_at IS NULL AND q.deleted_at IS NULL AND c.fid <> q.fid
  ) x GROUP BY author, kind, actor ORDER BY author, kind, actor`;

/**
 * Rebuilds the four tables in one transaction. The lock (SHARE ROW EXCLUSIVE) lets
 * readers go on but makes a live sync's writes wait: a sync transaction that
 * wrote base rows before the lock commits first and is counted here; one that
 * writes after waits and applies its difference to the rebuilt counts.
 */
export async function rebuildFarcasterLive(sql: SqlClient): Promise<void> {
  await sql.transaction(async (tx) => {
    await tx.exec('LOCK TABLE fc_profile_counts, fc_cast_counts, fc_engagement_pair, fc_follower_day IN SHARE ROW EXCLUSIVE MODE');
    // Read before counting: an import that marks the tables while they are rebuilt keeps its mark.
    const seen = await importMarkValue(tx, FARCASTER_LIVE_STALE);
    await tx.exec('DELETE FROM fc_profile_counts');
    await tx.exec(COUNTS);
    await tx.exec('DELETE FROM fc_cast_counts');
    await tx.exec(CAST_COUNTS);
    await tx.exec('DELETE FROM fc_engagement_pair');
    await tx.exec(ENGAGEMENT_PAIRS);
    await tx.exec('DELETE FROM fc_follower_day');
    await tx.exec(liveDailySql(FARCASTER));
    await clearFarcasterLiveStale(tx, seen);
  });
  await sql.exec('ANALYZE fc_profile_counts');
  await sql.exec('ANALYZE fc_cast_counts');
  await sql.exec('ANALYZE fc_engagement_pair');
  await sql.exec('ANALYZE fc_follower_day');
}

