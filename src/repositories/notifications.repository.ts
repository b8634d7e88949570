// A viewer's notifications, read from the protocols' own rows (follows,
// reactions, posts): the events, their groups (domain/notifications.ts states
// the rule), the page by keyset, the totals, and the key's seen cursor. Reading
// the base tables rather than a derived table is what makes a synced event show
// at once: nothing waits for a refresh.
//
// Two things keep a heavy account's request small. A page is read from the
// newest days first: every event of a group falls on the group's UTC day, so
// the groups of the days from some day on are complete and newer than any group
// before it, and once they fill the page they are the page. The counts are
// walked by key and day through the indexes (notification-counts.sql.ts), one
// probe per group rather than a row per event.
import type { Database } from '../db/database';
import type { SqlClient } from '../db/sql-client';
import { NOTIFICATION_ACTORS, type NotificationKind, type NotificationRow } from '../domain/notifications';
import { PROTOCOLS, type ProtocolName } from '../domain/protocols';
import { dayNumberSql, groupCountSql } from './notification-counts.sql';
import { qualityAtLeastSql, qualityProbeSql } from './quality.sql';

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
  /** Every notification under the filters (read when asked). */
  total: () => Promise<number>;
  unseen: number;
  seenUpTo: Date | null;
}

/**
 * How far back a forward page reads first: the newest post's day (or the cursor's) and `firstDays` before it.
 * A window the page's groups do not fill is widened to the days they would need at its rate and half as many
 * again (at least four times as many), up to `maxDays`; past that, or when a window holds none, the page reads every
 * event. A backward page is rare and reads every event.
 */
export interface PageWindows { firstDays: number; maxDays: number }
export const NOTIFICATION_PAGE_WINDOWS: PageWindows = { firstDays: 1, maxDays: 120 };

/** What a branch writes into its conditions: the quality condition on its actor, the kinds' types, the window on its time. */
interface BranchSql { quality: (actor: string) => string; types: () => string; since: (at: string) => string }
interface Branch { kinds: NotificationKind[]; sql: (b: BranchSql) => string }

/**
 * Each branch yields (kind, gkey, target, post, actor, at). A post that both replies
 * to and quotes or mentions the viewer is one notification, its first kind of
 * REPLY, QUOTE, MENTION; the viewer's own actions are never its notifications.
 * Reactions to a deleted cast are left out by GROUP_FILTER, once per group.
 */
const FARCASTER_BRANCHES: Branch[] = [
  { kinds: ['FOLLOW'], sql: ({ quality: q, since: s }) => `SELECT 'FOLLOW' AS kind, ${dayNumberSql('l.timestamp')} AS gkey, NULL::text AS target, NULL::text AS post, l.fid::text AS actor, l.timestamp AS at
    FROM fc_link l WHERE l.target_fid = $1 AND l.deleted_at IS NULL AND l.fid <> $1${q('l.fid')}${s('l.timestamp')}` },
  { kinds: ['LIKE', 'REPOST'], sql: ({ quality: q, types: t, since: s }) => `SELECT CASE r.reaction_type WHEN 1 THEN 'LIKE' ELSE 'REPOST' END, r.target_hash || ':' || ${dayNumberSql('r.timestamp')}, r.target_hash, NULL::text, r.fid::text, r.timestamp
    FROM fc_reaction r WHERE r.target_fid = $1 AND r.reaction_type = ANY(${t()}::int[]) AND r.deleted_at IS NULL AND r.fid <> $1${q('r.fid')}${s('r.timestamp')}` },
  { kinds: ['REPLY'], sql: ({ quality: q, since: s }) => `SELECT 'REPLY', c.hash, c.parent_hash, c.hash, c.fid::text, c.timestamp
    FROM fc_cast c WHERE c.parent_fid = $1 AND c.deleted_at IS NULL AND c.parent_fid IS NOT NULL AND c.fid <> $1${q('c.fid')}${s('c.timestamp')}` },
  { kinds: ['QUOTE'], sql: ({ quality: q, since: s }) => `SELECT 'QUOTE', c.hash, c.quoted_hash, c.hash, c.fid::text, c.timestamp
    FROM fc_cast c WHERE c.quoted_fid = $1 AND c.deleted_at IS NULL AND c.quoted_fid IS NOT NULL AND c.fid <> $1
      AND c.parent_fid IS DISTINCT FROM $1${q('c.fid')}${s('c.timestamp')}` },
  { kinds: ['MENTION'], sql: ({ quality: q, since: s }) => `SELECT 'MENTION', c.hash, c.hash, c.hash, c.fid::text, c.timestamp
    FROM fc_cast c WHERE c.mentions @> ARRAY[$1]::int[] AND c.deleted_at IS NULL AND c.fid <> $1
      AND c.parent_fid IS DISTINCT FROM $1 AND c.quoted_fid IS DISTINCT FROM $1${q('c.fid')}${s('c.timestamp')}` },
];

