// A viewer's notifications, read from the protocols' own rows (follows,
// reactions, posts) in one statement per page: the events, their groups
// (domain/notifications.ts states the rule), the page by keyset, the totals,
// and the key's seen cursor. Reading the base tables rather than a derived
// table is what makes a synced event show at once: nothing waits for a refresh.
import type { Database } from '../db/database';
import type { SqlClient } from '../db/sql-client';
import { NOTIFICATION_ACTORS, NOTIFICATION_WINDOW_SECONDS, type NotificationKind, type NotificationRow } from '../domain/notifications';
import { PROTOCOLS, type ProtocolName } from '../domain/protocols';
import { qualityAtLeastSql } from './quality.sql';

export interface NotificationQuery {
  protocol: ProtocolName;
  /** A fid, or a canonical Lens profile id. */
  viewer: number | string;
  apiKeyId: string;
  kinds: readonly NotificationKind[];
  minQuality: number | null;
  limit: number;
  backward: boolean;
  cursor: { at: Date; id: string } | null;
}

export interface NotificationPageRows {
  rows: NotificationRow[];
  /** Whether groups lie at or beyond the cursor the other way. */
  beyond: boolean;
  total: number;
  unseen: number;
  seenUpTo: Date | null;
}

/** The UTC day (days since 1970) of a time, the grouping window. */
const day = (at: string) => `floor(extract(epoch FROM ${at}) / ${NOTIFICATION_WINDOW_SECONDS})::bigint::text`;

/** A branch's SQL of the quality condition on its actor and the placeholder of the kinds' types (reaction or publication types). */
interface Branch { kinds: NotificationKind[]; sql: (quality: (actor: string) => string, types: () => string) => string }

/**
 * Each branch yields (kind, gkey, target, post, actor, at). A post that both replies
 * to and quotes or mentions the viewer is one notification, its first kind of
 * REPLY, QUOTE, MENTION; the viewer's own actions are never its notifications.
 */
const FARCASTER_BRANCHES: Branch[] = [
  { kinds: ['FOLLOW'], sql: (q) => `SELECT 'FOLLOW' AS kind, ${day('l.timestamp')} AS gkey, NULL::text AS target, NULL::text AS post, l.fid::text AS actor, l.timestamp AS at
    FROM fc_link l WHERE l.target_fid = $1 AND l.deleted_at IS NULL AND l.fid <> $1${q('l.fid')}` },
  { kinds: ['LIKE', 'REPOST'], sql: (q, t) => `SELECT CASE r.reaction_type WHEN 1 THEN 'LIKE' ELSE 'REPOST' END, r.target_hash || ':' || ${day('r.timestamp')}, r.target_hash, NULL::text, r.fid::text, r.timestamp
    FROM fc_reaction r WHERE r.target_fid = $1 AND r.reaction_type = ANY(${t()}::int[]) AND r.deleted_at IS NULL AND r.fid <> $1${q('r.fid')}
      AND NOT EXISTS (SELECT 1 FROM fc_cast t WHERE t.hash = r.target_hash AND t.deleted_at IS NOT NULL)` },
  { kinds: ['REPLY'], sql: (q) => `SELECT 'REPLY', c.hash, c.parent_hash, c.hash, c.fid::text, c.timestamp
    FROM fc_cast c WHERE c.parent_fid = $1 AND c.deleted_at IS NULL AND c.parent_fid IS NOT NULL AND c.fid <> $1${q('c.fid')}` },
  { kinds: ['QUOTE'], sql: (q) => `SELECT 'QUOTE', c.hash, c.quoted_hash, c.hash, c.fid::text, c.timestamp
    FROM fc_cast c WHERE c.quoted_fid = $1 AND c.deleted_at IS NULL AND c.quoted_fid IS NOT NULL AND c.fid <> $1
      AND c.parent_fid IS DISTINCT FROM $1${q('c.fid')}` },
  { kinds: ['MENTION'], sql: (q) => `SELECT 'MENTION', c.hash, c.hash, c.hash, c.fid::text, c.timestamp
    FROM fc_cast c WHERE c.mentions @> ARRAY[$1]::int[] AND c.deleted_at IS NULL AND c.fid <> $1
      AND c.parent_fid IS DISTINCT FROM $1 AND c.quoted_fid IS DISTINCT FROM $1${q('c.fid')}` },
];

