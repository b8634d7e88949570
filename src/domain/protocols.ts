// What the service knows of each protocol it reads, stated once: its name, how
// its ids are typed and ordered, the tables of its follow graph and of its
// analytics, which rows make a profile known, and which events date its data.
// Data and small SQL fragments only: callers compose their statements from them.

export type ProtocolName = 'farcaster' | 'lens';

export const PROTOCOL_NAMES: readonly ProtocolName[] = ['farcaster', 'lens'];

/** How one protocol's ids are typed and ordered, in SQL and in JavaScript. */
export interface IdKind<K extends number | string> {
  /** SQL type of one id, and of an array of them (`= ANY($1::int[])`). */
  sqlType: 'int' | 'text';
  sqlArray: 'int[]' | 'text[]';
  /** The id held as text (post_category.author_id) as an id of this kind. */
  fromText(expr: string): string;
  /** The terms that order ids by numeric value, for a row comparison: `(t, keys) < ($1, keys)`. */
  keys(expr: string): string;
  /** ORDER BY terms: by numeric value, ascending or descending. */
  order(expr: string, direction?: 'DESC'): string;
  /** An id as the database driver returns it. */
  fromRow(value: unknown): K;
  /** The same order as `order`, in JavaScript. */
  compare(a: K, b: K): number;
}

/**
 * Ids held as text with no superfluous leading zeros (canonical Lens ids: lowercase
 * `0x`, an even number of hex digits; a fid written in decimal) order by numeric
 * value as (length, text): a longer id is a larger number, ids of one length
 * compare digit by digit.
 */
export const textIdKeys = (expr: string) => `length(${expr}), ${expr}`;
export const textIdOrder = (expr: string, direction?: 'DESC') =>
  direction ? `length(${expr}) ${direction}, ${expr} ${direction}` : textIdKeys(expr);

/** Farcaster fids: positive Postgres integers. */
export const FID: IdKind<number> = {
  sqlType: 'int',
  sqlArray: 'int[]',
  fromText: (expr) => `${expr}::int`,
  keys: (expr) => expr,
  order: (expr, direction) => (direction ? `${expr} ${direction}` : expr),
  fromRow: (value) => Number(value),
  compare: (a, b) => a - b,
};

/** Lens profile ids, stored canonical (lowercase `0x`, even number of hex digits). */
export const LENS_ID: IdKind<string> = {
  sqlType: 'text',
  sqlArray: 'text[]',
  fromText: (expr) => expr,
  keys: textIdKeys,
  order: textIdOrder,
  fromRow: (value) => String(value),
  compare: (a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0),
};

/** A table whose rows make the id in its key column a known profile. */
export interface KnownTable {
  table: string;
  /** The key column is the table's primary key (else one id has many rows). */
  oneRowPerId: boolean;
  /** Rows carry `deleted_at`; a deleted row does not make a profile exist. */
  softDeleted: boolean;
}

export interface ProtocolSpec<K extends number | string = number | string> {
  name: ProtocolName;
  id: IdKind<K>;
  /** The id column of the known tables and of every analytics table. */
  key: string;
  /** A profile is known when one of these tables holds its id. */
  known: readonly KnownTable[];
  /** Follows: `follower` follows `followee`; `deleted_at` is the unfollow time. */
  follows: { table: string; follower: string; followee: string; primaryKey: readonly [string, string] };
  /**
   * Tables the analytics refresh writes, one generation at a time: `trendingCategory`
   * holds the gainers who posted in each category, `engagement` (Lens) the engagement lists,
   * `channels` (Farcaster) the channel tables (domain/channels.ts; Lens has no channels).
   */
  analytics: {
    graphScore: string; stats: string; summary: string; gain: string; trendingCategory: string; engagement?: string;
    channels?: { channel: string; trending: string; rank: string; trendingCast: string };
  };
  /**
   * Net follower change per UTC day. `live`: one table kept current as follows
   * change (the live sync writes it with the rows; a refresh rebuilds it after an
   * import), not a refresh generation.
   */
  daily: { table: string; live: boolean };
  /**
   * The protocol's data is "as of" its newest event: the newest value of these
   * columns of these tables (creations, and deletions where rows are deleted).
   */
  events: Readonly<Record<string, readonly string[]>>;
}

export const FARCASTER: ProtocolSpec<number> = {
  name: 'farcaster',
  id: FID,
  key: 'fid',
  known: [
    { table: 'fc_user', oneRowPerId: true, softDeleted: false },
    { table: 'fc_fname', oneRowPerId: false, softDeleted: true },
    { table: 'fc_user_data', oneRowPerId: false, softDeleted: true },
  ],
  follows: { table: 'fc_link', follower: 'fid', followee: 'target_fid', primaryKey: ['fid', 'target_fid'] },
  analytics: {
    graphScore: 'fc_graph_score', stats: 'fc_profile_stats', summary: 'fc_follower_summary', gain: 'fc_follower_gain',
    trendingCategory: 'fc_trending_category',
    channels: { channel: 'fc_channel', trending: 'fc_channel_trending', rank: 'fc_channel_rank', trendingCast: 'fc_trending_cast' },
  },
  daily: { table: 'fc_follower_day', live: true },
  events: {
    fc_link: ['timestamp', 'deleted_at'], fc_cast: ['timestamp', 'deleted_at'],
    fc_reaction: ['timestamp', 'deleted_at'], fc_verification: ['timestamp', 'deleted_at'],
  },
};

