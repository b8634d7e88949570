// Logs of the followed contracts → LensOps. A log is decoded against the ABI of the
// contract that emitted it (an event of the same name from another contract is not
// Lens's); a log that does not decode is counted, never guessed at.
import { decodeAbiParameters, hexToNumber, pad, toEventSelector, toHex, zeroAddress, type AbiEvent, type Hex } from 'viem';
import { LENS_EVENTS_ABI, PARAM_AMOUNT, PARAM_TOKEN } from './abi';
import { seqOf, type LensOp } from './lens-ops';
import type { RawLog } from './rpc-client';

export interface LensContracts {
  accountFactory: Hex; graph: Hex; feed: Hex; namespace: Hex; actionHub: Hex;
  /** The action whose executions are collects. */
  collectAction: Hex;
}

export interface Decoded { ops: LensOp[]; undecoded: number }

/** A post id as the v3 dump writes it (bytea of the uint256): 32 bytes, lowercase hex. */
export const postIdOf = (id: bigint) => pad(toHex(id), { size: 32 });
const lower = (a: string) => a.toLowerCase();
const nonZero = (id: bigint) => (id === 0n ? null : postIdOf(id));

interface KeyValue { key: Hex; value: Hex }

function param(params: readonly KeyValue[], key: Hex, type: 'uint256' | 'address'): bigint | string | null {
  const kv = params.find((p) => p.key === key);
  if (!kv) return null;
  const [value] = decodeAbiParameters([{ type }], kv.value);
  return value;
}

export function decodeLogs(logs: readonly RawLog[], times: ReadonlyMap<bigint, string>, c: LensContracts): Decoded {
  const ops: LensOp[] = [];
  let undecoded = 0;
  for (const log of logs) {
    const block = BigInt(log.blockNumber);
    const at = times.get(block);
    if (at === undefined) throw new Error(`no header read for block ${block}`);
    const base = { seq: seqOf(block, hexToNumber(log.logIndex)), block, at };
    try {
      const op = decodeOne(log, base, c);
      if (op) ops.push(op);
    } catch {
      undecoded += 1;
    }
  }
  ops.sort((a, b) => (a.seq < b.seq ? -1 : a.seq > b.seq ? 1 : 0));
  return { ops, undecoded };
}

type Base = { seq: bigint; block: bigint; at: string };
type Args = Record<string, unknown>;

/** The ABI word at byte offset `at` of a log's data (32-byte words, big-endian). */
function word(data: Hex, at: number): bigint {
  const hex = data.slice(2 + at * 2, 2 + (at + 32) * 2);
  if (hex.length !== 64) throw new Error('data shorter than its ABI encoding');
  return BigInt(`0x${hex}`);
}

/** The string whose offset word is at byte `at` of the data (offsets count from `base`). */
function stringAt(data: Hex, at: number, base = 0): string {
  const start = base + Number(word(data, at));
  const length = Number(word(data, start));
  const hex = data.slice(2 + (start + 32) * 2, 2 + (start + 32 + length) * 2);
  if (hex.length !== length * 2) throw new Error('string past the end of the data');
  return Buffer.from(hex, 'hex').toString('utf8');
}

/**
 * One decoder per event, built once. viem's decodeEventLog hashes every signature of the
 * ABI again for each log, and its decodeAbiParameters walks every nested struct (rule
 * params, extra data) the sync never reads: together they cost more than the writes. So
 * the fields read are taken at their ABI positions (indexed ones are topics; a post's
 * parents are words of its CreatePostParams; a username is the first string) and only
 * the action's key-value params go through viem. The tests' logs are encoded by viem from
 * the same ABI, which holds the two together.
 */
const DECODERS = new Map(LENS_EVENTS_ABI.map((event: AbiEvent) => {
  const indexed = event.inputs.filter((i) => i.indexed);
  const body = event.inputs.filter((i) => !i.indexed);
  const decode = (log: RawLog): Args => {
    if (log.topics.length !== indexed.length + 1) throw new Error(`${event.name}: ${log.topics.length - 1} indexed topics, not ${indexed.length}`);
    const args: Args = {};
    indexed.forEach((input, i) => {
      const topic = log.topics[i + 1];
      args[input.name as string] = input.type === 'address' ? `0x${topic.slice(26)}` : BigInt(topic);
    });
    if (event.name === 'Lens_Username_Assigned' || event.name === 'Lens_Username_Unassigned') args.username = stringAt(log.data, 0);
    if (event.name === 'Lens_Feed_PostCreated') {
      // (localSequentialId, rootPostId, postParams, …): postParams is (author, contentURI, reposted, quoted, replied, …).
      args.rootPostId = word(log.data, 32);
      const params = Number(word(log.data, 64));
      args.postParams = { repostedPostId: word(log.data, params + 64), quotedPostId: word(log.data, params + 96), repliedPostId: word(log.data, params + 128) };
    }
    if (event.name === 'Lens_ActionHub_PostAction_Executed') {
      decodeAbiParameters(body, log.data).forEach((value, i) => { args[body[i].name as string] = value; });
    }
    return args;
  };
  return [toEventSelector(event), { name: event.name, decode }] as const;
}));

