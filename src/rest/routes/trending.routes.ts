import * as Doc from '../../generated/graphql/graphql';
import { route } from '../rest-route.type';

/** The JSON body is the TrendingInput: its fields are read, any other is ignored. */
export const TRENDING_ROUTES = [
  route({ method: 'post', path: '/api/trending/find', example: { body: { protocol: 'farcaster', ratio: 'month' } }, name: 'findTrendingUsers',
    document: Doc.RestTrendingFindDocument, bodyVariable: 'input', answer: (d) => d.trendingUsers }),
];
