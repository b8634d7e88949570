import * as Doc from '../../generated/graphql/graphql';
import { intParam, listParam, pathParam, queryParam } from '../params';
import { route } from '../rest-route.type';

const id = (req: Parameters<typeof pathParam>[0]) => ({ id: pathParam(req, 'id') });

/** Lens paths of the seed and CONTRACT §6. */
export const LENS_ROUTES = [
  route({ method: 'get', path: '/api/lens/followersCount', name: 'getFollowersCount (Lens, seed 4.10)',
    document: Doc.RestLensFollowersCountDocument, variables: (req) => ({ ids: listParam(req, 'ids') }),
    answer: (d) => d.lensFollowersCounts }),
  route({ method: 'get', path: '/api/lens/followers/total/:id', name: 'getTotalFollowers (Lens)',
    document: Doc.RestLensTotalFollowersDocument, variables: id, answer: (d) => d.lensProfile }),
  route({ method: 'get', path: '/api/lens/followers/top/:id', name: 'gatTopFollowers',
    document: Doc.RestLensTopFollowersDocument, variables: (req) => ({ ...id(req), limit: intParam(queryParam(req, 'limit')) }),
    answer: (d) => d.lensProfile.topFollowers }),
  route({ method: 'get', path: '/api/lens/followers/histogram/:id', name: 'getHistogram',
    document: Doc.RestLensFollowerHistogramDocument, variables: id,
    answer: (d) => ({ profileId: d.lensProfile.profileId, ...d.lensProfile.followerHistogram }) }),
  route({ method: 'get', path: '/api/lens/followers/history/:id', name: 'getHistoryFollowers',
    document: Doc.RestLensFollowersHistoryDocument,
    variables: (req) => ({ ...id(req), from: queryParam(req, 'from'), to: queryParam(req, 'to'), interval: queryParam(req, 'interval') }),
    answer: (d) => ({ profileId: d.lensProfile.profileId, ...d.lensProfile.followersHistory }) }),
  route({ method: 'get', path: '/api/lens/followers/recent/:id', name: 'getRecentFollowers (Lens)',
    document: Doc.RestLensRecentFollowersDocument, variables: (req) => ({ ...id(req), limit: intParam(queryParam(req, 'limit')) }),
    answer: (d) => d.lensProfile.recentFollowers.edges.map((e) => ({ ...e.node, followedAt: e.followedAt })) }),
  route({ method: 'get', path: '/api/lens/user/rank/:id', name: 'getUserRank (Lens)',
    document: Doc.RestLensUserRankDocument, variables: (req) => ({ ...id(req), ratio: queryParam(req, 'ratio') }),
    answer: (d) => d.lensProfile.userRank }),
  route({ method: 'get', path: '/api/lens/profile/rank/:id', name: 'getProfileRank (Lens)',
    document: Doc.RestLensProfileRankDocument, variables: id, answer: (d) => d.lensProfile.rank }),
  route({ method: 'get', path: '/api/lens/score/average', name: 'getScoreaverage',
    document: Doc.RestLensScoreAverageDocument,
    variables: (req) => { const ids = listParam(req, 'ids'); return ids.length ? { ids } : {}; },
    answer: (d) => d.lensScoreAverage }),
  route({ method: 'get', path: '/api/lens/profile/:id', name: 'getLensProfile (seed 4.5)',
    document: Doc.RestLensProfileDocument, variables: id, answer: (d) => d.lensProfile }),
];
