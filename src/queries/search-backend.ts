// The seam where a search engine plugs in. The read rules of queries/search.ts
// validate and page; a backend only answers a ranked page and a total for a
// request they have already checked. The default is PostgreSQL's own text
// search and pg_trgm over the service's tables (no other process to run); an
// external engine (OpenSearch, Typesense, Meilisearch…) implements the same
// four calls over its own index and is named by SEARCH_BACKEND
// (docs/api.md#search: what it must keep, the order and the cursor's tuple).
import type { Database } from '../db/database';
import { countPostMatches, searchPostRows, type PostSearchRequest, type PostSearchRow } from '../repositories/post-search.repository';
import { countUserMatches, searchUserRows, type UserSearchRequest, type UserSearchRow } from '../repositories/user-search.repository';

export type { PostSearchRequest, PostSearchRow, UserSearchRequest, UserSearchRow };

export interface SearchBackend {
  /** The SEARCH_BACKEND value that selects it. */
  readonly name: string;
  /** At most `limit` accounts after `cursor` by score descending, then protocol, then id (backward: before it, read from the end). */
  users(request: UserSearchRequest): Promise<UserSearchRow[]>;
  /** Every account the request matches (cursor and limit aside). */
  countUsers(request: UserSearchRequest): Promise<number>;
  /** At most `limit` posts after `cursor` by score descending, then protocol, then id (backward: before it, read from the end), with highlights. */
  posts(request: PostSearchRequest): Promise<PostSearchRow[]>;
  /** Every post the request matches (cursor and limit aside). */
  countPosts(request: PostSearchRequest): Promise<number>;
}

/**
 * The default: the database the service already reads. A page statement that scores every match counts them
 * too; the count of the same request (the same object) is then that number rather than a statement of its own.
 */
export function postgresSearchBackend(db: Database): SearchBackend {
  const totals = new WeakMap<object, number>();
  const keep = <R>(request: object, page: { rows: R[]; total: number | null }): R[] => {
    if (page.total !== null) totals.set(request, page.total);
    return page.rows;
  };
  const counted = (request: object, count: () => Promise<number>) => {
    const known = totals.get(request);
    return known === undefined ? count() : Promise.resolve(known);
  };
  return {
    name: 'postgres',
    users: async (r) => keep(r, await searchUserRows(db, r)),
    countUsers: (r) => counted(r, () => countUserMatches(db, r)),
    posts: async (r) => keep(r, await searchPostRows(db, r)),
    countPosts: (r) => counted(r, () => countPostMatches(db, r)),
  };
}

/** Every backend SEARCH_BACKEND can name; another engine is one more entry. */
export const SEARCH_BACKENDS = { postgres: postgresSearchBackend } as const satisfies Record<string, (db: Database) => SearchBackend>;
export type SearchBackendName = keyof typeof SEARCH_BACKENDS;

export const searchBackendOf = (name: SearchBackendName, db: Database): SearchBackend => SEARCH_BACKENDS[name](db);
