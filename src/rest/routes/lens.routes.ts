import * as Doc from '../../generated/graphql/graphql';
import { route } from '../rest-route.type';

/** Lens profiles, counters and analytics. */
export const LENS_ROUTES = [
  route({ method: 'get', path: '/api/lens/followersCount', example: { query: 'ids=0x01,0x02' }, name: 'getFollowersCount (Lens)',
    document: Doc.RestLensFollowersCountDocument, answer: (d) => d.lensFollowersCounts }),
  route({ method: 'get', path: '/api/lens/followers/total/:id', example: { path: '0x01' }, name: 'getTotalFollowers (Lens)',
    document: Doc.RestLensTotalFollowersDocument, answer: (d) => d.lensProfile }),
  route({ method: 'get', path: '/api/lens/followers/top/:id', example: { path: '0x01', query: 'limit=2' }, name: 'gatTopFollowers',
    document: Doc.RestLensTopFollowersDocument, answer: (d) => d.lensProfile.topFollowers }),
  route({ method: 'get', path: '/api/lens/followers/histogram/:id', example: { path: '0x01' }, name: 'getHistogram',
    document: Doc.RestLensFollowerHistogramDocument,
    answer: (d) => ({ profileId: d.lensProfile.profileId, ...d.lensProfile.followerHistogram }) }),
  route({ method: 'get', path: '/api/lens/followers/history/:id', example: { path: '0x01', query: 'interval=week' }, name: 'getHistoryFollowers',
    document: Doc.RestLensFollowersHistoryDocument,
    answer: (d) => ({ profileId: d.lensProfile.profileId, ...d.lensProfile.followersHistory }) }),
  route({ method: 'get', path: '/api/lens/followers/recent/:id', example: { path: '0x01' }, name: 'getRecentFollowers (Lens)',
    document: Doc.RestLensRecentFollowersDocument,
    answer: (d) => d.lensProfile.recentFollowers.edges.map((e) => ({ ...e.node, followedAt: e.followedAt })) }),
  route({ method: 'get', path: '/api/lens/user/rank/:id', example: { path: '0x01', query: 'ratio=day' }, name: 'getUserRank (Lens)',
    document: Doc.RestLensUserRankDocument, answer: (d) => d.lensProfile.userRank }),
  route({ method: 'get', path: '/api/lens/profile/rank/:id', example: { path: '0x01' }, name: 'getProfileRank (Lens)',
    document: Doc.RestLensProfileRankDocument, answer: (d) => d.lensProfile.rank }),
  // `ids` is optional here: absent or empty averages over every profile.
  route({ method: 'get', path: '/api/lens/score/average', example: { query: 'ids=0x01' }, name: 'getScoreaverage',
    document: Doc.RestLensScoreAverageDocument, answer: (d) => d.lensScoreAverage }),
  route({ method: 'get', path: '/api/lens/profile/:id', example: { path: '0x01' }, name: 'getLensProfile',
    document: Doc.RestLensProfileDocument, answer: (d) => d.lensProfile }),
];
