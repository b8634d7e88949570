import * as Doc from '../../generated/graphql/graphql';
import { BOTH_PROTOCOLS } from '../freshness-headers';
import { route } from '../rest-route.type';

// The /api/v2 cross-protocol routes: a matched person's audience overlap (the
// connection's page, each item a matched person with both summaries) and its
// one-side and union counts (a route of their own: they read every follower), the
// combined rank of a user or a profile (null when not ranked), and the ranking.

const items = <N>(c: { edges: { node: N }[] }) => c.edges.map((e) => e.node);

/** Audience overlap, the combined rank of either side, and the ranked list. */
export const CROSS_ROUTES = [
  route({ method: 'get', path: '/api/v2/cross/overlap', summary: 'Followers a matched person has on both protocols, one page', example: { query: 'fid=1&profile=0x01' },
    name: 'audienceOverlap', protocols: BOTH_PROTOCOLS, document: Doc.RestV2CrossOverlapDocument,
    // No errors: a null connection would have come with NOT_FOUND (an unknown or unmatched profile), answered as a 404.
    answer: (d) => {
      const { edges, ...page } = d.farcasterUser.audienceOverlap!;
      return { fid: d.farcasterUser.fid, ...page, persons: items({ edges }) };
    } }),
  route({ method: 'get', path: '/api/v2/cross/overlap/counts', summary: 'Audience overlap counts of a matched person', example: { query: 'fid=1&profile=0x01' },
    name: 'audienceOverlapCounts', protocols: BOTH_PROTOCOLS, document: Doc.RestV2CrossOverlapCountsDocument,
    answer: (d) => ({ fid: d.farcasterUser.fid, ...d.farcasterUser.audienceOverlap! }) }),
  route({ method: 'get', path: '/api/v2/farcaster/user/:fid/cross-rank', summary: 'A Farcaster user\'s cross-protocol rank', example: { path: '1' },
    name: 'crossProtocolRank (Farcaster)', protocols: BOTH_PROTOCOLS, document: Doc.RestV2FarcasterCrossRankDocument,
    answer: (d) => ({ fid: d.farcasterUser.fid, crossProtocolRank: d.farcasterUser.crossProtocolRank ?? null }) }),
  route({ method: 'get', path: '/api/v2/lens/profile/:id/cross-rank', summary: 'A Lens profile\'s cross-protocol rank', example: { path: '0x01' },
    name: 'crossProtocolRank (Lens)', protocols: BOTH_PROTOCOLS, document: Doc.RestV2LensCrossRankDocument,
    answer: (d) => ({ profileId: d.lensProfile.profileId, crossProtocolRank: d.lensProfile.crossProtocolRank ?? null }) }),
  route({ method: 'get', path: '/api/v2/cross/ranking', summary: 'Persons on both protocols, by combined rank', example: {},
    name: 'crossProtocolRanking', protocols: BOTH_PROTOCOLS, document: Doc.RestV2CrossRankingDocument,
    answer: (d) => {
      const { edges, ...page } = d.crossProtocolRanking;
      return { ...page, persons: items({ edges }) };
    } }),
];
