import * as Doc from '../../generated/graphql/graphql';
import { intParam, listParam, pathParam, queryParam } from '../params';
import { route } from '../rest-route.type';

const id = (req: Parameters<typeof pathParam>[0]) => ({ id: pathParam(req, 'id') });

/** Lens paths of the seed and CONTRACT §6. */
export const LENS_ROUTES = [
  route({ method: 'get', path: '/api/lens/followersCount', example: { query: 'ids=0x01,0x02' }, name: 'getFollowersCount (Lens, seed 4.10)',
    document: Doc.RestLensFollowersCountDocument, variables: (req) => ({ ids: listParam(req, 'ids') }),
    answer: (d) => d.lensFollowersCounts }),
  route({ method: 'get', path: '/api/lens/followers/total/:id', example: { path: '0x01' }, name: 'getTotalFollowers (Lens)',
    document: Doc.RestLensTotalFollowersDocument, variables: id, answer: (d) => d.lensProfile }),
  route({ method: 'get', path: '/api/lens/followers/top/:id', example: { path: '0x01', query: 'limit=2' }, name: 'gatTopFollowers',
    document: Doc.RestLensTopFollowersDocument, variables: (req) => ({ ...id(req), limit: intParam(queryParam(req, 'limit')) }),
    answer: (d) => d.lensProfile.topFollowers }),
  route({ method: 'get', path: '/api/lens/followers/histogram/:id', example: { path: '0x01' }, name: 'getHistogram',
    document: Doc.RestLensFollowerHistogramDocument, variables: id,
    answer: (d) => ({ profileId: d.lensProfile.profileId, ...d.lensProfile.followerHistogram }) }),
  route({ method: 'get', path: '/api/lens/followers/history/:id', example: { path: '0x01', query: 'interval=week' }, name: 'getHistoryFollowers',
    document: Doc.RestLensFollowersHistoryDocument,
    variables: (req) => ({ ...id(req), from: queryParam(req, 'from'), to: queryParam(req, 'to'), interval: queryParam(req, 'interval') }),
    answer: (d) => ({ profileId: d.lensProfile.profileId, ...d.lensProfile.followersHistory }) }),
  route({ method: 'get', path: '/api/lens/followers/recent/:id', example: { path: '0x01' }, name: 'getRecentFollowers (Lens)',
    document: Doc.RestLensRecentFollowersDocument, variables: (req) => ({ ...id(req), limit: intParam(queryParam(req, 'limit')) }),
    answer: (d) => d.lensProfile.recentFollowers.edges.map((e) => ({ ...e.node, followedAt: e.followedAt })) }),
  route({ method: 'get', path: '/api/lens/user/rank/:id', example: { path: '0x01', query: 'ratio=day' }, name: 'getUserRank (Lens)',
    document: Doc.RestLensUserRankDocument, variables: (req) => ({ ...id(req), ratio: queryParam(req, 'ratio') }),
    answer: (d) => d.lensProfile.userRank }),
  route({ method: 'get', path: '/api/lens/profile/rank/:id', example: { path: '0x01' }, name: 'getProfileRank (Lens)',
    document: Doc.RestLensProfileRankDocument, variables: id, answer: (d) => d.lensProfile.rank }),
  route({ method: 'get', path: '/api/lens/score/average', example: { query: 'ids=0x01' }, name: 'getScoreaverage',
    document: Doc.RestLensScoreAverageDocument,
    variables: (req) => { const ids = listParam(req, 'ids'); return ids.length ? { ids } : {}; },
    answer: (d) => d.lensScoreAverage }),
  route({ method: 'get', path: '/api/lens/profile/:id', example: { path: '0x01' }, name: 'getLensProfile (seed 4.5)',
    document: Doc.RestLensProfileDocument, variables: id, answer: (d) => d.lensProfile }),
];