const LENS_BRANCHES: Branch[] = [
  { kinds: ['FOLLOW'], sql: ({ quality: q, since: s }) => `SELECT 'FOLLOW' AS kind, ${dayNumberSql('f.timestamp')} AS gkey, NULL::text AS target, NULL::text AS post, f.follower_profile_id AS actor, f.timestamp AS at
    FROM lens_follow f WHERE f.profile_id = $1 AND f.deleted_at IS NULL AND f.follower_profile_id <> $1${q('f.follower_profile_id')}${s('f.timestamp')}` },
  { kinds: ['LIKE'], sql: ({ quality: q, since: s }) => `SELECT 'LIKE', p.publication_id || ':' || ${dayNumberSql('r.action_at')}, p.publication_id, NULL::text, r.actioned_by_profile_id, r.action_at
    FROM lens_publication p JOIN lens_reaction r ON r.publication_id = p.publication_id
    WHERE p.profile_id = $1 AND NOT p.is_hidden AND r.type = 'UPVOTE' AND r.actioned_by_profile_id <> $1${q('r.actioned_by_profile_id')}${s('r.action_at')}` },
  { kinds: ['REPOST', 'REPLY', 'QUOTE'], sql: ({ quality: q, types: t, since: s }) => `SELECT CASE c.publication_type WHEN 'MIRROR' THEN 'REPOST' WHEN 'COMMENT' THEN 'REPLY' ELSE 'QUOTE' END,
      CASE c.publication_type WHEN 'MIRROR' THEN p.publication_id || ':' || ${dayNumberSql('c.timestamp')} ELSE c.publication_id END,
      p.publication_id, CASE WHEN c.publication_type = 'MIRROR' THEN NULL::text ELSE c.publication_id END, c.profile_id, c.timestamp
    FROM lens_publication p JOIN lens_publication c ON c.parent_publication_id = p.publication_id
    WHERE p.profile_id = $1 AND NOT p.is_hidden AND NOT c.is_hidden AND c.profile_id <> $1 AND c.publication_type = ANY(${t()}::text[])${q('c.profile_id')}${s('c.timestamp')}` },
];

/**
 * Groups left out after grouping: Farcaster reactions whose cast is deleted. A probe per group, written as a
 * scalar subquery so that the planner cannot turn it into a join over every deleted cast.
 */
const GROUP_FILTER: Record<ProtocolName, string> = {
  farcaster: `g.kind NOT IN ('LIKE', 'REPOST') OR (SELECT t.deleted_at FROM fc_cast t WHERE t.hash = g.target) IS NULL`,
  lens: 'true',
};

/** Farcaster reaction types and Lens child publication types of the kinds asked. */
function typesOf(protocol: ProtocolName, kinds: readonly NotificationKind[]): (number | string)[] {
  if (protocol === 'farcaster') return [...(kinds.includes('LIKE') ? [1] : []), ...(kinds.includes('REPOST') ? [2] : [])];
  const lens: Partial<Record<NotificationKind, string>> = { REPOST: 'MIRROR', REPLY: 'COMMENT', QUOTE: 'QUOTE' };
  return kinds.flatMap((k) => (lens[k] ? [lens[k]] : []));
}

/** The newest post of the protocol: the day the windows count back from when no cursor names one (a loaded dump's "now"). */
const NEWEST_POST = { farcaster: 'SELECT max(timestamp) FROM fc_cast', lens: 'SELECT max(timestamp) FROM lens_publication' } as const;