export const LENS: ProtocolSpec<string> = {
  name: 'lens',
  id: LENS_ID,
  key: 'profile_id',
  known: [{ table: 'lens_profile', oneRowPerId: true, softDeleted: false }],
  follows: { table: 'lens_follow', follower: 'follower_profile_id', followee: 'profile_id', primaryKey: ['profile_id', 'follower_profile_id'] },
  analytics: {
    graphScore: 'lens_graph_score', stats: 'lens_profile_stats', summary: 'lens_follower_summary', gain: 'lens_follower_gain',
    trendingCategory: 'lens_trending_category', engagement: 'lens_engagement_top',
  },
  daily: { table: 'lens_follower_daily', live: false },
  // Publications, reactions and acts are never deleted (publications are hidden instead).
  events: {
    lens_follow: ['timestamp', 'deleted_at'], lens_publication: ['timestamp'], lens_reaction: ['action_at'], lens_act: ['timestamp'],
  },
};

export const PROTOCOLS: { readonly farcaster: ProtocolSpec<number>; readonly lens: ProtocolSpec<string> } = { farcaster: FARCASTER, lens: LENS };

/** A value of the protocol's protocol_state row, as a subquery (it costs no statement). */
export const stateOf = (protocol: ProtocolName, column: string) => `(SELECT ${column} FROM protocol_state WHERE protocol = '${protocol}')`;

/**
 * Run in the transaction of every write that can change an answer: cached
 * answers are keyed by both protocols' data_version, so moving both on makes
 * every stored answer unreachable at once (a write to one protocol rarely
 * leaves the other's answers alone: matches, tokens and topics span both).
 * Both rows are made if missing, so no write can leave an answer cached under
 * a version that never moves.
 */
export const BUMP_DATA_VERSION_SQL = `INSERT INTO protocol_state (protocol, data_version) SELECT unnest(ARRAY['farcaster', 'lens']), 1
  ON CONFLICT (protocol) DO UPDATE SET data_version = protocol_state.data_version + 1`;

/** The analytics generation readers use: the one protocol_state points at. */
export const generationOf = (p: ProtocolSpec) => stateOf(p.name, 'generation');

/** Every analytics table of the protocol, score table first. */
export const analyticsTables = (p: ProtocolSpec): string[] => {
  const t = p.analytics;
  return [t.graphScore, t.stats, t.summary, t.gain, t.trendingCategory, ...(p.daily.live ? [] : [p.daily.table]), ...(t.engagement ? [t.engagement] : []),
    ...(t.channels ? [t.channels.channel, t.channels.trending, t.channels.rank, t.channels.trendingCast] : [])];
};

/**
 * The as-of instant: the newest event time over the event tables, null when
 * there is none (GREATEST skips nulls). One scan or index lookup per table.
 */
export const asOfSql = (p: ProtocolSpec) => {
  const newest = Object.entries(p.events).map(([table, columns]) => {
    const maxima = columns.map((c) => `max("${c}")`);
    return `(SELECT ${maxima.length === 1 ? maxima[0] : `GREATEST(${maxima.join(', ')})`} FROM ${table})`;
  });
  return `GREATEST(${newest.join(', ')})`;
};

/** Every id a known table holds, deleted rows included (column named as the key). */
export const knownIdsSql = (p: ProtocolSpec) => p.known.map((k) => `SELECT ${p.key} FROM ${k.table}`).join(' UNION ');

/**
 * The profile `idExpr` exists: a live row of a known table holds it. (Rankings
 * and the follow graph take every id of knownIdsSql, deleted rows included.)
 * Several tables are one EXISTS over a UNION ALL, not an OR of EXISTS: the
 * planner may turn each EXISTS of an OR into a hashed subplan that reads its
 * whole table on every statement, while this form probes each table's key
 * index per id and stops at the first table that holds it.
 */
export const existsSql = (p: ProtocolSpec, idExpr: string) => `EXISTS (${p.known.map((k) =>
  `SELECT 1 FROM ${k.table} known WHERE known.${p.key} = ${idExpr}${k.softDeleted ? ' AND known.deleted_at IS NULL' : ''}`).join(' UNION ALL ')})`;

/**
 * Farcaster user data types (the protocol's UserDataType numbers) the service
 * reads. The cover picture answers serve as `cover` is the profile banner (10);
 * 7 is the location (`geo:lat,long`), never a picture.
 */
export const FC_USER_DATA = { pfp: 1, displayName: 2, bio: 3, username: 6, cover: 10 } as const;

/**
 * A fid's username: its live username user data, else its first live fname in
 * byte order (a fid can hold several fnames over time; the choice must not vary).
 * A statement that already reads the fid's user data passes its username value
 * as `userDataUsername`, so the table is not read twice.
 */
export const farcasterUsernameSql = (
  fidExpr: string,
  userDataUsername = `(SELECT d.value FROM fc_user_data d WHERE d.fid = ${fidExpr} AND d.type = ${FC_USER_DATA.username} AND d.deleted_at IS NULL)`,
) => `coalesce(${userDataUsername},
  (SELECT n.fname FROM fc_fname n WHERE n.fid = ${fidExpr} AND n.deleted_at IS NULL ORDER BY n.fname LIMIT 1))`;
