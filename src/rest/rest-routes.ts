// The whole REST surface in one table (SOFA's approach): each path of the
// earlier service runs one GraphQL operation of src/rest/operations/.
import {
  RestFarcasterFollowersCountDocument, RestFarcasterLikesCountDocument, RestFarcasterProfilesByHandleDocument,
  RestFarcasterTotalFollowersDocument, RestFarcasterUserProfileDocument, RestFarcasterUserProfilesDocument,
  RestLensFollowersCountDocument, RestLensProfileDocument, RestLensTotalFollowersDocument,
} from '../generated/graphql/graphql';
import { intListParam, intParam, listParam, pathParam } from './params';
import { route, type RestRoute } from './rest-route.type';

export const REST_ROUTES: RestRoute[] = [
  // ---- Lens
  route({ method: 'get', path: '/api/lens/followersCount', name: 'getFollowersCount (Lens, seed 4.10)',
    document: RestLensFollowersCountDocument, variables: (req) => ({ ids: listParam(req, 'ids') }),
    answer: (d) => d.lensFollowersCounts }),
  route({ method: 'get', path: '/api/lens/followers/total/:id', name: 'getTotalFollowers (Lens)',
    document: RestLensTotalFollowersDocument, variables: (req) => ({ id: pathParam(req, 'id') }),
    answer: (d) => d.lensProfile }),
  route({ method: 'get', path: '/api/lens/profile/:id', name: 'getLensProfile (seed 4.5)',
    document: RestLensProfileDocument, variables: (req) => ({ id: pathParam(req, 'id') }),
    answer: (d) => d.lensProfile }),

  // ---- Farcaster
  route({ method: 'get', path: '/api/farcaster/likes-count', name: 'getLikesCount (seed 4.9)',
    document: RestFarcasterLikesCountDocument, variables: (req) => ({ fids: intListParam(req, 'fids') }),
    answer: (d) => d.farcasterLikesCounts }),
  route({ method: 'get', path: '/api/farcaster/followersCount', name: 'getFollowersCount',
    document: RestFarcasterFollowersCountDocument, variables: (req) => ({ fids: intListParam(req, 'fids') }),
    answer: (d) => d.farcasterFollowersCounts }),
  route({ method: 'get', path: '/api/farcaster/followers/total/:fid', name: 'getTotalFollowers',
    document: RestFarcasterTotalFollowersDocument, variables: (req) => ({ fid: intParam(pathParam(req, 'fid')) }),
    answer: (d) => d.farcasterUser }),
  route({ method: 'get', path: '/api/farcaster/user/profiles/:handle', name: 'getUserProfilesByHandle (seed 4.7)',
    document: RestFarcasterProfilesByHandleDocument, variables: (req) => ({ handle: pathParam(req, 'handle') }),
    answer: (d) => d.searchFarcasterUsers }),
  route({ method: 'get', path: '/api/farcaster/user/profiles', name: 'getUserProfiles',
    document: RestFarcasterUserProfilesDocument, variables: (req) => ({ fids: intListParam(req, 'fids') }),
    answer: (d) => d.farcasterUsers }),
  route({ method: 'get', path: '/api/farcaster/user/profile/:fid', name: 'getUserProfile',
    document: RestFarcasterUserProfileDocument, variables: (req) => ({ fid: intParam(pathParam(req, 'fid')) }),
    answer: (d) => d.farcasterUser }),
];
