// Identifier spellings. Canonical forms are what the service answers; the
// variants (\x prefix, uppercase hex, unpadded Lens ids) are the spellings
// real exports contain and the importer must normalise.
import { hash4, hashHex, strHash, type Rng } from './random';

const D_CAST = strHash('cast-hash');

/** Canonical cast hash (0x + 40 lowercase hex) of the i-th cast: recomputable, never stored. */
export function castHash(seed: number, i: number): string {
  return `0x${hashHex(seed, D_CAST, i, 5)}`;
}

/** A hash as an export may spell it: ~half `\x…`, some uppercase hex digits. */
export function hashVariant(rng: Rng, canonical: string): string {
  let digits = canonical.slice(2);
  if (rng.chance(0.15)) digits = digits.toUpperCase();
  return rng.chance(0.5) ? `\\x${digits}` : `0x${digits}`;
}

/** Even-length lowercase hex digits of n (1 → "01", 500 → "01f4"). */
export function evenHex(n: number): string {
  const h = n.toString(16);
  return h.length % 2 ? `0${h}` : h;
}

/** Canonical Lens id: 0x01, 0x0a, 0x01f4. */
export function lensId(n: number): string {
  return `0x${evenHex(n)}`;
}

/** Lens profile id as some rows spell it: ~5% unpadded (0x1), ~5% uppercase (0x0A). */
export function lensIdVariant(rng: Rng, n: number): string {
  const r = rng.float();
  if (r < 0.05) return `0x${n.toString(16)}`;
  if (r < 0.1) return `0x${evenHex(n).toUpperCase()}`;
  return lensId(n);
}

/** Publication id `<profileId>-<pubSeq>`, both halves canonical: 0x01-0x0a. */
export function publicationId(profile: number, seq: number): string {
  return `${lensId(profile)}-0x${evenHex(seq)}`;
}

/** EIP-55-looking mixed case (not a real checksum; the importer only lowercases). */
export function mixedCase(addr: string, salt: number): string {
  let out = '0x';
  const h = hash4(salt, 0x0ca5e, addr.length, addr.charCodeAt(5));
  for (let i = 2; i < addr.length; i++) {
    const ch = addr[i];
    out += ch >= 'a' && (hash4(h, i, 0, 0) & 1) ? ch.toUpperCase() : ch;
  }
  return out;
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Base58-looking string (Solana addresses, IPFS CIDv0 bodies). */
export function base58(seed: number, domain: number, id: number, len: number): string {
  let s = '';
  for (let i = 0; i < len; i++) s += BASE58[hash4(seed, domain, id, i) % 58];
  return s;
}
