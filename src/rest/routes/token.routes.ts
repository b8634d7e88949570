import * as Doc from '../../generated/graphql/graphql';
import { intParam, pathParam, queryParam } from '../params';
import { route } from '../rest-route.type';

/** Tokens: seed 4.3, 4.11, 4.12 (CONTRACT §5). Validation happens once, in the schema and resolvers. */
export const TOKEN_ROUTES = [
  route({ method: 'get', path: '/api/trending/token-stats', example: { query: 'limit=5' }, name: 'getTrendingTokensStats (seed 4.3)',
    document: Doc.RestTrendingTokenStatsDocument,
    variables: (req) => ({ date: queryParam(req, 'date'), limit: intParam(queryParam(req, 'limit')), chain: queryParam(req, 'chain') }),
    answer: (d) => d.trendingTokens }),
  route({ method: 'get', path: '/api/llm/tokens/mentions', example: { query: 'date=2024-06-10' }, name: 'getTokenMentions (seed 4.11)',
    document: Doc.RestTokenMentionsDocument,
    variables: (req) => ({ date: queryParam(req, 'date') }),
    answer: (d) => d.tokenMentions }),
  route({ method: 'get', path: '/api/llm/tokens/mentions/publications/:tokenId', example: { path: 'ETH', query: 'date=2024-06-10' },
    name: 'getTokenPublicationMentions (seed 4.12)',
    document: Doc.RestTokenPublicationsDocument,
    variables: (req) => ({ tokenId: pathParam(req, 'tokenId'), date: queryParam(req, 'date'), page: intParam(queryParam(req, 'page')), limit: intParam(queryParam(req, 'limit')) }),
    answer: (d) => d.tokenPublications }),
];
