import * as Doc from '../../generated/graphql/graphql';
import { PROTOCOL_NAMES, type ProtocolName } from '../../domain/protocols';
import { TRENDING_DEFAULT_PROTOCOL } from '../../graphql/types/trending.type';
import type { RouteProtocols } from '../freshness-headers';
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

/** The JSON body is the TrendingInput: its fields are read, any other is ignored. */
export const TRENDING_ROUTES = [
  route({ method: 'post', path: '/api/trending/find', summary: 'Trending Farcaster users, one page', example: { body: { protocol: 'farcaster', ratio: 'month' } }, name: 'findTrendingUsers', protocols: trendingProtocol,
    document: Doc.RestTrendingFindDocument, bodyVariable: 'input', answer: (d) => d.trendingUsers }),
];
