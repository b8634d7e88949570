// The read rules of user and post search: the query's bounds, which protocols
// a request covers, the filters' consistency, and keyset paging on the answer
// order's tuple (score, protocol, id). Whatever backend answers (search-backend.ts)
// gets a checked request and returns rows in that order.
import { channelIdOf, channelUrlOf } from '../domain/channels';
import { parseFid, parseLensProfileId } from '../domain/ids';
import type { ProtocolName } from '../domain/protocols';
import { PROTOCOL_NAMES } from '../domain/protocols';
import { parsePostQuery, SEARCH_QUERY_MAX } from '../domain/search';
import { badInput } from '../errors/app-error';
import { cursorPage, pagingOf, rowsToRead, type ListPage, type PageRequest, type Paging } from './pagination';
import type { PostSearchRow, SearchBackend, UserSearchRow } from './search-backend';

interface SearchCursor { score: number; protocol: ProtocolName; id: string }

/** Cursors are opaque: base64url of the row's place in the answer order. */
const encodeCursor = (c: SearchCursor) => Buffer.from(JSON.stringify(['s', c.score, c.protocol, c.id])).toString('base64url');

function decodeCursor(raw: string | null, arg: 'after' | 'before'): SearchCursor | null {
  if (!raw) return null;
  try {
    const [tag, score, protocol, id] = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown[];
    if (tag !== 's' || typeof score !== 'number' || !Number.isFinite(score) || !PROTOCOL_NAMES.includes(protocol as ProtocolName) || typeof id !== 'string') throw new Error('shape');
    return { score, protocol: protocol as ProtocolName, id };
  } catch {
    throw badInput(`${arg} is not a cursor returned by this API`);
  }
}

/** The query as searched: trimmed, 1..SEARCH_QUERY_MAX characters. */
function queryText(raw: string): string {
  const text = raw.trim();
  if (!text) throw badInput('query must not be empty');
  if (text.length > SEARCH_QUERY_MAX) throw badInput(`query must be at most ${SEARCH_QUERY_MAX} characters`);
  return text;
}

/** The keyset part of a backend request: how many rows, which way, from where. */
function keysetOf(p: Paging) {
  return { limit: rowsToRead(p.size), backward: p.backward, cursor: decodeCursor(p.cursor, p.backward ? 'before' : 'after') };
}

function pageOf<R extends { score: number; protocol: ProtocolName }>(p: Paging, rows: R[], idOf: (r: R) => string, total: () => Promise<number>): ListPage<R> {
  // A cursor is a row that was answered, so a row lies beyond it the other way.
  return cursorPage(p, rows, p.cursor !== null, (r) => encodeCursor({ score: r.score, protocol: r.protocol, id: idOf(r) }), total);
}

export interface UserSearchArgs extends PageRequest { query: string; protocol?: ProtocolName | null; minQuality?: number | null }

/**
 * Accounts whose names match the query (case-insensitive; a leading `@` is
 * not part of a name), best first by domain/search.ts's user score.
 */
export async function searchUsers(backend: SearchBackend, a: UserSearchArgs): Promise<ListPage<UserSearchRow>> {
  const needle = queryText(a.query).replace(/^@+/, '').toLowerCase();
  if (!needle) throw badInput('query must hold a name, not only @');
  const paging = pagingOf(a);
  const request = { needle, protocols: a.protocol ? [a.protocol] : PROTOCOL_NAMES, minQuality: a.minQuality ?? null, ...keysetOf(paging) };
  const rows = await backend.users(request);
  let total: Promise<number> | undefined;
  return pageOf(paging, rows, (r) => r.id, () => (total ??= backend.countUsers(request)));
}

export interface PostSearchArgs extends PageRequest {
  query: string;
  protocol?: ProtocolName | null;
  author?: string | null;
  channel?: string | null;
  since?: Date | null;
  until?: Date | null;
  minQuality?: number | null;
}

/** The author as stored (a fid in decimal, a canonical Lens id) and its protocol. */
function authorOf(raw: string): { id: string; protocol: ProtocolName } {
  const fid = parseFid(raw);
  if (fid !== null) return { id: String(fid), protocol: 'farcaster' };
  const lens = /^\s*(0x|\\x)/i.test(raw) ? parseLensProfileId(raw) : null;
  if (lens !== null) return { id: lens, protocol: 'lens' };
  throw badInput('author must be a fid (a positive integer) or a Lens profile id (0x…)');
}

/**
 * Posts matching the query's words, "phrases", $cashtags and @mentions, under
 * the filters, best first by domain/search.ts's post score. An author or a
 * channel narrows the search to its protocol (channels are Farcaster's); asking
 * another protocol beside it is refused rather than answered empty.
 */
export async function searchPosts(backend: SearchBackend, a: PostSearchArgs): Promise<ListPage<PostSearchRow>> {
  const query = parsePostQuery(queryText(a.query));
  let protocols: readonly ProtocolName[] = a.protocol ? [a.protocol] : PROTOCOL_NAMES;
  const author = a.author != null ? authorOf(a.author) : null;
  const narrow = (to: ProtocolName, why: string) => {
    if (!protocols.includes(to)) throw badInput(`${why} is on ${to}, but protocol asks for ${protocols.join(', ')}`);
    protocols = [to];
  };
  if (author) narrow(author.protocol, `author ${author.id}`);
  const channelUrl = a.channel != null ? channelUrlOf(channelIdOf(a.channel)) : null;
  if (channelUrl !== null) narrow('farcaster', 'a channel');
  if (a.since && a.until && a.until <= a.since) throw badInput('until must be later than since');
  const paging = pagingOf(a);
  const request = {
    query, protocols, author: author?.id ?? null, channelUrl, since: a.since ?? null, until: a.until ?? null,
    minQuality: a.minQuality ?? null, ...keysetOf(paging),
  };
  const rows = await backend.posts(request);
  let total: Promise<number> | undefined;
  return pageOf(paging, rows, (r) => r.id, () => (total ??= backend.countPosts(request)));
}
