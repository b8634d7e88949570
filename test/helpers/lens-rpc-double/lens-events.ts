// Lens v3 event logs as the contracts emit them, ABI-encoded with viem from the sync's
// own ABI module (topics by encodeEventTopics, data by encodeAbiParameters of the
// non-indexed inputs): the sync decodes exactly what a node would serve.
import { encodeAbiParameters, encodeEventTopics, pad, toHex, zeroAddress, type Abi, type Hex } from 'viem';
import { accountAbi, accountFactoryAbi, actionHubAbi, feedAbi, graphAbi, namespaceAbi, PARAM_AMOUNT, PARAM_TOKEN } from '../../../src/lens-sync/abi';

/** Lens Chain mainnet's contracts (the config's defaults). */
export const MAINNET = {
  accountFactory: '0x26c7fd63b06deb4f9e4b5955d540767b9ac7bbaa', graph: '0x433025d9718302e7b2e1853d712d96f00764513f',
  feed: '0xcb5e109ffc0e15565082d78e68dddf2573703580', namespace: '0x1aa55b9042f08f45825dc4b651b64c9f98af4615',
  actionHub: '0xc6d57ee750ef2ee017a9e985a0c4198bed16a802', collectAction: '0x1cee1cd464c4e44e80acdb0b0e33f88849070f6e',
  tippingAction: '0x4984ec4ffd17e64c8f91691d829bd5aea287e47b',
} as const satisfies Record<string, Hex>;

/** A log before it is placed in a block. */
export interface EventLog { address: Hex; topics: Hex[]; data: Hex }

type EventItem = { type: 'event'; name: string; inputs: readonly { name?: string; type: string; indexed?: boolean; components?: unknown }[] };

function encode(abi: Abi, address: Hex, eventName: string, args: Record<string, unknown>): EventLog {
  const event = abi.find((i) => i.type === 'event' && i.name === eventName) as EventItem;
  const topics = encodeEventTopics({ abi, eventName, args }).filter((t): t is Hex => typeof t === 'string');
  const body = event.inputs.filter((i) => !i.indexed);
  const data = encodeAbiParameters(body as never, body.map((i) => args[i.name as string]) as never);
  return { address, topics, data };
}

const NO_SOURCE = zeroAddress;

export const accountCreated = (account: Hex, owner: Hex) => encode(accountFactoryAbi, MAINNET.accountFactory, 'Lens_Account_Created',
  { account, owner, metadataURI: `lens://${account}`, accountManagers: [], accountManagersPermissions: [], source: NO_SOURCE, extraData: [] });

export const ownerTransferred = (account: Hex, previousOwner: Hex, newOwner: Hex) =>
  encode(accountAbi, account, 'Lens_Account_OwnershipTransferred', { previousOwner, newOwner });

export const usernameAssigned = (username: string, account: Hex) => encode(namespaceAbi, MAINNET.namespace, 'Lens_Username_Assigned',
  { username, account, customParams: [], ruleProcessingParams: [], source: NO_SOURCE });

export const usernameUnassigned = (username: string, previousAccount: Hex) => encode(namespaceAbi, MAINNET.namespace, 'Lens_Username_Unassigned',
  { username, previousAccount, customParams: [], ruleProcessingParams: [], source: NO_SOURCE });

export const followed = (followerAccount: Hex, accountToFollow: Hex, graph: Hex = MAINNET.graph) => encode(graphAbi, graph, 'Lens_Graph_Followed', {
  followerAccount, accountToFollow, followId: 1n, customParams: [], graphRulesProcessingParams: [], followRulesProcessingParams: [], source: NO_SOURCE, extraData: [],
});

export const unfollowed = (followerAccount: Hex, accountToUnfollow: Hex) => encode(graphAbi, MAINNET.graph, 'Lens_Graph_Unfollowed',
  { followerAccount, accountToUnfollow, followId: 1n, customParams: [], graphRulesProcessingParams: [], source: NO_SOURCE });

export interface PostSpec { id: bigint; author: Hex; replied?: bigint; quoted?: bigint; reposted?: bigint; root?: bigint }

export const postCreated = (p: PostSpec) => encode(feedAbi, MAINNET.feed, 'Lens_Feed_PostCreated', {
  postId: p.id, author: p.author, localSequentialId: 1n, rootPostId: p.root ?? p.id,
  postParams: { author: p.author, contentURI: `lens://post-${p.id}`, repostedPostId: p.reposted ?? 0n, quotedPostId: p.quoted ?? 0n,
    repliedPostId: p.replied ?? 0n, ruleChanges: [], extraData: [] },
  customParams: [], feedRulesParams: [], rootPostRulesParams: [], quotedPostRulesParams: [], source: NO_SOURCE,
});

export const postDeleted = (postId: bigint, author: Hex) => encode(feedAbi, MAINNET.feed, 'Lens_Feed_PostDeleted',
  { postId, author, customParams: [], source: NO_SOURCE });

export interface ActionSpec { action: Hex; sender: Hex; postId: bigint; postAuthor: Hex; amount?: bigint; token?: Hex }

export const actionExecuted = (a: ActionSpec) => encode(actionHubAbi, MAINNET.actionHub, 'Lens_ActionHub_PostAction_Executed', {
  action: a.action, msgSender: a.sender, feed: MAINNET.feed, postId: a.postId, postAuthor: a.postAuthor, source: NO_SOURCE,
  params: [
    ...(a.amount !== undefined ? [{ key: PARAM_AMOUNT, value: encodeAbiParameters([{ type: 'uint256' }], [a.amount]) }] : []),
    ...(a.token !== undefined ? [{ key: PARAM_TOKEN, value: encodeAbiParameters([{ type: 'address' }], [a.token]) }] : []),
  ],
  returnData: encodeAbiParameters([{ type: 'uint256' }], [1n]),
});

/** An account address from a small number (readable in tests). */
export const addr = (n: number): Hex => pad(toHex(n), { size: 20 });
