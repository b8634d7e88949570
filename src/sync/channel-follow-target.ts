// Which reactions are channel follows: a LIKE whose target_url is the CAIP-19 id of the channel
// registrar's ERC-721 token, tokenId = channel_id. Snapchain src/core/channel_uri.rs accepts exactly one
// spelling per channel (lowercase namespaces, decimal chain id and tokenId without leading zeros, an
// EIP-55 checksummed contract) so that two spellings never make two follows; anything else is an
// ordinary reaction to a URL (src/storage/store/account/reaction_store.rs follow_channel_id).
import { getAddress } from 'viem';

/**
 * The registrar whose tokens are followable. Snapchain's `channel_registrar_for_network` names the
 * Sepolia development registry (the BaseRegistrar, not the controller) for testnet and devnet, and none
 * yet for mainnet, where the node indexes no follow at all; this copy recognises that one registry.
 */
export const CHANNEL_REGISTRAR = { chainId: 11155111, address: '0x7Dd80C661dED9bFC8D4440224A0b39b345a91BE4' } as const;

const MAX_URI_LENGTH = 256;
const MAX_TOKEN_ID_DIGITS = 78;
const U256_MAX = (1n << 256n) - 1n;

/** The followed channel's id (0x + 64 hex) when `url` is the canonical CAIP-19 id of a registrar token, else null. */
export function channelIdOfFollowTarget(url: string, registrar: { chainId: number; address: string } = CHANNEL_REGISTRAR): string | null {
  if (url.length > MAX_URI_LENGTH) return null;
  const parts = url.split('/');
  if (parts.length !== 3) return null;
  const [chain, asset, tokenId] = parts;
  if (!chain.startsWith('eip155:') || !asset.startsWith('erc721:')) return null;
  const chainRef = chain.slice('eip155:'.length);
  if (!/^\d+$/.test(chainRef) || String(BigInt(chainRef)) !== chainRef || Number(chainRef) !== registrar.chainId) return null;
  const address = asset.slice('erc721:'.length);
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return null;
  // The checksummed spelling only (parse_checksummed rejects an all-lowercase address).
  if (getAddress(address) !== address || address.toLowerCase() !== registrar.address.toLowerCase()) return null;
  if (tokenId.length > MAX_TOKEN_ID_DIGITS || !/^\d+$/.test(tokenId)) return null;
  const token = BigInt(tokenId);
  if (String(token) !== tokenId || token > U256_MAX) return null;
  return `0x${token.toString(16).padStart(64, '0')}`;
}

/** The follow target of a channel: the one spelling the node takes as a follow of `channelId` (0x hex). */
export function channelFollowTarget(channelId: string, registrar: { chainId: number; address: string } = CHANNEL_REGISTRAR): string {
  return `eip155:${registrar.chainId}/erc721:${getAddress(registrar.address)}/${BigInt(channelId).toString(10)}`;
}
