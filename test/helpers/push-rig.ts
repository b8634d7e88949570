// What push scenarios share: a webhook receiver that records every POST (and
// can answer errors or be down), a graphql-ws subscriber that records every
// message, and the GraphQL documents of webhooks.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { gql } from 'graphql-request';
import type { TestServer } from './test-server';
import { waitUntil } from './sync-wait';

export interface Received { at: number; headers: http.IncomingHttpHeaders; body: string; json: any }

/**
 * The config a test app needs to deliver to a Receiver: its URL is on the loopback, which the target policy
 * refuses unless private targets are allowed.
 */
export const LOOPBACK_WEBHOOKS = { PUSH_WEBHOOK_ALLOW_PRIVATE: 'on' } as const;

/** A webhook receiver on a fixed port (so it can go down and come back on the same URL). */
export class Receiver {
  readonly posts: Received[] = [];
  /** The status every POST is answered with, and headers sent with it (a Location for a redirect). */
  status = 200;
  headers: Record<string, string> = {};
  /** TCP connections accepted, POSTs or not. */
  connections = 0;
  /** Read each POST and never answer it (a receiver that hangs). */
  silent = false;
  private server: http.Server | null = null;
  port = 0;

  async start(port = 0): Promise<this> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString();
        this.posts.push({ at: Date.now(), headers: req.headers, body, json: JSON.parse(body) });
        if (!this.silent) res.writeHead(this.status, this.headers).end();
      });
    });
    this.server.on('connection', () => { this.connections++; });
    // A port already taken rejects here rather than leaving the start waiting for good.
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(port, '127.0.0.1', () => resolve());
    });
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  /**
   * Starts on a port below the system's ephemeral range, for a test that stops the receiver and expects
   * its port refused until it starts again there: a port the system handed out (port 0) may be handed to
   * another test file's server meanwhile, which then answers in its place. Tries random ports until one
   * is free.
   */
  async startOffEphemeralRange(): Promise<this> {
    for (;;) {
      const port = 20000 + Math.floor(Math.random() * 12000);
      try {
        return await this.start(port);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
      }
    }
  }

  get url(): string { return `http://127.0.0.1:${this.port}/hook`; }

  async stop(): Promise<void> {
    const s = this.server;
    this.server = null;
    if (!s) return;
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }
}

/** A close event as { code, reason } (its fields are getters JSON does not show). */
const closeOf = (e: unknown) => (e && typeof e === 'object' && 'code' in e ? { code: (e as { code: number }).code, reason: (e as { reason?: string }).reason } : e);

/** A graphql-ws client with one subscription; its messages (and errors) are recorded with their arrival time. */
export class Subscriber {
  readonly messages: { at: number; data: any }[] = [];
  /** Errors as they arrived; a close event as { code, reason }. */
  readonly errors: unknown[] = [];
  private client: Client;
  private done = false;

  constructor(baseUrl: string, apikey: string | null) {
    this.client = createClient({
      url: `${baseUrl.replace(/^http/, 'ws')}/graphql`, webSocketImpl: WebSocket, lazy: false, retryAttempts: 0,
      connectionParams: apikey === null ? {} : { apikey },
      onNonLazyError: (err) => { this.errors.push(closeOf(err)); },
    });
  }

  subscribe(query: string, variables: Record<string, unknown>): this {
    this.client.subscribe({ query, variables }, {
      next: (m) => { this.messages.push({ at: Date.now(), data: m.data ?? m }); if (m.errors) this.errors.push(m.errors); },
      error: (e) => { this.errors.push(closeOf(e)); },
      complete: () => { this.done = true; },
    });
    return this;
  }

  get completed(): boolean { return this.done; }

  async close(): Promise<void> { await this.client.dispose(); }
}

/** Waits until the app has `n` subscribers registered (a subscription is live before the event is sent). */
export const subscribed = (server: TestServer, n = 1) =>
  waitUntil('subscribers registered', () => server.app.push?.subscriptions.size ?? 0, (size) => size >= n);

export const PUSH_EVENTS = `subscription Push($filter: PushFilterInput!) {
  pushEvents(filter: $filter) { id type createdAt protocol fid profileId followerFid milestone followers period position previousPosition top symbol day mentions threshold }
}`;

export const CREATE_WEBHOOK = gql`
  mutation Create($input: CreateWebhookInput!) { createWebhook(input: $input) { secret webhook { id url createdAt filter { types fids threshold top } } } }`;

export const DELIVERIES = gql`
  query Deliveries($id: ID!) {
    webhook(id: $id) {
      id deliveries(first: 100) { totalCount edges { node { id state attempts nextAttemptAt lastStatus lastError log { at status error ms } event { id type fid followerFid } } } }
    }
  }`;

export async function createWebhook(server: TestServer, url: string, filter: Record<string, unknown>): Promise<{ id: string; secret: string }> {
  const r = await server.gql.request<{ createWebhook: { secret: string; webhook: { id: string } } }>(CREATE_WEBHOOK, { input: { url, filter } });
  return { id: r.createWebhook.webhook.id, secret: r.createWebhook.secret };
}
