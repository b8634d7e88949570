// Post search over live casts and visible Lens publications: PostgreSQL's text
// search on the 'simple' vector of the text (the expression GIN indexes of
// 20261202021000 and 20261202022000), $cashtags as their word plus a check of
// the `$`, @mentions as mentioned fids (Farcaster) or `@handle` in the content
// (Lens). One statement for a page (highlights for its rows only, the count of
// every match alongside), one for a total the page could not give. The score is
// domain/search.ts's formula, computed here so the keyset compares the very
// value it orders by.
import type { Database } from '../db/database';
import { FARCASTER, LENS, type ProtocolName } from '../domain/protocols';
import { POST_DECAY_EPOCH, POST_HALF_LIFE_DAYS, type PostQuery } from '../domain/search';
import { qualityAtLeastSql } from './quality.sql';

export interface PostSearchRow {
  protocol: ProtocolName;
  /** The cast hash or the publication id. */
  id: string;
  /** The fid as decimal text, or the Lens profile id. */
  author_id: string;
  text: string;
  timestamp: Date;
  parent_fid: number | null;
  parent_hash: string | null;
  parent_url: string | null;
  quoted_hash: string | null;
  quoted_fid: number | null;
  publication_type: string | null;
  parent_publication_id: string | null;
  reactions: number;
  comments: number;
  quotes: number;
  mirrors: number;
  collects: number;
  relevance: number;
  engagement: number;
  score: number;
  highlight: string | null;
}

export interface PostSearchRequest {
  query: PostQuery;
  protocols: readonly ProtocolName[];
  /** A fid (decimal) or a Lens profile id, for the one protocol it belongs to. */
  author: string | null;
  /** A channel's parent URL (Farcaster only). */
  channelUrl: string | null;
  since: Date | null;
  until: Date | null;
  minQuality: number | null;
  limit: number;
  /** Paging backward: the rows before `cursor` (or the list's last rows), read from the end. */
  backward: boolean;
  cursor: { score: number; protocol: ProtocolName; id: string } | null;
}

/** Numbered parameters, added as a statement is written. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown, type: string): string { this.values.push(value); return `$${this.values.length}::${type}`; }
}

const regexEscape = (s: string) => s.replace(/[.*+?^${}()|[\]\\-]/g, (c) => `\\${c}`);
/** A cashtag as written: `$` and the symbol, not inside a longer word. */
const cashtagRegex = (symbol: string) => `(^|[^[:alnum:]_$])\\$${regexEscape(symbol.toLowerCase())}($|[^[:alnum:]_])`;
/** A Lens mention as content writes it: `@handle` or `@lens/handle`. */
const lensMentionRegex = (name: string) => `(^|[^[:alnum:]_])@(lens/)?${regexEscape(name)}($|[^[:alnum:]_.-]|\\.($|\\s))`;

/** The text-search vectors, as the GIN indexes are built on them, and the rows a Lens match is read from. */
const FC_VECTOR = `to_tsvector('simple', c.text)`;
const LENS_VECTOR = `to_tsvector('simple', coalesce(m.content, ''))`;
const LENS_MATCHES = 'lens_publication_metadata m JOIN lens_publication p ON p.publication_id = m.publication_id';

const LN2 = Math.LN2;
const DECAY_SECONDS = POST_HALF_LIFE_DAYS * 86_400;

/** The score of a row whose relevance, engagement and time are these expressions. */
const scoreSql = (relevance: string, engagement: string, time: string, epoch: string) =>
  `(ln(greatest(${relevance}, 1e-9)) + ln(1 + ${engagement}) + ${LN2} * extract(epoch FROM ${time} - ${epoch})::float8 / ${DECAY_SECONDS})::float8`;

/** The text-search query of the words and cashtags, or null when the query has neither. */
function tsQuerySql(q: PostQuery, ps: Params): string | null {
  const parts = [
    ...(q.words ? [`websearch_to_tsquery('simple', ${ps.add(q.words, 'text')})`] : []),
    ...q.cashtags.map((c) => `plainto_tsquery('simple', ${ps.add(c.toLowerCase(), 'text')})`),
  ];
  return parts.length ? `(${parts.join(' && ')})` : null;
}

