// How many notifications a viewer has, without reading a row per event: each
// grouped kind is walked group by group through an index, one probe for the
// first event of a target, then one for its first event of each next UTC day
// (a loose index scan, written as recursive CTEs). An account liked a hundred
// thousand times on a few posts costs a probe per post and day, not a row per
// like. The ungrouped kinds (one post each) are counted as rows.
//
// The quality filter comes from the builder the page uses; each kind's event
// conditions are written here a second time, beside the page's branches
// (notifications.repository.ts), and test/integration/notification-windows.test.ts
// holds the two equal for every kind, minimum and seen mark.
import type { NotificationKind } from '../domain/notifications';
import { PROTOCOLS, type ProtocolName } from '../domain/protocols';

/** The UTC day (days since 1970) of a time, as text: a group key's day, the grouping window. */
export const dayNumberSql = (at: string) => `((${at} AT TIME ZONE 'UTC')::date - DATE '1970-01-01')::text`;

/** The filters a branch writes: the quality condition on its actor (empty without a minimum). */
export interface CountFilters { quality: (actor: string) => string }

/**
 * The least `col` of the rows of `from` satisfying `where`, as an ordered probe: written as ORDER BY … LIMIT 1
 * rather than min() so that the planner can walk the index in order with a quality condition too (min() keeps
 * its index shortcut only for a query over one table, which the quality condition's semi-join is not).
 */
const first = (col: string, from: string, where: string) => `SELECT ${col} FROM ${from} WHERE ${where} ORDER BY ${col} LIMIT 1`;

/** The condition that `at` is after `since`, or none for null. */
const after = (at: string, since: string | null) => (since ? ` AND ${at} > ${since}` : '');

/**
 * The same condition as a filter only: where the kind's own index does not hold the time, a time range the
 * planner cannot estimate (the seen mark, unknown until the statement runs) would otherwise be ANDed in from
 * the time index of every cast, which reads that whole index before any mark.
 */
const afterFilter = (at: string, since: string | null) => (since ? ` AND (${at} > ${since}) IS TRUE` : '');

/** The first instant of the UTC day after the one `at` falls on. */
const nextDay = (at: string) => `date_trunc('day', ${at}, 'UTC') + interval '24 hours'`;

/**
 * The number of UTC days on which `from` has a row satisfying `where` at time
 * `at` after `since` (every day for null): a probe for the first such row, then
 * one per next day. `where` may refer to outer columns (a key).
 */
function daysSql(from: string, where: string, at: string, since: string | null): string {
  return `(WITH RECURSIVE d(a) AS (
        SELECT (${first(at, from, `${where}${after(at, since)}`)})
        UNION ALL
        SELECT (${first(at, from, `${where} AND ${at} >= ${nextDay('d.a')}`)}) FROM d WHERE d.a IS NOT NULL
      ) SELECT count(a) FROM d)`;
}

/** Farcaster LIKE or REPOST groups: the reacted casts by a walk over the (target_fid, type, hash, time) index, then their days. */
function fcReactionGroups(type: 1 | 2, f: CountFilters, since: string | null): string {
  const where = `r.target_fid = $1 AND r.reaction_type = ${type} AND r.deleted_at IS NULL AND r.fid <> $1${f.quality('r.fid')}`;
  return `(WITH RECURSIVE k(h) AS (
      SELECT (${first('r.target_hash', 'fc_reaction r', where)})
      UNION ALL
      SELECT (${first('r.target_hash', 'fc_reaction r', `${where} AND r.target_hash > k.h`)}) FROM k WHERE k.h IS NOT NULL
    ) SELECT coalesce(sum(${daysSql('fc_reaction r', `${where} AND r.target_hash = k.h`, 'r.timestamp', since)}), 0)
      FROM k WHERE k.h IS NOT NULL AND NOT EXISTS (SELECT 1 FROM fc_cast t WHERE t.hash = k.h AND t.deleted_at IS NOT NULL))`;
}