const ROW_JSON = `json_build_object('id', id, 'kind', kind, 'target', target, 'post', post, 'count', n, 'newestAt', newest, 'oldestAt', oldest, 'actors', actors)`;

type JsonRow = Omit<NotificationRow, 'newestAt' | 'oldestAt'> & { newestAt: string; oldestAt: string };
interface PageRow { beyond: boolean; rows: JsonRow[] }

/** Numbered parameters, added as a statement is written; the viewer is always $1. */
class Params {
  readonly values: unknown[];
  constructor(viewer: unknown) { this.values = [viewer]; }
  add(value: unknown): string { this.values.push(value); return `$${this.values.length}`; }
}

/**
 * The conditions a query's filters write into every branch (the window aside). A page's events take the
 * quality condition as a probe per event; the counts' walks, which stop at an actor's first qualifying
 * event, as the shared semi-join, which the planner runs there as ordered index probes.
 */
function filtersOf(q: NotificationQuery, ps: Params, form: 'page' | 'count'): Omit<BranchSql, 'since'> {
  const p = PROTOCOLS[q.protocol];
  let quality: (actor: string) => string = () => '';
  if (q.minQuality !== null) {
    const n = ps.add(q.minQuality);
    const condition = form === 'page' ? qualityProbeSql : qualityAtLeastSql;
    quality = (actor) => ` AND ${condition(p, actor, `${n}::float8`)}`;
  }
  let types: string | null = null;
  return { quality, types: () => (types ??= ps.add(typesOf(q.protocol, q.kinds))) };
}

const branchesOf = (q: NotificationQuery) => (q.protocol === 'farcaster' ? FARCASTER_BRANCHES : LENS_BRANCHES).filter((b) => b.kinds.some((k) => q.kinds.includes(k)));

/** One page's statement; `windowDays` null reads every event, else the days from that many before the anchor's day on. */
function pageStatement(q: NotificationQuery, windowDays: number | null): { text: string; params: unknown[] } {
  const p = PROTOCOLS[q.protocol];
  const ps = new Params(q.viewer);
  const limit = ps.add(q.limit);
  const filters = filtersOf(q, ps, 'page');
  const cursorAt = q.cursor ? `${ps.add(q.cursor.at)}::timestamptz` : null;
  let since: (at: string) => string = () => '';
  if (windowDays !== null) {
    const anchor = cursorAt ?? `(${NEWEST_POST[q.protocol]})`;
    const back = ps.add(windowDays);
    since = (at) => ` AND ${at} >= date_trunc('day', ${anchor}, 'UTC') - ${back}::int * interval '24 hours'`;
  }
  // Kinds the protocol has no rows of (MENTION on Lens) leave no branch: the list is empty, its viewer ($1) still typed.
  const events = branchesOf(q).map((b) => b.sql({ ...filters, since })).join('\n    UNION ALL\n    ')
    || `SELECT NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::timestamptz WHERE $1::${p.id.sqlType} IS NULL`;
  let page = ''; let beyond = 'false';
  if (q.cursor && cursorAt) {
    const i = `${ps.add(q.cursor.id)}::text`;
    const [past, other] = q.backward ? ['>', '<'] : ['<', '>'];
    page = `WHERE (newest ${past} ${cursorAt} OR (newest = ${cursorAt} AND id COLLATE "C" ${past} ${i}))`;
    // Forward, the groups the other way are newer than the cursor: inside any window, which starts before its day.
    beyond = `EXISTS (SELECT 1 FROM live WHERE newest ${other} ${cursorAt} OR (newest = ${cursorAt} AND id COLLATE "C" ${other}= ${i}))`;
  }
  const dir = q.backward ? 'ASC' : 'DESC';
  const order = `newest ${dir}, id COLLATE "C" ${dir}`;
  const text = `
    WITH ev (kind, gkey, target, post, actor, at) AS (
    ${events}
    ), g AS (
      SELECT kind || ':' || gkey AS id, kind, min(target) AS target, min(post) AS post, count(*)::int AS n, max(at) AS newest, min(at) AS oldest,
        (array_agg(actor ORDER BY at DESC, length(actor) DESC, actor COLLATE "C" DESC))[1:${NOTIFICATION_ACTORS}] AS actors
      FROM ev GROUP BY kind, gkey
    ), live AS (
      SELECT * FROM g WHERE ${GROUP_FILTER[q.protocol]}
    ), page AS (
      SELECT * FROM live ${page} ORDER BY ${order} LIMIT ${limit}
    )
    SELECT ${beyond} AS beyond, coalesce((SELECT json_agg(${ROW_JSON} ORDER BY ${order}) FROM page), '[]'::json) AS rows`;
  return { text, params: ps.values };
}