const LENS_BRANCHES: Branch[] = [
  { kinds: ['FOLLOW'], sql: (q) => `SELECT 'FOLLOW' AS kind, ${day('f.timestamp')} AS gkey, NULL::text AS target, NULL::text AS post, f.follower_profile_id AS actor, f.timestamp AS at
    FROM lens_follow f WHERE f.profile_id = $1 AND f.deleted_at IS NULL AND f.follower_profile_id <> $1${q('f.follower_profile_id')}` },
  { kinds: ['LIKE'], sql: (q) => `SELECT 'LIKE', p.publication_id || ':' || ${day('r.action_at')}, p.publication_id, NULL::text, r.actioned_by_profile_id, r.action_at
    FROM lens_publication p JOIN lens_reaction r ON r.publication_id = p.publication_id
    WHERE p.profile_id = $1 AND NOT p.is_hidden AND r.type = 'UPVOTE' AND r.actioned_by_profile_id <> $1${q('r.actioned_by_profile_id')}` },
  { kinds: ['REPOST', 'REPLY', 'QUOTE'], sql: (q, t) => `SELECT CASE c.publication_type WHEN 'MIRROR' THEN 'REPOST' WHEN 'COMMENT' THEN 'REPLY' ELSE 'QUOTE' END,
      CASE c.publication_type WHEN 'MIRROR' THEN p.publication_id || ':' || ${day('c.timestamp')} ELSE c.publication_id END,
      p.publication_id, CASE WHEN c.publication_type = 'MIRROR' THEN NULL::text ELSE c.publication_id END, c.profile_id, c.timestamp
    FROM lens_publication p JOIN lens_publication c ON c.parent_publication_id = p.publication_id
    WHERE p.profile_id = $1 AND NOT p.is_hidden AND NOT c.is_hidden AND c.profile_id <> $1 AND c.publication_type = ANY(${t()}::text[])${q('c.profile_id')}` },
];

/** Farcaster reaction types and Lens child publication types of the kinds asked. */
function typesOf(protocol: ProtocolName, kinds: readonly NotificationKind[]): (number | string)[] {
  if (protocol === 'farcaster') return [...(kinds.includes('LIKE') ? [1] : []), ...(kinds.includes('REPOST') ? [2] : [])];
  const lens: Partial<Record<NotificationKind, string>> = { REPOST: 'MIRROR', REPLY: 'COMMENT', QUOTE: 'QUOTE' };
  return kinds.flatMap((k) => (lens[k] ? [lens[k]] : []));
}

const ROW_JSON = `json_build_object('id', id, 'kind', kind, 'target', target, 'post', post, 'count', n, 'newestAt', newest, 'oldestAt', oldest, 'actors', actors)`;

interface PageRow { total: number; unseen: number; seen_up_to: Date | null; beyond: boolean; rows: (Omit<NotificationRow, 'newestAt' | 'oldestAt'> & { newestAt: string; oldestAt: string })[] }

