// Wallet addresses, as pure functions of (seed, id). The Farcaster and Lens
// generators run separately yet must agree that ~30% of Lens owners are also
// verified by some Farcaster user; stateless hashes make that agreement free.
import { base58 } from './ids';
import { hash4, hashHex, hashUnit, strHash } from './random';
import { isShowcasePerson } from './showcase';

const D_CUSTODY = strHash('custody');
const D_ETH_COUNT = strHash('eth-verification-count');
const D_ETH = strHash('eth-verification');
const D_SOL = strHash('sol-verification');
const D_VDEL = strHash('verification-deleted');
const D_LENS_OWNER = strHash('lens-owner');
const D_LENS_FID = strHash('lens-owner-fid');
const D_LENS_REUSE = strHash('lens-owner-reuse');
const D_LENS_ADDR = strHash('lens-owner-address');

/** Share of Lens profiles whose owner is a Farcaster-verified address. */
const LENS_SHARED = 0.3;
/** Share that reuse an earlier profile's owner (one wallet, several profiles). */
const LENS_REUSED = 0.04;

export function custodyAddress(seed: number, fid: number): string {
  return `0x${hashHex(seed, D_CUSTODY, fid, 5)}`;
}

/** How many Ethereum addresses a fid verified (0, 1 or 2): ~55% verify at least one. */
export function ethVerificationCount(seed: number, fid: number): number {
  // The examples' persons verify at least one (showcase.ts).
  if (isShowcasePerson(fid)) return hashUnit(seed, D_ETH_COUNT, fid) < 0.5 ? 1 : 2;
  const u = hashUnit(seed, D_ETH_COUNT, fid);
  return u < 0.45 ? 0 : u < 0.88 ? 1 : 2;
}

/** Lowercase address of a fid's `slot`-th Ethereum verification. */
export function ethVerificationAddress(seed: number, fid: number, slot: number): string {
  return `0x${hashHex(seed, D_ETH, fid * 4 + slot, 5)}`;
}

/** ~2% of verifications are later removed (slot 2 = the Solana one). */
export function verificationDeleted(seed: number, fid: number, slot: number): boolean {
  if (slot === 0 && isShowcasePerson(fid)) return false;
  return hashUnit(seed, D_VDEL, fid, slot) < 0.02;
}

/**
 * Base58 digits 1..16: 44 digits led by one of them spell a number in
 * [58^43, 17·58^43), inside [2^248, 2^256), so always 32 bytes like a real Solana key.
 */
const SOLANA_LEAD = '23456789ABCDEFGH';

export function solanaAddress(seed: number, fid: number): string | null {
  if (hashUnit(seed, D_SOL, fid) >= 0.06) return null;
  return SOLANA_LEAD[hash4(seed, D_SOL, fid, 44) % SOLANA_LEAD.length] + base58(seed, D_SOL, fid, 44).slice(1);
}

/**
 * Lowercase owner address of Lens profile p. Profiles 1..4 are fids 1..4's; ~30% are a live Farcaster
 * verification (same person on both protocols); a few reuse an earlier
 * profile's owner; the rest are fresh wallets.
 */
export function lensOwnerAddress(seed: number, profile: number, farcasterUsers: number): string {
  // Profile p of the examples' persons is owned by fid p's first verified address (showcase.ts).
  if (isShowcasePerson(profile) && profile <= farcasterUsers) return ethVerificationAddress(seed, profile, 0);
  let p = profile;
  for (;;) {
    const u = hashUnit(seed, D_LENS_OWNER, p);
    if (u < LENS_SHARED) {
      for (let attempt = 0; attempt < 64; attempt++) {
        const fid = 1 + Math.floor(hashUnit(seed, D_LENS_FID, p, attempt) * farcasterUsers);
        if (ethVerificationCount(seed, fid) > 0 && !verificationDeleted(seed, fid, 0)) {
          return ethVerificationAddress(seed, fid, 0);
        }
      }
    } else if (u < LENS_SHARED + LENS_REUSED && p > 1) {
      p = 1 + Math.floor(hashUnit(seed, D_LENS_REUSE, p) * (p - 1));
      continue;
    }
    return `0x${hashHex(seed, D_LENS_ADDR, p, 5)}`;
  }
}
