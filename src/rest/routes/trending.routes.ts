import * as Doc from '../../generated/graphql/graphql';
import { PROTOCOL_NAMES, type ProtocolName } from '../../domain/protocols';
import { TRENDING_DEFAULT_PROTOCOL } from '../../graphql/types/trending.type';
import { FARCASTER_DATA, LENS_DATA, type RouteProtocols } from '../freshness-headers';
import { route } from '../rest-route.type';

/**
 * The body names the protocol (by now the Protocol enum's value name, FARCASTER)
 * or the input's default applies; any other value is refused by GraphQL, so no
 * answer needs headers.
 */
const trendingProtocol: RouteProtocols = (variables) => {
  const asked = (variables.input as { protocol?: unknown } | undefined)?.protocol;
  return PROTOCOL_NAMES.filter((p: ProtocolName) => (asked === undefined ? p === TRENDING_DEFAULT_PROTOCOL : p.toUpperCase() === asked));
};

interface TrendingUsers { totalCount: number; page: number; totalPages: number; pageInfo: object; edges: { node: { user: object; topFollowers: object[] } }[] }

/** A page of trending users with the nodes flattened under `name` (users, profiles): each one's summary and its top followers. */
const trendingPage = ({ edges, ...page }: TrendingUsers, name: 'users' | 'profiles') =>
  ({ ...page, [name]: edges.map(({ node }) => ({ ...node.user, topFollowers: node.topFollowers })) });

/**
 * The earlier service's POST (its JSON body is the TrendingInput: its fields are read, any other is
 * ignored), and the /api/v2 GETs, one per protocol, with minQuality and cursors.
 */
export const TRENDING_ROUTES = [
  route({ method: 'post', path: '/api/trending/find', summary: 'Trending Farcaster users, one page', example: { body: { protocol: 'farcaster', ratio: 'month' } }, name: 'findTrendingUsers', protocols: trendingProtocol,
    document: Doc.RestTrendingFindDocument, bodyVariable: 'input', answer: (d) => d.trendingUsers }),
  route({ method: 'get', path: '/api/v2/farcaster/users/trending', summary: 'Trending Farcaster users, by follower growth', example: { query: 'ratio=week' },
    name: 'trending (Farcaster)', protocols: FARCASTER_DATA, document: Doc.RestV2FarcasterTrendingUsersDocument, answer: (d) => trendingPage(d.trending, 'users') }),
  route({ method: 'get', path: '/api/v2/lens/profiles/trending', summary: 'Trending Lens profiles, by follower growth', example: { query: 'ratio=week' },
    name: 'trending (Lens)', protocols: LENS_DATA, document: Doc.RestV2LensTrendingUsersDocument, answer: (d) => trendingPage(d.trending, 'profiles') }),
];
