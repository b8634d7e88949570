import * as Doc from '../../generated/graphql/graphql';
import { LENS_DATA } from '../freshness-headers';
import { route } from '../rest-route.type';

/** Lens engagement and collects; the collect routes filter by `currency`, `month` and `year`. */
export const LENS_ACTIVITY_ROUTES = [
  route({ method: 'get', path: '/api/lens/profile/engagement/:id', summary: 'Who engages with a Lens profile, and whom it engages with', example: { path: '0x01', query: 'limit=5' }, name: 'getEngagement (Lens)', protocols: LENS_DATA,
    document: Doc.RestLensEngagementDocument, answer: (d) => d.lensProfile.engagement }),
  route({ method: 'get', path: '/api/lens/profile/collect/list/:id', summary: 'Collects of a Lens profile\'s publications, one page', example: { path: '0x01', query: 'currency=usdc&month=6&year=2024' }, name: 'getCollectList', protocols: LENS_DATA,
    document: Doc.RestLensCollectListDocument, answer: (d) => d.lensProfile.collectList }),
  route({ method: 'get', path: '/api/lens/profile/collect/sum/:id', summary: 'Totals of the collects of a Lens profile\'s publications', example: { path: '0x01', query: 'year=2024' }, name: 'getCollectSumForUser', protocols: LENS_DATA,
    document: Doc.RestLensCollectSumDocument, answer: (d) => d.lensProfile.collectSum }),
  route({ method: 'get', path: '/api/lens/collect/top-creators', summary: 'Lens creators by USD collected', example: { query: 'limit=5' }, name: 'getTopCreators', protocols: LENS_DATA,
    document: Doc.RestLensTopCreatorsDocument, answer: (d) => d.lensTopCreators }),
];
