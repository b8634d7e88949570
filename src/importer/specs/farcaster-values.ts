// Farcaster enum cells and verified addresses as the dumps write them: hub
// replicator and Neynar/Dune exports write enums as their protocol numbers, hub
// JSON as names (`USER_DATA_TYPE_BANNER`, `PROTOCOL_SOLANA`); an address comes as
// hex text, as raw bytes (handed over as `0x`/`\x` hex) or, on Solana, base58.
import { int4 } from '../parse-values';
import { base58Decode, base58Encode } from './base58';

/** The hub's UserDataType numbers by name (packages/core protobufs, message.ts). */
export const USER_DATA_TYPES: Readonly<Record<string, number>> = {
  NONE: 0, PFP: 1, DISPLAY: 2, BIO: 3, URL: 5, USERNAME: 6, LOCATION: 7, TWITTER: 8, GITHUB: 9, BANNER: 10,
  PRIMARY_ADDRESS_ETHEREUM: 11, PRIMARY_ADDRESS_SOLANA: 12, PROFILE_TOKEN: 13, LIVE_AT: 14,
};

/** A user data type: its number, or its name with or without the `USER_DATA_TYPE_` / `USER_DATA_` prefix. */
export function userDataType(text: string): number | null {
  const n = int4(text);
  if (n !== null) return n >= 0 ? n : null;
  const name = text.toUpperCase().replace(/^USER_DATA_(?:TYPE_)?/, '');
  return Object.hasOwn(USER_DATA_TYPES, name) ? USER_DATA_TYPES[name] : null;
}

const REACTION_TYPES: ReadonlyMap<string, number> = new Map([
  ['1', 1], ['2', 2], ['like', 1], ['recast', 2], ['reaction_type_like', 1], ['reaction_type_recast', 2],
]);

/** 1 like, 2 recast. */
export const reactionType = (text: string): number | null => REACTION_TYPES.get(text.toLowerCase()) ?? null;

export type VerificationProtocol = 'ethereum' | 'solana';

const PROTOCOLS: ReadonlyMap<string, VerificationProtocol> = new Map([
  ['0', 'ethereum'], ['ethereum', 'ethereum'], ['protocol_ethereum', 'ethereum'], ['eth', 'ethereum'],
  ['1', 'solana'], ['solana', 'solana'], ['protocol_solana', 'solana'], ['sol', 'solana'],
]);

/** The hub's Protocol enum: 0 Ethereum, 1 Solana, or their names. */
export const verificationProtocol = (text: string): VerificationProtocol | null => PROTOCOLS.get(text.toLowerCase()) ?? null;

export interface VerifiedAddress { address: string; protocol: VerificationProtocol }

const PREFIXED_HEX = /^(?:0x|\\x)([0-9a-f]*)$/i;
const BARE_HEX = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i;
const ETHEREUM_BYTES = 20;
const SOLANA_BYTES = 32;

const hexToBytes = (digits: string) => Uint8Array.from(digits.match(/../g) ?? [], (b) => parseInt(b, 16));

/**
 * A verified address stored the way answers show it: Ethereum as lowercase `0x`
 * hex of 20 bytes, Solana as base58 of 32 bytes. Hex is raw bytes, so its length
 * tells the chain when no protocol is given; base58 text is Solana. Null when the
 * address is neither, or does not fit the protocol given.
 */
export function verifiedAddress(text: string, given: VerificationProtocol | null): VerifiedAddress | null {
  const raw = text.trim();
  const prefixed = PREFIXED_HEX.exec(raw);
  // Unprefixed hex of an address's length is hex: base58 of 32 bytes is at most 44 characters and
  // a 32-byte key spelled in 40 would start with seven zero bytes.
  const digits = prefixed ? prefixed[1] : BARE_HEX.test(raw) ? raw : null;
  if (digits !== null) {
    if (digits.length % 2) return null;
    const bytes = hexToBytes(digits);
    const protocol = given ?? (bytes.length === ETHEREUM_BYTES ? 'ethereum' : bytes.length === SOLANA_BYTES ? 'solana' : null);
    if (protocol === 'ethereum' && bytes.length === ETHEREUM_BYTES) return { address: `0x${digits.toLowerCase()}`, protocol };
    if (protocol === 'solana' && bytes.length === SOLANA_BYTES) return { address: base58Encode(bytes), protocol };
    return null;
  }
  if (given === 'ethereum') return null;
  return base58Decode(raw)?.length === SOLANA_BYTES ? { address: raw, protocol: 'solana' } : null;
}

/**
 * The address and protocol inside a verification's `claim` JSON (Neynar v2 and
 * Dune carry no address column): the verification body as hub JSON, its address
 * under `address` (beside `claimSignature` or, in older claims, `ethSignature`); a
 * protocol, when present, is the hub's enum.
 */
export function claimAddress(claim: unknown): { address: string; protocol: VerificationProtocol | null } | null {
  if (!claim || typeof claim !== 'object' || Array.isArray(claim)) return null;
  const c = claim as Record<string, unknown>;
  const address = typeof c.address === 'string' ? c.address.trim() : '';
  if (!address) return null;
  const protocol = typeof c.protocol === 'string' || typeof c.protocol === 'number' ? verificationProtocol(String(c.protocol)) : null;
  return { address, protocol };
}
