// The node's gRPC client, with what every call here needs: a deadline (a node
// that accepts a call and never answers must not hold the sync), the API key
// header of hosted providers, and errors thrown as one type. The event stream
// keeps each event's bytes as the node sent them: the package's decoder drops
// the fields it does not know, and an event the sync cannot read is stored whole.
import {
  createDefaultMetadataKeyInterceptor, getInsecureHubRpcClient, getSSLHubRpcClient, HubEvent, HubServiceService, Metadata,
  type HubRpcClient, type SubscribeRequest,
} from '@farcaster/hub-nodejs';
import { credentials, makeGenericClientConstructor, type Client, type ClientReadableStream } from '@grpc/grpc-js';

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

/** Each streamed event's bytes as received, until the event itself is collected. */
const RECEIVED = new WeakMap<HubEvent, Buffer>();

/** The protobuf bytes the node sent for a streamed event (null for one that did not come from a stream). */
export const receivedBytes = (event: HubEvent): Buffer | null => RECEIVED.get(event) ?? null;

/** The node's Subscribe method alone, decoding as the package does and keeping the bytes. */
const EventStreamClient = makeGenericClientConstructor({
  subscribe: {
    ...HubServiceService.subscribe,
    responseDeserialize: (bytes: Buffer) => { const event = HubEvent.decode(bytes); RECEIVED.set(event, bytes); return event; },
  },
}, 'HubService');

type EventStreamClient = Client & { subscribe(req: SubscribeRequest, metadata: Metadata): ClientReadableStream<HubEvent> };

export interface Hub {
  readonly client: HubRpcClient;
  /** A shard's live events from the node (see receivedBytes). */
  subscribe(req: SubscribeRequest): ClientReadableStream<HubEvent>;
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
  const secure = tls ?? c.tls;
  const client = secure ? getSSLHubRpcClient(address, { ...options, ...channel }) : getInsecureHubRpcClient(address, { ...options, ...channel });
  // On the same channel as the other calls: one connection to the node. A generic client types its methods as
  // Function; the one it has is the definition's server stream.
  const events = new EventStreamClient(address, secure ? credentials.createSsl() : credentials.createInsecure(),
    { ...options, channelOverride: client.$.getChannel() }) as unknown as EventStreamClient;
  return {
    client,
    subscribe: (req) => events.subscribe(req, new Metadata()),
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
