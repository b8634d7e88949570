// Farcaster's live counters, each described once: which rows it counts (the
// table and the condition), whose counter a counted row moves (the key) and
// which column holds it. Three things are derived from this list and nothing
// else: the rebuild of the counter tables from the rows
// (src/analytics/farcaster-live.sql.ts), the difference a sync batch adds to
// them (src/sync/live-counts.ts), and the count from the rows that answers
// while an import has left them stale (live-counters.ts).
//
// Every counted row is a pair of base rows, or one row: a follow; a live
// top-level cast; a like or recast and its cast; a reply and its parent; a
// quote and the quoted cast. Self-follows, self-likes, self-replies and the
// like never count, nor do deleted rows.

/** The kinds of base rows a sync batch changes, by the key a changed row is named by. */
export type ChangedRows = 'links' | 'reactions' | 'casts';

/** Each kind's key columns and their SQL types, as the changed keys are sent (one array per column). */
export const CHANGED_ROWS = {
  links: { columns: ['fid', 'target_fid'], types: ['int', 'int'] },
  reactions: { columns: ['fid', 'reaction_type', 'target_hash'], types: ['int', 'int', 'text'] },
  casts: { columns: ['hash'], types: ['text'] },
} as const satisfies Record<ChangedRows, { columns: readonly string[]; types: readonly string[] }>;

/**
 * Rows that make one kind of counted pair: `from` (aliases start with `live_`,
 * so a key expression of a read may name any outer alias) and which of them
 * count. `changedBy` lists the aliases whose rows a sync batch changes, with
 * their kind: a pair evaluated for a batch is counted by the first alias in
 * the list whose row the batch changed, so that no pair counts twice.
 */
export interface CountedRows {
  from: string;
  counts: string;
  changedBy: readonly { alias: string; rows: ChangedRows }[];
}

/** The counter tables: their key columns with SQL types, and their counter columns in order. */
export const LIVE_COUNT_TABLES = {
  fc_profile_counts: {
    key: ['fid'], types: ['int'],
    columns: ['followers', 'following', 'posts', 'likes_received', 'recasts_received', 'replies_received', 'quotes_received'],
  },
  fc_cast_counts: { key: ['hash'], types: ['text'], columns: ['likes', 'recasts', 'replies', 'quotes'] },
  /** kind: 0 likes, 1 replies, 2 quotes (what an actor gave an author's casts). */
  fc_engagement_pair: { key: ['author', 'kind', 'actor'], types: ['int', 'int', 'int'], columns: ['n'] },
} as const;
export type LiveCountTable = keyof typeof LIVE_COUNT_TABLES;
export type CounterColumn<T extends LiveCountTable> = (typeof LIVE_COUNT_TABLES)[T]['columns'][number];

/**
 * One counter: the column of `table` it is, the rows it counts (`rows`, and of
 * them those `where` holds for, when given) and whose counter a counted row
 * moves (`key`: one expression per key column of the table).
 */
export interface LiveCounter<T extends LiveCountTable = LiveCountTable> {
  table: T;
  column: CounterColumn<T>;
  rows: CountedRows;
  where?: string;
  key: readonly string[];
}

export const FOLLOWS: CountedRows = {
  from: 'fc_link live_l', counts: 'live_l.deleted_at IS NULL AND live_l.fid <> live_l.target_fid',
  changedBy: [{ alias: 'live_l', rows: 'links' }],
};
const POSTS: CountedRows = {
  from: 'fc_cast live_c', counts: 'live_c.deleted_at IS NULL AND live_c.parent_hash IS NULL',
  changedBy: [{ alias: 'live_c', rows: 'casts' }],
};
/** Reactions by others to live casts. */
const REACTIONS: CountedRows = {
  from: 'fc_reaction live_r JOIN fc_cast live_p ON live_p.hash = live_r.target_hash',
  counts: 'live_r.deleted_at IS NULL AND live_p.deleted_at IS NULL AND live_r.fid <> live_p.fid',
  changedBy: [{ alias: 'live_r', rows: 'reactions' }, { alias: 'live_p', rows: 'casts' }],
};
/** Live casts by others replying to (parent_hash) or quoting (quoted_hash) live casts. */
const castsOn = (column: 'parent_hash' | 'quoted_hash'): CountedRows => ({
  from: `fc_cast live_c JOIN fc_cast live_p ON live_p.hash = live_c.${column}`,
  counts: 'live_c.deleted_at IS NULL AND live_p.deleted_at IS NULL AND live_c.fid <> live_p.fid',
  changedBy: [{ alias: 'live_c', rows: 'casts' }, { alias: 'live_p', rows: 'casts' }],
});
const REPLIES = castsOn('parent_hash');
const QUOTES = castsOn('quoted_hash');

const LIKE = 'live_r.reaction_type = 1';
const RECAST = 'live_r.reaction_type = 2';

const counter = <T extends LiveCountTable>(c: LiveCounter<T>): LiveCounter => c;

/** Every live counter, in the tables' column order. */
export const FARCASTER_LIVE_COUNTERS: readonly LiveCounter[] = [
  counter({ table: 'fc_profile_counts', column: 'followers', rows: FOLLOWS, key: ['live_l.target_fid'] }),
  counter({ table: 'fc_profile_counts', column: 'following', rows: FOLLOWS, key: ['live_l.fid'] }),
  counter({ table: 'fc_profile_counts', column: 'posts', rows: POSTS, key: ['live_c.fid'] }),
  counter({ table: 'fc_profile_counts', column: 'likes_received', rows: REACTIONS, where: LIKE, key: ['live_p.fid'] }),
  counter({ table: 'fc_profile_counts', column: 'recasts_received', rows: REACTIONS, where: RECAST, key: ['live_p.fid'] }),
  counter({ table: 'fc_profile_counts', column: 'replies_received', rows: REPLIES, key: ['live_p.fid'] }),
  counter({ table: 'fc_profile_counts', column: 'quotes_received', rows: QUOTES, key: ['live_p.fid'] }),
  counter({ table: 'fc_cast_counts', column: 'likes', rows: REACTIONS, where: LIKE, key: ['live_p.hash'] }),
  counter({ table: 'fc_cast_counts', column: 'recasts', rows: REACTIONS, where: RECAST, key: ['live_p.hash'] }),
  counter({ table: 'fc_cast_counts', column: 'replies', rows: REPLIES, key: ['live_p.hash'] }),
  counter({ table: 'fc_cast_counts', column: 'quotes', rows: QUOTES, key: ['live_p.hash'] }),
  counter({ table: 'fc_engagement_pair', column: 'n', rows: REACTIONS, where: LIKE, key: ['live_p.fid', '0', 'live_r.fid'] }),
  counter({ table: 'fc_engagement_pair', column: 'n', rows: REPLIES, key: ['live_p.fid', '1', 'live_c.fid'] }),
  counter({ table: 'fc_engagement_pair', column: 'n', rows: QUOTES, key: ['live_p.fid', '2', 'live_c.fid'] }),
];

export const countersOf = <T extends LiveCountTable>(table: T): LiveCounter<T>[] =>
  FARCASTER_LIVE_COUNTERS.filter((c): c is LiveCounter<T> => c.table === table);

/** The condition a counted row of `c` meets. */
export const countsSql = (c: LiveCounter): string => (c.where ? `${c.where} AND ${c.rows.counts}` : c.rows.counts);
