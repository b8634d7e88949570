import * as Doc from '../../generated/graphql/graphql';
import { FARCASTER_DATA, LENS_DATA } from '../freshness-headers';
import { route } from '../rest-route.type';

// The /api/v2 trust and rank-history routes: trust under a strategy with its
// parameters and contributors (each contributor flattened: the profile summary
// plus its share), and the ranks at each refresh.

type Contributor = { share: number } & Record<string, unknown>;
const flatContributors = (key: 'user' | 'profile') => (list: Contributor[]) =>
  list.map((c) => ({ ...(c[key] as object), share: c.share }));

export const TRUST_ROUTES = [
  route({ method: 'get', path: '/api/v2/farcaster/user/:fid/trust', summary: 'A Farcaster user\'s trust score under a strategy', example: { path: '1', query: 'strategy=engagement' },
    name: 'trust (Farcaster)', protocols: FARCASTER_DATA, document: Doc.RestV2FarcasterTrustDocument,
    answer: (d) => {
      const { explanation, ...trust } = d.farcasterUser.trust;
      return { fid: d.farcasterUser.fid, ...trust, explanation: { ...explanation, contributors: flatContributors('user')(explanation.contributors) } };
    } }),
  route({ method: 'get', path: '/api/v2/farcaster/user/:fid/rank-history', summary: 'A Farcaster user\'s ranks at past analytics refreshes', example: { path: '1', query: 'from=2024-01-01' },
    name: 'rankHistory (Farcaster)', protocols: FARCASTER_DATA, document: Doc.RestV2FarcasterRankHistoryDocument,
    answer: (d) => ({ fid: d.farcasterUser.fid, ...d.farcasterUser.rankHistory }) }),
  route({ method: 'get', path: '/api/v2/lens/profile/:id/trust', summary: 'A Lens profile\'s trust score under a strategy', example: { path: '0x01', query: 'strategy=engagement' },
    name: 'trust (Lens)', protocols: LENS_DATA, document: Doc.RestV2LensTrustDocument,
    answer: (d) => {
      const { explanation, ...trust } = d.lensProfile.trust;
      return { profileId: d.lensProfile.profileId, ...trust, explanation: { ...explanation, contributors: flatContributors('profile')(explanation.contributors) } };
    } }),
  route({ method: 'get', path: '/api/v2/lens/profile/:id/rank-history', summary: 'A Lens profile\'s ranks at past analytics refreshes', example: { path: '0x01', query: 'from=2024-01-01' },
    name: 'rankHistory (Lens)', protocols: LENS_DATA, document: Doc.RestV2LensRankHistoryDocument,
    answer: (d) => ({ profileId: d.lensProfile.profileId, ...d.lensProfile.rankHistory }) }),
];
