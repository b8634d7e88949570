// Reads of one fid's whole state from the node, page by page, as ops: what a
// backfill stores and what a reconcile compares. `getAll*MessagesByFid` give
// adds and removes; a full page carries a nextPageToken even when nothing
// follows, so paging ends on an empty token or an empty page.
import {
  HubEvent, HubEventType, OnChainEventType, type Message, type OnChainEvent, type SignerInfo, type UserNameProof,
} from '@farcaster/hub-nodejs';
import type { Hub } from './hub-client';
import { keyOpsOfSigner, opsOfEvent, opsOfMessage } from './hub-messages';
import type { SyncOp } from './sync-ops';

const PAGE = 1000;

type PagedMethod = 'getAllLinkMessagesByFid' | 'getAllCastMessagesByFid' | 'getAllReactionMessagesByFid'
  | 'getAllUserDataMessagesByFid' | 'getAllVerificationMessagesByFid' | 'getAllLendStorageMessagesByFid';

const FID_MESSAGE_READS: readonly PagedMethod[] = [
  'getAllLinkMessagesByFid', 'getAllCastMessagesByFid', 'getAllReactionMessagesByFid', 'getAllUserDataMessagesByFid', 'getAllVerificationMessagesByFid',
  'getAllLendStorageMessagesByFid',
];

/** Reads a node that predates their messages answers unimplemented: no messages, not a failed backfill. */
const NEWER_READS: ReadonlySet<PagedMethod> = new Set(['getAllLendStorageMessagesByFid']);

/** The on-chain events of a fid the sync stores besides its registration. */
const FID_ON_CHAIN_TYPES = [OnChainEventType.EVENT_TYPE_TIER_PURCHASE, OnChainEventType.EVENT_TYPE_STORAGE_RENT];

async function* pages<T extends { nextPageToken?: Uint8Array }>(read: (token: Uint8Array | undefined) => Promise<T>, size: (page: T) => number) {
  let token: Uint8Array | undefined;
  for (;;) {
    const page = await read(token);
    yield page;
    token = page.nextPageToken;
    if (!token || token.length === 0 || size(page) === 0) return;
  }
}

/** The fids of a shard, page by page. */
export async function* fidsOfShard(hub: Hub, shard: number): AsyncGenerator<number[]> {
  for await (const page of pages<{ fids: number[]; nextPageToken?: Uint8Array }>(
    (pageToken) => hub.call('getFids', { shardId: shard, pageSize: PAGE, pageToken }), (p) => p.fids.length)) {
    if (page.fids.length) yield page.fids;
  }
}

/** One fid's messages of one kind, page by page, as ops (with the count of messages read). */
async function* fidMessagePages(hub: Hub, fid: number, method: PagedMethod): AsyncGenerator<{ ops: SyncOp[]; messages: number }> {
  const read = async (pageToken: Uint8Array | undefined) => {
    const page = hub.call<PagedMethod, unknown, { messages: Message[]; nextPageToken?: Uint8Array }>(method, { fid, pageSize: PAGE, pageToken });
    return NEWER_READS.has(method) ? (await page.catch(notFound)) ?? { messages: [] } : page;
  };
  for await (const page of pages(read, (p) => p.messages.length)) {
    yield { ops: page.messages.flatMap(opsOfMessage), messages: page.messages.length };
  }
}

/** A fid's whole state as the node holds it: each kind's message pages, then the reads that are not paged. */
export async function* fidOpPages(hub: Hub, fid: number): AsyncGenerator<{ ops: SyncOp[]; messages: number }> {
  for (const method of FID_MESSAGE_READS) yield* fidMessagePages(hub, fid, method);
  yield { ops: await fidExtras(hub, fid), messages: 0 };
}

/** Registration, tier purchases, storage rents, keys, fnames and the link compact state of a fid: the reads that are not paged message lists. */
async function fidExtras(hub: Hub, fid: number): Promise<SyncOp[]> {
  const ops: SyncOp[] = [];
  const onChain = await hub.call<'getIdRegistryOnChainEvent', unknown, OnChainEvent>('getIdRegistryOnChainEvent', { fid }).catch(notFound);
  if (onChain) ops.push(...asSyncOps(opsOfEvent(HubEvent.create({ type: HubEventType.MERGE_ON_CHAIN_EVENT, mergeOnChainEventBody: { onChainEvent: onChain } }))));
  for (const eventType of FID_ON_CHAIN_TYPES) {
    for await (const page of pages<{ events: OnChainEvent[]; nextPageToken?: Uint8Array }>(
      async (pageToken) => (await hub.call<'getOnChainEvents', unknown, { events: OnChainEvent[]; nextPageToken?: Uint8Array }>('getOnChainEvents',
        { fid, eventType, pageSize: PAGE, pageToken }).catch(notFound)) ?? { events: [] },
      (p) => p.events.length)) {
      for (const e of page.events) ops.push(...asSyncOps(opsOfEvent(HubEvent.create({ type: HubEventType.MERGE_ON_CHAIN_EVENT, mergeOnChainEventBody: { onChainEvent: e } }))));
    }
  }
  // The keys the node holds now (a key removed by message is gone from its reads): on-chain signers are left out.
  for await (const page of pages<{ signers: SignerInfo[]; nextPageToken?: Uint8Array }>(
    async (pageToken) => (await hub.call<'getSignersByFid', unknown, { signers: SignerInfo[]; nextPageToken?: Uint8Array }>('getSignersByFid',
      { fid, pageSize: PAGE, pageToken, requesterFids: [] }).catch(notFound)) ?? { signers: [] },
    (p) => p.signers.length)) {
    for (const signer of page.signers) ops.push(...keyOpsOfSigner(fid, signer));
  }
  const proofs = await hub.call<'getUserNameProofsByFid', unknown, { proofs: UserNameProof[] }>('getUserNameProofsByFid', { fid }).catch(notFound);
  for (const proof of proofs?.proofs ?? []) {
    ops.push(...asSyncOps(opsOfEvent(HubEvent.create({ type: HubEventType.MERGE_USERNAME_PROOF, mergeUsernameProofBody: { usernameProof: proof } }))));
  }
  const compact = await hub.call<'getLinkCompactStateMessageByFid', unknown, { messages: Message[] }>('getLinkCompactStateMessageByFid', { fid }).catch(notFound);
  for (const m of compact?.messages ?? []) ops.push(...opsOfMessage(m));
  return ops;
}

const asSyncOps = (ops: ReturnType<typeof opsOfEvent>): SyncOp[] => ops.filter((o): o is SyncOp => o.kind !== 'retract');

/** A fid without such a record answers not_found: that is an empty answer, not a failure. */
function notFound(err: Error): null {
  if (/not[_ ]found|notfound|unimplemented/i.test(err.message)) return null;
  throw err;
}
