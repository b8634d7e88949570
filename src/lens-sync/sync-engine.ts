// Follows Lens Chain: reads the head, applies the blocks that have `confirmations`
// blocks after them, chunk by chunk (eth_getLogs over a bounded range, the headers of
// the blocks with logs and of the chunk's last block), each chunk in one transaction
// with the cursor. The first block of a chunk must name the cursor's hash as its
// parent, and at the head the cursor's block is read again: a reorg deeper than the
// confirmations (any replaced block at or below the cursor changes the cursor's own
// hash) is found there and rewound — the batches after the newest one whose last block
// the chain still holds are undone, and their blocks are read again.
import type { Logger } from 'pino';
import { toEventSelector } from 'viem';
import type { SqlClient } from '../db/sql-client';
import { accountAbi } from './abi';
import { applyBatch, finishCollects } from './batch-writer';
import type { LensOp } from './lens-ops';
import { decodeLogs, type LensContracts } from './log-decoder';
import { LensSyncStatus, saveLensSyncStatus } from './lens-sync-status';
import { lensRpc, type BlockHeader, type LensRpc, type RawLog } from './rpc-client';
import { undoAfter } from './undo-journal';
import { LENS_COUNTS_STALE, setImportMark } from '../repositories/live-state.repository';
import { BUMP_DATA_VERSION_SQL } from '../repositories/protocols.sql';

export interface LensSyncOptions {
  url: string;
  chainId: number;
  confirmations: number;
  undoBlocks: number;
  chunkBlocks: number;
  headPollMs: number;
  timeoutMs: number;
  maxResponseBytes: number;
  retryMinMs: number;
  retryMaxMs: number;
  contracts: LensContracts;
  holder: string;
  statusEveryMs: number;
  /** Where a database without a cursor starts (null: the confirmed head). */
  startBlock: number | null;
  /** Read again from this block (the cursor is set before it). */
  fromBlock?: number;
  /** Stop once this block is applied. */
  toBlock?: number;
  /** Stop once caught up with the confirmed head. */
  once?: boolean;
}

interface Cursor { block: bigint; hash: string | null; time: string | null }

interface ChunkRead { first: BlockHeader; headers: Map<bigint, BlockHeader>; logs: RawLog[] }

export class ReorgTooDeep extends Error {}

const OWNER_TOPIC = toEventSelector(accountAbi[0]);
const iso = (seconds: bigint) => new Date(Number(seconds) * 1000).toISOString();

export class LensSyncEngine {
  readonly status: LensSyncStatus;
  private readonly rpc: LensRpc;
  private cursor: Cursor | null = null;
  private stopping = false;
  private chunk: number;
  /** The next chunk, read while the current one is written. */
  private ahead: { from: bigint; to: bigint; read: Promise<ChunkRead> } | null = null;
  private wake: () => void = () => undefined;
  /** Called after each batch commits (benchmarks measure lag with it). */
  onApplied: (ops: readonly LensOp[], to: bigint) => void = () => undefined;

  constructor(private readonly sql: SqlClient, private readonly opts: LensSyncOptions, private readonly log: Logger, rpc?: LensRpc) {
    this.rpc = rpc ?? lensRpc({ url: opts.url, timeoutMs: opts.timeoutMs, maxResponseBytes: opts.maxResponseBytes });
    this.status = new LensSyncStatus(opts.url, opts.holder, opts.confirmations);
    this.chunk = opts.chunkBlocks;
  }

  /** Checks the chain and places the cursor; throws when the endpoint serves another chain. */
  async start(): Promise<void> {
    const chainId = await this.rpc.chainId();
    if (chainId !== this.opts.chainId) throw new Error(`LENS_RPC_URL serves chain ${chainId}, not LENS_CHAIN_ID ${this.opts.chainId}`);
    const [row] = await this.sql.query<{ block_number: string; block_hash: string; block_time: Date | null }>(
      'SELECT block_number::text, block_hash, block_time FROM lens_sync_cursor WHERE id = 1');
    if (this.opts.fromBlock !== undefined) this.cursor = await this.restartAt(BigInt(this.opts.fromBlock));
    else if (row) this.cursor = { block: BigInt(row.block_number), hash: row.block_hash, time: row.block_time?.toISOString() ?? null };
    else {
      const start = this.opts.startBlock ?? Math.max(0, Number(await this.rpc.head()) - this.opts.confirmations);
      this.cursor = await this.anchor(BigInt(start) - 1n);
    }
    this.publish();
  }

