// Helpers for the two explorer pages, whose boot code is an inline script
// allowed by a per-answer nonce (the pages' CSP admits no other inline code).
import { randomBytes } from 'node:crypto';

/** A fresh CSP nonce: 128 random bits, base64. */
export const newNonce = (): string => randomBytes(16).toString('base64');

/**
 * JSON that is safe inside a <script> element: `</script>`, `<!--` and the
 * line separators JavaScript once refused in strings cannot end or break it.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The query both explorers open with: it answers on the demo dataset. */
export const EXAMPLE_QUERY = `# Every request sends your API key in the apikey header.
{
  farcasterUsers(fids: [1, 2, 3]) {
    fid
    username
    stats {
      followers
      following
      posts
    }
  }
}
`;
