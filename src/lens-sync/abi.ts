// The Lens v3 events the sync follows, as lens-protocol/lens-v3 declares them (mainnet-era sources):
//   Lens_Account_Created               contracts/extensions/factories/AccountFactory.sol
//   Lens_Account_OwnershipTransferred  contracts/extensions/account/IAccount.sol
//   Lens_Username_Assigned/Unassigned  contracts/core/interfaces/INamespace.sol
//   Lens_Graph_Followed/Unfollowed     contracts/core/interfaces/IGraph.sol
//   Lens_Feed_PostCreated/Deleted      contracts/core/interfaces/IFeed.sol
//   Lens_ActionHub_PostAction_Executed contracts/extensions/actions/ActionHub.sol
// Structs as contracts/core/types/Types.sol and IAccount.sol define them. A signature must match the
// source to the byte: its keccak is the log's first topic.
import { keccak256, parseAbi, toBytes } from 'viem';

const STRUCTS = [
  'struct KeyValue { bytes32 key; bytes value; }',
  'struct RuleProcessingParams { address ruleAddress; bytes32 configSalt; KeyValue[] customParams; }',
  'struct RuleConfigurationParams { bytes4 ruleSelector; address ruleAddress; bool isRequired; bytes32 configSalt; KeyValue[] customParams; }',
  'struct RuleChange { RuleConfigurationParams configuration; uint8 operation; }',
  'struct CreatePostParams { address author; string contentURI; uint256 repostedPostId; uint256 quotedPostId; uint256 repliedPostId; RuleChange[] ruleChanges; KeyValue[] extraData; }',
  'struct AccountManagerPermissions { bool canExecuteTransactions; bool canTransferTokens; bool canTransferNative; bool canSetMetadataURI; }',
] as const;

export const accountFactoryAbi = parseAbi([
  ...STRUCTS,
  'event Lens_Account_Created(address indexed account, address indexed owner, string metadataURI, address[] accountManagers, AccountManagerPermissions[] accountManagersPermissions, address indexed source, KeyValue[] extraData)',
]);

/** Emitted by each account contract (no fixed address): applied only to accounts the database knows. */
export const accountAbi = parseAbi(['event Lens_Account_OwnershipTransferred(address indexed previousOwner, address indexed newOwner)']);

export const namespaceAbi = parseAbi([
  ...STRUCTS,
  'event Lens_Username_Assigned(string username, address indexed account, KeyValue[] customParams, RuleProcessingParams[] ruleProcessingParams, address indexed source)',
  'event Lens_Username_Unassigned(string username, address indexed previousAccount, KeyValue[] customParams, RuleProcessingParams[] ruleProcessingParams, address indexed source)',
]);

export const graphAbi = parseAbi([
  ...STRUCTS,
  'event Lens_Graph_Followed(address indexed followerAccount, address indexed accountToFollow, uint256 followId, KeyValue[] customParams, RuleProcessingParams[] graphRulesProcessingParams, RuleProcessingParams[] followRulesProcessingParams, address indexed source, KeyValue[] extraData)',
  'event Lens_Graph_Unfollowed(address indexed followerAccount, address indexed accountToUnfollow, uint256 followId, KeyValue[] customParams, RuleProcessingParams[] graphRulesProcessingParams, address indexed source)',
]);

export const feedAbi = parseAbi([
  ...STRUCTS,
  'event Lens_Feed_PostCreated(uint256 indexed postId, address indexed author, uint256 localSequentialId, uint256 rootPostId, CreatePostParams postParams, KeyValue[] customParams, RuleProcessingParams[] feedRulesParams, RuleProcessingParams[] rootPostRulesParams, RuleProcessingParams[] quotedPostRulesParams, address indexed source)',
  'event Lens_Feed_PostDeleted(uint256 indexed postId, address indexed author, KeyValue[] customParams, address indexed source)',
]);

export const actionHubAbi = parseAbi([
  ...STRUCTS,
  'event Lens_ActionHub_PostAction_Executed(address indexed action, address indexed msgSender, address feed, uint256 indexed postId, address postAuthor, address source, KeyValue[] params, bytes returnData)',
]);

/** Every event followed, for decoding any log of the watched contracts. */
export const LENS_EVENTS_ABI = [...accountFactoryAbi, ...accountAbi, ...namespaceAbi, ...graphAbi, ...feedAbi, ...actionHubAbi]
  .filter((item) => item.type === 'event');

/**
 * Keys of the action params (`@custom:keccak lens.param.*` in SimpleCollectAction.sol and
 * TippingPostAction.sol): what a collect or tip paid and in which ERC-20.
 */
export const PARAM_AMOUNT = keccak256(toBytes('lens.param.amount'));
export const PARAM_TOKEN = keccak256(toBytes('lens.param.token'));
