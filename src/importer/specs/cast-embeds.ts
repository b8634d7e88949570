// Cast embeds: kept as JSON, and read for quotes: an item {"castId": {"fid", "hash"}}
// (hub JSON; Neynar writes `cast_id`) makes the cast a quote of that cast.
import { normalizeHex, parseFid } from '../../domain/ids';
import { json } from '../parse-values';

export interface CastEmbeds { json: string; quotedHash: string | null; quotedFid: number | null }

interface CastId { hash: string; fid: number | null }

/** The embeds of a cast, or null when the text is not JSON. */
export function castEmbeds(text: string): CastEmbeds | null {
  const value = json(text);
  if (value === undefined) return null;
  const quote = Array.isArray(value) ? value.map(castIdOf).find((q): q is CastId => q !== null) : undefined;
  return { json: jsonbSafe(text, value), quotedHash: quote?.hash ?? null, quotedFid: quote?.fid ?? null };
}

function castIdOf(item: unknown): CastId | null {
  if (!item || typeof item !== 'object') return null;
  const id = (item as Record<string, unknown>).castId ?? (item as Record<string, unknown>).cast_id;
  if (!id || typeof id !== 'object') return null;
  const { hash, fid } = id as Record<string, unknown>;
  // A castId whose hash is not hex stays in embeds but is not a quote.
  const normalized = typeof hash === 'string' ? normalizeHex(hash) : null;
  if (!normalized) return null;
  return { hash: normalized, fid: typeof fid === 'number' || typeof fid === 'string' ? parseFid(fid) : null };
}

/** jsonb rejects the \u0000 escape; only then is the JSON rewritten without NULs. */
function jsonbSafe(text: string, value: unknown): string {
  if (!text.includes('\\u0000')) return text;
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'string' ? v.replace(/\0/g, '') : v));
}
