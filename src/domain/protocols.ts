// What the service knows of each protocol it reads, stated once: its name, how
// its ids are typed and ordered, the tables of its follow graph and of its
// analytics, which rows make a profile known, and which events date its data.
// Data only: the SQL over these tables is in repositories/protocols.sql.ts. An
// id kind keeps its SQL type and order terms beside the JavaScript comparison
// they must agree with, so the two orders are stated together.

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
  fromRow(this: void, value: unknown): K;
  /** The same order as `order`, in JavaScript. */
  compare(this: void, a: K, b: K): number;
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
   * `channels` (Farcaster) the channel tables (domain/channels.ts; Lens has no channels),
   * `trust` each trust strategy's scores and contributors, `trustRun` what each strategy ran with,
   * `quality` each account's quality score (how likely a real person, not spam).
   */
  analytics: {
    graphScore: string; stats: string; summary: string; gain: string; trendingCategory: string; engagement?: string;
    channels?: { channel: string; trending: string; rank: string; trendingCast: string };
    trust: string; trustRun: string; quality: string;
  };
  /** The five ranks at every refresh: kept for a period (RANK_HISTORY_DAYS), not one generation. */
  rankHistory: string;
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
    trendingCategory: 'fc_trending_category', trust: 'fc_trust', trustRun: 'fc_trust_run', quality: 'fc_quality',
    channels: { channel: 'fc_channel', trending: 'fc_channel_trending', rank: 'fc_channel_rank', trendingCast: 'fc_trending_cast' },
  },
  rankHistory: 'fc_rank_history',
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
    trendingCategory: 'lens_trending_category', engagement: 'lens_engagement_top', trust: 'lens_trust', trustRun: 'lens_trust_run', quality: 'lens_quality',
  },
  rankHistory: 'lens_rank_history',
  daily: { table: 'lens_follower_daily', live: false },
  // Publications, reactions and acts are never deleted (publications are hidden instead).
  events: {
    lens_follow: ['timestamp', 'deleted_at'], lens_publication: ['timestamp'], lens_reaction: ['action_at'], lens_act: ['timestamp'],
  },
};

export const PROTOCOLS: { readonly farcaster: ProtocolSpec<number>; readonly lens: ProtocolSpec<string> } = { farcaster: FARCASTER, lens: LENS };

/** Every analytics table of the protocol, score table first. */
export const analyticsTables = (p: ProtocolSpec): string[] => {
  const t = p.analytics;
  return [t.graphScore, t.stats, t.summary, t.gain, t.trendingCategory, ...(p.daily.live ? [] : [p.daily.table]), ...(t.engagement ? [t.engagement] : []),
    ...(t.channels ? [t.channels.channel, t.channels.trending, t.channels.rank, t.channels.trendingCast] : []), t.trust, t.trustRun, t.quality];
};

/**
 * Farcaster user data types (the protocol's UserDataType numbers) the service
 * reads. The cover picture answers serve as `cover` is the profile banner (10);
 * 7 is the location (`geo:lat,long`), never a picture.
 */
export const FC_USER_DATA = { pfp: 1, displayName: 2, bio: 3, username: 6, cover: 10, profileToken: 13, liveAt: 14 } as const;