/** Each kind's count of notifications with an event after `since`, as a scalar subquery. */
const FARCASTER: Record<NotificationKind, (f: CountFilters, since: string | null) => string> = {
  FOLLOW: (f, s) => daysSql('fc_link l', `l.target_fid = $1 AND l.deleted_at IS NULL AND l.fid <> $1${f.quality('l.fid')}`, 'l.timestamp', s),
  LIKE: (f, s) => fcReactionGroups(1, f, s),
  REPOST: (f, s) => fcReactionGroups(2, f, s),
  REPLY: (f, s) => `(SELECT count(*) FROM fc_cast c WHERE c.parent_fid = $1 AND c.deleted_at IS NULL AND c.parent_fid IS NOT NULL AND c.fid <> $1${f.quality('c.fid')}${after('c.timestamp', s)})`,
  QUOTE: (f, s) => `(SELECT count(*) FROM fc_cast c WHERE c.quoted_fid = $1 AND c.deleted_at IS NULL AND c.quoted_fid IS NOT NULL AND c.fid <> $1
      AND c.parent_fid IS DISTINCT FROM $1${f.quality('c.fid')}${after('c.timestamp', s)})`,
  MENTION: (f, s) => `(SELECT count(*) FROM fc_cast c WHERE c.mentions @> ARRAY[$1]::int[] AND c.deleted_at IS NULL AND c.fid <> $1
      AND c.parent_fid IS DISTINCT FROM $1 AND c.quoted_fid IS DISTINCT FROM $1${f.quality('c.fid')}${afterFilter('c.timestamp', s)})`,
};

/** Lens groups of the viewer's visible publications: per publication, the days of its others' events. */
const perPublication = (days: string) =>
  `(SELECT coalesce(sum(${days}), 0) FROM lens_publication p WHERE p.profile_id = $1 AND NOT p.is_hidden)`;

/** Lens comments or quotes of the viewer's visible publications, one notification each. */
const lensChildren = (type: string, f: CountFilters, s: string | null) => `(SELECT count(*) FROM lens_publication p JOIN lens_publication c ON c.parent_publication_id = p.publication_id
      WHERE p.profile_id = $1 AND NOT p.is_hidden AND c.publication_type = '${type}' AND NOT c.is_hidden AND c.profile_id <> $1${f.quality('c.profile_id')}${after('c.timestamp', s)})`;

const LENS: Partial<Record<NotificationKind, (f: CountFilters, since: string | null) => string>> = {
  FOLLOW: (f, s) => daysSql('lens_follow x', `x.profile_id = $1 AND x.deleted_at IS NULL AND x.follower_profile_id <> $1${f.quality('x.follower_profile_id')}`, 'x.timestamp', s),
  LIKE: (f, s) => perPublication(daysSql('lens_reaction r',
    `r.publication_id = p.publication_id AND r.type = 'UPVOTE' AND r.actioned_by_profile_id <> $1${f.quality('r.actioned_by_profile_id')}`, 'r.action_at', s)),
  REPOST: (f, s) => perPublication(daysSql('lens_publication m',
    `m.parent_publication_id = p.publication_id AND m.publication_type = 'MIRROR' AND NOT m.is_hidden AND m.profile_id <> $1${f.quality('m.profile_id')}`, 'm.timestamp', s)),
  REPLY: (f, s) => lensChildren('COMMENT', f, s),
  QUOTE: (f, s) => lensChildren('QUOTE', f, s),
};

/**
 * The number of the viewer's ($1) notifications of these kinds with an event after `since` (an SQL time; null
 * counts every one), as an int expression. A notification has an event after a time exactly when its newest
 * event is after it.
 */
export function groupCountSql(protocol: ProtocolName, kinds: readonly NotificationKind[], f: CountFilters, since: string | null): string {
  const table = protocol === 'farcaster' ? FARCASTER : LENS;
  const parts = kinds.flatMap((k) => { const part = table[k]; return part ? [part(f, since)] : []; });
  // No kind the protocol has rows of (MENTION on Lens): none, its viewer ($1) still typed.
  if (!parts.length) return `(SELECT 0 FROM (SELECT $1::${PROTOCOLS[protocol].id.sqlType}) v)`;
  return `(${parts.join('\n    + ')})::int`;
}
