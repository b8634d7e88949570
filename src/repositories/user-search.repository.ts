// User search over the names of fc_search_name and lens_search_name (kept by
// triggers, trigram-indexed): one statement for a page (which counts the
// matches it scores), one for a total the page could not give.
// Each account answers once, by its best-matching name; the score is
// domain/search.ts's formula, computed here so the keyset compares the very
// value it orders by.
//
// A page is read from the exact and prefix bands first (a btree range of names,
// where the trigram match of a short query reads most of the table): a band
// always outranks the ones below it, so when those accounts fill the page they
// are the page, and only a page they do not fill reads the whole match.
import type { Database } from '../db/database';
import { PROTOCOLS, type ProtocolName } from '../domain/protocols';
import { FUZZY_THRESHOLD, MATCH_TIERS, SEARCH_FIELDS, USER_SCORE_WEIGHTS, type MatchKind, type SearchField } from '../domain/search';
import { generationOf } from './protocols.sql';
import { qualityProbeSql } from './quality.sql';

export interface UserSearchRow {
  protocol: ProtocolName;
  /** The fid as decimal text, or the Lens profile id. */
  id: string;
  field: SearchField;
  name: string;
  kind: MatchKind;
  similarity: number;
  trust: number;
  score: number;
}

export interface UserSearchRequest {
  /** Lower case, trimmed, non-empty. */
  needle: string;
  protocols: readonly ProtocolName[];
  minQuality: number | null;
  /** Rows to read (the page size + 1). */
  limit: number;
  /** Rows after this one in answer order (before it, backward). */
  /** Paging backward: the rows before `cursor` (or the list's last rows), read from the end. */
  backward: boolean;
  cursor: { score: number; protocol: ProtocolName; id: string } | null;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const NAME_TABLES = { farcaster: 'fc_search_name', lens: 'lens_search_name' } as const;

/**
 * One protocol's matching accounts, each by its best name, with the score.
 * `$1` the needle, `$2` it escaped for LIKE, `$3` the least quality (present
 * only with a minimum: a parameter no statement reads has no type).
 */
function branchSql(protocol: ProtocolName, withQuality: boolean, match: Match = 'all'): string {
  const p = PROTOCOLS[protocol];
  // Each fence (OFFSET 0) keeps an expression computed once where it stands: the planner would otherwise
  // join the whole score table by hash where a probe of its key per account reads a few rows.
  return `
    SELECT '${protocol}'::text AS protocol, a.id::text AS id, a.field, a.name, a.kind, a.similarity, a.trust,
      (a.tier + ${USER_SCORE_WEIGHTS.similarity} * a.similarity + ${USER_SCORE_WEIGHTS.trust} * a.trust)::float8 AS score
    FROM (
      SELECT b.*, coalesce((SELECT g.score FROM ${p.analytics.graphScore} g WHERE g.generation = ${generationOf(p)} AND g.${p.key} = b.id), 0)::float8 AS trust
      FROM (
        SELECT DISTINCT ON (m.id) m.* FROM (${matchedNamesSql(protocol, match)}) m
        ORDER BY m.id, m.tier DESC, m.similarity DESC, array_position(ARRAY[${SEARCH_FIELDS.map((f) => `'${f}'`).join(', ')}], m.field), m.name) b
      ${withQuality ? `WHERE ${qualityProbeSql(p, 'b.id', '$3::float8')}` : ''}
      OFFSET 0) a`;
}

/**
 * Every name of one protocol that matches, with its band and similarity. The match condition is what the
 * trigram index answers: a substring (prefixes and exact names are substrings) or a similar name or word of
 * a name; with `prefix`, only the names the query begins (the btree's range). The band filter stands behind
 * a fence: pushed into the name scan, it would compute each similarity a second time there.
 */
function matchedNamesSql(protocol: ProtocolName, match: Match): string {
  const t = MATCH_TIERS;
  const id = protocol === 'farcaster' ? 'n.fid' : 'n.profile_id';
  return `
    SELECT * FROM (
      SELECT ${id} AS id, n.field, n.name,
        CASE WHEN n.name = $1::text THEN 'exact' WHEN n.name LIKE $2::text || '%' THEN 'prefix' WHEN n.name LIKE '%' || $2 || '%' THEN 'substring' ELSE 'fuzzy' END AS kind,
        CASE WHEN n.name = $1::text THEN ${t.exact} WHEN n.name LIKE $2::text || '%' THEN ${t.prefix} WHEN n.name LIKE '%' || $2 || '%' THEN ${t.substring} ELSE ${t.fuzzy} END AS tier,
        round(greatest(similarity(n.name, $1::text), word_similarity($1::text, n.name))::numeric, 6)::float8 AS similarity
      FROM ${NAME_TABLES[protocol]} n
      WHERE ${match === 'prefix' ? `n.name LIKE $2::text || '%'` : `(n.name LIKE '%' || $2::text || '%' OR n.name % $1::text OR $1::text <% n.name)`}
      OFFSET 0) n
    WHERE n.tier > ${t.fuzzy} OR n.similarity >= ${FUZZY_THRESHOLD}`;
}

/** Which names a branch reads: every match, or only the exact and prefix bands. */
type Match = 'all' | 'prefix';

const unionSql = (r: UserSearchRequest, match: Match = 'all') => r.protocols.map((p) => branchSql(p, r.minQuality !== null, match)).join('\n    UNION ALL');

const paramsOf = (r: UserSearchRequest): unknown[] => [r.needle, escapeLike(r.needle), ...(r.minQuality !== null ? [r.minQuality] : [])];

/**
 * The edge between the prefix bands and the rest: an account with an exact or prefix name scores above the prefix
 * tier (a prefix shares the name's first trigram, so its similarity is above zero), and every other account at
 * most the substring tier plus both weights, which is this same number (domain/search.ts's bands).
 */
const PREFIX_EDGE = MATCH_TIERS.substring + USER_SCORE_WEIGHTS.similarity + USER_SCORE_WEIGHTS.trust;

/** A page and the request's matches: null when the page did not read them all (the prefix pass) or is empty. */
export interface UserSearchPage { rows: UserSearchRow[]; total: number | null }

/** A page in read order: answer order (score descending, then protocol, then id as text), reversed when paging backward. */
export async function searchUserRows(db: Database, r: UserSearchRequest): Promise<UserSearchPage> {
  if (!r.backward && (r.cursor === null || r.cursor.score > PREFIX_EDGE)) {
    const page = await pageRows(db, r, 'prefix');
    // Each strictly above the edge: no account the prefix pass did not read can rank between them.
    if (page.rows.length >= r.limit && page.rows.every((row) => row.score > PREFIX_EDGE)) return { rows: page.rows, total: null };
  }
  return pageRows(db, r, 'all');
}

/** Ordering the page scores every match it reads, so a page of the whole match counts them as well: the total. */
async function pageRows(db: Database, r: UserSearchRequest, match: Match): Promise<UserSearchPage> {
  const params = paramsOf(r);
  const at = (k: number) => `$${params.length + k}`;
  const [lt, gt] = r.backward ? ['>', '<'] : ['<', '>'];
  const cursor = r.cursor ? `WHERE s.score ${lt} ${at(2)}::float8 OR (s.score = ${at(2)}::float8 AND (s.protocol, s.id) ${gt} (${at(3)}::text, ${at(4)}::text))` : '';
  const rows = await db.read<UserSearchRow & { matches: number }>(`
    SELECT * FROM (SELECT u.*${match === 'all' ? ', count(*) OVER ()::int AS matches' : ''} FROM (${unionSql(r, match)}) u) s
    ${cursor}
    ORDER BY ${r.backward ? 's.score, s.protocol DESC, s.id DESC' : 's.score DESC, s.protocol, s.id'}
    LIMIT ${at(1)}`, ...params, r.limit, ...(r.cursor ? [r.cursor.score, r.cursor.protocol, r.cursor.id] : []));
  return { rows, total: match === 'all' ? (rows[0]?.matches ?? null) : null };
}

/** Accounts matching at all (every page together): each one's names counted once, with nothing scored. */
export async function countUserMatches(db: Database, r: UserSearchRequest): Promise<number> {
  const counts = r.protocols.map((protocol) => {
    const quality = r.minQuality !== null ? `WHERE ${qualityProbeSql(PROTOCOLS[protocol], 'a.id', '$3::float8')}` : '';
    return `(SELECT count(*) FROM (SELECT DISTINCT m.id FROM (${matchedNamesSql(protocol, 'all')}) m) a ${quality})`;
  });
  const [row] = await db.read<{ n: number }>(`SELECT (${counts.join(' + ')})::int AS n`, ...paramsOf(r));
  return row.n;
}
