// One shard's live event stream. Events go to the writer in order with their
// position; an event at or before the last one queued (fromId is inclusive, and
// a node may deliver twice) is skipped. The stream reconnects with exponential
// backoff when it errors or ends, and when the engine finds it stalled: open but
// silent while the node's head moves (a stalled gRPC stream raises nothing).
// A block that brought fewer events than its confirmation counts is read again
// from its first event once, taking only the events it lacked, before the
// stream goes past it.
import { HubEvent, HubEventType } from '@farcaster/hub-nodejs';
import type { ClientReadableStream } from '@grpc/grpc-js';
import type { Logger } from 'pino';
import type { BatchWriter } from './batch-writer';
import { BlockTally, blockOfId, SEQUENCE_SPAN } from './block-tally';
import { receivedBytes, type Hub } from './hub-client';
import { eventTime, readEvent } from './hub-messages';
import type { SyncStatus } from './sync-status';

/** Named explicitly: on Snapchain an empty list delivers nothing. BLOCK_CONFIRMED keeps an idle stream (and lag) moving. */
export const EVENT_TYPES = [
  HubEventType.MERGE_MESSAGE, HubEventType.PRUNE_MESSAGE, HubEventType.REVOKE_MESSAGE,
  HubEventType.MERGE_USERNAME_PROOF, HubEventType.MERGE_ON_CHAIN_EVENT, HubEventType.BLOCK_CONFIRMED,
];

export interface ShardStreamOptions { reconnectMinMs: number; reconnectMaxMs: number }

export class ShardStream {
  private stream: ClientReadableStream<HubEvent> | null = null;
  private stopped = false;
  private attempt = 0;
  private timer: NodeJS.Timeout | null = null;
  /** Id and block of the last event handed to the writer. */
  lastId: number;
  lastBlock: number | null = null;
  /** When the stream last delivered anything (ms). */
  lastDataAt = Date.now();
  /** What the current block brought, and the block being read again for a gap (null when none). */
  private tally: BlockTally | null = null;
  private refill: number | null = null;

  constructor(
    private readonly hub: Hub, readonly shard: number, fromId: number,
    private readonly writer: BatchWriter, private readonly status: SyncStatus,
    private readonly opts: ShardStreamOptions, private readonly log: Logger,
  ) {
    this.lastId = fromId;
  }

  start(): void { this.connect(); }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.stream?.cancel();
    this.stream = null;
  }

  /** The stream is open but silent while the node moved on: drop it and reconnect. */
  restartStalled(): void {
    const s = this.status.shard(this.shard);
    s.stalls += 1;
    s.stream = 'stalled';
    this.log.warn({ shard: this.shard, lastId: this.lastId, silentMs: Date.now() - this.lastDataAt }, 'event stream stalled: reconnecting');
    this.reconnect(new Error(`shard ${this.shard}: stream silent while the node's head moved`));
  }

  private connect(): void {
    if (this.stopped) return;
    const s = this.status.shard(this.shard);
    s.stream = 'subscribing';
    // fromId is inclusive: the last event queued comes again and is skipped below.
    const fromId = this.refill !== null ? this.refill * SEQUENCE_SPAN : this.lastId;
    const stream = this.hub.subscribe({ eventTypes: EVENT_TYPES, shardIndex: this.shard, fromId });
    this.stream = stream;
    this.lastDataAt = Date.now();
    s.stream = 'streaming';
    stream.on('data', (event: HubEvent) => this.onEvent(stream, event));
    stream.on('error', (err: Error & { code?: number }) => {
      // CANCELLED is our own cancel (stop, stall, reconnect).
      if (this.stream === stream && err.code !== 1) this.reconnect(err);
    });
    stream.on('end', () => { if (this.stream === stream) this.reconnect(new Error(`shard ${this.shard}: the node ended the stream`)); });
  }

  private onEvent(stream: ClientReadableStream<HubEvent>, event: HubEvent): void {
    if (this.stream !== stream) return;
    this.lastDataAt = Date.now();
    this.attempt = 0;
    const block = blockOfId(event.id);
    if (this.refill !== null && block === this.refill) {
      // Reading a short block again: what it lacked goes to the writer, what it brought before is skipped.
      if (this.tally && !this.tally.has(event.id)) {
        this.tally.add(event);
        this.lastId = Math.max(this.lastId, event.id);
        this.deliver(event);
      }
      return;
    }
    if (event.id <= this.lastId) return;
    if (this.tally && block > this.tally.block && !this.mayPass(this.tally)) return;
    if (!this.tally || block > this.tally.block) this.tally = new BlockTally(block, this.tally !== null);
    this.tally.add(event);
    this.lastId = event.id;
    this.lastBlock = event.blockNumber;
    this.deliver(event);
    // Backpressure: gRPC stops reading from the socket while paused, so memory stays flat.
    if (this.writer.full && !stream.isPaused()) {
      stream.pause();
      void this.writer.drained().then(() => { if (this.stream === stream) stream.resume(); });
    }
  }

  private deliver(event: HubEvent): void {
    const received = receivedBytes(event);
    // The bytes as received carry what the package's decoder drops (Snapchain's channel bodies).
    const { ops, unhandled } = readEvent(event, received ?? undefined);
    this.writer.push({
      ops, events: 1, receivedAt: this.lastDataAt,
      position: { shard: this.shard, eventId: event.id, blockNumber: event.blockNumber, eventTime: eventTime(event) },
      // What the sync cannot read is stored as it came, beside the rows of the same batch.
      ...(unhandled ? { unhandled: { type: unhandled, raw: received ?? Buffer.from(HubEvent.encode(event).finish()) } } : {}),
    });
  }

  /**
   * Whether the stream may go past the tallied block: yes when nothing is missing, or when it was read again
   * already (what is still missing the node did not send twice: counted, and left to the reconcile). Else the
   * block is read again from its first event, and the event that showed the gap comes again after it.
   */
  private mayPass(t: BlockTally): boolean {
    const missing = t.missing(EVENT_TYPES);
    const wasRead = this.refill === t.block;
    this.refill = null;
    if (missing === 0) return true;
    const s = this.status.shard(this.shard);
    if (wasRead) {
      s.gapsUnfilled += 1;
      this.log.error({ shard: this.shard, block: t.block, missing }, 'block still short after reading it again: its missing events are not stored');
      return true;
    }
    s.gaps += 1;
    this.refill = t.block;
    this.log.warn({ shard: this.shard, block: t.block, missing }, 'block brought fewer events than its confirmation counts: reading it again');
    const old = this.stream;
    this.stream = null;
    old?.cancel();
    this.connect();
    return false;
  }

  private reconnect(err: unknown): void {
    const old = this.stream;
    this.stream = null;
    old?.cancel();
    if (this.stopped || this.timer) return;
    const s = this.status.shard(this.shard);
    s.reconnects += 1;
    if (s.stream !== 'stalled') s.stream = 'reconnecting';
    this.status.error(err);
    const delay = Math.min(this.opts.reconnectMaxMs, this.opts.reconnectMinMs * 2 ** Math.min(this.attempt, 10));
    this.attempt += 1;
    this.log.warn({ shard: this.shard, err: err instanceof Error ? err.message : String(err), retryInMs: delay }, 'event stream lost: reconnecting');
    this.timer = setTimeout(() => { this.timer = null; this.connect(); }, delay);
  }
}