  /** Runs until stopped (or, with once / toBlock, until done). */
  async run(): Promise<void> {
    let attempt = 0;
    let lastSave = 0;
    while (!this.stopping) {
      let idle = false;
      try {
        idle = await this.step();
        attempt = 0;
        this.status.data.state = idle ? 'live' : 'backfilling';
      } catch (err) {
        attempt += 1;
        this.status.error(err);
        this.status.data.retries += 1;
        this.status.data.state = err instanceof ReorgTooDeep ? 'error' : 'retrying';
        this.log.warn({ err: err instanceof Error ? err.message : err }, 'lens sync: step failed, retrying');
      }
      if (Date.now() - lastSave >= this.opts.statusEveryMs) {
        lastSave = Date.now();
        await saveLensSyncStatus(this.sql, this.status).catch(() => undefined);
      }
      if (this.done()) break;
      const wait = attempt ? Math.min(this.opts.retryMaxMs, this.opts.retryMinMs * 2 ** Math.min(attempt - 1, 16)) : idle ? this.opts.headPollMs : 0;
      if (wait) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, wait);
          this.wake = () => { clearTimeout(timer); resolve(); };
        });
      }
    }
    // A run that ends (stopped, or done with --once / --to-block) says so: no instance is following any more.
    this.status.data.state = 'stopped';
    await saveLensSyncStatus(this.sql, this.status).catch(() => undefined);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wake();
    this.status.data.state = 'stopped';
  }

  private done(): boolean {
    const c = this.cursor;
    if (!c) return false;
    if (this.opts.toBlock !== undefined && c.block >= BigInt(this.opts.toBlock)) return true;
    return Boolean(this.opts.once) && this.status.data.head !== null && c.block >= BigInt(this.status.data.head - this.opts.confirmations);
  }

  /** One chunk, or a check of the cursor at the head. Answers whether there was nothing to apply. */
  async step(): Promise<boolean> {
    const cursor = this.cursor as Cursor;
    const head = await this.rpc.head();
    this.status.data.head = Number(head);
    this.status.data.headAt = new Date().toISOString();
    let target = head - BigInt(this.opts.confirmations);
    if (this.opts.toBlock !== undefined && BigInt(this.opts.toBlock) < target) target = BigInt(this.opts.toBlock);
    if (cursor.block >= target) {
      if (cursor.block >= 0n && cursor.hash !== null && (await this.rpc.header(cursor.block)).hash !== cursor.hash) await this.rewind();
      this.publish();
      return true;
    }
    const from = cursor.block + 1n;
    const to = from + BigInt(this.chunk) - 1n < target ? from + BigInt(this.chunk) - 1n : target;
    const ahead = this.ahead;
    this.ahead = null;
    const read = ahead && ahead.from === from && ahead.to === to ? ahead.read : this.read(from, to);
    const { first, headers, logs } = await read;
    if (cursor.hash !== null && first.parentHash !== cursor.hash) {
      await this.rewind();
      return false;
    }
    // The next chunk is read while this one is written (its parent is checked when it is applied).
    if (to < target) {
      const next = { from: to + 1n, to: to + BigInt(this.chunk) < target ? to + BigInt(this.chunk) : target };
      this.ahead = { ...next, read: this.read(next.from, next.to) };
      this.ahead.read.catch(() => undefined);
    }
    const times = new Map([...headers].map(([n, h]) => [n, iso(h.timestamp)]));
    const { ops, undecoded } = decodeLogs(logs, times, this.opts.contracts);
    const last = headers.get(to) as BlockHeader;
    await this.sql.transaction((tx) => applyBatch(tx, ops, { from, to, toHash: last.hash, toTime: iso(last.timestamp), parentHash: cursor.hash }, this.opts.undoBlocks));
    this.cursor = { block: to, hash: last.hash, time: iso(last.timestamp) };
    this.chunk = Math.min(this.opts.chunkBlocks, this.chunk * 2);
    this.status.data.undecoded += undecoded;
    this.status.stored(ops.length);
    this.publish();
    this.onApplied(ops, to);
    return false;
  }

  /** A chunk's logs and the headers of its first and last blocks and of those with logs, all of one chain. */
  private async read(from: bigint, to: bigint): Promise<ChunkRead> {
    let first: BlockHeader;
    let logs: RawLog[];
    try {
      const c = this.opts.contracts;
      const [f, followed, owners] = await Promise.all([
        this.rpc.header(from),
        this.rpc.logs(from, to, { address: [c.accountFactory, c.graph, c.feed, c.namespace, c.actionHub] }),
        this.rpc.logs(from, to, { topics: [OWNER_TOPIC] }),
      ]);
      first = f;
      logs = [...followed, ...owners];
    } catch (err) {
      // A provider refusing the range (too many logs, too many blocks): smaller chunks until it answers.
      this.chunk = Math.max(1, Math.floor(this.chunk / 2));
      throw err;
    }
    const numbers = new Set<bigint>([from, to, ...logs.map((l) => BigInt(l.blockNumber))]);
    const headers = new Map<bigint, BlockHeader>([[from, first]]);
    await Promise.all([...numbers].filter((n) => !headers.has(n)).map(async (n) => { headers.set(n, await this.rpc.header(n)); }));
    // Logs and headers must be of one chain: a reorg between the reads means reading again.
    for (const l of logs) {
      if (l.removed || headers.get(BigInt(l.blockNumber))?.hash !== l.blockHash) throw new Error(`block ${BigInt(l.blockNumber)} changed while it was read`);
    }
    return { first, headers, logs };
  }

  /**
   * Undoes the batches the chain no longer holds; the cursor goes back to the end of the
   * newest one it does, or before the oldest one kept when its parent is still the chain's.
   */
  private async rewind(): Promise<void> {
    const before = (this.cursor as Cursor).block;
    const batches = await this.sql.query<{ to_block: string; from_block: string; to_hash: string; parent_hash: string | null }>(
      'SELECT to_block::text, from_block::text, to_hash, parent_hash FROM lens_sync_batch ORDER BY to_block DESC');
    let kept: Cursor | null = null;
    for (const b of batches) {
      const header = await this.rpc.header(BigInt(b.to_block));
      if (header.hash === b.to_hash) { kept = { block: BigInt(b.to_block), hash: header.hash, time: iso(header.timestamp) }; break; }
    }
    const oldest = batches[batches.length - 1];
    if (!kept && oldest) {
      const parent = await this.anchor(BigInt(oldest.from_block) - 1n);
      if (parent.hash !== oldest.parent_hash) {
        throw new ReorgTooDeep(`reorg deeper than the undo window: the chain no longer holds block ${BigInt(oldest.from_block) - 1n} it had`);
      }
      kept = parent;
    }
    if (!kept) {
      // Nothing applied yet: only the starting point moves.
      this.cursor = await this.anchor(before);
      return;
    }
    const to = kept;
    await this.sql.transaction(async (tx) => {
      await undoAfter(tx, to.block);
      if (to.hash === null) await tx.query('DELETE FROM lens_sync_cursor WHERE id = 1');
      else {
        await tx.query('UPDATE lens_sync_cursor SET block_number = $1, block_hash = $2, block_time = $3, updated_at = now() WHERE id = 1',
          [String(to.block), to.hash, to.time]);
      }
      await finishCollects(tx, null, true);
      await setImportMark(tx, LENS_COUNTS_STALE);
      await tx.query(BUMP_DATA_VERSION_SQL);
    });
    this.cursor = to;
    this.status.data.reorgs += 1;
    this.status.data.blocksUndone += Number(before - to.block);
    this.log.warn({ from: String(before), to: String(to.block) }, 'lens sync: reorg, blocks undone and read again');
  }

  /** A cursor just before `block + 1`, on the chain as it is now (no rows). */
  private async anchor(block: bigint): Promise<Cursor> {
    if (block < 0n) return { block: -1n, hash: null, time: null };
    const h = await this.rpc.header(block);
    return { block, hash: h.hash, time: iso(h.timestamp) };
  }

  /** `--from-block`: read again from there; the batches from there on will be rewritten. */
  private async restartAt(block: bigint): Promise<Cursor> {
    const cursor = await this.anchor(block - 1n);
    await this.sql.transaction(async (tx) => {
      await tx.query('DELETE FROM lens_sync_undo WHERE to_block >= $1', [String(block)]);
      await tx.query('DELETE FROM lens_sync_batch WHERE to_block >= $1', [String(block)]);
      if (cursor.hash !== null) {
        await tx.query(`INSERT INTO lens_sync_cursor (id, block_number, block_hash, block_time, updated_at) VALUES (1, $1, $2, $3, now())
          ON CONFLICT (id) DO UPDATE SET block_number = EXCLUDED.block_number, block_hash = EXCLUDED.block_hash, block_time = EXCLUDED.block_time, updated_at = now()`,
        [String(cursor.block), cursor.hash, cursor.time]);
      } else await tx.query('DELETE FROM lens_sync_cursor WHERE id = 1');
    });
    return cursor;
  }

  private publish(): void {
    const c = this.cursor;
    if (!c) return;
    this.status.data.block = c.block >= 0n ? Number(c.block) : null;
    this.status.data.blockHash = c.hash;
    this.status.data.blockTime = c.time;
    this.status.refresh();
  }
}

