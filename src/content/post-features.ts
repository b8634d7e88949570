// Rule-based features of a post, the same whichever classifier runs:
// hashtags (in the text and the tags the author set) and the Farcaster
// channel a cast was posted in (from its parent_url).

const HASHTAG = /(?<![\p{L}\p{N}_&#/])#([\p{L}][\p{L}\p{N}_]{1,49})(?![\p{L}\p{N}_])/gu;
const WARPCAST_CHANNEL = /^https?:\/\/(?:www\.)?warpcast\.com\/~\/channel\/([^/?#\s]+)/i;

/** Lowercase hashtags of the text and the given tags, without `#`, distinct, in order. */
export function hashtagsOf(text: string, tags: readonly string[] = []): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(HASHTAG)) found.add(m[1].toLowerCase());
  for (const t of tags) {
    const tag = t.trim().replace(/^#/, '').toLowerCase();
    if (tag) found.add(tag);
  }
  return [...found];
}

/**
 * The channel of a cast: the name in a Warpcast channel URL
 * (`https://warpcast.com/~/channel/base` is `base`); any other parent URL
 * (a chain:// NFT collection, a website) is its own channel, kept whole.
 * Replies carry no parent_url, so they have no channel.
 */
export function channelOf(parentUrl: string | null | undefined): string | null {
  const url = parentUrl?.trim();
  if (!url) return null;
  const m = WARPCAST_CHANNEL.exec(url);
  return m ? decodeName(m[1]).toLowerCase() : url.toLowerCase();
}

/** A percent-encoded channel name; kept as written when the encoding is malformed (`%E0%A4%A`). */
function decodeName(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}
