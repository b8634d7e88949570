// The Redis connection behind the shared rate limits, with a small circuit
// breaker. Redis is an optimisation here (one budget for all instances), never
// a dependency: when it fails or stalls the limits fall back to per-instance
// memory, and requests must not pay for an unresponsive Redis more than once.
import Redis from 'ioredis';
import { withTimeout } from '../db/with-timeout';

/** What the limits run on: one budget for all instances, or per instance (by choice or because Redis fails). */
export type RateLimitState = 'shared' | 'memory (redis unreachable)' | 'memory';

/** While the breaker is open, how often a PING checks whether Redis answers again (requests never wait for it). */
const PROBE_EVERY_MS = 1000;

export class RedisLink {
  /** Open: requests skip Redis and use memory until a probe (or a reconnect) proves Redis answers again. */
  private open = false;
  private probe: NodeJS.Timeout | null = null;
  private closed = false;

  private constructor(readonly client: Redis, readonly commandTimeoutMs: number) {
    client.on('error', () => undefined);
    // A closed connection is a failure known at once; a fresh `ready` (after reconnecting) is Redis answering.
    client.on('close', () => this.failed());
    client.on('ready', () => this.recovered());
  }

  /**
   * Waits (up to 2 s) for the connection so the first requests already share
   * state; if Redis is down, the limits stay per instance until it is back.
   */
  static async connect(url: string, commandTimeoutMs: number): Promise<RedisLink> {
    // No offline queue: during an outage a command fails at once instead of waiting for a reconnect.
    // commandTimeout: a silent stall (no RST, no FIN) fails a command after this long instead of never;
    // disconnectTimeout: a dropped connection that does not close by then is destroyed (not after 2 s).
    const client = new Redis(url, {
      enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: commandTimeoutMs, disconnectTimeout: commandTimeoutMs,
    });
    const link = new RedisLink(client, commandTimeoutMs);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 2000);
      client.once('ready', () => { clearTimeout(timer); resolve(); });
    });
    return link;
  }

  /** True when a request should try Redis now. */
  usable(): boolean {
    return !this.open && !this.closed && this.client.status === 'ready';
  }

  state(): RateLimitState {
    return this.usable() ? 'shared' : 'memory (redis unreachable)';
  }

  /**
   * The Redis call, failed after the command timeout even if the client's own
   * timer does not cover it (a MULTI is several commands): the one bound a
   * request relies on.
   */
  bounded<T>(call: Promise<T>): Promise<T> {
    return withTimeout(call, this.commandTimeoutMs + 50, 'Redis command timed out');
  }

  /**
   * A command failed or timed out: skip Redis until it answers a probe. A
   * connection that stopped answering is replaced (its unanswered commands
   * would otherwise pile up until the kernel gives up on the socket); the new
   * one becomes `ready` once Redis answers again.
   */
  failed(err?: unknown): void {
    if (this.closed) return;
    this.open = true;
    if (err instanceof Error && /timed out/i.test(err.message) && this.client.status === 'ready') this.client.disconnect(true);
    this.scheduleProbe();
  }

  private recovered(): void {
    this.open = false;
    if (this.probe) { clearTimeout(this.probe); this.probe = null; }
  }

  private scheduleProbe(): void {
    if (this.probe || this.closed) return;
    this.probe = setTimeout(() => {
      // Not in flight as `probe`: a failure while it runs schedules the next one.
      this.probe = null;
      if (this.client.status !== 'ready') { this.scheduleProbe(); return; }
      this.bounded(this.client.ping()).then(() => this.recovered(), (err: unknown) => this.failed(err));
    }, PROBE_EVERY_MS);
    // The probe must not keep a finished process (a CLI, a test) alive.
    this.probe.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.probe) { clearTimeout(this.probe); this.probe = null; }
    await this.bounded(this.client.quit()).catch(() => undefined);
    this.client.disconnect();
  }
}
