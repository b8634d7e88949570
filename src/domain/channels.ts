// Farcaster channels: what the service calls a channel, its id, and the
// definitions of the trending channel and trending cast lists, stated once for
// the refresh that stores them, the API that describes them and the tests.
//
// A channel is a cast's parent_url. Only top-level casts carry one; a reply
// belongs to the channel of its thread root (root_parent_hash, else
// parent_hash for a reply whose root is not recorded), as Warpcast shows it.
// Channel follows, leads and moderators are kept off-protocol by the Warpcast
// client: no dataset layout carries them, so nothing here is derived from them.

/**
 * A Warpcast channel URL; its name is the channel's id. A parent URL's channel
 * id is the lowercased name of a Warpcast channel URL (`https://warpcast.com/~/channel/base`
 * is `base`), any other URL (a `chain://` collection, a website) lowercased
 * whole (in SQL: analytics/channels-refresh.sql.ts channelIdSql).
 */
export const WARPCAST_CHANNEL_PREFIX = 'https://warpcast.com/~/channel/';

/** The URL of a channel id when it has none stored yet (a name is a Warpcast channel). */
export const channelUrlOf = (id: string) => (id.includes(':') ? id : `${WARPCAST_CHANNEL_PREFIX}${id}`);

/** A channel id as a client may write it: a name or a full URL, any case. */
export function channelIdOf(raw: string): string {
  const text = raw.trim();
  const m = /^https?:\/\/(?:www\.)?warpcast\.com\/~\/channel\/([^/?#\s]+)/i.exec(text);
  return (m ? m[1] : text).toLowerCase();
}

/**
 * Trending channels over a window ending at the as-of time, per channel:
 * casts (live, replies in its threads included), distinct casters, and new
 * casters (fids whose first live cast in the channel falls in the window; the
 * nearest the data has to "followers gained"). Trending score, an integer:
 * the three summed with these weights.
 */
export const CHANNEL_SCORE = { casts: 1, casters: 2, newCasters: 3 } as const;

/** Windows of trending casts: their REST spelling (the stored period) and their length in hours. */
export const CAST_WINDOWS = { '1h': 1, '6h': 6, '24h': 24, '3d': 72, '7d': 168 } as const;
export type CastWindow = keyof typeof CAST_WINDOWS;

/**
 * Trending casts: top-level live casts posted in the window, scored by their
 * live engagement from others up to the as-of time, decayed by age
 * (Hacker News style gravity):
 *   score = (1·likes + 2·recasts + 3·replies) / (age in hours + 2)^1.5
 * Casts with no engagement are not listed.
 */
export const CAST_WEIGHTS = { likes: 1, recasts: 2, replies: 3 } as const;
export const CAST_DECAY = { offsetHours: 2, gravity: 1.5 } as const;

/** Channel ranks: computed for the channels with the most casters, at most this many (CHANNEL_RANK_CHANNELS), with at least this many casters. */
export const CHANNEL_RANK_DEFAULTS = { channels: 20, minCasters: 3 } as const;
