import * as Doc from '../../generated/graphql/graphql';
import { route } from '../rest-route.type';

/** Farcaster profiles, counters and analytics. */
export const FARCASTER_ROUTES = [
  route({ method: 'get', path: '/api/farcaster/likes-count', example: { query: 'fids=1,2' }, name: 'getLikesCount',
    document: Doc.RestFarcasterLikesCountDocument, answer: (d) => d.farcasterLikesCounts }),
  route({ method: 'get', path: '/api/farcaster/followersCount', example: { query: 'fids=1,2' }, name: 'getFollowersCount',
    document: Doc.RestFarcasterFollowersCountDocument, answer: (d) => d.farcasterFollowersCounts }),
  route({ method: 'get', path: '/api/farcaster/followers/total/:fid', example: { path: '1' }, name: 'getTotalFollowers',
    document: Doc.RestFarcasterTotalFollowersDocument, answer: (d) => d.farcasterUser }),
  route({ method: 'get', path: '/api/farcaster/followers/top/:fid', example: { path: '1' }, name: 'getTopFollowers',
    document: Doc.RestFarcasterTopFollowersDocument, answer: (d) => d.farcasterUser.topFollowers }),
  route({ method: 'get', path: '/api/farcaster/followers/histogram/:fid', example: { path: '1' }, name: 'getFollowerHistogram',
    document: Doc.RestFarcasterFollowerHistogramDocument,
    answer: (d) => ({ fid: d.farcasterUser.fid, ...d.farcasterUser.followerHistogram }) }),
  route({ method: 'get', path: '/api/farcaster/followers/history/:fid', example: { path: '1', query: 'from=2024-06-01&to=2024-06-07' }, name: 'getFollowersHistory',
    document: Doc.RestFarcasterFollowersHistoryDocument,
    answer: (d) => ({ fid: d.farcasterUser.fid, ...d.farcasterUser.followersHistory }) }),
  route({ method: 'get', path: '/api/farcaster/followers/recent/:fid', example: { path: '1', query: 'limit=3' }, name: 'getRecentFollowers',
    document: Doc.RestFarcasterRecentFollowersDocument,
    answer: (d) => d.farcasterUser.recentFollowers.edges.map((e) => ({ ...e.node, followedAt: e.followedAt })) }),
  route({ method: 'get', path: '/api/farcaster/user/rank/:fid', example: { path: '1', query: 'ratio=month' }, name: 'getUserRank',
    document: Doc.RestFarcasterUserRankDocument, answer: (d) => d.farcasterUser.userRank }),
  route({ method: 'get', path: '/api/farcaster/profile/rank/:fid', example: { path: '1' }, name: 'getProfileRank',
    document: Doc.RestFarcasterProfileRankDocument, answer: (d) => d.farcasterUser.rank }),
  route({ method: 'get', path: '/api/farcaster/user/profiles/:handle', example: { path: 'al' }, name: 'getUserProfilesByHandle',
    document: Doc.RestFarcasterProfilesByHandleDocument, answer: (d) => d.searchFarcasterUsers }),
  route({ method: 'get', path: '/api/farcaster/user/profiles', example: { query: 'fids=1,2' }, name: 'getUserProfiles',
    document: Doc.RestFarcasterUserProfilesDocument, answer: (d) => d.farcasterUsers }),
  route({ method: 'get', path: '/api/farcaster/user/profile/:fid', example: { path: '1' }, name: 'getUserProfile',
    document: Doc.RestFarcasterUserProfileDocument, answer: (d) => d.farcasterUser }),
];
