import * as Doc from '../../generated/graphql/graphql';
import { FARCASTER_DATA, LENS_DATA } from '../freshness-headers';
import { route } from '../rest-route.type';

// The /api/v2 follow lists: each answer is its connection's page with the items
// flattened (the node's summary plus the edge's times) and the page info for the next call.

/** An edge: its node and the times the list adds to it (followedAt, and unfollowedAt for unfollowers). */
type TimedEdge = { node: object } & Record<string, unknown>;

const flatPage = (c: { totalCount: number; pageInfo: object; edges: TimedEdge[] }) => ({
  totalCount: c.totalCount, pageInfo: c.pageInfo, items: c.edges.map(({ node, ...times }) => ({ ...node, ...times })),
});

/** Farcaster: `{fid, totalCount, pageInfo, users}`; Lens: `{profileId, totalCount, pageInfo, profiles}`. */
const asUsers = ({ items, ...rest }: { items: object[] } & object) => ({ ...rest, users: items });
const asProfiles = ({ items, ...rest }: { items: object[] } & object) => ({ ...rest, profiles: items });

/** Followers (with minQuality), followers you know, mutual follows and unfollowers of a profile, both protocols. */
export const VIEWER_ROUTES = [
  route({ method: 'get', path: '/api/v2/farcaster/user/:fid/followers', summary: 'A Farcaster user\'s followers, with a quality filter', example: { path: '1', query: 'minQuality=0.5' },
    name: 'followers (Farcaster)', protocols: FARCASTER_DATA, document: Doc.RestV2FarcasterFollowersDocument,
    answer: (d) => ({ fid: d.farcasterUser.fid, ...asUsers(flatPage(d.farcasterUser.followers)) }) }),
  route({ method: 'get', path: '/api/v2/lens/profile/:id/followers', summary: 'A Lens profile\'s followers, with a quality filter', example: { path: '0x01', query: 'minQuality=0.5' },
    name: 'followers (Lens)', protocols: LENS_DATA, document: Doc.RestV2LensFollowersDocument,
    answer: (d) => ({ profileId: d.lensProfile.profileId, ...asProfiles(flatPage(d.lensProfile.followers)) }) }),
  route({ method: 'get', path: '/api/v2/farcaster/user/:fid/followers-you-know', summary: 'A Farcaster user\'s followers whom the viewer follows', example: { path: '1', query: 'viewer=3' },
    name: 'followersYouKnow (Farcaster)', protocols: FARCASTER_DATA, document: Doc.RestV2FarcasterFollowersYouKnowDocument,
    // No errors: a null connection would have come with NOT_FOUND (an unknown viewer), answered as a 404.
    answer: (d) => ({ fid: d.farcasterUser.fid, ...asUsers(flatPage(d.farcasterUser.followersYouKnow!)) }) }),
  route({ method: 'get', path: '/api/v2/farcaster/user/:fid/mutual-follows', summary: 'A Farcaster user\'s followers it follows back', example: { path: '1' },
    name: 'mutualFollows (Farcaster)', protocols: FARCASTER_DATA, document: Doc.RestV2FarcasterMutualFollowsDocument,
    answer: (d) => ({ fid: d.farcasterUser.fid, ...asUsers(flatPage(d.farcasterUser.mutualFollows)) }) }),
  route({ method: 'get', path: '/api/v2/farcaster/user/:fid/unfollowers', summary: 'Who unfollowed a Farcaster user in a window', example: { path: '1', query: 'from=2024-06-01&to=2024-06-30' },
    name: 'unfollowers (Farcaster)', protocols: FARCASTER_DATA, document: Doc.RestV2FarcasterUnfollowersDocument,
    answer: (d) => ({ fid: d.farcasterUser.fid, ...asUsers(flatPage(d.farcasterUser.unfollowers)) }) }),
  route({ method: 'get', path: '/api/v2/lens/profile/:id/followers-you-know', summary: 'A Lens profile\'s followers whom the viewer follows', example: { path: '0x01', query: 'viewer=0x03' },
    name: 'followersYouKnow (Lens)', protocols: LENS_DATA, document: Doc.RestV2LensFollowersYouKnowDocument,
    answer: (d) => ({ profileId: d.lensProfile.profileId, ...asProfiles(flatPage(d.lensProfile.followersYouKnow!)) }) }),
  route({ method: 'get', path: '/api/v2/lens/profile/:id/mutual-follows', summary: 'A Lens profile\'s followers it follows back', example: { path: '0x01' },
    name: 'mutualFollows (Lens)', protocols: LENS_DATA, document: Doc.RestV2LensMutualFollowsDocument,
    answer: (d) => ({ profileId: d.lensProfile.profileId, ...asProfiles(flatPage(d.lensProfile.mutualFollows)) }) }),
  route({ method: 'get', path: '/api/v2/lens/profile/:id/unfollowers', summary: 'Who unfollowed a Lens profile in a window', example: { path: '0x01', query: 'from=2024-02-01&to=2024-02-29' },
    name: 'unfollowers (Lens)', protocols: LENS_DATA, document: Doc.RestV2LensUnfollowersDocument,
    answer: (d) => ({ profileId: d.lensProfile.profileId, ...asProfiles(flatPage(d.lensProfile.unfollowers)) }) }),
];
