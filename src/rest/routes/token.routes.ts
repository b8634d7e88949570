import * as Doc from '../../generated/graphql/graphql';
import { BOTH_PROTOCOLS } from '../freshness-headers';
import { route } from '../rest-route.type';

/** Trending tokens with stats, daily token mentions and the posts behind them. */
export const TOKEN_ROUTES = [
  route({ method: 'get', path: '/api/trending/token-stats', summary: 'The most mentioned tokens of a day, with market data', example: { query: 'limit=5' }, name: 'getTrendingTokensStats', protocols: BOTH_PROTOCOLS,
    document: Doc.RestTrendingTokenStatsDocument, answer: (d) => d.trendingTokens }),
  route({ method: 'get', path: '/api/llm/tokens/mentions', summary: 'Token mention counts of a day', example: { query: 'date=2024-06-10' }, name: 'getTokenMentions', protocols: BOTH_PROTOCOLS,
    document: Doc.RestTokenMentionsDocument, answer: (d) => d.tokenMentions.map((m) => ({ ...m, post_count: String(m.post_count) })) }),
  route({ method: 'get', path: '/api/llm/tokens/mentions/publications/:tokenId', summary: 'Posts mentioning a token, one page', example: { path: 'ETH', query: 'date=2024-06-10' },
    name: 'getTokenPublicationMentions', protocols: BOTH_PROTOCOLS,
    document: Doc.RestTokenPublicationsDocument, answer: (d) => d.tokenPublications }),
];
