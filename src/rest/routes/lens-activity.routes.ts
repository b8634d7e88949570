import * as Doc from '../../generated/graphql/graphql';
import { intParam, pathParam, queryParam } from '../params';
import { route } from '../rest-route.type';

type Req = Parameters<typeof pathParam>[0];

/** `currency`, `month`, `year` (CONTRACT §5 row 4.4); validated once, in the schema. */
export const filter = (req: Req) => ({ currency: queryParam(req, 'currency'), month: intParam(queryParam(req, 'month')), year: intParam(queryParam(req, 'year')) });

/** Lens engagement and collects: seed 4.2, 4.4 and CONTRACT §6 getCollectSumForUser / getTopCreators. */
export const LENS_ACTIVITY_ROUTES = [
  route({ method: 'get', path: '/api/lens/profile/engagement/:id', example: { path: '0x01', query: 'limit=5' }, name: 'getEngagement (Lens, seed 4.2)',
    document: Doc.RestLensEngagementDocument,
    variables: (req) => ({ id: pathParam(req, 'id'), limit: intParam(queryParam(req, 'limit')) }),
    answer: (d) => d.lensProfile.engagement }),
  route({ method: 'get', path: '/api/lens/profile/collect/list/:id', example: { path: '0x01', query: 'currency=usdc&month=6&year=2024' }, name: 'getCollectList (seed 4.4)',
    document: Doc.RestLensCollectListDocument,
    variables: (req) => ({ id: pathParam(req, 'id'), ...filter(req), page: intParam(queryParam(req, 'page')), limit: intParam(queryParam(req, 'limit')) }),
    answer: (d) => d.lensProfile.collectList }),
  route({ method: 'get', path: '/api/lens/profile/collect/sum/:id', example: { path: '0x01', query: 'year=2024' }, name: 'getCollectSumForUser',
    document: Doc.RestLensCollectSumDocument,
    variables: (req) => ({ id: pathParam(req, 'id'), ...filter(req) }),
    answer: (d) => d.lensProfile.collectSum }),
  route({ method: 'get', path: '/api/lens/collect/top-creators', example: { query: 'limit=5' }, name: 'getTopCreators',
    document: Doc.RestLensTopCreatorsDocument,
    variables: (req) => ({ ...filter(req), limit: intParam(queryParam(req, 'limit')) }),
    answer: (d) => d.lensTopCreators }),
];