/** The page's rows: the windows newest first while they leave it short, then every event. */
async function pageRows(db: Database, q: NotificationQuery, windows: PageWindows | null, total: () => Promise<number>): Promise<PageRow> {
  const read = async (days: number | null) => {
    const s = pageStatement(q, days);
    const [row] = await db.read<PageRow>(s.text, ...s.params);
    return row;
  };
  // With no branch (kinds the protocol has no rows of) there is nothing to window.
  if (windows && !q.backward && branchesOf(q).length) {
    for (let days = windows.firstDays; ;) {
      const row = await read(days);
      const found = row.rows.length;
      if (found >= q.limit) return row;
      // A first page short by as many as the whole list holds is the whole list: no window need be wider.
      if (q.cursor === null && found === await total()) return row;
      if (found === 0 || days >= windows.maxDays) break;
      days = Math.min(windows.maxDays, Math.max(days * 4, Math.ceil((1.5 * (days + 1) * q.limit) / found)));
    }
  }
  return read(null);
}

/**
 * The calling key's seen mark and how many notifications are unseen (have an event after it; all of them
 * before any mark), in one statement, by the per-group walk.
 */
async function seenAndUnseen(db: Database, q: NotificationQuery): Promise<{ seen_up_to: Date | null; n: number }> {
  const ps = new Params(q.viewer);
  const filters = filtersOf(q, ps, 'count');
  const [key, protocol, viewer] = [ps.add(q.apiKeyId), ps.add(q.protocol), ps.add(String(q.viewer))];
  const count = groupCountSql(q.protocol, q.kinds, filters, `(SELECT coalesce(seen_up_to, '-infinity'::timestamptz) FROM s)`);
  const [row] = await db.read<{ seen_up_to: Date | null; n: number }>(`
    WITH s AS (SELECT (SELECT seen_up_to FROM notification_seen WHERE api_key_id = ${key}::uuid AND protocol = ${protocol}::text AND viewer = ${viewer}::text) AS seen_up_to)
    SELECT (SELECT seen_up_to FROM s) AS seen_up_to, ${count} AS n`, ...ps.values);
  return row;
}

/** How many notifications there are, by the per-group walk. */
async function countAll(db: Database, q: NotificationQuery): Promise<number> {
  const ps = new Params(q.viewer);
  const [row] = await db.read<{ n: number }>(`SELECT ${groupCountSql(q.protocol, q.kinds, filtersOf(q, ps, 'count'), null)} AS n`, ...ps.values);
  return row.n;
}

/** One page, its seen state and counts; `windows` as NOTIFICATION_PAGE_WINDOWS, null to read every event. */
export async function notificationPage(db: Database, q: NotificationQuery, windows: PageWindows | null = NOTIFICATION_PAGE_WINDOWS): Promise<NotificationPageRows> {
  const seen = seenAndUnseen(db, q);
  // Before any mark every notification is unseen: the count already made is the total.
  let all: Promise<number> | null = null;
  const total = () => (all ??= seen.then((r) => (r.seen_up_to === null ? r.n : countAll(db, q))));
  const [page, { seen_up_to: seenUpTo, n: unseen }] = await Promise.all([pageRows(db, q, windows, total), seen]);
  return {
    total, unseen, seenUpTo, beyond: page.beyond,
    rows: page.rows.map((r) => ({ ...r, newestAt: new Date(r.newestAt), oldestAt: new Date(r.oldestAt) })),
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
