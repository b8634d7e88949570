// Cast embeds: stored as normalised JSON, and read for quotes: an item
// {"castId": {"fid", "hash"}} (hub JSON; Neynar writes `cast_id`) makes the cast a
// quote of that cast. Dumps write embeds in several shapes, all read here:
//   JSON (hub replicator, Neynar): [{"url": "…"}, {"castId": {"fid": 3, "hash": "0x…"}}]
//   a quoted hash as a Node Buffer: {"hash": {"type": "Buffer", "data": [20 bytes]}}
//   Python literals (a column written through Python's str()): [{'url': '…'}]
//   JSON encoded twice (a JSON string holding the JSON text)
// Stored: JSON with every Buffer as lowercase `0x` hex and castId hashes normalised.
import { normalizeHex, parseFid } from '../../domain/ids';
import { json } from '../parse-values';
import { pythonLiteral } from './python-literal';

export interface CastEmbeds { json: string; quotedHash: string | null; quotedFid: number | null }

interface CastId { hash: string; fid: number | null }

/** The embeds of a cast, or null when the text is none of the shapes above. */
export function castEmbeds(text: string): CastEmbeds | null {
  let value = parsed(text);
  // A JSON string holding JSON: the text was encoded twice.
  if (typeof value === 'string') value = parsed(value.trim());
  if (value === undefined || typeof value === 'string') return null;
  const normalized = normalize(value);
  const quote = Array.isArray(normalized) ? normalized.map(castIdOf).find((q): q is CastId => q !== null) : undefined;
  return { json: JSON.stringify(normalized), quotedHash: quote?.hash ?? null, quotedFid: quote?.fid ?? null };
}

/** A quoted cast's fid and hash given apart (Neynar v3 `embedded_casts` / `embedded_casts_fids`, JSON lists). */
export function embeddedCast(hashes: string, fids: string): CastId | null {
  const list = json(hashes);
  const hash = Array.isArray(list) && typeof list[0] === 'string' ? normalizeHex(list[0]) : null;
  if (!hash) return null;
  const fidList = json(fids);
  const fid = Array.isArray(fidList) && (typeof fidList[0] === 'number' || typeof fidList[0] === 'string') ? parseFid(fidList[0]) : null;
  return { hash, fid };
}

function parsed(text: string): unknown {
  const value = json(text);
  return value !== undefined ? value : pythonLiteral(text);
}

const isByte = (v: unknown) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 255;

/** Buffers become hex, castId hashes lowercase `0x`, and NULs go (jsonb rejects \u0000). */
function normalize(value: unknown): unknown {
  if (typeof value === 'string') return value.includes('\0') ? value.replace(/\0/g, '') : value;
  if (Array.isArray(value)) return value.map(normalize);
  if (!value || typeof value !== 'object') return value;
  const o = value as Record<string, unknown>;
  if (o.type === 'Buffer' && Array.isArray(o.data) && o.data.every(isByte)) {
    return `0x${(o.data as number[]).map((b) => b.toString(16).padStart(2, '0')).join('')}`;
  }
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(o)) out[key] = normalize(v);
  for (const key of ['castId', 'cast_id']) {
    const id = out[key];
    if (id && typeof id === 'object' && typeof (id as Record<string, unknown>).hash === 'string') {
      const hash = normalizeHex((id as Record<string, string>).hash);
      if (hash) out[key] = { ...id, hash };
    }
  }
  return out;
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
