import * as Doc from '../../generated/graphql/graphql';
import { FARCASTER_DATA, LENS_DATA, NO_PROTOCOL_DATA } from '../freshness-headers';
import { route } from '../rest-route.type';

// The /api/v2 who to follow: a viewer's suggested follows (the connection's page
// with its items flattened: the profile's summary plus its score and reasons),
// and the calling key's dismissals, written as the webhook routes write: POST
// creates (201), DELETE with the target in the query takes back (204). Their operations read or write the
// key's own records (per key: never cached).

interface Suggested { score: number; reason: string; reasons: object[]; node: object }
const flat = <C extends { totalCount: number; pageInfo: object; generation: number; edges: Suggested[] }>(c: C) => ({
  generation: c.generation, totalCount: c.totalCount, pageInfo: c.pageInfo,
  items: c.edges.map((e) => ({ ...e.node, score: e.score, reason: e.reason, reasons: e.reasons })),
});

export const SUGGEST_ROUTES = [
  route({ method: 'get', path: '/api/v2/farcaster/user/:fid/suggested-follows', summary: 'Who a Farcaster user might follow, with the reasons', example: { path: '1' },
    name: 'suggestedFollows (Farcaster)', protocols: FARCASTER_DATA, document: Doc.RestV2FarcasterSuggestedFollowsDocument,
    // No errors: a null connection would have come with NOT_FOUND (an unknown viewer), answered as a 404.
    answer: (d) => { const { items, ...rest } = flat(d.farcasterSuggestedFollows!); return { ...rest, users: items }; } }),
  route({ method: 'get', path: '/api/v2/lens/profile/:id/suggested-follows', summary: 'Who a Lens profile might follow, with the reasons', example: { path: '0x01' },
    name: 'suggestedFollows (Lens)', protocols: LENS_DATA, document: Doc.RestV2LensSuggestedFollowsDocument,
    answer: (d) => { const { items, ...rest } = flat(d.lensSuggestedFollows!); return { ...rest, profiles: items }; } }),
  route({ method: 'post', path: '/api/v2/farcaster/user/:fid/suggested-follows/dismissals', summary: 'Dismiss a suggestion for a Farcaster user', success: 201,
    example: { path: '1', body: { target: '2' } },
    name: 'dismissSuggestion (Farcaster)', protocols: NO_PROTOCOL_DATA, document: Doc.RestV2FarcasterDismissSuggestionDocument,
    answer: (d) => d.dismissSuggestion }),
  route({ method: 'delete', path: '/api/v2/farcaster/user/:fid/suggested-follows/dismissals', summary: 'Take back a dismissal for a Farcaster user', success: 204,
    example: { path: '1', query: 'target=2' },
    name: 'undismissSuggestion (Farcaster)', protocols: NO_PROTOCOL_DATA, document: Doc.RestV2FarcasterUndismissSuggestionDocument,
    answer: () => undefined }),
  route({ method: 'post', path: '/api/v2/lens/profile/:id/suggested-follows/dismissals', summary: 'Dismiss a suggestion for a Lens profile', success: 201,
    example: { path: '0x01', body: { target: '0x02' } },
    name: 'dismissSuggestion (Lens)', protocols: NO_PROTOCOL_DATA, document: Doc.RestV2LensDismissSuggestionDocument,
    answer: (d) => d.dismissSuggestion }),
  route({ method: 'delete', path: '/api/v2/lens/profile/:id/suggested-follows/dismissals', summary: 'Take back a dismissal for a Lens profile', success: 204,
    example: { path: '0x01', query: 'target=0x02' },
    name: 'undismissSuggestion (Lens)', protocols: NO_PROTOCOL_DATA, document: Doc.RestV2LensUndismissSuggestionDocument,
    answer: () => undefined }),
];
