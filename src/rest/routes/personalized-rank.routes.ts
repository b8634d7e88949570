import * as Doc from '../../generated/graphql/graphql';
import { FARCASTER_DATA, LENS_DATA } from '../freshness-headers';
import { route } from '../rest-route.type';

// The /api/v2 personalized rank: the connection's page with its items flattened
// (the profile's summary plus its rank and score), the page info for the next
// call, and what the rank states about itself (seeds, hops, error bound, work).

interface Ranked { rank: number; score: number; node: object }
const rankPage = <C extends { edges: Ranked[] }>({ edges, ...rest }: C) => ({ ...rest, items: edges.map((e) => ({ ...e.node, rank: e.rank, score: e.score })) });

/** Personalized rank of a viewer or a group, both protocols. */
export const PERSONALIZED_RANK_ROUTES = [
  route({ method: 'get', path: '/api/v2/farcaster/personalized-rank', summary: 'Farcaster users ranked for a viewer or a group', example: { query: 'seeds=1&hops=3' },
    name: 'personalizedRank (Farcaster)', protocols: FARCASTER_DATA, document: Doc.RestV2FarcasterPersonalizedRankDocument,
    // No errors: a null rank would have come with NOT_FOUND (an unknown seed), answered as a 404.
    answer: (d) => { const { items, ...rest } = rankPage(d.farcasterPersonalizedRank!); return { ...rest, users: items }; } }),
  route({ method: 'get', path: '/api/v2/lens/personalized-rank', summary: 'Lens profiles ranked for a viewer or a group', example: { query: 'seeds=0x01&hops=3' },
    name: 'personalizedRank (Lens)', protocols: LENS_DATA, document: Doc.RestV2LensPersonalizedRankDocument,
    answer: (d) => { const { items, ...rest } = rankPage(d.lensPersonalizedRank!); return { ...rest, profiles: items }; } }),
];
