// The Lens Chain node as the sync reads it, over JSON-RPC through viem: every call
// has a deadline (LENS_RPC_TIMEOUT_MS) and is retried by the transport with
// exponential backoff, so a node that hangs fails a call instead of stalling it.
import { createPublicClient, http, numberToHex, type Hex, type PublicClient } from 'viem';

export interface BlockHeader { number: bigint; hash: Hex; parentHash: Hex; timestamp: bigint }

/** A log as eth_getLogs answers it (hex quantities). */
export interface RawLog {
  address: Hex;
  topics: Hex[];
  data: Hex;
  blockNumber: Hex;
  blockHash: Hex;
  transactionHash: Hex;
  logIndex: Hex;
  removed?: boolean;
}

export interface LogFilter { address?: Hex[]; topics?: (Hex | Hex[] | null)[] }

export interface LensRpc {
  chainId(): Promise<number>;
  head(): Promise<bigint>;
  header(block: bigint): Promise<BlockHeader>;
  logs(from: bigint, to: bigint, filter: LogFilter): Promise<RawLog[]>;
}

export interface RpcOptions { url: string; timeoutMs: number; maxResponseBytes: number; retries?: number; retryDelayMs?: number }

export function lensRpc(opts: RpcOptions): LensRpc {
  // JSON-RPC batching: the headers of one chunk's blocks go in one request.
  const client: PublicClient = createPublicClient({
    transport: http(opts.url, {
      timeout: opts.timeoutMs, retryCount: opts.retries ?? 3, retryDelay: opts.retryDelayMs ?? 200, batch: { batchSize: 200 },
      maxResponseBodySize: opts.maxResponseBytes,
    }),
  });
  return {
    chainId: () => client.getChainId(),
    head: () => client.getBlockNumber({ cacheTime: 0 }),
    async header(block) {
      const b = await client.getBlock({ blockNumber: block });
      if (b.hash === null || b.number === null) throw new Error(`block ${block} has no hash yet`);
      return { number: b.number, hash: b.hash, parentHash: b.parentHash, timestamp: b.timestamp };
    },
    logs: (from, to, filter) => client.request<{ Method: 'eth_getLogs'; Parameters: [object]; ReturnType: RawLog[] }>({
      method: 'eth_getLogs',
      params: [{ fromBlock: numberToHex(from), toBlock: numberToHex(to), ...(filter.address ? { address: filter.address } : {}), ...(filter.topics ? { topics: filter.topics } : {}) }],
    }),
  };
}
