import * as Doc from '../../generated/graphql/graphql';
import { intListParam, intParam, pathParam, queryParam } from '../params';
import { route } from '../rest-route.type';

const fid = (req: Parameters<typeof pathParam>[0]) => ({ fid: intParam(pathParam(req, 'fid')) });

/** Farcaster paths of the seed and CONTRACT §6. */
export const FARCASTER_ROUTES = [
  route({ method: 'get', path: '/api/farcaster/likes-count', example: { query: 'fids=1,2' }, name: 'getLikesCount (seed 4.9)',
    document: Doc.RestFarcasterLikesCountDocument, variables: (req) => ({ fids: intListParam(req, 'fids') }),
    answer: (d) => d.farcasterLikesCounts }),
  route({ method: 'get', path: '/api/farcaster/followersCount', example: { query: 'fids=1,2' }, name: 'getFollowersCount',
    document: Doc.RestFarcasterFollowersCountDocument, variables: (req) => ({ fids: intListParam(req, 'fids') }),
    answer: (d) => d.farcasterFollowersCounts }),
  route({ method: 'get', path: '/api/farcaster/followers/total/:fid', example: { path: '1' }, name: 'getTotalFollowers',
    document: Doc.RestFarcasterTotalFollowersDocument, variables: fid, answer: (d) => d.farcasterUser }),
  route({ method: 'get', path: '/api/farcaster/followers/top/:fid', example: { path: '1' }, name: 'getTopFollowers',
    document: Doc.RestFarcasterTopFollowersDocument, variables: (req) => ({ ...fid(req), limit: intParam(queryParam(req, 'limit')) }),
    answer: (d) => d.farcasterUser.topFollowers }),
  route({ method: 'get', path: '/api/farcaster/followers/histogram/:fid', example: { path: '1' }, name: 'getFollowerHistogram',
    document: Doc.RestFarcasterFollowerHistogramDocument, variables: fid,
    answer: (d) => ({ fid: d.farcasterUser.fid, ...d.farcasterUser.followerHistogram }) }),
  route({ method: 'get', path: '/api/farcaster/followers/history/:fid', example: { path: '1', query: 'from=2024-06-01&to=2024-06-07' }, name: 'getFollowersHistory',
    document: Doc.RestFarcasterFollowersHistoryDocument,
    variables: (req) => ({ ...fid(req), from: queryParam(req, 'from'), to: queryParam(req, 'to'), interval: queryParam(req, 'interval') }),
    answer: (d) => ({ fid: d.farcasterUser.fid, ...d.farcasterUser.followersHistory }) }),
  route({ method: 'get', path: '/api/farcaster/followers/recent/:fid', example: { path: '1', query: 'limit=3' }, name: 'getRecentFollowers',
    document: Doc.RestFarcasterRecentFollowersDocument, variables: (req) => ({ ...fid(req), limit: intParam(queryParam(req, 'limit')) }),
    answer: (d) => d.farcasterUser.recentFollowers.edges.map((e) => ({ ...e.node, followedAt: e.followedAt })) }),
  route({ method: 'get', path: '/api/farcaster/user/rank/:fid', example: { path: '1', query: 'ratio=month' }, name: 'getUserRank (seed 4.6)',
    document: Doc.RestFarcasterUserRankDocument, variables: (req) => ({ ...fid(req), ratio: queryParam(req, 'ratio') }),
    answer: (d) => d.farcasterUser.userRank }),
  route({ method: 'get', path: '/api/farcaster/profile/rank/:fid', example: { path: '1' }, name: 'getProfileRank (seed 4.8)',
    document: Doc.RestFarcasterProfileRankDocument, variables: fid, answer: (d) => d.farcasterUser.rank }),
  route({ method: 'get', path: '/api/farcaster/user/profiles/:handle', example: { path: 'al' }, name: 'getUserProfilesByHandle (seed 4.7)',
    document: Doc.RestFarcasterProfilesByHandleDocument, variables: (req) => ({ handle: pathParam(req, 'handle') }),
    answer: (d) => d.searchFarcasterUsers }),
  route({ method: 'get', path: '/api/farcaster/user/profiles', example: { query: 'fids=1,2' }, name: 'getUserProfiles',
    document: Doc.RestFarcasterUserProfilesDocument, variables: (req) => ({ fids: intListParam(req, 'fids') }),
    answer: (d) => d.farcasterUsers }),
  route({ method: 'get', path: '/api/farcaster/user/profile/:fid', example: { path: '1' }, name: 'getUserProfile',
    document: Doc.RestFarcasterUserProfileDocument, variables: fid, answer: (d) => d.farcasterUser }),
];
