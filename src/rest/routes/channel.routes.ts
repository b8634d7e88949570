import * as Doc from '../../generated/graphql/graphql';
import { FARCASTER_DATA } from '../freshness-headers';
import { route } from '../rest-route.type';

// The /api/v2 Farcaster channel routes (as of the analytics refresh): each list
// is its connection's page with the nodes flattened, and the page info for the next call.

interface Page<N> { totalCount: number; page?: number | null; totalPages?: number | null; pageInfo: object; edges: { node: N }[] }

const flat = <N, T>(c: Page<N>, name: string, item: (n: N) => T) => ({
  totalCount: c.totalCount, page: c.page, totalPages: c.totalPages, pageInfo: c.pageInfo, [name]: c.edges.map((e) => item(e.node)),
});

/** A ranked caster: its place, casts and score beside its profile summary (null fields when the fid is no known user). */
type Caster = { rank: number; fid: number; casts: number; score: number; user?: object | null };
const casterItem = ({ user, ...rank }: Caster) => ({ ...(user ?? {}), ...rank });

/** Trending channels, a channel and its ranks, trending casts. Lens has no channels. */
export const CHANNEL_ROUTES = [
  route({ method: 'get', path: '/api/v2/farcaster/channels/trending', summary: 'Trending Farcaster channels', example: { query: 'window=7d' },
    name: 'trendingChannels (Farcaster)', protocols: FARCASTER_DATA, document: Doc.RestV2FarcasterTrendingChannelsDocument,
    answer: (d) => flat(d.trendingChannels, 'channels', (n) => n) }),
  route({ method: 'get', path: '/api/v2/farcaster/channel/:id', summary: 'A Farcaster channel', example: { path: 'memes' },
    name: 'channel (Farcaster)', protocols: FARCASTER_DATA, document: Doc.RestV2FarcasterChannelDocument,
    answer: (d) => d.farcasterChannel }),
  route({ method: 'get', path: '/api/v2/farcaster/channel/:id/ranks', summary: 'A Farcaster channel\'s casters by channel rank', example: { path: 'memes' },
    name: 'channelRanks (Farcaster)', protocols: FARCASTER_DATA, document: Doc.RestV2FarcasterChannelRanksDocument,
    answer: (d) => {
      const { rankedCasters, ...channel } = d.farcasterChannel;
      return { channel, ...flat(rankedCasters, 'users', casterItem) };
    } }),
  route({ method: 'get', path: '/api/v2/farcaster/channel/:id/onchain', summary: 'A Farcaster channel on chain, by its name', example: { path: 'memes' },
    name: 'channelOnchain (Farcaster)', protocols: FARCASTER_DATA, document: Doc.RestV2FarcasterChannelOnchainDocument,
    answer: (d) => ({ id: d.farcasterChannel.nativeId, onchain: d.farcasterChannel.onchain ?? null }) }),
  route({ method: 'get', path: '/api/v2/farcaster/casts/trending', summary: 'Trending Farcaster casts', example: { query: 'window=24h' },
    name: 'trendingCasts (Farcaster)', protocols: FARCASTER_DATA, document: Doc.RestV2FarcasterTrendingCastsDocument,
    answer: (d) => flat(d.trendingCasts, 'casts', ({ cast, ...n }) => ({ ...n, text: cast?.text ?? null, deleted: cast === null })) }),
];