const address = (v: unknown) => lower(v as string);
const uint = (v: unknown) => v as bigint;

function decodeOne(log: RawLog, base: Base, c: LensContracts): LensOp | null {
  const from = lower(log.address);
  const decoder = DECODERS.get(log.topics[0]);
  if (!decoder) throw new Error(`not a followed event: ${log.topics[0]}`);
  const e = { eventName: decoder.name, args: decoder.decode(log) };
  const emittedBy = (contract: Hex, ...names: string[]) => {
    if (from !== contract || !names.includes(e.eventName)) throw new Error(`${e.eventName} from ${from}`);
  };
  const a = e.args;
  switch (e.eventName) {
    case 'Lens_Account_Created':
      emittedBy(c.accountFactory, e.eventName);
      return { ...base, kind: 'account', account: address(a.account), owner: address(a.owner) };
    case 'Lens_Graph_Followed':
    case 'Lens_Graph_Unfollowed':
      // Follows of other graphs are not the global graph's.
      if (from !== c.graph) return null;
      return e.eventName === 'Lens_Graph_Followed'
        ? { ...base, kind: 'follow', follower: address(a.followerAccount), followed: address(a.accountToFollow), following: true }
        : { ...base, kind: 'follow', follower: address(a.followerAccount), followed: address(a.accountToUnfollow), following: false };
    case 'Lens_Username_Assigned':
    case 'Lens_Username_Unassigned':
      if (from !== c.namespace) return null;
      return e.eventName === 'Lens_Username_Assigned'
        ? { ...base, kind: 'username', account: address(a.account), name: a.username as string, assigned: true }
        : { ...base, kind: 'username', account: address(a.previousAccount), name: a.username as string, assigned: false };
    case 'Lens_Feed_PostDeleted':
      if (from !== c.feed) return null;
      return { ...base, kind: 'postDeleted', id: postIdOf(uint(a.postId)) };
    case 'Lens_Feed_PostCreated': {
      if (from !== c.feed) return null;
      const p = a.postParams as { repostedPostId: bigint; quotedPostId: bigint; repliedPostId: bigint };
      const postId = uint(a.postId);
      const rootPostId = uint(a.rootPostId);
      // post_types as the dump writes them; kindOf (the importer's) decides the kind from them and the parents.
      const postTypes = p.repostedPostId !== 0n ? ['repost'] : p.repliedPostId !== 0n ? ['comment'] : p.quotedPostId !== 0n ? ['quote'] : ['root'];
      return {
        ...base, kind: 'post', id: postIdOf(postId), author: address(a.author), postTypes,
        parent: nonZero(p.repostedPostId !== 0n ? p.repostedPostId : p.repliedPostId), quoted: nonZero(p.quotedPostId),
        root: rootPostId === postId ? null : nonZero(rootPostId),
      };
    }
    case 'Lens_ActionHub_PostAction_Executed': {
      emittedBy(c.actionHub, e.eventName);
      const params = a.params as readonly KeyValue[];
      const amount = param(params, PARAM_AMOUNT, 'uint256') as bigint | null;
      const token = param(params, PARAM_TOKEN, 'address') as string | null;
      const named = Object.fromEntries(params.map((kv) => [kv.key === PARAM_AMOUNT ? 'lens.param.amount' : kv.key === PARAM_TOKEN ? 'lens.param.token' : kv.key, kv.value]));
      return {
        ...base, kind: 'act', actId: `v3-${lower(log.transactionHash)}-${hexToNumber(log.logIndex)}`, historyId: base.seq, post: postIdOf(uint(a.postId)),
        actor: address(a.msgSender), isCollect: address(a.action) === c.collectAction,
        currency: token && lower(token) !== zeroAddress && amount ? lower(token) : null, amount: amount === null ? null : amount.toString(),
        data: JSON.stringify({ action: address(a.action), feed: address(a.feed), params: named }),
      };
    }
    // Emitted by each account contract: the writer applies it only to accounts it knows.
    case 'Lens_Account_OwnershipTransferred':
      return { ...base, kind: 'owner', account: from, owner: address(a.newOwner) };
    default:
      throw new Error(`no rule for ${e.eventName}`);
  }
}
