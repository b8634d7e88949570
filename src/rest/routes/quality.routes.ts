import * as Doc from '../../generated/graphql/graphql';
import { FARCASTER_DATA, LENS_DATA } from '../freshness-headers';
import { route } from '../rest-route.type';

// The /api/v2 quality routes: an account's quality score with the features
// that explain it; `quality` is null for an account the last refresh did not score.

export const QUALITY_ROUTES = [
  route({ method: 'get', path: '/api/v2/farcaster/user/:fid/quality', summary: 'A Farcaster user\'s quality score (real person or spam) and its explanation', example: { path: '1' },
    name: 'quality (Farcaster)', protocols: FARCASTER_DATA, document: Doc.RestV2FarcasterQualityDocument,
    answer: (d) => ({ fid: d.farcasterUser.fid, quality: d.farcasterUser.quality }) }),
  route({ method: 'get', path: '/api/v2/lens/profile/:id/quality', summary: 'A Lens profile\'s quality score (real person or spam) and its explanation', example: { path: '0x01' },
    name: 'quality (Lens)', protocols: LENS_DATA, document: Doc.RestV2LensQualityDocument,
    answer: (d) => ({ profileId: d.lensProfile.profileId, quality: d.lensProfile.quality }) }),
];
