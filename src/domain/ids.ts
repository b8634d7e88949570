// Identifier forms of the API. Lens profile ids match by numeric value and
// are answered canonical (lowercase 0x, even number of hex digits); publication
// ids are `<profileId>-<pubSeq>` with both halves canonical, or a Momoka id
// `<profileId>-<pubSeq>-DA-<hex>` (the first two parts repeat across Momoka
// publications, so the whole id is kept).

const HEX_ID = /^(?:0x|\\x)?([0-9a-f]+)$/i;

/** Canonical Lens id (`0x1` → `0x01`), or null when it is not a hex number. */
export function canonicalLensId(raw: string): string | null {
  const m = HEX_ID.exec(raw.trim());
  if (!m) return null;
  let digits = m[1].toLowerCase().replace(/^0+/, '');
  if (digits === '') digits = '0';
  if (digits.length % 2) digits = `0${digits}`;
  return `0x${digits}`;
}

const ACCOUNT_ADDRESS = /^(?:0x|\\x)?([0-9a-f]{40})$/i;

/**
 * A Lens Chain (v3) account address: 40 hex digits, kept at full length (leading
 * zeros are part of an address), lowercase `0x…`; null for anything else.
 */
export function lensAccountAddress(raw: string): string | null {
  const m = ACCOUNT_ADDRESS.exec(raw.trim());
  return m ? `0x${m[1].toLowerCase()}` : null;
}

/**
 * A Lens profile id as the API and config accept it: an account address when it has
 * 40 hex digits (never shortened), else a v2 profile id by numeric value.
 */
export function parseLensProfileId(raw: string): string | null {
  return lensAccountAddress(raw) ?? canonicalLensId(raw);
}

const MOMOKA_SUFFIX = /^[0-9a-f]+$/i;

/** Canonical publication id (`0x1-0xA` → `0x01-0x0a`, `0x18-0x3a-da-951A` → `0x18-0x3a-DA-951a`), or null. */
export function canonicalPublicationId(raw: string): string | null {
  const parts = raw.trim().split('-');
  const momoka = parts.length === 4 && parts[2].toUpperCase() === 'DA' && MOMOKA_SUFFIX.test(parts[3]);
  if (parts.length !== 2 && !momoka) return null;
  const profile = canonicalLensId(parts[0]);
  const seq = canonicalLensId(parts[1]);
  if (!profile || !seq) return null;
  return momoka ? `${profile}-${seq}-DA-${parts[3].toLowerCase()}` : `${profile}-${seq}`;
}

/** The author of a publication as its id says: the profile half (of a Momoka id too). */
export const profileOfPublication = (publicationId: string): string => publicationId.split('-')[0];

/** Hashes and addresses: lowercase `0x…`, accepting `\x` and any case. */
export function normalizeHex(raw: string): string | null {
  const m = HEX_ID.exec(raw.trim());
  return m ? `0x${m[1].toLowerCase()}` : null;
}

/** Farcaster fid: a positive integer that fits Postgres `integer`. */
export function parseFid(raw: string | number): number | null {
  const s = String(raw).trim();
  if (!/^\d{1,10}$/.test(s)) return null;
  const n = Number(s);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}
