import * as Doc from '../../generated/graphql/graphql';
import { route } from '../rest-route.type';

/** Trending tokens with stats, daily token mentions and the posts behind them. */
export const TOKEN_ROUTES = [
  route({ method: 'get', path: '/api/trending/token-stats', example: { query: 'limit=5' }, name: 'getTrendingTokensStats (seed 4.3)',
    document: Doc.RestTrendingTokenStatsDocument, answer: (d) => d.trendingTokens }),
  route({ method: 'get', path: '/api/llm/tokens/mentions', example: { query: 'date=2024-06-10' }, name: 'getTokenMentions (seed 4.11)',
    document: Doc.RestTokenMentionsDocument, answer: (d) => d.tokenMentions }),
  route({ method: 'get', path: '/api/llm/tokens/mentions/publications/:tokenId', example: { path: 'ETH', query: 'date=2024-06-10' },
    name: 'getTokenPublicationMentions (seed 4.12)',
    document: Doc.RestTokenPublicationsDocument, answer: (d) => d.tokenPublications }),
];
