// The node's gRPC client, with what every call here needs: a deadline (a node
// that accepts a call and never answers must not hold the sync), the API key
// header of hosted providers, and errors thrown as one type.
import {
  createDefaultMetadataKeyInterceptor, getInsecureHubRpcClient, getSSLHubRpcClient, Metadata, type HubRpcClient,
} from '@farcaster/hub-nodejs';

export interface HubConnection {
  /** host:port of the node's gRPC API. */
  url: string;
  tls: boolean;
  apiKey?: string;
  /** Header the API key is sent in (providers differ; `x-api-key` is the common one). */
  apiKeyHeader: string;
  /** Longest a unary call may take. */
  callTimeoutMs: number;
}

/** A failed call to the node: what was called and why, for the status and the log. */
export class HubCallError extends Error {
  constructor(readonly method: string, message: string) { super(`${method}: ${message}`); this.name = 'HubCallError'; }
}

type Unary<Req, Res> = (req: Req, metadata: Metadata, options: { deadline: number }) => Promise<{ isErr(): boolean; value?: Res; error?: { message: string } }>;

export interface Hub {
  readonly client: HubRpcClient;
  /** A unary call with the deadline; throws HubCallError. */
  call<M extends keyof HubRpcClient, Req, Res>(method: M, req: Req): Promise<Res>;
  close(): void;
}

/** `host:port`, accepting a URL form (`http://host:port`, `https://…` implies TLS). */
export function hubAddress(url: string): { address: string; tls: boolean | null } {
  const m = /^(https?):\/\/([^/]+)\/?$/.exec(url.trim());
  if (m) return { address: m[2], tls: m[1] === 'https' };
  return { address: url.trim(), tls: null };
}

export function connectHub(c: HubConnection): Hub {
  const { address, tls } = hubAddress(c.url);
  const options = c.apiKey ? { interceptors: [createDefaultMetadataKeyInterceptor(c.apiKeyHeader, c.apiKey)] } : {};
  // gRPC keepalive: a dead TCP peer (node restarted, NAT dropped) is noticed within ~30 s even on a silent stream.
  const channel = { 'grpc.keepalive_time_ms': 20_000, 'grpc.keepalive_timeout_ms': 10_000, 'grpc.keepalive_permit_without_calls': 1 };
  const client = (tls ?? c.tls) ? getSSLHubRpcClient(address, { ...options, ...channel }) : getInsecureHubRpcClient(address, { ...options, ...channel });
  return {
    client,
    async call(method, req) {
      // Indexing the client by a method-name union gives a union of signatures TypeScript cannot call; every
      // method is a unary call with this shape, which the typed Hub interface pins per method name.
      const fn = client[method] as unknown as Unary<typeof req, unknown>;
      const result = await fn.call(client, req, new Metadata(), { deadline: Date.now() + c.callTimeoutMs });
      if (result.isErr()) throw new HubCallError(String(method), result.error?.message ?? 'failed');
      return result.value as never;
    },
    // The promisified client's own close() does not close the channel.
    close() { client.$.close(); },
  };
}