/** The conditions of a Farcaster match (`c` the cast). */
function farcasterWhere(r: PostSearchRequest, ps: Params, tsq: string | null): string {
  const where = ['c.deleted_at IS NULL'];
  if (tsq) where.push(`${FC_VECTOR} @@ ${tsq}`);
  for (const c of r.query.cashtags) where.push(`c.text ~* ${ps.add(cashtagRegex(c), 'text')}`);
  for (const m of r.query.mentions) {
    where.push(`c.mentions && ARRAY(SELECT n.fid FROM fc_search_name n WHERE n.name = ${ps.add(m, 'text')} AND n.field <> 'display_name')`);
  }
  if (r.author !== null) where.push(`c.fid = ${ps.add(Number(r.author), 'int')}`);
  if (r.channelUrl !== null) where.push(`lower(c.parent_url) = lower(${ps.add(r.channelUrl, 'text')})`);
  if (r.since) where.push(`c.timestamp >= ${ps.add(r.since, 'timestamptz')}`);
  if (r.until) where.push(`c.timestamp < ${ps.add(r.until, 'timestamptz')}`);
  if (r.minQuality !== null) where.push(qualityAtLeastSql(FARCASTER, 'c.fid', ps.add(r.minQuality, 'float8')));
  return where.join(' AND ');
}

/**
 * A branch's rows with their score: the inner query computes each match's relevance and engagement once,
 * behind OFFSET 0 so that the planner keeps it a subquery rather than writing the expressions out again
 * inside the score (a text-search vector and its rank are the costliest part of a match).
 */
const scored = (inner: string, epoch: string) => `
    SELECT h.*, ${scoreSql('h.relevance', 'h.engagement', 'h.timestamp', epoch)} AS score FROM (${inner}
    OFFSET 0) h`;

function farcasterBranch(r: PostSearchRequest, ps: Params, tsq: string | null, epoch: string): string {
  const where = farcasterWhere(r, ps, tsq);
  const relevance = tsq ? `ts_rank(${FC_VECTOR}, ${tsq})` : '1';
  // The counts as an aggregate per match: a probe of their key each, where a join would read the whole table.
  return scored(`
    SELECT 'farcaster'::text AS protocol, c.hash AS id, c.fid::text AS author_id, c.text, c.timestamp, c.parent_fid, c.parent_hash, c.parent_url,
      c.quoted_hash, c.quoted_fid, NULL::text AS publication_type, NULL::text AS parent_publication_id,
      k.likes AS reactions, k.replies AS comments, k.quotes AS quotes, k.recasts AS mirrors,
      ${relevance}::float8 AS relevance, k.likes + k.recasts + k.replies + k.quotes AS engagement
    FROM fc_cast c CROSS JOIN LATERAL (SELECT coalesce(max(k.likes), 0) AS likes, coalesce(max(k.recasts), 0) AS recasts,
      coalesce(max(k.replies), 0) AS replies, coalesce(max(k.quotes), 0) AS quotes FROM fc_cast_counts k WHERE k.hash = c.hash) k
    WHERE ${where}`, epoch);
}

/** The conditions of a Lens match (`m` the metadata, `p` the publication). */
function lensWhere(r: PostSearchRequest, ps: Params, tsq: string | null): string {
  const where = ['NOT p.is_hidden', `p.publication_type <> 'MIRROR'`];
  if (tsq) where.push(`${LENS_VECTOR} @@ ${tsq}`);
  for (const c of r.query.cashtags) where.push(`m.content ~* ${ps.add(cashtagRegex(c), 'text')}`);
  for (const name of r.query.mentions) where.push(`m.content ~* ${ps.add(lensMentionRegex(name), 'text')}`);
  if (r.author !== null) where.push(`p.profile_id = ${ps.add(r.author, 'text')}`);
  if (r.since) where.push(`p.timestamp >= ${ps.add(r.since, 'timestamptz')}`);
  if (r.until) where.push(`p.timestamp < ${ps.add(r.until, 'timestamptz')}`);
  if (r.minQuality !== null) where.push(qualityAtLeastSql(LENS, 'p.profile_id', ps.add(r.minQuality, 'float8')));
  return where.join(' AND ');
}