export async function notificationPage(db: Database, q: NotificationQuery): Promise<NotificationPageRows> {
  const p = PROTOCOLS[q.protocol];
  // $1 viewer, $2 key, $3 protocol, $4 viewer as text, $5 limit; then what the branches and the cursor use.
  const params: unknown[] = [q.viewer, q.apiKeyId, q.protocol, String(q.viewer), q.limit];
  const param = (value: unknown) => { params.push(value); return `$${params.length}`; };
  let quality: (actor: string) => string = () => '';
  if (q.minQuality !== null) {
    const n = param(q.minQuality);
    quality = (actor) => ` AND ${qualityAtLeastSql(p, actor, n)}`;
  }
  let types: string | null = null;
  const typesParam = () => (types ??= param(typesOf(q.protocol, q.kinds)));
  const branches = (q.protocol === 'farcaster' ? FARCASTER_BRANCHES : LENS_BRANCHES).filter((b) => b.kinds.some((k) => q.kinds.includes(k)));
  // Kinds the protocol has no rows of (MENTION on Lens) leave no branch: the list is empty, its viewer ($1) still typed.
  const events = branches.map((b) => b.sql(quality, typesParam)).join('\n    UNION ALL\n    ')
    || `SELECT NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::timestamptz WHERE $1::${p.id.sqlType} IS NULL`;
  let page = ''; let beyond = 'false';
  if (q.cursor) {
    const [a, i] = [`${param(q.cursor.at)}::timestamptz`, `${param(q.cursor.id)}::text`];
    const [past, other] = q.backward ? ['>', '<'] : ['<', '>'];
    page = `WHERE (newest ${past} ${a} OR (newest = ${a} AND id COLLATE "C" ${past} ${i}))`;
    beyond = `EXISTS (SELECT 1 FROM g WHERE newest ${other} ${a} OR (newest = ${a} AND id COLLATE "C" ${other}= ${i}))`;
  }
  const dir = q.backward ? 'ASC' : 'DESC';
  const order = `newest ${dir}, id COLLATE "C" ${dir}`;
  const [row] = await db.read<PageRow>(`
    WITH ev (kind, gkey, target, post, actor, at) AS (
    ${events}
    ), g AS (
      SELECT kind || ':' || gkey AS id, kind, min(target) AS target, min(post) AS post, count(*)::int AS n, max(at) AS newest, min(at) AS oldest,
        (array_agg(actor ORDER BY at DESC, length(actor) DESC, actor COLLATE "C" DESC))[1:${NOTIFICATION_ACTORS}] AS actors
      FROM ev GROUP BY kind, gkey
    ), seen AS (
      SELECT seen_up_to FROM notification_seen WHERE api_key_id = $2::uuid AND protocol = $3 AND viewer = $4
    ), page AS (
      SELECT * FROM g ${page} ORDER BY ${order} LIMIT $5
    )
    SELECT (SELECT count(*)::int FROM g) AS total,
      (SELECT count(*)::int FROM g WHERE newest > coalesce((SELECT seen_up_to FROM seen), '-infinity'::timestamptz)) AS unseen,
      (SELECT seen_up_to FROM seen) AS seen_up_to, ${beyond} AS beyond,
      coalesce((SELECT json_agg(${ROW_JSON} ORDER BY ${order}) FROM page), '[]'::json) AS rows`, ...params);
  return {
    total: row.total, unseen: row.unseen, seenUpTo: row.seen_up_to, beyond: row.beyond,
    rows: row.rows.map((r) => ({ ...r, newestAt: new Date(r.newestAt), oldestAt: new Date(r.oldestAt) })),
  };
}

/** Moves the key's seen cursor of the viewer to `upTo`, never back; answers where it stands. */
export async function markSeen(sql: SqlClient, apiKeyId: string, protocol: ProtocolName, viewer: string, upTo: Date): Promise<Date> {
  const [row] = await sql.query<{ seen_up_to: Date }>(`
    INSERT INTO notification_seen (api_key_id, protocol, viewer, seen_up_to, updated_at) VALUES ($1::uuid, $2, $3, $4, now())
    ON CONFLICT (api_key_id, protocol, viewer) DO UPDATE SET seen_up_to = GREATEST(notification_seen.seen_up_to, EXCLUDED.seen_up_to), updated_at = now()
    RETURNING seen_up_to`, [apiKeyId, protocol, viewer, upTo]);
  return row.seen_up_to;
}
