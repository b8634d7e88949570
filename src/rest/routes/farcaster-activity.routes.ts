import * as Doc from '../../generated/graphql/graphql';
import { BOTH_PROTOCOLS, FARCASTER_DATA } from '../freshness-headers';
import { route } from '../rest-route.type';

interface FollowPage {
  fid: number;
  list: { page: number; totalCount: number; totalPages: number; edges: { followedAt: string; node: object }[] };
}
const followAnswer = ({ fid: f, list }: FollowPage) => ({
  fid: f, page: list.page, total: list.totalCount, totalPages: list.totalPages,
  users: list.edges.map((e) => ({ ...e.node, followedAt: e.followedAt })),
});

/** Farcaster followers, casts, engagement and the Farcaster ↔ Lens match. Lists take `page` (1-based) and `limit`. */
export const FARCASTER_ACTIVITY_ROUTES = [
  route({ method: 'get', path: '/api/farcaster/followers/:fid', summary: 'A Farcaster user\'s followers, one page', example: { path: '1', query: 'limit=2&page=2' }, name: 'getFollowers', protocols: FARCASTER_DATA,
    document: Doc.RestFarcasterFollowersDocument,
    answer: (d) => followAnswer({ fid: d.farcasterUser.fid, list: d.farcasterUser.followers }) }),
  route({ method: 'get', path: '/api/farcaster/following/:fid', summary: 'Whom a Farcaster user follows, one page', example: { path: '1' }, name: 'getFollowing', protocols: FARCASTER_DATA,
    document: Doc.RestFarcasterFollowingDocument,
    answer: (d) => followAnswer({ fid: d.farcasterUser.fid, list: d.farcasterUser.following }) }),
  route({ method: 'get', path: '/api/farcaster/casts/:fid', summary: 'A Farcaster user\'s casts, one page', example: { path: '1' }, name: 'getCasts', protocols: FARCASTER_DATA,
    document: Doc.RestFarcasterCastsDocument,
    answer: (d) => {
      const c = d.farcasterUser.casts;
      return { fid: d.farcasterUser.fid, page: c.page, total: c.totalCount, totalPages: c.totalPages, casts: c.edges.map((e) => e.node) };
    } }),
  route({ method: 'get', path: '/api/farcaster/user/engagement/:fid', summary: 'Who engages with a Farcaster user, and whom it engages with', example: { path: '1' }, name: 'getUserEngagement', protocols: FARCASTER_DATA,
    document: Doc.RestFarcasterUserEngagementDocument, answer: (d) => d.farcasterUser.engagement }),
  route({ method: 'get', path: '/api/farcaster/match/:fid', summary: 'The Lens profiles of a Farcaster user\'s verified addresses', example: { path: '1' }, name: 'getMatch', protocols: BOTH_PROTOCOLS,
    document: Doc.RestFarcasterMatchDocument,
    answer: (d) => ({
      fid: d.farcasterUser.fid,
      addresses: d.farcasterUser.verifications.map((v) => v.address),
      lensProfiles: d.farcasterUser.lensProfiles,
    }) }),
  route({ method: 'get', path: '/api/lens/match/:id', summary: 'The Farcaster users who verified a Lens profile\'s owner', example: { path: '0x01' }, name: 'getMatch (Lens → Farcaster)', protocols: BOTH_PROTOCOLS,
    document: Doc.RestLensMatchDocument,
    answer: (d) => ({ profileId: d.lensProfile.profileId, ownedBy: d.lensProfile.ownedBy, fids: d.lensProfile.farcasterFids }) }),
];
