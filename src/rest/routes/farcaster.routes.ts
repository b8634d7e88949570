import * as Doc from '../../generated/graphql/graphql';
import { FARCASTER_DATA } from '../freshness-headers';
import { decimalRank } from '../legacy-numbers';
import { route } from '../rest-route.type';

/** Farcaster profiles, counters and analytics. */
export const FARCASTER_ROUTES = [
  route({ method: 'get', path: '/api/farcaster/likes-count', summary: 'Likes received by several Farcaster users', example: { query: 'fids=1,2' }, name: 'getLikesCount', protocols: FARCASTER_DATA,
    document: Doc.RestFarcasterLikesCountDocument, answer: (d) => d.farcasterLikesCounts }),
  route({ method: 'get', path: '/api/farcaster/followersCount', summary: 'Follower counts of several Farcaster users', example: { query: 'fids=1,2' }, name: 'getFollowersCount', protocols: FARCASTER_DATA,
    document: Doc.RestFarcasterFollowersCountDocument, answer: (d) => d.farcasterFollowersCounts }),
  route({ method: 'get', path: '/api/farcaster/followers/total/:fid', summary: 'A Farcaster user\'s follower total', example: { path: '1' }, name: 'getTotalFollowers', protocols: FARCASTER_DATA,
    document: Doc.RestFarcasterTotalFollowersDocument, answer: (d) => d.farcasterUser }),
  route({ method: 'get', path: '/api/farcaster/followers/top/:fid', summary: 'A Farcaster user\'s most followed followers', example: { path: '1' }, name: 'getTopFollowers', protocols: FARCASTER_DATA,
    document: Doc.RestFarcasterTopFollowersDocument, answer: (d) => d.farcasterUser.topFollowers }),
  route({ method: 'get', path: '/api/farcaster/followers/histogram/:fid', summary: 'A Farcaster user\'s followers bucketed by their own follower count', example: { path: '1' }, name: 'getFollowerHistogram', protocols: FARCASTER_DATA,
    document: Doc.RestFarcasterFollowerHistogramDocument,
    answer: (d) => ({ fid: d.farcasterUser.fid, ...d.farcasterUser.followerHistogram }) }),
  route({ method: 'get', path: '/api/farcaster/followers/history/:fid', summary: 'A Farcaster user\'s follower count over time', example: { path: '1', query: 'from=2024-06-01&to=2024-06-07' }, name: 'getFollowersHistory', protocols: FARCASTER_DATA,
    document: Doc.RestFarcasterFollowersHistoryDocument,
    answer: (d) => ({ fid: d.farcasterUser.fid, ...d.farcasterUser.followersHistory }) }),
  route({ method: 'get', path: '/api/farcaster/followers/recent/:fid', summary: 'A Farcaster user\'s newest followers', example: { path: '1', query: 'limit=3' }, name: 'getRecentFollowers', protocols: FARCASTER_DATA,
    document: Doc.RestFarcasterRecentFollowersDocument,
    answer: (d) => d.farcasterUser.recentFollowers.edges.map((e) => ({ ...e.node, followedAt: e.followedAt })) }),
  route({ method: 'get', path: '/api/farcaster/user/rank/:fid', summary: 'A Farcaster user\'s rank by followers gained', example: { path: '1', query: 'ratio=month' }, name: 'getUserRank', protocols: FARCASTER_DATA,
    document: Doc.RestFarcasterUserRankDocument, answer: (d) => decimalRank(d.farcasterUser.userRank) }),
  route({ method: 'get', path: '/api/farcaster/profile/rank/:fid', summary: 'A Farcaster user\'s five ranks', example: { path: '1' }, name: 'getProfileRank', protocols: FARCASTER_DATA,
    document: Doc.RestFarcasterProfileRankDocument, answer: (d) => d.farcasterUser.rank }),
  route({ method: 'get', path: '/api/farcaster/user/profiles/:handle', summary: 'Farcaster users by handle', example: { path: 'al' }, name: 'getUserProfilesByHandle', protocols: FARCASTER_DATA,
    document: Doc.RestFarcasterProfilesByHandleDocument, answer: (d) => d.searchFarcasterUsers }),
  route({ method: 'get', path: '/api/farcaster/user/profiles', summary: 'Farcaster user profiles by fid', example: { query: 'fids=1,2' }, name: 'getUserProfiles', protocols: FARCASTER_DATA,
    document: Doc.RestFarcasterUserProfilesDocument, answer: (d) => d.farcasterUsers }),
  route({ method: 'get', path: '/api/farcaster/user/profile/:fid', summary: 'A Farcaster user\'s profile', example: { path: '1' }, name: 'getUserProfile', protocols: FARCASTER_DATA,
    document: Doc.RestFarcasterUserProfileDocument, answer: (d) => d.farcasterUser }),
];
