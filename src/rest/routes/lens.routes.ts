import * as Doc from '../../generated/graphql/graphql';
import { LENS_DATA } from '../freshness-headers';
import { decimalRank } from '../legacy-numbers';
import { route } from '../rest-route.type';

/** Lens profiles, counters and analytics. */
export const LENS_ROUTES = [
  route({ method: 'get', path: '/api/lens/followersCount', summary: 'Follower counts of several Lens profiles', example: { query: 'ids=0x01,0x02' }, name: 'getFollowersCount (Lens)', protocols: LENS_DATA,
    document: Doc.RestLensFollowersCountDocument, answer: (d) => d.lensFollowersCounts }),
  route({ method: 'get', path: '/api/lens/followers/total/:id', summary: 'A Lens profile\'s follower total', example: { path: '0x01' }, name: 'getTotalFollowers (Lens)', protocols: LENS_DATA,
    document: Doc.RestLensTotalFollowersDocument, answer: (d) => d.lensProfile }),
  route({ method: 'get', path: '/api/lens/followers/top/:id', summary: 'A Lens profile\'s most followed followers', example: { path: '0x01', query: 'limit=2' }, name: 'gatTopFollowers', protocols: LENS_DATA,
    document: Doc.RestLensTopFollowersDocument, answer: (d) => d.lensProfile.topFollowers }),
  route({ method: 'get', path: '/api/lens/followers/histogram/:id', summary: 'A Lens profile\'s followers bucketed by their own follower count', example: { path: '0x01' }, name: 'getHistogram', protocols: LENS_DATA,
    document: Doc.RestLensFollowerHistogramDocument,
    answer: (d) => ({ profileId: d.lensProfile.profileId, ...d.lensProfile.followerHistogram }) }),
  route({ method: 'get', path: '/api/lens/followers/history/:id', summary: 'A Lens profile\'s follower count over time', example: { path: '0x01', query: 'interval=week' }, name: 'getHistoryFollowers', protocols: LENS_DATA,
    document: Doc.RestLensFollowersHistoryDocument,
    answer: (d) => ({ profileId: d.lensProfile.profileId, ...d.lensProfile.followersHistory }) }),
  route({ method: 'get', path: '/api/lens/followers/recent/:id', summary: 'A Lens profile\'s newest followers', example: { path: '0x01' }, name: 'getRecentFollowers (Lens)', protocols: LENS_DATA,
    document: Doc.RestLensRecentFollowersDocument,
    answer: (d) => d.lensProfile.recentFollowers.edges.map((e) => ({ ...e.node, followedAt: e.followedAt })) }),
  route({ method: 'get', path: '/api/lens/user/rank/:id', summary: 'A Lens profile\'s rank by followers gained', example: { path: '0x01', query: 'ratio=day' }, name: 'getUserRank (Lens)', protocols: LENS_DATA,
    document: Doc.RestLensUserRankDocument, answer: (d) => decimalRank(d.lensProfile.userRank) }),
  route({ method: 'get', path: '/api/lens/profile/rank/:id', summary: 'A Lens profile\'s five ranks', example: { path: '0x01' }, name: 'getProfileRank (Lens)', protocols: LENS_DATA,
    document: Doc.RestLensProfileRankDocument, answer: (d) => d.lensProfile.rank }),
  // `ids` is optional here: absent or empty averages over every profile.
  route({ method: 'get', path: '/api/lens/score/average', summary: 'The average Lens classifier score', example: { query: 'ids=0x01' }, name: 'getScoreaverage', protocols: LENS_DATA,
    document: Doc.RestLensScoreAverageDocument, answer: (d) => d.lensScoreAverage }),
  route({ method: 'get', path: '/api/lens/profile/:id', summary: 'A Lens profile record', example: { path: '0x01' }, name: 'getLensProfile', protocols: LENS_DATA,
    document: Doc.RestLensProfileDocument, answer: (d) => d.lensProfile }),
];
