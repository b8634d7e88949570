import * as Doc from '../../generated/graphql/graphql';
import { PROTOCOL_NAMES, type ProtocolName } from '../../domain/protocols';
import type { RouteProtocols } from '../freshness-headers';
import { route } from '../rest-route.type';

// The /api/v2 search routes: a page of the search connection with each item
// flattened (the node's fields plus how it matched) and the page info whose
// endCursor is the next call's `after`.

/** The protocol asked for, else both: whose freshness the answer carries. */
const searched: RouteProtocols = (v) => {
  const asked = typeof v.protocol === 'string' ? v.protocol.toLowerCase() : null;
  return PROTOCOL_NAMES.includes(asked as ProtocolName) ? [asked as ProtocolName] : PROTOCOL_NAMES;
};

const flat = <N extends object, M>(c: { totalCount: number; pageInfo: object; edges: { node: N; match: M }[] }) => ({
  totalCount: c.totalCount, pageInfo: c.pageInfo, items: c.edges.map(({ node, match }) => ({ ...node, match })),
});

export const SEARCH_ROUTES = [
  route({ method: 'get', path: '/api/v2/search/users', summary: 'Accounts of both protocols matching a name, fuzzily', example: { query: 'q=alice' }, name: 'searchUsers', protocols: searched,
    document: Doc.RestV2SearchUsersDocument,
    answer: (d) => { const { items, ...page } = flat(d.searchUsers); return { ...page, users: items }; } }),
  route({ method: 'get', path: '/api/v2/search/posts', summary: 'Casts and Lens publications matching words, phrases, cashtags and mentions', example: { query: 'q=gm' }, name: 'searchPosts', protocols: searched,
    document: Doc.RestV2SearchPostsDocument,
    answer: (d) => { const { items, ...page } = flat(d.searchPosts); return { ...page, posts: items }; } }),
];
