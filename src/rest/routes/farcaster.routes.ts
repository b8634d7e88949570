import * as Doc from '../../generated/graphql/graphql';
import { intListParam, intParam, pathParam, queryParam } from '../params';
import { route } from '../rest-route.type';

const fid = (req: Parameters<typeof pathParam>[0]) => ({ fid: intParam(pathParam(req, 'fid')) });

/** Farcaster paths of the seed and CONTRACT §6. */
export const FARCASTER_ROUTES = [
  route({ method: 'get', path: '/api/farcaster/likes-count', name: 'getLikesCount (seed 4.9)',
    document: Doc.RestFarcasterLikesCountDocument, variables: (req) => ({ fids: intListParam(req, 'fids') }),
    answer: (d) => d.farcasterLikesCounts }),
  route({ method: 'get', path: '/api/farcaster/followersCount', name: 'getFollowersCount',
    document: Doc.RestFarcasterFollowersCountDocument, variables: (req) => ({ fids: intListParam(req, 'fids') }),
    answer: (d) => d.farcasterFollowersCounts }),
  route({ method: 'get', path: '/api/farcaster/followers/total/:fid', name: 'getTotalFollowers',
    document: Doc.RestFarcasterTotalFollowersDocument, variables: fid, answer: (d) => d.farcasterUser }),
  route({ method: 'get', path: '/api/farcaster/followers/top/:fid', name: 'getTopFollowers',
    document: Doc.RestFarcasterTopFollowersDocument, variables: (req) => ({ ...fid(req), limit: intParam(queryParam(req, 'limit')) }),
    answer: (d) => d.farcasterUser.topFollowers }),
  route({ method: 'get', path: '/api/farcaster/followers/histogram/:fid', name: 'getFollowerHistogram',
    document: Doc.RestFarcasterFollowerHistogramDocument, variables: fid,
    answer: (d) => ({ fid: d.farcasterUser.fid, ...d.farcasterUser.followerHistogram }) }),
  route({ method: 'get', path: '/api/farcaster/followers/history/:fid', name: 'getFollowersHistory',
    document: Doc.RestFarcasterFollowersHistoryDocument,
    variables: (req) => ({ ...fid(req), from: queryParam(req, 'from'), to: queryParam(req, 'to'), interval: queryParam(req, 'interval') }),
    answer: (d) => ({ fid: d.farcasterUser.fid, ...d.farcasterUser.followersHistory }) }),
  route({ method: 'get', path: '/api/farcaster/followers/recent/:fid', name: 'getRecentFollowers',
    document: Doc.RestFarcasterRecentFollowersDocument, variables: (req) => ({ ...fid(req), limit: intParam(queryParam(req, 'limit')) }),
    answer: (d) => d.farcasterUser.recentFollowers.edges.map((e) => ({ ...e.node, followedAt: e.followedAt })) }),
  route({ method: 'get', path: '/api/farcaster/user/rank/:fid', name: 'getUserRank (seed 4.6)',
    document: Doc.RestFarcasterUserRankDocument, variables: (req) => ({ ...fid(req), ratio: queryParam(req, 'ratio') }),
    answer: (d) => d.farcasterUser.userRank }),
  route({ method: 'get', path: '/api/farcaster/profile/rank/:fid', name: 'getProfileRank (seed 4.8)',
    document: Doc.RestFarcasterProfileRankDocument, variables: fid, answer: (d) => d.farcasterUser.rank }),
  route({ method: 'get', path: '/api/farcaster/user/profiles/:handle', name: 'getUserProfilesByHandle (seed 4.7)',
    document: Doc.RestFarcasterProfilesByHandleDocument, variables: (req) => ({ handle: pathParam(req, 'handle') }),
    answer: (d) => d.searchFarcasterUsers }),
  route({ method: 'get', path: '/api/farcaster/user/profiles', name: 'getUserProfiles',
    document: Doc.RestFarcasterUserProfilesDocument, variables: (req) => ({ fids: intListParam(req, 'fids') }),
    answer: (d) => d.farcasterUsers }),
  route({ method: 'get', path: '/api/farcaster/user/profile/:fid', name: 'getUserProfile',
    document: Doc.RestFarcasterUserProfileDocument, variables: fid, answer: (d) => d.farcasterUser }),
];
