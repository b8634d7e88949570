// A Lens Chain JSON-RPC node on 127.0.0.1: blocks with hashes chained by parentHash,
// each holding the logs a test put in it, served by eth_chainId, eth_blockNumber,
// eth_getBlockByNumber and eth_getLogs (address and first-topic filters), singly or in
// JSON-RPC batches. `reorg` replaces blocks from a height with others (new hashes), as
// a chain that changed its mind does.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { keccak256, numberToHex, toHex, type Hex } from 'viem';
import type { EventLog } from './lens-events';

interface Block { number: number; hash: Hex; parentHash: Hex; timestamp: number; logs: EventLog[]; served: object[] }

interface RpcRequest { id: number | string; method: string; params?: unknown[] }

export class LensRpcDouble {
  readonly blocks: Block[] = [];
  /** Requests answered, per method. */
  readonly calls: Record<string, number> = {};
  /** Answer every request with this error while set (a node that fails). */
  failing: string | null = null;
  private fork = 0;
  private server: Server | null = null;
  url = '';

  constructor(readonly chainId = 232, private readonly startTime = Date.UTC(2025, 4, 12, 9) / 1000) {
    this.push([], this.startTime);
  }

  get head(): number { return this.blocks.length - 1; }

  /** A new block on top holding these logs, `seconds` after the previous one (or at `time`). */
  mine(logs: EventLog[] = [], opts: { seconds?: number; time?: number } = {}): Block {
    return this.push(logs, opts.time ?? this.blocks[this.head].timestamp + (opts.seconds ?? 1));
  }

  /** Empty blocks on top. */
  mineEmpty(n: number): void { for (let i = 0; i < n; i += 1) this.mine(); }

  /** Blocks from `from` on are replaced by blocks holding `replacement` (one array per block): a reorg. */
  reorg(from: number, replacement: EventLog[][]): void {
    this.fork += 1;
    const times = this.blocks.slice(from).map((b) => b.timestamp);
    this.blocks.length = from;
    replacement.forEach((logs, i) => this.push(logs, times[i] ?? this.blocks[this.head].timestamp + 1));
  }

  private push(logs: EventLog[], timestamp: number): Block {
    const number = this.blocks.length;
    const parentHash: Hex = number === 0 ? `0x${'00'.repeat(32)}` : this.blocks[number - 1].hash;
    const hash = keccak256(toHex(`lens-double:${number}:${this.fork}:${parentHash}`));
    // Each log as eth_getLogs serves it, built once (its transaction hash too).
    const served = logs.map((l, i) => ({
      address: l.address, topics: l.topics, data: l.data, blockNumber: numberToHex(number), blockHash: hash,
      transactionHash: keccak256(toHex(`${hash}:${i}`)), transactionIndex: numberToHex(i), logIndex: numberToHex(i), removed: false,
    }));
    const block = { number, parentHash, timestamp, logs, hash, served };
    this.blocks.push(block);
    return block;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RpcRequest | RpcRequest[];
        const answer = Array.isArray(body) ? body.map((r) => this.answer(r)) : this.answer(body);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => { this.server?.closeAllConnections(); this.server?.close(() => resolve()); });
  }

  private answer(r: RpcRequest): object {
    this.calls[r.method] = (this.calls[r.method] ?? 0) + 1;
    if (this.failing) return { jsonrpc: '2.0', id: r.id, error: { code: -32000, message: this.failing } };
    try {
      return { jsonrpc: '2.0', id: r.id, result: this.result(r) };
    } catch (err) {
      return { jsonrpc: '2.0', id: r.id, error: { code: -32602, message: (err as Error).message } };
    }
  }

  private blockAt(tag: unknown): Block | null {
    const n = tag === 'latest' ? this.head : Number(BigInt(tag as string));
    return this.blocks[n] ?? null;
  }

  private result(r: RpcRequest): unknown {
    const p = r.params ?? [];
    switch (r.method) {
      case 'eth_chainId': return numberToHex(this.chainId);
      case 'eth_blockNumber': return numberToHex(this.head);
      case 'eth_getBlockByNumber': {
        const b = this.blockAt(p[0]);
        return b && {
          number: numberToHex(b.number), hash: b.hash, parentHash: b.parentHash, timestamp: numberToHex(b.timestamp),
          logsBloom: `0x${'00'.repeat(256)}`, transactions: [], uncles: [], gasLimit: '0x0', gasUsed: '0x0', miner: `0x${'00'.repeat(20)}`,
          nonce: '0x0000000000000000', difficulty: '0x0', extraData: '0x', size: '0x0', sha3Uncles: `0x${'00'.repeat(32)}`,
          stateRoot: `0x${'00'.repeat(32)}`, receiptsRoot: `0x${'00'.repeat(32)}`, transactionsRoot: `0x${'00'.repeat(32)}`, mixHash: `0x${'00'.repeat(32)}`,
        };
      }
      case 'eth_getLogs': return this.logs(p[0] as { fromBlock: Hex; toBlock: Hex; address?: Hex[] | Hex; topics?: (Hex | Hex[] | null)[] });
      default: throw new Error(`method ${r.method} not served by the double`);
    }
  }

  private logs(f: { fromBlock: Hex; toBlock: Hex; address?: Hex[] | Hex; topics?: (Hex | Hex[] | null)[] }): object[] {
    const from = Number(BigInt(f.fromBlock));
    const to = Math.min(Number(BigInt(f.toBlock)), this.head);
    if (to < from - 1) throw new Error('toBlock before fromBlock');
    const addresses = f.address === undefined ? null : (Array.isArray(f.address) ? f.address : [f.address]).map((a) => a.toLowerCase());
    const first = f.topics?.[0];
    const topics = first === undefined || first === null ? null : (Array.isArray(first) ? first : [first]);
    const out: object[] = [];
    for (const b of this.blocks.slice(from, to + 1)) {
      b.logs.forEach((l, i) => {
        if (addresses && !addresses.includes(l.address.toLowerCase())) return;
        if (topics && !topics.includes(l.topics[0])) return;
        out.push(b.served[i]);
      });
    }
    return out;
  }
}
