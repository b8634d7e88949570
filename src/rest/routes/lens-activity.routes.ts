import * as Doc from '../../generated/graphql/graphql';
import { LENS_DATA } from '../freshness-headers';
import { route } from '../rest-route.type';

/** Lens engagement and collects; the collect routes filter by `currency`, `month` and `year`. */
export const LENS_ACTIVITY_ROUTES = [
  route({ method: 'get', path: '/api/lens/profile/engagement/:id', example: { path: '0x01', query: 'limit=5' }, name: 'getEngagement (Lens)', protocols: LENS_DATA,
    document: Doc.RestLensEngagementDocument, answer: (d) => d.lensProfile.engagement }),
  route({ method: 'get', path: '/api/lens/profile/collect/list/:id', example: { path: '0x01', query: 'currency=usdc&month=6&year=2024' }, name: 'getCollectList', protocols: LENS_DATA,
    document: Doc.RestLensCollectListDocument, answer: (d) => d.lensProfile.collectList }),
  route({ method: 'get', path: '/api/lens/profile/collect/sum/:id', example: { path: '0x01', query: 'year=2024' }, name: 'getCollectSumForUser', protocols: LENS_DATA,
    document: Doc.RestLensCollectSumDocument, answer: (d) => d.lensProfile.collectSum }),
  route({ method: 'get', path: '/api/lens/collect/top-creators', example: { query: 'limit=5' }, name: 'getTopCreators', protocols: LENS_DATA,
    document: Doc.RestLensTopCreatorsDocument, answer: (d) => d.lensTopCreators }),
];