function lensBranch(r: PostSearchRequest, ps: Params, tsq: string | null, epoch: string): string {
  const where = lensWhere(r, ps, tsq);
  const relevance = tsq ? `ts_rank(${LENS_VECTOR}, ${tsq})` : '1';
  // Without an author the text's index finds the matches: each one's publication is then a probe of its key
  // (a subquery the planner keeps, where a join would read every publication); an author's own index leads otherwise.
  const from = r.author === null
    ? 'lens_publication_metadata m CROSS JOIN LATERAL (SELECT * FROM lens_publication p WHERE p.publication_id = m.publication_id OFFSET 0) p'
    : LENS_MATCHES;
  // Others' interactions only, visible ones, as LensPublication counts them.
  return scored(`
    SELECT 'lens'::text AS protocol, p.publication_id AS id, p.profile_id AS author_id, coalesce(m.content, '') AS text, p.timestamp,
      NULL::int AS parent_fid, NULL::text AS parent_hash, NULL::text AS parent_url, NULL::text AS quoted_hash, NULL::int AS quoted_fid,
      p.publication_type, p.parent_publication_id, e.reactions, e.comments, e.quotes, e.mirrors,
      ${relevance}::float8 AS relevance, e.reactions + e.comments + e.quotes + e.mirrors AS engagement
    FROM ${from}
    CROSS JOIN LATERAL (SELECT
      (SELECT count(*)::int FROM lens_reaction x WHERE x.publication_id = p.publication_id AND x.type = 'UPVOTE' AND x.actioned_by_profile_id <> p.profile_id) AS reactions,
      count(*) FILTER (WHERE c.publication_type = 'COMMENT')::int AS comments,
      count(*) FILTER (WHERE c.publication_type = 'QUOTE')::int AS quotes,
      count(*) FILTER (WHERE c.publication_type = 'MIRROR')::int AS mirrors
      FROM lens_publication c WHERE c.parent_publication_id = p.publication_id AND NOT c.is_hidden AND c.profile_id <> p.profile_id) e
    WHERE ${where}`, epoch);
}

function hitsSql(r: PostSearchRequest, ps: Params) {
  const tsq = tsQuerySql(r.query, ps);
  const epoch = ps.add(POST_DECAY_EPOCH, 'timestamptz');
  const branches = r.protocols.map((p) => (p === 'farcaster' ? farcasterBranch : lensBranch)(r, ps, tsq, epoch));
  return { tsq, sql: branches.join('\n    UNION ALL') };
}

/** A page and the request's matches: null when the page is empty (none to carry the count), else every page's together. */
export interface PostSearchPage { rows: PostSearchRow[]; total: number | null }

/**
 * A page in read order (answer order: score descending, then protocol, then id; reversed backward), with
 * highlights and Lens collects for its rows. Ordering the page scores every match, so counting them there too
 * costs next to nothing, where a count of its own would read every match again.
 */
export async function searchPostRows(db: Database, r: PostSearchRequest): Promise<PostSearchPage> {
  const ps = new Params();
  const { tsq, sql } = hitsSql(r, ps);
  const [lt, gt] = r.backward ? ['>', '<'] : ['<', '>'];
  const cursor = r.cursor
    ? `WHERE h.score ${lt} ${ps.add(r.cursor.score, 'float8')} OR (h.score = $${ps.values.length}::float8 AND (h.protocol, h.id) ${gt} (${ps.add(r.cursor.protocol, 'text')}, ${ps.add(r.cursor.id, 'text')}))`
    : '';
  const order = r.backward ? 'score, protocol DESC, id DESC' : 'score DESC, protocol, id';
  const limit = ps.add(r.limit, 'int');
  const rows = await db.read<PostSearchRow & { matches: number }>(`
    SELECT g.*, ${tsq ? `ts_headline('simple', g.text, ${tsq})` : 'NULL::text'} AS highlight,
      CASE WHEN g.protocol = 'lens' THEN (SELECT count(*)::int FROM lens_act a WHERE a.publication_id = g.id AND a.is_collect AND a.acted_profile_id <> g.author_id) ELSE 0 END AS collects
    FROM (SELECT * FROM (SELECT h.*, count(*) OVER ()::int AS matches FROM (${sql}) h) h ${cursor} ORDER BY ${order} LIMIT ${limit}) g
    ORDER BY ${order}`, ...ps.values);
  return { rows, total: rows[0]?.matches ?? null };
}

/** Posts matching at all (every page together): the matches' conditions alone, with nothing computed per match. */
export async function countPostMatches(db: Database, r: PostSearchRequest): Promise<number> {
  const ps = new Params();
  const tsq = tsQuerySql(r.query, ps);
  const counts = r.protocols.map((p) => (p === 'farcaster'
    ? `(SELECT count(*) FROM fc_cast c WHERE ${farcasterWhere(r, ps, tsq)})`
    : `(SELECT count(*) FROM ${LENS_MATCHES} WHERE ${lensWhere(r, ps, tsq)})`));
  const [row] = await db.read<{ n: number }>(`SELECT (${counts.join(' + ')})::int AS n`, ...ps.values);
  return row.n;
}
